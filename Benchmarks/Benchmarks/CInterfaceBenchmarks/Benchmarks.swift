// The C interface's cost per sample against the Swift path it wraps (issue 23): update + predict
// 25 ms ahead through `lookahead_predictor_observe` / `lookahead_predictor_predict` (the C
// symbols of the shared library libLookaheadC, called as a C app calls them), and through
// `PointerPredictor.observe` / `predict(forPresentationTime:)` (what a Swift app calls), in the
// same run, with the allocations after warm-up.
//
// Run: cd Benchmarks && swift package benchmark --target CInterfaceBenchmarks
//
// The stroke is RuntimeBenchmarks' (1 000 samples at 240 Hz on a curved, accelerating path,
// replayed with a reset at each start); 1 000 000 samples per iteration, so times are per sample.

import Benchmark
import CLookahead
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
  ("linear", PredictorConfiguration(family: .linear(LinearParameters(order: 1)))),
  ("polynomial", PredictorConfiguration(family: .polynomial(PolynomialParameters()))),
  ("kalman-chromium", PredictorConfiguration(family: .kalman(.chromium))),
  ("kalman-androidx", PredictorConfiguration(family: .kalman(.androidx))),
  ("learned-linear", PredictorConfiguration(family: .learnedLinear(.constantVelocity(historyCount: 4)))),
]

private func modelBytes(_ configuration: PredictorConfiguration) -> Data {
  try! ModelFile(
    predictor: ModelPredictorDescription(catalogName: configuration.family.name, configuration: configuration),
    coordinates: ModelCoordinates(unit: "px", millimetresPerUnit: 0.1),
    tunedFor: ModelTuningTarget(deviceProfileName: "pencil240-promotion120", digitizerRateHz: 240),
    provenance: ModelProvenance(lookaheadVersion: "bench")
  ).fileData()
}

/// The Swift path: `count` samples, a prediction 25 ms ahead after each; a checksum.
@inline(never)
private func runSwift(_ predictor: inout PointerPredictor, count: Int, position: inout Int) -> Double {
  var sum = 0.0
  for _ in 0..<count {
    if position == 0 { predictor.reset() }
    let sample = stroke[position]
    predictor.observe(sample)
    if let point = predictor.predict(forPresentationTime: sample.time + 0.025) { sum += point.x }
    position += 1
    if position == strokeLength { position = 0 }
  }
  return sum
}

/// The C path: the same calls through `lookahead.h`.
@inline(never)
private func runC(_ predictor: OpaquePointer?, count: Int, position: inout Int) -> Double {
  var sum = 0.0
  var point = lookahead_point()
  for _ in 0..<count {
    if position == 0 { _ = lookahead_predictor_reset(predictor) }
    let sample = stroke[position]
    _ = lookahead_predictor_observe(predictor, sample.time, sample.x, sample.y, sample.pressure ?? .nan, .nan, .nan)
    if lookahead_predictor_predict(predictor, sample.time + 0.025, &point) == LOOKAHEAD_OK { sum += point.x }
    position += 1
    if position == strokeLength { position = 0 }
  }
  return sum
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal],
    warmupIterations: 2, scalingFactor: .mega, maxDuration: .seconds(3), maxIterations: 10)

  for (name, configuration) in families {
    let data = modelBytes(configuration)

    Benchmark("swift path update+predict per sample: \(name)") { benchmark in
      var predictor = try! LookaheadModel(bytes: data).makePredictor()
      var position = 0
      _ = runSwift(&predictor, count: 4 * strokeLength, position: &position)  // warm-up
      benchmark.startMeasurement()
      blackHole(runSwift(&predictor, count: benchmark.scaledIterations.count, position: &position))
    }

    Benchmark("c path update+predict per sample: \(name)") { benchmark in
      var model: OpaquePointer?
      var predictor: OpaquePointer?
      _ = data.withUnsafeBytes { lookahead_model_load_bytes($0.baseAddress, $0.count, &model, nil, 0) }
      _ = lookahead_predictor_create(model, LOOKAHEAD_MODEL_UNIT, &predictor, nil, 0)
      defer {
        lookahead_predictor_free(predictor)
        lookahead_model_free(model)
      }
      var position = 0
      _ = runC(predictor, count: 4 * strokeLength, position: &position)  // warm-up
      benchmark.startMeasurement()
      blackHole(runC(predictor, count: benchmark.scaledIterations.count, position: &position))
    }
  }
}
