import Foundation
import Testing

/// `--quiet`'s help said only progress or status lines were dropped, but `evaluate`, `compare` and
/// `sweep` also leave out their notes on a `--model` file with it (``FittedWritersNote``: a score
/// that includes the model's training writers; ``FixedHorizonModelNote``): the help now says so.
@Suite("--quiet's help names the notes it leaves out")
struct QuietOptionHelpTests {
  @Test("every command's --quiet help names the --model notes it leaves out")
  func helpNamesNotes() throws {
    for command in ["evaluate", "sweep", "train"] {
      let help = try DatasetsCommandTests.run([command, "--help"])
      #expect(help.status == 0, "\(help.stderr)")
      let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(
        words.contains("--quiet Print no progress or status lines, nor the notes evaluate, compare and sweep print on a --model file"),
        "\(command): \(help.stdout)")
    }
  }

  @Test("evaluate --quiet leaves out the fitted-writers note, which it prints without")
  func quietDropsFittedWritersNote() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let data = "Henze2017-MobileHCI:Fitts"
    let out = dir.appendingPathComponent("m.json"), model = dir.appendingPathComponent("m.model")
    let train = try DatasetsCommandTests.run(
      ["train", "--split", TuneExportChainTests.split, "--history", "4", "--lambdas", "1e-6", "--quiet", "-o", out.path, data])
    try #require(train.status == 0, "\(train.stderr)")
    let export = try DatasetsCommandTests.run(["export", "--from-train", out.path, "-o", model.path])
    try #require(export.status == 0, "\(export.stderr)")
    let loud = try DatasetsCommandTests.run(["evaluate", "--model", model.path, data])
    let quiet = try DatasetsCommandTests.run(["evaluate", "--model", model.path, "--quiet", data])
    #expect(loud.status == 0 && quiet.status == 0, "\(loud.stderr)\(quiet.stderr)")
    #expect(loud.stderr.contains("note: \(model.path) was fitted on"), "\(loud.stderr)")
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    #expect(loud.stdout == quiet.stdout)
  }
}
