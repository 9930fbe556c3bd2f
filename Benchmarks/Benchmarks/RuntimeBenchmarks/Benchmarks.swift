// The runtime's cost in an app (issue 8): update + predict per sample for every family, through
// the model-file path an app uses (LookaheadModel → PointerPredictor), allocations after warm-up,
// and model loading.
//
// Run: cd Benchmarks && swift package --scratch-path /work/.build-bench-export benchmark --target RuntimeBenchmarks
//
// Each "per sample" benchmark runs 1 000 000 samples per iteration (scaling factor mega), so the
// reported time is per sample. A stroke of 1 000 samples at 240 Hz (a curved, accelerating pen
// path) is replayed over and over; the predictor is reset at each stroke start, as an app does at
// touch-down. Baselines measured in the same run: the bare `ComposedPredictor` (what
// `PredictorConfiguration.makePredictor()` builds, called without the existential and the
// coordinate scale) and the hold family.

import Benchmark
import Foundation
import LookaheadRuntime

private let strokeLength = 1000

private let stroke: [PointerSample] = (0..<strokeLength).map { i in
  let t = Double(i) / 240
  return PointerSample(
    time: t, x: 100 + 400 * t * t + 60 * sin(6 * t), y: 300 + 250 * t - 50 * cos(5 * t),
    pressure: 0.4 + 0.2 * sin(3 * t))
}

private let families: [(String, PredictorConfiguration)] = [
  ("hold", PredictorConfiguration(family: .hold(HoldParameters()))),
  ("linear", PredictorConfiguration(family: .linear(LinearParameters(order: 1)))),
  ("polynomial", PredictorConfiguration(family: .polynomial(PolynomialParameters()))),
  ("kalman-chromium", PredictorConfiguration(family: .kalman(.chromium))),
  ("kalman-androidx", PredictorConfiguration(family: .kalman(.androidx))),
  ("desp", PredictorConfiguration(family: .doubleExponential(DoubleExponentialParameters()))),
  ("alpha-beta-gamma", PredictorConfiguration(family: .alphaBetaGamma(AlphaBetaGammaParameters()))),
  ("learned-linear", PredictorConfiguration(family: .learnedLinear(.constantVelocity(historyCount: 4)))),
  ("mlp K=8 32x32 relu", PredictorConfiguration(family: .mlp(benchmarkMLP(historyCount: 8, hiddenSizes: [32, 32])))),
  ("mlp K=10 64x64 relu", PredictorConfiguration(family: .mlp(benchmarkMLP(historyCount: 10, hiddenSizes: [64, 64])))),
  ("mlp K=8 32x32 relu, mirror-averaged", PredictorConfiguration(family: .mlp(mirrorAveraged(benchmarkMLP(historyCount: 8, hiddenSizes: [32, 32]))))),
  ("mlp K=12 32x32 relu", PredictorConfiguration(family: .mlp(benchmarkMLP(historyCount: 12, hiddenSizes: [32, 32])))),
  ("mlp K=12 32x32 relu, mirror-averaged", PredictorConfiguration(family: .mlp(mirrorAveraged(benchmarkMLP(historyCount: 12, hiddenSizes: [32, 32]))))),
  ("mlp K=12 32x32 relu, mirror-averaged, late reports re-timed", PredictorConfiguration(family: .mlp(lateReportsRetimed(mirrorAveraged(benchmarkMLP(historyCount: 12, hiddenSizes: [32, 32])))))),
  ("mlp K=10 64x64 relu, mirror-averaged", PredictorConfiguration(family: .mlp(mirrorAveraged(benchmarkMLP(historyCount: 10, hiddenSizes: [64, 64]))))),
  ("mlp K=8 32x32 relu, speed-normalized", PredictorConfiguration(family: .mlp(speedNormalized(benchmarkMLP(historyCount: 8, hiddenSizes: [32, 32]))))),
  ("mlp K=8 32x32 relu, speed-normalized + speed input", PredictorConfiguration(family: .mlp(speedNormalized(benchmarkMLP(historyCount: 8, hiddenSizes: [32, 32], speedInput: true))))),
  ("mlp K=8 32x32 relu, ensemble of 3", PredictorConfiguration(family: .mlp(benchmarkEnsemble(members: 3)))),
  ("mlp K=8 32x32x32 relu, ensemble of 3", PredictorConfiguration(family: .mlp(benchmarkEnsemble(members: 3, hiddenSizes: [32, 32, 32])))),
  ("mlp K=10 128x128 relu", PredictorConfiguration(family: .mlp(benchmarkMLP(historyCount: 10, hiddenSizes: [128, 128])))),
  ("mlp K=8 128x128 relu, ensemble of 3", PredictorConfiguration(family: .mlp(benchmarkEnsemble(members: 3, hiddenSizes: [128, 128])))),
]

/// An MLP with non-zero weights, so every multiply-add and activation runs as in a trained model:
/// the shipped size (K = 8, two hidden layers of 32 ReLU units, 2 466 weights) and the size of the
/// Henze 2017 comparison (K = 10, 64×64, 7 618 weights; Docs/Results.md).
private func benchmarkMLP(
  historyCount: Int, hiddenSizes: [Int], phase: Double = 0, speedInput: Bool = false
) -> MLPPredictor.Parameters {
  var p = MLPPredictor.Parameters(
    historyCount: historyCount, hiddenSizes: hiddenSizes, inputMean: [], inputScale: [], outputScale: 50, weights: [],
    speedInput: speedInput ? true : nil)
  p.inputMean = Array(repeating: 0, count: p.inputCount)
  p.inputScale = Array(repeating: 100, count: p.inputCount)
  let sizes = p.layerSizes
  let count = zip(sizes, sizes.dropFirst()).reduce(0) { $0 + $1.1 * ($1.0 + 1) }
  p.weights = (0..<count).map { 0.2 * sin(0.37 * Double($0) + phase) }
  return p
}

/// `parameters` with each prediction averaged with its mirror image's (`train --mirror-average`):
/// a second forward pass per prediction.
private func mirrorAveraged(_ parameters: MLPPredictor.Parameters) -> MLPPredictor.Parameters {
  var p = parameters
  p.mirrorAveraged = true
  return p
}

/// `parameters` reading each window with its late-stamped reports re-timed (`train
/// --retime-late-reports 0.25`): a copy of the window and a sort of its steps per prediction (the
/// stroke here has none to move, so this is the cost every prediction pays).
private func lateReportsRetimed(_ parameters: MLPPredictor.Parameters) -> MLPPredictor.Parameters {
  var p = parameters
  p.lateReportFraction = 0.25
  return p
}

/// `parameters` with speed-normalised inputs (`train --speed-normalized`): K square roots and 4K
/// divisions more per prediction.
private func speedNormalized(_ parameters: MLPPredictor.Parameters) -> MLPPredictor.Parameters {
  var p = parameters
  p.speedNormalized = true
  return p
}

/// The shipped size as an ensemble (`train --family mlp --ensemble 3`): three K = 8 networks
/// (32×32, or the deeper 32×32×32 of Docs/Results.md's configuration C) with different weights,
/// whose prediction is the mean of theirs.
private func benchmarkEnsemble(members: Int, hiddenSizes: [Int] = [32, 32]) -> MLPPredictor.Parameters {
  var p = benchmarkMLP(historyCount: 8, hiddenSizes: hiddenSizes)
  p.additionalMembers = (1..<members).map {
    benchmarkMLP(historyCount: 8, hiddenSizes: hiddenSizes, phase: Double($0)).firstMember
  }
  return p
}

private func modelFile(_ configuration: PredictorConfiguration) -> ModelFile {
  ModelFile(
    predictor: ModelPredictorDescription(catalogName: configuration.family.name, configuration: configuration),
    coordinates: ModelCoordinates(unit: "px", millimetresPerUnit: 0.1),
    tunedFor: ModelTuningTarget(deviceProfileName: "pencil240-promotion120", digitizerRateHz: 240),
    provenance: ModelProvenance(lookaheadVersion: "bench"))
}

/// Feeds `count` samples (cycling through the stroke, reset at each start) and asks for a
/// prediction 25 ms ahead after each; returns a checksum so nothing is optimised away.
@inline(__always)
private func run<P: Predictor>(_ predictor: inout P, count: Int, position: inout Int) -> Double {
  var sum = 0.0
  for _ in 0..<count {
    if position == 0 { predictor.reset() }
    let sample = stroke[position]
    predictor.observe(sample)
    if let point = predictor.predict(at: sample.time + 0.025) { sum += point.x }
    position += 1
    if position == strokeLength { position = 0 }
  }
  return sum
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
    warmupIterations: 2, scalingFactor: .mega, maxDuration: .seconds(3), maxIterations: 10)

  for (name, configuration) in families {
    let data = try! modelFile(configuration).fileData()
    let model = try! LookaheadModel(bytes: data)
    let scale = try! model.scale(pointsPerMillimetre: 6.5)

    Benchmark("runtime update+predict per sample: \(name) (model units)") { benchmark in
      var predictor = model.makePredictor()
      var position = 0
      _ = run(&predictor, count: 4 * strokeLength, position: &position)  // warm-up
      benchmark.startMeasurement()
      blackHole(run(&predictor, count: benchmark.scaledIterations.count, position: &position))
    }

    Benchmark("runtime update+predict per sample: \(name) (app scale 6.5 pt/mm)") { benchmark in
      var predictor = model.makePredictor(scale: scale)
      var position = 0
      _ = run(&predictor, count: 4 * strokeLength, position: &position)
      benchmark.startMeasurement()
      blackHole(run(&predictor, count: benchmark.scaledIterations.count, position: &position))
    }
  }

  // Baseline in the same run: the concrete composed Kalman and polynomial predictors, no
  // existential, no scale.
  Benchmark("baseline update+predict per sample: ComposedPredictor<KalmanPredictor> chromium") { benchmark in
    var predictor = ComposedPredictor(base: KalmanPredictor(parameters: .chromium))
    var position = 0
    _ = run(&predictor, count: 4 * strokeLength, position: &position)
    benchmark.startMeasurement()
    blackHole(run(&predictor, count: benchmark.scaledIterations.count, position: &position))
  }
  Benchmark("baseline update+predict per sample: ComposedPredictor<PolynomialPredictor>") { benchmark in
    var predictor = ComposedPredictor(base: PolynomialPredictor(parameters: PolynomialParameters()))
    var position = 0
    _ = run(&predictor, count: 4 * strokeLength, position: &position)
    benchmark.startMeasurement()
    blackHole(run(&predictor, count: benchmark.scaledIterations.count, position: &position))
  }

  // Model loading: header, CRC-32, JSON decode and validation.
  let kalmanFile = try! modelFile(PredictorConfiguration(family: .kalman(.androidx))).fileData()
  var trained = LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 16)
  for i in trained.weights.indices { trained.weights[i] = Double(i % 7) * 0.013 - 0.04 }
  let learnedFile = try! modelFile(PredictorConfiguration(family: .learnedLinear(trained))).fileData()
  for (name, data) in [("kalman-androidx", kalmanFile), ("learned-linear K=16 (128 weights)", learnedFile)] {
    Benchmark(
      "model load: \(name), \(data.count) bytes",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 5, scalingFactor: .one,
        maxDuration: .seconds(3), maxIterations: 2000)
    ) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try! LookaheadModel(bytes: data)) }
    }
  }
}
