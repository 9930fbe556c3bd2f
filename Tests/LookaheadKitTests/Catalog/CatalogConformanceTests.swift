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
    let problems = suite.violations(seed: 7)
    #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "\n"))")
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
