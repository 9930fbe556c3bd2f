import LookaheadKit
import Testing
import _LookaheadTestSupport

/// The hold and linear rows of `../shared/design/ANCHOR-PROTOCOL.md` §3 (native units, mean /
/// p95, and the issue-point counts), transcribed from that file.
struct AnchorGolden: Sendable, CustomTestStringConvertible {
  var dataset: String
  var n: [Int]
  var hold: [(Double, Double)]
  var linear: [(Double, Double)]
  var testDescription: String { dataset }
  /// Rows touched by cleaning per §2's "rows → kept" column: R1, R2, R3.
  var cleaning: (outOfOrder: Int, sameTime: Int, repeated: Int)

  static let all: [AnchorGolden] = [
    .init(
      dataset: "Inkable-ApplePencil",
      n: [543, 538, 533, 528, 524, 521, 508],
      hold: [(3.86, 8.05), (7.65, 16.1), (11.4, 24.2), (15.2, 30.9), (18.9, 39.1), (22.7, 45.9), (29.8, 59.3)],
      linear: [(0.904, 2.30), (2.03, 4.70), (3.55, 8.36), (5.53, 14.0), (7.92, 19.6), (10.8, 27.2), (17.7, 43.9)],
      cleaning: (0, 0, 0)),
    .init(
      dataset: "TurboTouch-Nancel2018",
      n: [1026, 1026, 1026, 1026, 1024, 1024, 1020],
      hold: [(9.65, 19.1), (19.0, 36.6), (28.6, 53.0), (38.0, 69.4), (47.6, 87.0), (56.9, 103), (75.9, 137)],
      linear: [(8.07, 9.47), (15.8, 18.0), (23.2, 23.8), (30.7, 30.1), (38.6, 34.2), (46.6, 40.9), (63.2, 55.6)],
      cleaning: (0, 0, 0)),
    .init(
      dataset: "Henze2017-MobileHCI",
      n: [130476, 130323, 128771, 128216, 127625, 127128, 126119],
      hold: [(3.53, 13.7), (7.05, 27.3), (10.7, 41.2), (14.2, 54.9), (17.6, 67.2), (21.0, 80.4), (27.9, 106)],
      linear: [(1.66, 6.51), (3.32, 13.0), (4.92, 19.1), (6.57, 25.5), (8.52, 32.6), (10.6, 40.6), (15.0, 57.8)],
      cleaning: (0, 55, 0)),
    .init(
      dataset: "SVC2004-Task2",
      n: [9738, 9738, 9111, 9111, 8503, 8496, 7899],
      hold: [(39.0, 109), (77.9, 218), (116, 321), (155, 426), (193, 524), (229, 621), (300, 806)],
      linear: [(13.7, 34.6), (27.3, 69.0), (47.2, 119), (71.6, 181), (99.1, 246), (133, 331), (210, 521)],
      cleaning: (0, 36, 0)),
    .init(
      dataset: "WacomMSP13-HandwritingSpeed",
      n: [22427, 22025, 21626, 21266, 21229, 20837, 20074],
      hold: [(16.0, 45.1), (31.5, 87.7), (46.9, 130), (62.1, 168), (77.3, 207), (91.9, 241), (120, 307)],
      linear: [(5.63, 13.0), (12.1, 32.8), (19.7, 55.7), (28.9, 91.5), (40.0, 123), (51.9, 154), (79.5, 223)],
      cleaning: (0, 53, 902)),
  ]
}

@Suite("Anchor protocol reproduces the hold and linear rows")
struct AnchorProtocolTests {
  static func expectRow(_ scores: [PerSampleScore], _ golden: [(Double, Double)], n: [Int], _ label: String) {
    #expect(scores.count == 7)
    for (k, score) in scores.enumerated() {
      let (mean, p95) = golden[k]
      #expect(score.issuePoints == n[k], "\(label) n at \(score.horizon)")
      #expect(abs(score.meanError - mean) <= Tolerance.printed(mean), "\(label) mean at \(score.horizon): \(score.meanError)")
      #expect(abs(score.p95Error - p95) <= Tolerance.printed(p95), "\(label) p95 at \(score.horizon): \(score.p95Error)")
    }
  }

  /// Raw rows through the protocol's own cleaning: the rule counts of §2 and all 14 rows of §3.
  /// The importer-cleaned traces then give identical scores and no further cleaning (idempotence).
  @Test("the bundled selections", arguments: AnchorGolden.all.filter { AnchorDatasets.bundledNames.contains($0.dataset) })
  func holdAndLinearRowsOnBundledData(golden: AnchorGolden) throws {
    try Self.checkHoldAndLinearRows(golden)
  }

  @Test("the shared selections", .needsShared("TurboTouch-Nancel2018", "SVC2004-Task2", "WacomMSP13-HandwritingSpeed"),
        arguments: AnchorGolden.all.filter { AnchorDatasets.sharedNames.contains($0.dataset) })
  func holdAndLinearRowsOnSharedData(golden: AnchorGolden) throws {
    try Self.checkHoldAndLinearRows(golden)
  }

  static func checkHoldAndLinearRows(_ golden: AnchorGolden) throws {
    let raw = try AnchorDatasets.strokes(golden.dataset, raw: true)
    let replay = PerSampleReplay()
    let report = replay.forEachIssuePoint(ReferenceHoldPredictor(), on: raw) { _ in }
    #expect(report[StrokeCleaner.outOfOrderRule] == golden.cleaning.outOfOrder)
    #expect(report[StrokeCleaner.sameTimeRule] == golden.cleaning.sameTime)
    #expect(report[StrokeCleaner.duplicatePositionRule] == golden.cleaning.repeated)
    let hold = replay.score(ReferenceHoldPredictor(), on: raw)
    let linear = replay.score(ReferenceLinearPredictor(), on: raw)
    expectRow(hold, golden.hold, n: golden.n, "\(golden.dataset) hold")
    expectRow(linear, golden.linear, n: golden.n, "\(golden.dataset) linear")

    let cleaned = try AnchorDatasets.strokes(golden.dataset, raw: false)
    #expect(replay.forEachIssuePoint(ReferenceHoldPredictor(), on: cleaned) { _ in }.total == 0)
    #expect(replay.score(ReferenceLinearPredictor(), on: cleaned) == linear)
    #expect(replay.score(ReferenceHoldPredictor(), on: cleaned) == hold)
  }
}
