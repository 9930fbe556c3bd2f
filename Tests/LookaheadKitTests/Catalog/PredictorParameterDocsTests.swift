import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `Docs/Predictors.md`'s parameter tables are generated from the runtime's field tables
/// (``PredictorParameterDocs``). This fails when the page differs from what the tables say;
/// `LOOKAHEAD_REGENERATE_DOCS=1 swift test --filter PredictorParameterDocsTests` rewrites it.
@Suite("Predictor parameter docs")
struct PredictorParameterDocsTests {
  static let page = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Docs/Predictors.md")

  @Test("Docs/Predictors.md's parameter tables are the generated ones")
  func pageMatchesTables() throws {
    let current = try String(contentsOf: Self.page, encoding: .utf8)
    let generated = try PredictorParameterDocs.regenerate(current)
    if ProcessInfo.processInfo.environment["LOOKAHEAD_REGENERATE_DOCS"] == "1", generated != current {
      try generated.write(to: Self.page, atomically: true, encoding: .utf8)
      return
    }
    #expect(generated == current, "regenerate: LOOKAHEAD_REGENERATE_DOCS=1 swift test --filter PredictorParameterDocsTests")
  }

  @Test("a table row carries the field's bounds, unit and default as validate() and the catalog see them")
  func kalmanRows() throws {
    let kalman = try #require(PredictorParameterDocs.tables.first { $0.name == "kalman" }).markdown
    #expect(kalman.contains(
      "| `processNoise` / `process-noise` | units²/time-unit^(2n−2) | 0.01 | 1e-09…1e+06 (log) | process noise variance q (lower = smoother) |"))
    #expect(kalman.contains("| `stateModel` / `state` | – | acceleration / jerk | velocity, acceleration, jerk |"))
    // The bounds in the row are the ones validate() enforces.
    #expect(throws: PredictorParameterError.self) { try KalmanParameters(processNoise: 1e6.nextUp).validate() }
    #expect(throws: Never.self) { try KalmanParameters(processNoise: 1e6).validate() }
  }

  @Test("every family with parameters has a generated table, and the page lists every family name")
  func everyFamilyDocumented() throws {
    // hold has no parameters.
    let tabled = Set(PredictorFamily.names).subtracting(["hold"]).union(["stages"])
    #expect(Set(PredictorParameterDocs.tables.map(\.name)) == tabled)
    let page = try String(contentsOf: Self.page, encoding: .utf8)
    let familyLine = try #require(page.split(separator: "\n").first { $0.hasPrefix("- `family`:") })
    for name in PredictorFamily.names { #expect(familyLine.contains("`\(name)`"), "\(name) missing from the family list") }
  }

  @Test("a missing marker is named")
  func missingMarker() {
    #expect(throws: PredictorParameterDocs.Missing.self) { try PredictorParameterDocs.regenerate("# Predictors\n") }
  }
}
