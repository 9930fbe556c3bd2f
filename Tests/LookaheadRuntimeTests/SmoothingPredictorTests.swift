import LookaheadRuntime
import Testing

/// Hand-worked answers for the smoothing families and the 1€ filter.
@Suite("DESP, α-β-γ and 1€ by hand")
struct SmoothingPredictorTests {
  static let samples = [
    PointerSample(time: 0, x: 0, y: 5), PointerSample(time: 0.01, x: 1, y: 5),
    PointerSample(time: 0.02, x: 3, y: 5),
  ]

  /// α = 0.5: S′ = 0, 0.5, 1.75 and S″ = 0, 0.25, 1.0, so the trend is (α/(1−α))(S′−S″) = 0.75
  /// per 10 ms sample. Two samples ahead: 3 + 1.5 from the newest sample, or
  /// 2·1.75 − 1 + 1.5 = 4 from the smoothed level (LaViola's formula).
  @Test("DESP two samples ahead", arguments: [(PredictionOrigin.lastSample, 4.5), (.model, 4.0)])
  func desp(origin: PredictionOrigin, expected: Double) throws {
    var p = DoubleExponentialPredictor(parameters: DoubleExponentialParameters(alpha: 0.5, origin: origin))
    for s in Self.samples { p.observe(s) }
    let q = try #require(p.predict(at: 0.04))
    #expect(abs(q.x - expected) < 1e-12)
    #expect(abs(q.y - 5) < 1e-12)
  }

  /// α, β, γ = 0.5, 0.4, 0.1. The second sample sets v = 100. The third is predicted at 2, so
  /// the residual is 1: x = 2.5, v = 100 + 0.4·1/0.01 = 140, a = 2·0.1·1/0.01² = 2000. 10 ms
  /// ahead: 3 + 1.4 + 0.1 = 4.5 from the newest sample, 2.5 + 1.5 = 4.0 from the filter.
  @Test("α-β-γ one step ahead", arguments: [(PredictionOrigin.lastSample, 4.5), (.model, 4.0)])
  func alphaBetaGamma(origin: PredictionOrigin, expected: Double) throws {
    var p = AlphaBetaGammaPredictor(
      parameters: AlphaBetaGammaParameters(alpha: 0.5, beta: 0.4, gamma: 0.1, origin: origin))
    for s in Self.samples { p.observe(s) }
    let q = try #require(p.predict(at: 0.03))
    #expect(abs(q.x - expected) < 1e-9)
    #expect(abs(q.y - 5) < 1e-12)
  }

  @Test("α-β-γ: a repeated time stamp only corrects the position")
  func alphaBetaGammaDuplicateTime() throws {
    var p = AlphaBetaGammaPredictor()
    for s in Self.samples { p.observe(s) }
    p.observe(PointerSample(time: 0.02, x: 3.5, y: 5))
    let q = try #require(p.predict(at: 0.03))
    #expect(q.x.isFinite)
  }

  /// From 0 to 10 in 10 ms with a 1 Hz cutoff: α = r/(r+1), r = 2π·1·0.01, so 10·α =
  /// 0.59117…; with β = 0.1 the speed estimate 1000·α = 59.117 raises the cutoff to 6.9117 Hz,
  /// giving 3.02784… (both computed with Python's math module).
  @Test("1€ filter, one step", arguments: [(0.0, 0.5911739744174893), (0.1, 3.0278481081049744)])
  func oneEuro(beta: Double, expected: Double) {
    var f = OneEuroFilter(parameters: OneEuroParameters(minCutoffHz: 1, beta: beta, derivativeCutoffHz: 1))
    #expect(f.filter(SIMD2(0, 0), at: 0) == SIMD2(0, 0))
    let out = f.filter(SIMD2(10, -10), at: 0.01)
    #expect(abs(out.x - expected) < 1e-12)
    #expect(abs(out.y + expected) < 1e-12)
    // No interval: output unchanged.
    #expect(f.filter(SIMD2(50, 50), at: 0.01) == out)
  }
}
