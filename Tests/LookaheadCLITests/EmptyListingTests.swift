import Foundation
import Testing

/// Lists with nothing in them say so: `predictors show turbotouch64` printed a parameter table
/// that was its header alone, and the export summary a `datasets` line with nothing after it.
@Suite("predictors show and the export summary: an empty list says none")
struct EmptyListingTests {
  @Test("a predictor without parameters says none, not an empty table")
  func noParameters() throws {
    let result = try DatasetsCommandTests.run(["predictors", "show", "turbotouch64"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("parameter  unit"))
    #expect(
      result.stdout.hasSuffix(
        "exportable: no\n\nparameters: none (a fixed configuration: nothing to set with turbotouch64:key=value or to tune)\n\n"))
    let hold = try DatasetsCommandTests.run(["predictors", "show", "hold"])
    #expect(hold.stdout.contains("\nparameter  ") && hold.stdout.contains("\ngap-limit "))
  }

  @Test("an export without datasets says datasets none")
  func noDatasets() throws {
    let model = DatasetsCommandTests.temporaryURL("nodata.model")
    defer { try? FileManager.default.removeItem(at: model) }
    let result = try DatasetsCommandTests.run(["export", "--predictor", "hold", "-o", model.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("\n  datasets   none\n"))
    let named = try DatasetsCommandTests.run(["export", "--predictor", "hold", "--dataset", "Inkable-ApplePencil", "-o", model.path, "--force"])
    #expect(named.stdout.hasSuffix("\n  datasets   Inkable-ApplePencil\n"))
  }
}
