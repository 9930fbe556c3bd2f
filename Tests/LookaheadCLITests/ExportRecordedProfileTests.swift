import Foundation
import Testing

/// `export --profile recorded` said only that `recorded` is "neither a preset … nor an existing
/// file", while every other command that takes `--profile` says it works with `replay` only and
/// what to give instead. Export now refuses it through the same code (``ProfileOption``).
@Suite("export --profile recorded is refused as every other command refuses it")
struct ExportRecordedProfileTests {
  @Test("export gives evaluate's message for --profile recorded, and writes nothing")
  func sameMessageAsEvaluate() throws {
    let dir = DatasetsCommandTests.temporaryURL("export-recorded-profile")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let model = dir.appendingPathComponent("m.model")
    let export = try DatasetsCommandTests.run(["export", "--predictor", "linear", "--profile", "recorded", "-o", model.path])
    let evaluate = try DatasetsCommandTests.run(["evaluate", "--predictor", "linear", "--profile", "recorded", "Inkable-ApplePencil"])
    #expect(export.status == 1 && evaluate.status == 1, "\(export.stderr)\(evaluate.stderr)")
    #expect(export.stderr.contains("works only with `lookahead replay`"), "\(export.stderr)")
    #expect(!export.stderr.contains("neither a preset"), "\(export.stderr)")
    #expect(export.stderr == evaluate.stderr)
    #expect(!FileManager.default.fileExists(atPath: model.path))
  }
}
