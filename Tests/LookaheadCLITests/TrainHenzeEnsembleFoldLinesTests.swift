import Foundation
import Testing

/// `train --henze2017 --family mlp --ensemble-candidates` fold by fold: the fold line says the
/// mean of the candidates was scored, combining it gives the in-process table, and combining it
/// as `--select`'s table is refused.
@Suite("train --henze2017 --family mlp --ensemble-candidates, fold by fold")
struct TrainHenzeEnsembleFoldLinesTests {
  static let small = TrainHenzeFoldLinesTests.small + ["--henze-folds", "1"]

  @Test("a fold line of the mean combines to the in-process table; not as --select's")
  func foldLineCombines() throws {
    let inProcess = try TrainHenzeFoldLinesTests.run(Self.small + ["--ensemble-candidates"])
    let line = try TrainHenzeFoldLinesTests.run(Self.small + ["--ensemble-candidates", "--henze-fold-lines"])
    let fold = try #require(try JSONSerialization.jsonObject(with: Data(line.stdout.utf8)) as? [String: Any])
    #expect(fold["scoredMean"] as? Bool == true)
    #expect((fold["setup"] as? String)?.contains("scored=mean") == true)
    #expect((fold["candidates"] as? [String])?.count == 3)
    #expect(inProcess.stdout.contains("mean of all 3"))
    #expect(inProcess.stdout.contains("MLP 2 mean of 3"))

    let lines = DatasetsCommandTests.temporaryURL("ensemble-folds.jsonl")
    defer { try? FileManager.default.removeItem(at: lines) }
    try Data(line.stdout.utf8).write(to: lines)
    let combined = try TrainHenzeFoldLinesTests.run(Self.small + ["--ensemble-candidates", "--henze-combine", lines.path])
    #expect(combined.stdout == inProcess.stdout)
    let asSelect = try DatasetsCommandTests.run(Self.small + ["--select", "--henze-combine", lines.path])
    #expect(asSelect.status == 1)
    #expect(asSelect.stderr.contains("\(lines.path):1, field setup"), "\(asSelect.stderr)")
  }

  @Test("--candidate-hidden: the mean of every shape's candidates, its validation error shown; bad lists refused")
  func candidateHiddenShapes() throws {
    let both = try TrainHenzeFoldLinesTests.run(Self.small + ["--ensemble-candidates", "--candidate-hidden", "2;3"])
    #expect(both.stdout.contains("MLP 2+3 mean of 6"), "\(both.stdout)")
    #expect(both.stdout.contains("mean of all 6"))
    #expect(both.stdout.contains("their mean"))
    #expect(both.stdout.contains("  c1 = as given 2\n") && both.stdout.contains("  c4 = as given 3\n"))
    // Candidates are short columns named in a legend; each error ends under its column's header.
    let foldLines = Array(both.stdout.split(separator: "\n").drop { !$0.hasPrefix("early-stopping error") })
    #expect(foldLines.count == 1 + 6 + 1 + 1 + 1, "\(both.stdout)")  // legend, candidates, header, rule, fold
    if foldLines.count == 10 {
      let (header, row) = (String(foldLines[7]), Array(foldLines[9]))
      for label in ["c1", "c6"] {
        let found = try #require(header.range(of: "  \(label)"))
        let end = header.distance(from: header.startIndex, to: found.upperBound)
        #expect(row.count >= end && row[end - 1] == ")" && (row.count == end || row[end] == " "), "\(label): \(both.stdout)")
      }
    }

    for (arguments, message) in [
      (["--candidate-hidden", "2;3"], "--candidate-hidden multiplies the candidate list of --select or --ensemble-candidates"),
      (["--select", "--candidate-hidden", "2;0"], "--candidate-hidden must be 1…4 comma-separated widths 1…256, got \"0\""),
      (["--select", "--candidate-hidden", "2;2"], "--candidate-hidden names a shape twice"),
      (["--ensemble-candidates", "--candidate-hidden", "2;3;4"], "--ensemble-candidates would average 9 networks; a model holds at most 8"),
    ] {
      let refused = try DatasetsCommandTests.run(Self.small + arguments)
      #expect(refused.status != 0, "\(arguments)")
      #expect(refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
      #expect(!refused.stderr.contains("Usage:"), "\(arguments): \(refused.stderr)")
    }
  }
}
