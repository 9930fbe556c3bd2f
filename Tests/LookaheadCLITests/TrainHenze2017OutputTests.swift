import Foundation
import Testing

/// `train --henze2017` honours `--json` like every other `train`: it printed the text table
/// whatever was asked.
@Suite("train --henze2017 output")
struct TrainHenze2017OutputTests {
  @Test("--json gives the nine cells of the text table, with the paper's values beside ours")
  func jsonMatchesTable() throws {
    let json = try DatasetsCommandTests.run(["train", "--henze2017", "--json"])
    #expect(json.status == 0, "\(json.stderr)")
    let cells = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(cells.count == 9)
    let table = try DatasetsCommandTests.run(["train", "--henze2017"])
    #expect(table.status == 0, "\(table.stderr)")
    // Every line fits a 100-column terminal (issue 20; it was 102 wide).
    let lines = table.stdout.split(separator: "\n")
    for line in lines { #expect(line.count <= 100, "\(line.count) columns: \(line)") }
    // A caption, the header and its rule, then each row: task, j, windows, our mean (2 decimals),
    // then the paper's columns.
    #expect(lines.count == 12 && lines[2].allSatisfy { $0 == "-" || $0 == " " })
    let rows = lines.dropFirst(3).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
    #expect(rows.count == 9)
    for (cell, row) in zip(cells, rows) {
      #expect(cell["task"] as? String == String(row[0]))
      #expect(cell["eventsAhead"] as? Int == Int(row[1]))
      #expect(cell["windows"] as? Int == Int(row[2]))
      let mean = try #require(cell["meanError"] as? Double)
      #expect(String(format: "%.2f", mean) == String(row[3]))
      let published = try #require(cell["published"] as? [String: Double])
      #expect(published["henze2017-lstm"].map { String(format: "%.1f", $0) } == String(row[8]))
    }
    // The published Table 1 value for Write, 2 events ahead (LSTM, px).
    #expect((cells.first?["published"] as? [String: Double])?["henze2017-lstm"] == 5.1)
  }
}
