import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// The MLP's cross-fit scores every writer once, with the network of the fold that held it out:
/// its pooled table is what the single-split runs of those folds give together.
@Suite("MLP cross-fit: one network per fold, held-out errors pooled")
struct MLPCrossFitRunTests {
  @Test("leave-one-writer-out pools exactly the five single-split runs (same seeds, same networks)")
  func poolsTheFolds() throws {
    let data = try MLPTrainerTests.arcs()
    let options = MLPTrainerTests.options(epochs: 3)
    var started: [[String]] = []
    let crossFit = try MLPCrossFitRun.run(
      options, split: try WriterSplit(parsing: "leave-one-writer-out"), data: data,
      foldStarted: { _, _, writers in started.append(writers) })
    #expect(started == data.writers.map { [$0] })
    #expect(crossFit.folds.map(\.testWriters) == started)
    #expect(crossFit.folds.allSatisfy { !$0.validationWriters.isEmpty && !$0.validationWriters.contains($0.testWriters[0]) })

    let alone = try Self.foldsAlone(options, split: try WriterSplit(parsing: "leave-one-writer-out"), data: data)
    for (h, pooled) in crossFit.heldOut.enumerated() {
      #expect(pooled.issuePoints == alone.points[h])
      #expect(abs(pooled.mean - alone.mean[h]) <= 1e-12 * max(1, pooled.mean))
      #expect(abs(pooled.linearMean - alone.linearMean[h]) <= 1e-12 * max(1, pooled.linearMean))
      // Curvature is learnable: the pooled network is below linear extrapolation.
      #expect(pooled.mean < pooled.linearMean)
    }
  }

  @Test("with an ensemble per fold it pools exactly the single-split ensemble runs")
  func poolsEnsembleFolds() throws {
    let data = try MLPTrainerTests.arcs()
    let options = MLPTrainerTests.options(epochs: 2)
    var seeds: [UInt64] = []
    let split = try WriterSplit(parsing: "kfold=2,seed=1")
    let crossFit = try MLPCrossFitRun.run(
      options, split: split, data: data, ensembleMembers: 2, memberStarted: { _, seed in seeds.append(seed) })
    #expect(seeds == [options.seed, options.seed + 1, options.seed, options.seed + 1])
    #expect(crossFit.folds.count == 2 && crossFit.folds.allSatisfy { $0.members == 2 })
    #expect(crossFit.folds.allSatisfy { ($0.ensembleValidationError ?? .nan).isFinite })

    let alone = try Self.foldsAlone(options, split: split, data: data, ensembleMembers: 2)
    for (h, pooled) in crossFit.heldOut.enumerated() {
      #expect(pooled.issuePoints == alone.points[h])
      #expect(abs(pooled.mean - alone.mean[h]) <= 1e-12 * max(1, pooled.mean))
    }
  }

  /// Each fold of `split` alone, as `train --split train=A;test=B` runs it, and their held-out
  /// means per horizon pooled by issue points (the model's and linear's).
  static func foldsAlone(
    _ options: MLPTrainer.Options, split: WriterSplit, data: TuningData, ensembleMembers: Int = 1
  ) throws -> (points: [Int], mean: [Double], linearMean: [Double]) {
    var points = [Int](repeating: 0, count: options.horizons.count)
    var sums = [Double](repeating: 0, count: options.horizons.count)
    var linearSums = [Double](repeating: 0, count: options.horizons.count)
    for part in try split.parts(of: data.strokes) {
      let fold = "train=\(part.trainWriters.joined(separator: ","));test=\(part.testWriters.joined(separator: ","))"
      let single = try MLPTrainRun.run(options, split: try WriterSplit(parsing: fold), data: data, ensembleMembers: ensembleMembers)
      for (h, score) in single.heldOut.enumerated() {
        points[h] += score.issuePoints
        sums[h] += score.mean * Double(score.issuePoints)
        linearSums[h] += score.linearMean * Double(score.issuePoints)
      }
    }
    return (points, zip(sums, points).map { $0 / Double($1) }, zip(linearSums, points).map { $0 / Double($1) })
  }

  @Test("one split is not a cross-fit; leave-one-writer-out and k-fold are")
  func crossFitOrNot() throws {
    let data = try MLPTrainerTests.arcs()
    #expect(try !MLPCrossFitRun.isCrossFit(nil, data: data))
    #expect(try !MLPCrossFitRun.isCrossFit(try WriterSplit(parsing: "holdout=0.2,seed=1"), data: data))
    #expect(try MLPCrossFitRun.isCrossFit(try WriterSplit(parsing: "leave-one-writer-out"), data: data))
    #expect(try MLPCrossFitRun.isCrossFit(try WriterSplit(parsing: "kfold=2,seed=1"), data: data))
  }
}
