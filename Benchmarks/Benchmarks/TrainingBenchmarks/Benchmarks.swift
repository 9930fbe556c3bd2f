// Training speed of the MLP predictor (issue 18): one epoch of minibatch Adam over one million
// training rows (K = 8, 32×32 ReLU, batch 256, one OpenBLAS thread), beside the learned linear
// model's ridge fit (K = 8 normal equations by dsyrk/dgemm, then dposv) over the same number of
// rows, measured in the same run as the baseline. The same epoch in single precision
// (`--training-precision single`: the batched passes in Float on sgemm), and both precisions at
// the 128×128 size of the Henze 2017 headline, where the matrix products dominate.
//
// Run: cd Benchmarks && swift package --scratch-path /work/.build-bench-mlp benchmark --target TrainingBenchmarks
//
// The rows are synthetic (a seeded random walk of inputs and targets), prepared before the
// measurement: the benchmark times the optimiser, not the feature extraction.

import Benchmark
import Foundation
import LookaheadKit
import LookaheadRuntime

private let rowCount = 1_000_000

private let rows: MLPTrainingRows = {
  var generator = SplitMix64(seed: 7)
  // The runtime's input count for K = 8, through its public parameters (the feature helpers are
  // package-only, out of this separate package's reach).
  let width = MLPPredictor.Parameters(
    historyCount: 8, hiddenSizes: [32, 32], inputMean: [], inputScale: [], outputScale: 1, weights: []
  ).inputCount
  var rows = MLPTrainingRows(inputCount: width)
  rows.inputs = (0..<(rowCount * width)).map { _ in Double.random(in: -1...1, using: &generator) }
  rows.targets = (0..<(2 * rowCount)).map { _ in Double.random(in: -1...1, using: &generator) }
  rows.horizons = (0..<rowCount).map { _ in Double.random(in: 0.004...0.034, using: &generator) }
  return rows
}()

private let validation: MLPTrainingRows = {
  var small = MLPTrainingRows(inputCount: rows.inputCount)
  small.inputs = Array(rows.inputs.prefix(1000 * rows.inputCount))
  small.targets = Array(rows.targets.prefix(2000))
  small.horizons = Array(rows.horizons.prefix(1000))
  return small
}()

/// One epoch of the trainer's defaults at `hidden` widths in `precision`.
private func epochOptions(hidden: [Int], precision: MLPTrainer.Options.Precision) -> MLPTrainer.Options {
  var options = MLPTrainer.Options(horizons: [0.016])
  options.epochs = 1
  options.hiddenSizes = hidden
  options.precision = precision
  return options
}

let benchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal], warmupIterations: 0, scalingFactor: .one, maxDuration: .seconds(60),
    maxIterations: 3)

  // One epoch at each size in each precision; the names keep the form earlier runs recorded.
  for hidden in [[32, 32], [128, 128]] {
    for precision in [MLPTrainer.Options.Precision.double, .single] {
      let label = precision == .single ? "MLP training, single precision" : "MLP training"
      let size = hidden.map(String.init).joined(separator: "x")
      Benchmark("\(label): one epoch over 1 000 000 rows (K=8, \(size), batch 256)", configuration: configuration) {
        benchmark in
        let options = epochOptions(hidden: hidden, precision: precision)
        benchmark.startMeasurement()
        blackHole(try! MLPTrainer(options: options).train(fitRows: rows, validationRows: validation))
      }
    }
  }

  Benchmark("baseline: learned linear ridge fit over 1 000 000 rows (K=8)", configuration: configuration) { benchmark in
    // Two weights (x and y) per feature of the learned linear model at K = 8.
    let featureCount = LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 8).weights.count / 2
    let features = Array(rows.inputs.prefix(rowCount * featureCount))
    let targets = rows.targets
    benchmark.startMeasurement()
    let equations = NormalEquations.accumulated(
      features: features, targets: targets, featureCount: featureCount, targetCount: 2, parts: 1)
    blackHole(try! equations.solve(lambda: 1e-6))
  }
}
