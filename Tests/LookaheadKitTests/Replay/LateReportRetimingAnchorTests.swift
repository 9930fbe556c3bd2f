import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// Late-report re-timing on the file that has such reports: TurboTouch's `strokes.csv` (16 steps of
/// 0.16–0.29 ms, ANCHOR-PROTOCOL §2). An MLP with zero weights predicts two-point linear
/// extrapolation from the window its features read, so with `lateReportFraction` it is linear
/// extrapolation from the re-timed window. Its anchor-protocol row must equal an independent
/// computation of that (numpy, `Tools/retimed_linear_golden.py`, which also reproduces §3's linear
/// row), and without the field the zero MLP must give §3's linear row itself. A constant-velocity
/// learned linear model with the field must give the re-timed row too.
@Suite("Late-report re-timing on TurboTouch, against an independent computation")
struct LateReportRetimingAnchorTests {
  /// `python3 Tools/retimed_linear_golden.py`: native px, mean / p95 at the seven horizons.
  static let retimedLinear: [(Double, Double)] = [
    (3.117731, 8.364663), (5.898717, 16.454415), (8.339186, 22.446238), (10.892369, 27.715295),
    (13.812228, 33.170631), (16.806060, 39.204246), (23.625232, 53.645171),
  ]
  static let linear: [(Double, Double)] = [
    (8.069069, 9.471985), (15.801381, 18.013293), (23.193224, 23.751506), (30.697497, 30.144294),
    (38.616791, 34.154240), (46.571040, 40.859475), (63.168906, 55.561587),
  ]

  @Test("a zero MLP or constant-velocity learned model with re-timing scores the re-timed linear row; without, §3's linear row",
        .needsShared("TurboTouch-Nancel2018"))
  func zeroNetworkRows() throws {
    let strokes = try AnchorDatasets.strokes("TurboTouch-Nancel2018", raw: true)
    var parameters = MLPPredictor.Parameters.linearStart(historyCount: 8, hiddenSizes: [4])
    let plain = PerSampleReplay().score(MLPPredictor(parameters: parameters), on: strokes)
    parameters.lateReportFraction = 0.25
    let retimed = PerSampleReplay().score(MLPPredictor(parameters: parameters), on: strokes)
    // The learned linear model with constant-velocity weights over the same nine samples.
    var learned = LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 8)
    learned.lateReportFraction = 0.25
    let learnedRetimed = PerSampleReplay().score(LearnedLinearPredictor(parameters: learned), on: strokes)
    for (label, scores, golden) in [
      ("as recorded", plain, Self.linear), ("re-timed", retimed, Self.retimedLinear),
      ("learned linear, re-timed", learnedRetimed, Self.retimedLinear),
    ] {
      #expect(scores.count == golden.count)
      for (score, (mean, p95)) in zip(scores, golden) {
        #expect(abs(score.meanError - mean) < 1e-5, "\(label) mean at \(score.horizon): \(score.meanError)")
        #expect(abs(score.p95Error - p95) < 1e-5, "\(label) p95 at \(score.horizon): \(score.p95Error)")
      }
    }
  }
}
