import Foundation
import LookaheadRuntime

/// What `lookahead train --family mlp` does, as one function a test can call: train
/// ``LookaheadRuntime/MLPPredictor`` (``MLPTrainer``: early stopping on writers held out of the
/// fit) and score the shipped predictor on writers it never saw, with the per-sample anchor
/// protocol (`ANCHOR-PROTOCOL.md` §1), beside two-point linear extrapolation on the same points.
///
/// Splits: a single train/test split (`holdout`, or explicit `train=…;test=…`), an explicit split
/// without `test=` (`train=…;validation=…`) with separate `--test` data, or no split with
/// separate `--test` data. Cross-fitted splits (k-fold, leave-one-writer-out) train one network per
/// fold and ship none: that is ``MLPCrossFitRun``. With `ensembleMembers` above 1 it trains that
/// many networks with consecutive seeds and ships their mean
/// (``MLPTrainer/trainEnsemble(data:memberCount:checkpoint:memberStarted:progress:)``).
public enum MLPTrainRun {
  public struct Outcome: Sendable {
    public var training: MLPTrainer.Result
    /// What ships: the trained network inside the stages.
    public var configuration: PredictorConfiguration
    public var trainWriters: [String]
    public var testWriters: [String]
    public var heldOut: [TrainRun.HorizonScore]
    public var lengthUnit: String
    /// How the test strokes were re-recorded before scoring (`nil`: as recorded).
    public var testResampler: StrokeResampler?
  }

  public static func run(
    _ options: MLPTrainer.Options, split: WriterSplit?, data: TuningData, testData: TuningData? = nil,
    checkpoint: URL? = nil, testResampler: StrokeResampler? = nil, ensembleMembers: Int = 1,
    memberStarted: (_ member: Int, _ seed: UInt64) -> Void = { _, _ in },
    progress: (MLPTrainer.Epoch, Int) -> Void = { _, _ in }
  ) throws -> Outcome {
    guard !options.horizons.isEmpty, options.horizons.allSatisfy({ $0 > 0 && $0.isFinite }) else {
      throw TrainRun.SetupError(description: "--horizons must be positive milliseconds")
    }
    try HeldOutOverlap.check(test: testData, training: data)
    var options = options
    let train: TuningData
    var test: TuningData
    switch (split, testData) {
    case (nil, let testData?):
      train = data
      test = testData
    case (let split?, _):
      let parts = try split.refusingTestWriters(testDataGiven: testData != nil).parts(of: data.strokes)
      guard parts.count == 1 else {
        throw TrainRun.SetupError(
          description: "split \(split) gives \(parts.count) folds: a cross-fit is MLPCrossFitRun's (train one network per fold), "
            + "this run takes one train/test split (holdout=F,seed=S or train=A;test=B) or --test data")
      }
      guard !parts[0].testWriters.isEmpty || testData != nil else {
        throw TrainRun.SetupError(description: "split \(split) has no test writers: name them with test=, or give --test data")
      }
      // `validation=C` names the early-stopping writers: trained alongside, so they reach the
      // trainer, which stops on exactly them and fits the rest (never scored: not test writers).
      train = try data.restricted(to: Set(parts[0].trainWriters + parts[0].validationWriters))
      if !parts[0].validationWriters.isEmpty {
        guard !options.validationPerDataset else {
          throw TrainRun.SetupError(
            description: "--validation-per-dataset draws the early-stopping writers and --split \(split) names them: give one of them")
        }
        options.validationWriters = parts[0].validationWriters
      }
      test = try testData ?? data.restricted(to: Set(parts[0].testWriters))
    case (nil, nil):
      throw TrainRun.SetupError(description: "the model must be scored on writers it never saw: give --split, or --test data")
    }
    // Validation of rate carry-over on training datasets: the held-out writers re-recorded at another rate.
    if let testResampler { test = try test.resampled(with: testResampler, seed: options.seed) }
    let trainer = MLPTrainer(options: options)
    let training = ensembleMembers == 1
      ? try trainer.train(data: train, checkpoint: checkpoint, progress: progress)
      : try trainer.trainEnsemble(
        data: train, memberCount: ensembleMembers, checkpoint: checkpoint, memberStarted: memberStarted, progress: progress)
    let heldOut = score(training.parameters, stages: options.stages, on: test, horizons: options.horizons, parts: options.parts)
    return Outcome(
      training: training, configuration: PredictorConfiguration(family: .mlp(training.parameters), stages: options.stages),
      trainWriters: train.writers, testWriters: test.writers, heldOut: heldOut, lengthUnit: test.lengthUnit,
      testResampler: testResampler)
  }

  /// The per-sample anchor scores of the shipped model (inside `stages`) and of two-point linear
  /// extrapolation on every trace of `test`, pooled (mm when the traces know their scale). Each
  /// trace is scored with the model's length scale set to that trace's millimetres per unit.
  public static func score(
    _ parameters: MLPPredictor.Parameters, stages: PredictorStages, on test: TuningData, horizons: [Double], parts: Int
  ) -> [TrainRun.HorizonScore] {
    var errors = heldOutErrors(parameters, stages: stages, on: test, horizons: horizons, parts: parts)
    return summarise(&errors, horizons: horizons)
  }

  /// Per horizon, the per-sample errors of the model and of two-point linear extrapolation on
  /// every trace of `test` (unsorted), for ``score(_:stages:on:horizons:parts:)`` or for pooling
  /// the folds of a cross-fit (``MLPCrossFitRun``).
  static func heldOutErrors(
    _ parameters: MLPPredictor.Parameters, stages: PredictorStages, on test: TuningData, horizons: [Double], parts: Int
  ) -> (model: [[Double]], linear: [[Double]]) {
    var model = [[Double]](repeating: [], count: horizons.count)
    var linear = [[Double]](repeating: [], count: horizons.count)
    for trace in test.traces {
      guard let one = try? TuningData(traces: [trace]) else { continue }
      var scaled = parameters
      if test.inMillimetres, let mm = trace.metadata.millimetresPerUnit { scaled.lengthScale = mm }
      let configuration = PredictorConfiguration(family: .mlp(scaled), stages: stages)
      let m = ObjectiveEvaluator.perSampleErrors(data: one, horizons: horizons, parts: parts) {
        configuration.makePredictor()
      }
      let l = ObjectiveEvaluator.perSampleErrors(data: one, horizons: horizons, parts: parts) {
        LinearPredictor(parameters: LinearParameters(order: 1))
      }
      for h in horizons.indices {
        model[h] += m[h]
        linear[h] += l[h]
      }
    }
    return (model, linear)
  }

  /// Mean and p95 per horizon of the model's and linear's pooled errors (sorts them in place).
  static func summarise(_ errors: inout (model: [[Double]], linear: [[Double]]), horizons: [Double]) -> [TrainRun.HorizonScore] {
    horizons.indices.map { h in
      let m = PerSampleScore(horizon: .seconds(horizons[h]), errors: &errors.model[h])
      let l = PerSampleScore(horizon: .seconds(horizons[h]), errors: &errors.linear[h])
      return TrainRun.HorizonScore(
        horizonMilliseconds: horizons[h] * 1000, issuePoints: m.issuePoints, mean: m.meanError, p95: m.p95Error,
        linearMean: l.meanError, linearP95: l.p95Error)
    }
  }
}
