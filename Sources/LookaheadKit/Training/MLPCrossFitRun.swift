import Foundation
import LookaheadRuntime

/// `lookahead train --family mlp --split leave-one-writer-out` (or `kfold=K,seed=S`): cross-fitting.
/// Each fold trains its own network (``MLPTrainer``, early-stopped on a part of that fold's
/// training writers) and scores it, with the per-sample anchor protocol, on the fold's held-out
/// writers only; the held-out errors of all folds are pooled into one table beside two-point
/// linear extrapolation on the same points. Every writer is scored exactly once, by a network that
/// never saw it — how `ANCHOR-PROTOCOL.md` and Docs/Results.md score a dataset that has no
/// separate test writers (Henze 2017, eight participants).
///
/// With `ensembleMembers` above 1 each fold trains that many networks with consecutive seeds and
/// scores their mean (``MLPTrainer/trainEnsemble(data:memberCount:checkpoint:memberStarted:progress:)``),
/// exactly as a single-split `--ensemble N` run of that fold would.
///
/// Nothing ships: there are as many models as folds. To export a model, train with one split or
/// `--test` data (``MLPTrainRun``).
public enum MLPCrossFitRun {
  /// One fold's network.
  public struct Fold: Sendable, Codable {
    public var testWriters: [String]
    public var validationWriters: [String]
    public var trainingRows: Int
    /// The first network's best epoch and epochs trained (each network's own with an ensemble).
    public var bestEpoch: Int
    public var epochs: Int
    /// With an ensemble: its networks' count and the validation error of their mean prediction
    /// (absent for one network, so such records read as before).
    public var members: Int?
    public var ensembleValidationError: Double?
  }

  public struct Outcome: Sendable {
    public var folds: [Fold]
    /// Pooled over the folds' held-out writers.
    public var heldOut: [TrainRun.HorizonScore]
    public var lengthUnit: String
  }

  /// Whether `split` makes more than one fold of `data` (so it is a cross-fit, not one split).
  public static func isCrossFit(_ split: WriterSplit?, data: TuningData) throws -> Bool {
    guard let split else { return false }
    return try split.parts(of: data.strokes).count > 1
  }

  /// - Parameter progress: a line as each fold starts, and the trainer's epochs.
  public static func run(
    _ options: MLPTrainer.Options, split: WriterSplit, data: TuningData,
    ensembleMembers: Int = 1,
    foldStarted: (_ fold: Int, _ of: Int, _ testWriters: [String]) -> Void = { _, _, _ in },
    memberStarted: (_ member: Int, _ seed: UInt64) -> Void = { _, _ in },
    progress: (MLPTrainer.Epoch, Int) -> Void = { _, _ in }
  ) throws -> Outcome {
    guard !options.horizons.isEmpty, options.horizons.allSatisfy({ $0 > 0 && $0.isFinite }) else {
      throw TrainRun.SetupError(description: "--horizons must be positive milliseconds")
    }
    let parts = try split.parts(of: data.strokes)
    var pooled = (model: [[Double]](repeating: [], count: options.horizons.count),
                  linear: [[Double]](repeating: [], count: options.horizons.count))
    var folds: [Fold] = []
    for (index, part) in parts.enumerated() {
      guard !part.testWriters.isEmpty else { continue }
      foldStarted(index + 1, parts.count, part.testWriters)
      let train = try data.restricted(to: Set(part.trainWriters))
      let test = try data.restricted(to: Set(part.testWriters))
      let trainer = MLPTrainer(options: options)
      let training = ensembleMembers == 1
        ? try trainer.train(data: train, progress: progress)
        : try trainer.trainEnsemble(data: train, memberCount: ensembleMembers, memberStarted: memberStarted, progress: progress)
      let errors = MLPTrainRun.heldOutErrors(
        training.parameters, stages: options.stages, on: test, horizons: options.horizons, parts: options.parts)
      for h in options.horizons.indices {
        pooled.model[h] += errors.model[h]
        pooled.linear[h] += errors.linear[h]
      }
      folds.append(Fold(
        testWriters: part.testWriters, validationWriters: training.validationWriters, trainingRows: training.trainingRows,
        bestEpoch: training.bestEpoch, epochs: training.epochs.count,
        members: ensembleMembers == 1 ? nil : ensembleMembers, ensembleValidationError: training.ensembleValidationError))
    }
    return Outcome(
      folds: folds, heldOut: MLPTrainRun.summarise(&pooled, horizons: options.horizons), lengthUnit: data.lengthUnit)
  }
}
