import Foundation
import LookaheadRuntime
import Testing

/// A training's `--test` data was recorded among the datasets of its result, and `export` copied
/// them all into the model's `provenance.datasets`, the data the model was made from. Scoring the
/// exported model on its own `--test` data, of a writer it was also fitted on, then printed that
/// the score "includes data the model was trained or selected on", though that data was only ever
/// held out. The result now marks `--test` data, and the model leaves it out.
@Suite("export gives a model only the data it was made from, not its --test data")
struct ExportLeavesOutTestDataTests {
  static let inkable = "Datasets/Inkable-ApplePencil/"
  static let heldOutFile = inkable + "pencil-antigrain.json"
  static let trainingFiles = ["events.json", "pencil-antigrain2.json", "pencil-error.json", "unknown-polyline-index.json"]
    .map { inkable + $0 }

  @Test("the --test file is marked in the result, left out of the model, and scoring on it gives no fitted-writers note")
  func testDataIsNotFittedData() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("m.json"), model = dir.appendingPathComponent("m.model")
    let train = try DatasetsCommandTests.run(
      ["train", "--history", "2", "--lambdas", "1e-6", "--quiet", "--test", Self.heldOutFile, "-o", out.path]
        + Self.trainingFiles)
    try #require(train.status == 0, "\(train.stderr)")
    let result = try JSONDecoder().decode(
      TrainResultDatasets.self, from: Data(contentsOf: dir.appendingPathComponent("m.train.json")))
    #expect(result.provenance.datasets.filter { $0.testData == true }.map(\.reference) == [Self.heldOutFile])

    let export = try DatasetsCommandTests.run(["export", "--from-train", out.path, "-o", model.path])
    try #require(export.status == 0, "\(export.stderr)")
    let provenance = try LookaheadModel(contentsOf: model).file.provenance
    #expect(provenance.datasets.map(\.name) == Self.trainingFiles)

    let heldOut = try DatasetsCommandTests.run(["evaluate", "--model", model.path, Self.heldOutFile])
    #expect(heldOut.status == 0, "\(heldOut.stderr)")
    #expect(!heldOut.stderr.contains("was fitted on"), "\(heldOut.stderr)")
    let fitted = try DatasetsCommandTests.run(["evaluate", "--model", model.path, Self.trainingFiles[0]])
    #expect(fitted.status == 0, "\(fitted.stderr)")
    #expect(fitted.stderr.contains("note: \(model.path) was fitted on writer adamwulf"), "\(fitted.stderr)")
  }

  /// The part of a `.train.json` this test reads.
  struct TrainResultDatasets: Decodable {
    struct Provenance: Decodable {
      struct Dataset: Decodable {
        var reference: String
        var testData: Bool?
      }
      var datasets: [Dataset]
    }
    var provenance: Provenance
  }
}
