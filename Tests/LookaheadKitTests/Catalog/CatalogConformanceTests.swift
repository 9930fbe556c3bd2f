import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// The shared conformance suite, generated over every catalog entry with its default parameters.
@Suite("Catalog conformance")
struct CatalogConformanceTests {
  /// Samples after which each entry must predict a constant-speed line to 1e-9. Entries with
  /// finite memory are exact as soon as their window is full; recursive filters converge
  /// geometrically, and these counts were found by running them (about 0.5–2 s of input).
  static let settle: [String: Int] = [
    "hold": 1, "linear": 2, "polynomial": 3, "savitzky-golay": 5,
    "kalman": 400, "kalman-chromium": 400, "kalman-androidx": 400,
    "desp": 80, "alpha-beta-gamma": 2,
  ]

  @Test("every exported entry conforms", arguments: PredictorCatalog.exported.names)
  func conforms(name: String) throws {
    let configured = try PredictorCatalog.exported.configure(specification: name)
    let settle = Self.settle[name] ?? 400
    var suite = PredictorConformance(settleSamples: settle) { configured.makePredictor() }
    if name == "hold" { suite.horizons = [0] }  // hold is exact on a line only at horizon 0
    // A preset's platform cap (Chromium 25 ms, AndroidX 32 ms) stops a line short past it:
    // exactness is checked up to the cap, and the cap itself below.
    if let cap = configured.configuration?.stages.gates.horizonCapSeconds, cap > 0 {
      suite.horizons = suite.horizons.filter { $0 <= cap }
    }
    let problems = suite.violations(seed: 7)
    #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "\n"))")
  }

  @Test("a platform preset never predicts past its cap: on a line, a horizon beyond it lands at the cap", arguments: [
    ("kalman-chromium", 0.025), ("kalman-androidx", 0.032),
  ])
  func presetCapsTheHorizon(name: String, cap: Double) throws {
    let configured = try PredictorCatalog.exported.configure(specification: name)
    var predictor = configured.makePredictor()
    let samples = AnalyticMotion.standard[1].samples(rateHz: 240, count: 600)  // the line
    for s in samples { predictor.observe(s) }
    let last = try #require(samples.last)
    let atCap = try #require(predictor.predict(at: last.time + cap))
    // On the line (300, −200) units/s the prediction at the cap is cap seconds ahead, not further.
    #expect(abs(atCap.x - (last.x + 300 * cap)) < 1e-6 && abs(atCap.y - (last.y - 200 * cap)) < 1e-6)
    for h in [cap + 0.001, 0.05, 0.1] {
      let beyond = try #require(predictor.predict(at: last.time + h))
      #expect(beyond.x == atCap.x && beyond.y == atCap.y, "\(name) at \(h * 1000) ms")
    }
  }

  @Test("hold predicts the newest sample at every horizon, whatever the motion")
  func holdNeverMoves() throws {
    let configured = try PredictorCatalog.exported.configure(specification: "hold")
    for motion in AnalyticMotion.standard {
      var predictor = configured.makePredictor()
      for s in motion.samples(rateHz: 240, count: 50) {
        predictor.observe(s)
        for h in [0.0, 0.004, 0.016, 0.1] {
          let p = try #require(predictor.predict(at: s.time + h))
          #expect(p.x == s.x && p.y == s.y && p.time == s.time + h)
        }
      }
    }
  }

  @Test("a settled predictor predicts a constant-speed line — and the check can fail")
  func lineCheckDetectsAWrongPredictor() {
    // Guard against a vacuous suite: hold at a non-zero horizon must be reported.
    let suite = PredictorConformance(settleSamples: 1) { HoldPredictor() }
    #expect(!suite.lineIsPredicted(rateHz: 240).isEmpty)
  }
}
