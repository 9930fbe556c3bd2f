import Foundation
import Testing

/// Data with no contact stroke (a CSV of its header alone) trapped `evaluate`, `compare`, `tune`
/// and `train` of both families (exit 132): the balanced split of no strokes is no runs, and the
/// parallel loop over them still called its body once and read the first run. Found trying the
/// CLI from outside (session 30). Now `evaluate` and `compare` print an empty scorecard (0
/// predictions), as the anchor protocol and `sweep` already did, and `tune` and `train` refuse
/// such data naming it before any search or training, where their work would be lost.
@Suite("data without a contact stroke: an empty score or a refusal, never a trap")
struct NoContactStrokesTests {
  static let mapping = ":t=time:ms,x,y,stroke=id,writer=writer,mm_per_unit=0.1"

  /// A folder with `empty.csv` (the header only) and `good.csv` (three writers' circular strokes).
  static func folder() throws -> URL {
    let folder = DatasetsCommandTests.temporaryURL("no-contact")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "time,x,y,id,writer\n".write(to: folder.appendingPathComponent("empty.csv"), atomically: true, encoding: .utf8)
    var rows = ["time,x,y,id,writer"]
    for writer in 0..<3 {
      for stroke in 0..<3 {
        for i in 0..<40 {
          let angle = Double(i) / 8 + Double(stroke)
          rows.append("\(Double(i) * 4),\(100 + 50 * cos(angle)),\(100 + 40 * sin(angle)),\(writer * 10 + stroke),w\(writer)")
        }
      }
    }
    try (rows.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("good.csv"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test("evaluate and compare score no prediction and exit 0", arguments: [
    (["evaluate", "--predictor", "kalman"], ["kalman"]), (["compare", "hold", "linear"], ["hold", "linear"]),
  ])
  func emptyScorecard(command: [String], predictors: [String]) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let empty = "empty.csv" + Self.mapping
    let run = try DatasetsCommandTests.run(command + [empty], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == (["loading \(empty)…"] + predictors.map { "\(empty): \($0) done (0 predictions)" })
      .map { $0 + "\n" }.joined(), "\(run.stderr)")
    #expect(run.stdout.contains("empty.csv, 0 strokes"), "\(run.stdout)")
  }

  /// It said "no intervals (every stroke has one sample)" of no stroke at all.
  @Test("datasets inspect says there is no contact stroke")
  func inspect() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try DatasetsCommandTests.run(["datasets", "inspect", "empty.csv" + Self.mapping], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("strokes:     0 (0 contact, 0 hover)\n"), "\(run.stdout)")
    #expect(run.stdout.contains("rate:        no intervals (no contact stroke)\n"), "\(run.stdout)")
  }

  @Test("tune and train refuse it before their work, naming the data", arguments: [
    ["train"], ["train", "--family", "mlp", "--epochs", "1"], ["tune", "--predictor", "linear", "--trials", "2"],
  ])
  func refused(command: [String]) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let empty = "empty.csv" + Self.mapping
    let asTest = try DatasetsCommandTests.run(command + ["--test", empty, "good.csv" + Self.mapping], in: folder)
    #expect(asTest.status == 1, "\(asTest.stderr)")
    #expect(asTest.stderr.hasSuffix(
      "error: \(empty): holds no contact strokes (no strokes at all), so there is nothing to score on it\n"), "\(asTest.stderr)")
    let asData = try DatasetsCommandTests.run(command + ["--split", "holdout=0.5,seed=1", empty], in: folder)
    #expect(asData.status == 1, "\(asData.stderr)")
    #expect(asData.stderr.hasSuffix(
      "error: \(empty): holds no contact strokes (no strokes at all), so there is nothing to fit or score on it\n"), "\(asData.stderr)")
  }
}
