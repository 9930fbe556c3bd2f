import Foundation
import Testing

/// `--split "train=A;validation=C;test=D"` was taken by the learned linear `train`, `tune`,
/// `worker` and `export --predictor`, recorded in provenance.split, and then C was used by none of
/// them. Only `train --family mlp` early-stops; the others now refuse the part, naming `--split`
/// and the command that uses it, before any data loads (each is given a file that cannot load).
@Suite("--split validation= is refused where nothing uses it")
struct SplitValidationRefusedTests {
  @Test("learned linear train, tune, worker and export --predictor refuse validation= before the data")
  func refusedBeforeLoading() throws {
    let dir = DatasetsCommandTests.temporaryURL("split-validation")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = dir.appendingPathComponent("bad.csv")
    try Data("hello\nworld\n".utf8).write(to: bad)
    let split = "train=participant1;validation=participant2;test=participant3"
    let cases: [[String]] = [
      ["train", "--split", split, bad.path],
      ["tune", "--predictor", "linear", "--trials", "2", "--split", split, bad.path],
      ["worker", "--predictor", "linear", "--split", split, bad.path],
      ["export", "--predictor", bad.path, "--split", split, "-o", dir.appendingPathComponent("m.model").path],
    ]
    for arguments in cases {
      let run = try DatasetsCommandTests.run(arguments)
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("error: --split ") && run.stderr.contains("has no use for validation= writers"), "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("only train --family mlp uses them"), "\(arguments): \(run.stderr)")
      #expect(!run.stderr.contains("bad.csv") && !run.stderr.contains("loading"), "\(arguments): \(run.stderr)")
    }
  }

  @Test("without validation=, the same split still reaches the data")
  func splitWithoutValidationLoads() throws {
    let dir = DatasetsCommandTests.temporaryURL("split-validation-plain")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = dir.appendingPathComponent("bad.csv")
    try Data("hello\nworld\n".utf8).write(to: bad)
    let run = try DatasetsCommandTests.run(["train", "--split", "train=participant1;test=participant3", bad.path])
    #expect(run.status == 1 && run.stderr.contains("bad.csv"), "\(run.stderr)")
  }
}
