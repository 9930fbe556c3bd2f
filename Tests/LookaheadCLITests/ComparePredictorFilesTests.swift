import Foundation
import Testing

/// `compare` compares every predictor it is given, and `sweep` took `--predictor-file` repeatedly,
/// but compare's was a single value: `compare --predictor-file a.json --predictor-file b.json`
/// compared b's predictors alone and exited 0. Each file's predictors are compared now.
@Suite("compare --predictor-file repeats")
struct ComparePredictorFilesTests {
  @Test("two predictor files give the rows of both, in the order given")
  func bothFilesCompared() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let hold = dir.appendingPathComponent("hold.json"), linear = dir.appendingPathComponent("linear.json")
    try Data(#"{"predictor": "hold", "parameters": {}}"#.utf8).write(to: hold)
    try Data(#"{"predictor": "linear", "parameters": {}}"#.utf8).write(to: linear)
    let run = try DatasetsCommandTests.run(
      ["compare", "--predictor-file", hold.path, "--predictor-file", linear.path, "--csv", "Inkable-ApplePencil"])
    #expect(run.status == 0, "\(run.stderr)")
    let predictors = run.stdout.split(separator: "\n").filter { $0.hasPrefix("# predictor: ") }
      .map { $0.dropFirst("# predictor: ".count).prefix { $0 != ":" } }
    #expect(predictors == ["hold", "linear"], "\(run.stdout)")
  }
}
