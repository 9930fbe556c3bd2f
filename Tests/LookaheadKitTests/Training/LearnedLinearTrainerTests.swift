import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@Suite("Learned linear predictor: training")
struct LearnedLinearTrainerTests {
  /// Constant-acceleration strokes sampled every τ seconds. For them the exact future
  /// displacement is known in closed form from the two newest velocities (worked by hand):
  /// v₁ = v(t − τ/2), v₂ = v(t − 3τ/2), a = (v₁ − v₂)/τ, v(t) = v₁ + aτ/2, so
  /// Δ/h = v(t) + a h/2 = 1.5 v₁ − 0.5 v₂ + (v₁ − v₂)·h/(2τ).
  static func parabolas(count: Int, tau: Double, seed: UInt64, writer: String) -> [Stroke] {
    var rng = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      let v0 = (Double.random(in: -300...300, using: &rng), Double.random(in: -300...300, using: &rng))
      let a = (Double.random(in: -2000...2000, using: &rng), Double.random(in: -2000...2000, using: &rng))
      let samples = (0..<40).map { i -> TraceSample in
        let t = Double(i) * tau
        return TraceSample(time: t, x: v0.0 * t + 0.5 * a.0 * t * t, y: v0.1 * t + 0.5 * a.1 * t * t)
      }
      return Stroke(writer: writer, samples: samples)
    }
  }

  @Test("recovers the known constant-acceleration weights from noise-free parabolas", arguments: [false, true])
  func recoversKnownWeights(rotate: Bool) throws {
    let tau = 1.0 / 240
    var options = LearnedLinearTrainer.Options(horizons: [tau, 2 * tau, 4 * tau, 8 * tau])
    options.rotateToMotion = rotate
    let trainer = LearnedLinearTrainer(options: options)
    // Rotated, the newest velocity's cross component is identically zero: those two weights are
    // not identifiable, and a whisper of ridge keeps them at zero.
    let parameters = try trainer.fit(
      strokes: Self.parabolas(count: 30, tau: tau, seed: 1, writer: "a"), historyCount: 2,
      lambda: rotate ? 1e-14 : 0)
    // Features [v1x, v1y, v2x, v2y, v1x h, v1y h, v2x h, v2y h]; weights row-major (feature, target).
    var expected = Array(repeating: 0.0, count: 16)
    for axis in 0..<2 {
      expected[(0 + axis) * 2 + axis] = rotate && axis == 1 ? 0 : 1.5
      expected[(2 + axis) * 2 + axis] = -0.5
      expected[(4 + axis) * 2 + axis] = rotate && axis == 1 ? 0 : 1 / (2 * tau)
      expected[(6 + axis) * 2 + axis] = -1 / (2 * tau)
    }
    for (index, (w, e)) in zip(parameters.weights, expected).enumerated() {
      #expect(abs(w - e) <= 1e-6 * max(1, abs(e)), "weight \(index): \(w) vs \(e)")
    }
    // And the runtime predictor with these weights predicts a new parabola exactly.
    let stroke = Self.parabolas(count: 1, tau: tau, seed: 99, writer: "b")[0]
    var predictor = LearnedLinearPredictor(parameters: parameters)
    for sample in stroke.samples.prefix(20) { predictor.observe(PointerSample(time: sample.time, x: sample.x, y: sample.y)) }
    let target = stroke.samples[25]
    let p = try #require(predictor.predict(at: target.time))
    #expect(abs(p.x - target.x) < 1e-6 && abs(p.y - target.y) < 1e-6)
  }

  @Test("cross-validation holds out each writer in turn and picks the best cell")
  func crossValidation() throws {
    let tau = 1.0 / 120
    var options = LearnedLinearTrainer.Options(horizons: [2 * tau])
    options.historyCounts = [1, 2]
    options.lambdas = [1e-9, 1.0]
    let strokes = Self.parabolas(count: 10, tau: tau, seed: 5, writer: "w1")
      + Self.parabolas(count: 10, tau: tau, seed: 6, writer: "w2")
      + Self.parabolas(count: 10, tau: tau, seed: 7, writer: "w3")
    let result = try LearnedLinearTrainer(options: options).crossValidate(strokes: strokes)
    #expect(result.folds == ["w1", "w2", "w3"])
    #expect(result.scores.count == 4)
    // Two velocities capture acceleration exactly; one cannot; heavy ridge shrinks towards hold.
    #expect(result.best.historyCount == 2 && result.best.lambda == 1e-9)
    #expect(result.best.meanError < 1e-6)
    #expect(throws: LearnedLinearTrainer.NotEnoughWriters.self) {
      try LearnedLinearTrainer(options: options).crossValidate(strokes: Array(strokes.prefix(10)))
    }
  }

  /// Strokes of 40 samples at 120 Hz last 0.325 s: a horizon of a second leaves no row. Said as
  /// that, by the fit and by cross-validation alike; it was "the normal equations are singular at
  /// λ = 0.01: add ridge regularisation", with ridge already on.
  @Test("strokes too short for any row: refused as too little data, not as a singular system")
  func noRows() throws {
    let tau = 1.0 / 120
    var options = LearnedLinearTrainer.Options(horizons: [0.1, 1])
    options.historyCounts = [2, 4]
    options.lambdas = [0.01]
    let strokes = Self.parabolas(count: 3, tau: tau, seed: 5, writer: "w1") + Self.parabolas(count: 3, tau: tau, seed: 6, writer: "w2")
    let trainer = LearnedLinearTrainer(options: options)
    let message = "too little data to train: 0 training rows (a row needs K + 1 samples of a stroke, K = 2…4 here, "
      + "and the stroke still going a horizon later, up to 1000 ms here)"
    options.horizons = [1]
    #expect { try LearnedLinearTrainer(options: options).crossValidate(strokes: strokes) } throws: { "\($0)" == message }
    #expect { try LearnedLinearTrainer(options: options).fit(strokes: strokes, historyCount: 3, lambda: 0.01) } throws: {
      "\($0)" == "too little data to train: 0 training rows (a row needs K + 1 samples of a stroke, K = 3 here, "
        + "and the stroke still going a horizon later, up to 1000 ms here)"
    }
    // One horizon within the strokes gives rows: the other is not a reason to refuse.
    #expect(try trainer.crossValidate(strokes: strokes).scores.count == 2)
  }

  @Test("constant-velocity weights reproduce linear extrapolation from the newest velocity")
  func constantVelocityWeights() throws {
    var predictor = LearnedLinearPredictor(parameters: .constantVelocity(historyCount: 3))
    for (t, x, y) in [(0.0, 0.0, 0.0), (0.004, 1.0, 0.0), (0.008, 3.0, 1.0)] {
      predictor.observe(PointerSample(time: t, x: x, y: y))
    }
    let p = try #require(predictor.predict(at: 0.016))  // v = (500, 250)/s, h = 8 ms
    #expect(abs(p.x - 7.0) < 1e-12 && abs(p.y - 3.0) < 1e-12)
  }
}
