import Foundation
import Testing
import _LookaheadTestSupport

/// `report`'s errors name the file and, where it applies, the line and the field or column. A
/// `compare` result cut short was decoded as a sweep ("The given data was not valid JSON. (expected
/// a sweep result)", at `$`), and a records CSV missing a column was "not a result lookahead
/// report reads", naming no column.
@Suite("report: a truncated result and a records file missing a column are named")
struct ReportInputErrorTests {
  @Test func truncatedCompareAndMissingColumn() throws {
    let compareURL = DatasetsCommandTests.temporaryURL("input-compare.json")
    let recordsURL = DatasetsCommandTests.temporaryURL("input-records.csv")
    let cutURL = DatasetsCommandTests.temporaryURL("input-cut.json")
    let damagedURL = DatasetsCommandTests.temporaryURL("input-damaged.json")
    let missingURL = DatasetsCommandTests.temporaryURL("input-missing.csv")
    let reportURL = DatasetsCommandTests.temporaryURL("input-report.html")
    defer {
      for url in [compareURL, recordsURL, cutURL, damagedURL, missingURL, reportURL] { try? FileManager.default.removeItem(at: url) }
    }
    let compare = try DatasetsCommandTests.run([
      "compare", "hold", "linear", "Inkable-ApplePencil", "--quiet", "--json", "--output", compareURL.path,
    ])
    #expect(compare.status == 0, "\(compare.stderr)")
    let evaluate = try DatasetsCommandTests.run([
      "evaluate", "--predictor", "linear", "Inkable-ApplePencil", "--quiet", "--records", recordsURL.path,
    ])
    #expect(evaluate.status == 0, "\(evaluate.stderr)")

    // The first 40 lines of the compare result: valid up to there, cut mid-object.
    let json = try String(contentsOf: compareURL, encoding: .utf8)
    let cut = json.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).joined(separator: "\n") + "\n"
    try cut.write(to: cutURL, atomically: true, encoding: .utf8)
    var result = try DatasetsCommandTests.run(["report", cutURL.path, "-o", reportURL.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(cutURL.path):40: not valid JSON"), "\(result.stderr)")
    #expect(result.stderr.contains("truncated") && result.stderr.contains("an evaluate/compare result"), "\(result.stderr)")
    #expect(!result.stderr.contains("sweep"), "\(result.stderr)")

    // A damaged value on line 3 is placed on line 3.
    try "{\n  \"datasets\" : [\n    x\n  ]\n}\n".write(to: damagedURL, atomically: true, encoding: .utf8)
    result = try DatasetsCommandTests.run(["report", damagedURL.path, "-o", reportURL.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(damagedURL.path):3: not valid JSON"), "\(result.stderr)")

    // The records CSV without its truth_y column: the header line and the column are named.
    let lines = try String(contentsOf: recordsURL, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let headerLine = try #require(lines.firstIndex { !$0.hasPrefix("#") })
    let column = try #require(lines[headerLine].split(separator: ",").firstIndex(of: "truth_y"))
    let stripped = lines.map { line -> String in
      guard !line.hasPrefix("#"), !line.isEmpty else { return String(line) }
      var cells = line.split(separator: ",", omittingEmptySubsequences: false)
      cells.remove(at: column)
      return cells.joined(separator: ",")
    }
    try stripped.joined(separator: "\n").write(to: missingURL, atomically: true, encoding: .utf8)
    result = try DatasetsCommandTests.run(["report", missingURL.path, "-o", reportURL.path])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("\(missingURL.path):\(headerLine + 1): field 'truth_y': the records header has no column \"truth_y\""),
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: reportURL.path))
  }
}
