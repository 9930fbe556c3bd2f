import Foundation
import Testing

/// A result's settings hold what the run used, as the seed (4ef9e3e) and the anchor protocol's
/// settings (f2325c3) do. `--protocol henze2017` refuses `--resamples`, `--paired-column` and
/// `--metrics` (no paired comparison, the paper's table) and scores serially, yet its results
/// recorded `bootstrap_resamples`, `paired_column`, `metric_settings` and `parts`.
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
}
