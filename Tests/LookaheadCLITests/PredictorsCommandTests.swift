import Foundation
import LookaheadKit
import Testing

/// End to end: `lookahead predictors list|show` print the whole workbench catalog, baselines
/// marked as not exportable.
@Suite("lookahead predictors (CLI)")
struct PredictorsCommandTests {
  @Test func listShowsEveryWorkbenchEntryWithItsExportability() throws {
    let run = try DatasetsCommandTests.run(["predictors", "list", "--json"])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    let exportable = Dictionary(uniqueKeysWithValues: rows.compactMap { row -> (String, Bool)? in
      guard let name = row["name"] as? String, let flag = row["exportable"] as? Bool else { return nil }
      return (name, flag)
    })
    #expect(exportable.count == PredictorCatalog.workbench.entries.count)
    for entry in PredictorCatalog.exported.entries { #expect(exportable[entry.name] == true, "\(entry.name)") }
    #expect(exportable[BaselinePredictors.turboTouch64Name] == false)
  }

  @Test func showPrintsABaselineAndRejectsAnUnknownName() throws {
    let show = try DatasetsCommandTests.run(["predictors", "show", BaselinePredictors.turboTouch64Name])
    #expect(show.status == 0, "\(show.stderr)")
    #expect(show.stdout.contains("exportable: no"))
    let bad = try DatasetsCommandTests.run(["predictors", "show", "no-such-predictor"])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("no-such-predictor"))
  }
}
