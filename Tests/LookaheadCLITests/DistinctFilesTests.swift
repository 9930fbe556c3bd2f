import Foundation
import Testing
import _LookaheadTestSupport

/// One command's outputs and inputs are different files, whatever `--force` says
/// (`DistinctFiles`): `evaluate --records r.csv --csv --output r.csv --force` replaced the 289
/// records with the one-row result (exit 0), `tune --journal t.jsonl --out t.jsonl --force` the
/// journal with the configuration, and `report compare.json -o compare.json --force` the result
/// with its own report.
@Suite("Outputs and inputs of one command are different files")
struct DistinctFilesTests {
  static func folder() throws -> URL {
    let folder = DatasetsCommandTests.temporaryURL("distinct")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("evaluate --records and --output naming one file are refused before anything is written",
        arguments: [["--force"], []])
  func recordsAndOutput(force: [String]) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try DatasetsCommandTests.run(
      ["evaluate", "--predictor", "hold", "--records", "r.csv", "--csv", "--output", folder.path + "/./r.csv", "--quiet",
       "Inkable-ApplePencil"] + force,
      in: folder)
    #expect(result.status == 1, "\(result.stdout)")
    #expect(result.stderr.contains("--records and --output name the same file"), "\(result.stderr)")
    #expect(result.stderr.contains("give each its own path"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.csv").path))
    // Two files, as before.
    let apart = try DatasetsCommandTests.run(
      ["evaluate", "--predictor", "hold", "--records", "r.csv", "--csv", "--output", "e.csv", "--quiet", "Inkable-ApplePencil"],
      in: folder)
    #expect(apart.status == 0, "\(apart.stderr)")
    let records = try String(contentsOf: folder.appendingPathComponent("r.csv"), encoding: .utf8)
    #expect(records.split(separator: "\n").filter { $0.hasPrefix("Inkable-ApplePencil,hold,") }.count == 289)
  }

  @Test("tune --journal naming --out or its side file is refused before any trial", arguments: [
    ("t.jsonl", "--out"), ("t.jsonl.tune.json", "--out's side file"),
  ])
  func journalAndOut(journal: String, clash: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try DatasetsCommandTests.run(
      ["tune", "--predictor", "linear", "--trials", "2", "--quiet", "--journal", journal, "--out", "t.jsonl", "--force",
       "--test", "Henze2017-MobileHCI:Fitts", "Inkable-ApplePencil"],
      in: folder)
    #expect(result.status == 1, "\(result.stdout)")
    #expect(result.stderr.contains("--journal and \(clash) name the same file"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("report -o naming one of its inputs is refused and the input kept", arguments: ["html", "md"])
  func reportOverItsInput(format: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let made = try DatasetsCommandTests.run(
      ["evaluate", "--predictor", "hold", "--json", "--output", "e.json", "--quiet", "Inkable-ApplePencil"], in: folder)
    #expect(made.status == 0, "\(made.stderr)")
    let input = folder.appendingPathComponent("e.json")
    let before = try Data(contentsOf: input)
    let result = try DatasetsCommandTests.run(
      ["report", "e.json", "-o", input.path, "--format", format, "--force", "--quiet"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("-o \(input.path) is also an input (e.json)"), "\(result.stderr)")
    #expect(try Data(contentsOf: input) == before)
    let apart = try DatasetsCommandTests.run(["report", "e.json", "-o", "r.\(format)", "--quiet"], in: folder)
    #expect(apart.status == 0, "\(apart.stderr)")
  }
}
