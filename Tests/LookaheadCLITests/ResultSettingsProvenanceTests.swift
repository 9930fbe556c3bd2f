import Foundation
import Testing

/// A result's settings hold what the run used, as the seed (4ef9e3e) and the anchor protocol's
/// settings (f2325c3) do. `--protocol henze2017` refuses `--resamples`, `--paired-column` and
/// `--metrics` (no paired comparison, the paper's table) and scores serially, yet its results
/// recorded `bootstrap_resamples`, `paired_column`, `metric_settings` and `parts`; and a frame
/// replay of one predictor recorded `bootstrap_resamples` (and the paired column) with nothing paired.
@Suite("result settings recorded only where used")
struct ResultSettingsProvenanceTests {
  @Test("evaluate and compare --protocol henze2017 record no settings, in JSON or CSV")
  func henze2017() throws {
    #expect(try AnchorSettingsProvenanceTests.settings(
      ["evaluate", "--predictor", "linear", "--protocol", "henze2017", "Henze2017-MobileHCI:Write"]) == [:])
    let csv = try DatasetsCommandTests.run(
      ["compare", "hold", "linear", "--protocol", "henze2017", "--csv", "Henze2017-MobileHCI:Write"])
    #expect(csv.status == 0, "\(csv.stderr)")
    #expect(csv.stdout.contains("# protocol: henze2017") && !csv.stdout.contains("# setting:"), "\(csv.stdout)")
  }

  @Test("a frame replay records the bootstrap's resamples and paired column only when it paired predictors")
  func frameReplayBootstrap() throws {
    let one = try AnchorSettingsProvenanceTests.settings(["evaluate", "--predictor", "linear", "Inkable-ApplePencil"])
    #expect(Set(one.keys) == ["metric_settings", "parts"])
    let alone = try AnchorSettingsProvenanceTests.settings(["compare", "linear", "--baseline", "linear", "Inkable-ApplePencil"])
    #expect(Set(alone.keys) == ["metric_settings", "parts"])
    let paired = try AnchorSettingsProvenanceTests.settings(
      ["compare", "hold", "linear", "--resamples", "200", "--baseline", "linear", "Inkable-ApplePencil"])
    #expect(paired["bootstrap_resamples"] == "200" && paired["baseline"] == "linear")
    #expect(paired["paired_column"] == "error_mean_mm" && paired["parts"] != nil && paired["metric_settings"] != nil)
  }
}
