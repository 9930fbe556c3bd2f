import Foundation
import Testing

/// `export --from-train missing.json` reported "missing.train.json: cannot read the file", a file
/// the user never named (the result `--from-train` looks for beside a model `train -o` wrote). A
/// file that is not there is now named as given; a model whose result is not beside it names both,
/// and why the second was looked for.
@Suite("export --from-train names the file given")
struct ExportFromTrainFileNamesTests {
  @Test("a missing --from-train file is named as given, not as the .train.json beside it")
  func missingFileIsNamedAsGiven() throws {
    let dir = DatasetsCommandTests.temporaryURL("from-train-missing")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try MisplacedFileTests.run(["export", "--from-train", "missing.json", "-o", "m.model"], in: dir)
    #expect(result.status == 1)
    #expect(result.stderr.contains("missing.json: cannot read the file"), "\(result.stderr)")
    #expect(!result.stderr.contains("missing.train.json"), "\(result.stderr)")
  }

  @Test("a model whose .train.json is not beside it: both files are named, and why the second was looked for")
  func modelWithoutItsResultNamesBoth() throws {
    let dir = DatasetsCommandTests.temporaryURL("from-train-beside")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try MisplacedFileTests.trace().write(to: dir.appendingPathComponent("mine.lktrace.csv"), atomically: true, encoding: .utf8)
    let train = try MisplacedFileTests.run(
      ["train", "--split", "holdout=0.25,seed=1", "--quiet", "-o", "m.json", "mine.lktrace.csv"], in: dir)
    #expect(train.status == 0, "\(train.stderr)")
    let exported = try MisplacedFileTests.run(["export", "--from-train", "m.json", "-o", "m.model"], in: dir)
    #expect(exported.status == 0, "with its result beside it, the model exports: \(exported.stderr)")

    try FileManager.default.removeItem(at: dir.appendingPathComponent("m.train.json"))
    let result = try MisplacedFileTests.run(["export", "--from-train", "m.json", "-o", "again.model"], in: dir)
    #expect(result.status == 1)
    let given = dir.appendingPathComponent("m.json").path, beside = dir.appendingPathComponent("m.train.json").path
    #expect(result.stderr.contains("\(given): not a training result itself"), "\(result.stderr)")
    #expect(result.stderr.contains("\(beside), which does not exist"), "\(result.stderr)")
    #expect(result.stderr.contains("train -o"), "why it was looked for: \(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("again.model").path))
  }
}
