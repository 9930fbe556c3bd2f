import Foundation
import Testing

/// Under `--protocol anchor` each recorded sample is scored serially at the fixed anchor horizons
/// and a comparison is each stroke's mean error per horizon, so the scorecard's metric settings,
/// the paired column and the core count (`parts`) have no effect there, and the bootstrap's
/// resamples none without a comparison. They were recorded in every anchor result's settings as if
/// they had been used; now only what the run used is, as the seed is (4ef9e3e). Frame replay's
/// settings are unchanged.
@Suite("anchor protocol: settings recorded only where used")
struct AnchorSettingsProvenanceTests {
  static func settings(_ arguments: [String]) throws -> [String: String] {
    let run = try DatasetsCommandTests.run(arguments + ["--json"])
    #expect(run.status == 0, "\(arguments): \(run.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let provenance = try #require(object["provenance"] as? [String: Any])
    return try #require(provenance["settings"] as? [String: String])
  }

  @Test("evaluate --protocol anchor records no setting it did not use, in JSON or CSV")
  func evaluateAnchor() throws {
    #expect(try Self.settings(["evaluate", "--predictor", "linear", "--protocol", "anchor", "Inkable-ApplePencil"]) == [:])
    let csv = try DatasetsCommandTests.run(
      ["evaluate", "--predictor", "linear", "--protocol", "anchor", "--csv", "Inkable-ApplePencil"])
    #expect(csv.status == 0, "\(csv.stderr)")
    #expect(!csv.stdout.contains("# setting:"), "\(csv.stdout)")
  }

  @Test("compare --protocol anchor records its bootstrap's resamples and baseline, nothing else")
  func compareAnchor() throws {
    let compared = try Self.settings(
      ["compare", "hold", "linear", "--protocol", "anchor", "--resamples", "200", "--baseline", "linear",
       "Inkable-ApplePencil"])
    #expect(compared == ["bootstrap_resamples": "200", "baseline": "linear"])
    // The recorded predictions are scored at their own leads, so one predictor is left to pair.
    let alone = try Self.settings(["compare", "recorded", "linear", "--protocol", "anchor", "Inkable-ApplePencil"])
    #expect(alone == [:])
  }

  @Test("frame replay still records its metric settings, paired column, resamples and parts")
  func frameReplayUnchanged() throws {
    let replay = try Self.settings(["compare", "hold", "linear", "--resamples", "200", "Inkable-ApplePencil"])
    #expect(Set(replay.keys) == ["bootstrap_resamples", "metric_settings", "paired_column", "parts"])
    #expect(replay["paired_column"] == "error_mean_mm" && replay["bootstrap_resamples"] == "200")
  }
}
