// Each family's observe + predict on a 240 Hz trace, one stroke of 240 samples per iteration
// (ns per sample = wall-clock per iteration / 240). The predictors are what
// `PredictorConfiguration.makePredictor()` returns (`any Predictor` holding a
// `ComposedPredictor<Family>` with default stages), plus two rows with the concrete generic type.
// Steady state must allocate nothing: the malloc counter covers reset + 240 × (observe + predict).

import Benchmark
import LookaheadRuntime

/// A writing-like stroke at 240 Hz: a slow circle with a drift, in points.
let stroke: [PointerSample] = (0..<240).map { i in
  let t = Double(i) / 240
  let a = 5.0 * t
  // cos/sin by a short series is enough for test motion and keeps Foundation out.
  let c = 1 - a * a / 2 + a * a * a * a / 24
  let s = a - a * a * a / 6 + a * a * a * a * a / 120
  return PointerSample(time: t, x: 300 + 80 * c + 40 * t, y: 200 + 80 * s, pressure: 0.5)
}

let horizon = 1.0 / 60

@inline(never)
func run<P: Predictor>(_ predictor: inout P) -> Double {
  predictor.reset()
  var sum = 0.0
  for sample in stroke {
    predictor.observe(sample)
    if let p = predictor.predict(at: sample.time + horizon) { sum += p.x }
  }
  return sum
}

func register(_ name: String, _ family: PredictorFamily, _ stages: PredictorStages = PredictorStages()) {
  let configuration = PredictorConfiguration(family: family, stages: stages)
  Benchmark(name) { benchmark in
    var predictor = configuration.makePredictor()
    blackHole(run(&predictor))  // warm up: first-touch of storage
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(run(&predictor))
    }
  }
}

func register<P: Predictor>(_ name: String, _ make: @escaping @Sendable () -> P) {
  Benchmark(name) { benchmark in
    var predictor = make()
    blackHole(run(&predictor))  // warm up: first-touch of storage
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(run(&predictor))
    }
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .throughput],
    warmupIterations: 10,
    maxDuration: .seconds(2),
    maxIterations: 1_000_000
  )
  register("hold", .hold(HoldParameters()))
  register("linear (order 1)", .linear(LinearParameters()))
  register("linear (order 2)", .linear(LinearParameters(order: 2)))
  register("polynomial (order 2, N 3)", .polynomial(PolynomialParameters()))
  register("polynomial (order 2, N 8)", .polynomial(PolynomialParameters(order: 2, windowSamples: 8)))
  register(
    "polynomial (order 3, N 8, weighted)",
    .polynomial(PolynomialParameters(order: 3, windowSamples: 8, recencyHalfLifeSeconds: 0.02)))
  register("savitzky-golay (order 2, N 5)", .polynomial(PolynomialParameters(order: 2, windowSamples: 5, uniformTime: true)))
  register("kalman (acceleration, measured dt)", .kalman(KalmanParameters(timeStep: .measured)))
  register("kalman-chromium", .kalman(.chromium))
  register("kalman-androidx", .kalman(.androidx))
  register("desp", .doubleExponential(DoubleExponentialParameters()))
  register("alpha-beta-gamma", .alphaBetaGamma(AlphaBetaGammaParameters()))
  register(
    "linear + 1€ pre/post + all gates", .linear(LinearParameters()),
    PredictorStages(
      pressure: .extrapolate, prefilter: OneEuroParameters(), postfilter: OneEuroParameters(),
      gates: PredictionGateParameters(
        horizonCapSeconds: 0.03, speedFloor: 1, turnAngleLow: 0.5, turnAngleHigh: 2, jerkLow: 1e6,
        jerkHigh: 1e8, directionCutOff: true, strokeEndSpeedRatio: 0.2)))
  register("hold as concrete ComposedPredictor<HoldPredictor>") { ComposedPredictor(base: HoldPredictor()) }
  register("kalman-chromium as concrete ComposedPredictor<KalmanPredictor>") {
    ComposedPredictor(base: KalmanPredictor(parameters: .chromium))
  }
}
