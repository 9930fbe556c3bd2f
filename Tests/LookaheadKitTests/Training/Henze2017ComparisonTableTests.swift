import Foundation
import LookaheadKit
import Testing

/// `train --henze2017`'s text table: the project's ``TextTable`` layout, within 100 columns
/// (issue 20), the JSON unchanged.
@Suite("Henze 2017 comparison: the text table")
struct Henze2017ComparisonTableTests {
  /// Two cells as `train --henze2017 --json` writes them: Write, 2 events ahead with the paper's
  /// five values (Table 1); Fitts, 6 events ahead with the ensemble's value left out.
  static let cells: [Henze2017Comparison.Cell] = try! JSONDecoder().decode(
    [Henze2017Comparison.Cell].self,
    from: Data(#"""
      [{"task": "Write", "eventsAhead": 2, "windows": 70998, "meanError": 6.9649,
        "published": {"hold": 15.4, "linear": 7.8, "henze2016-ensemble": 6.0, "henze2017-mlp": 5.6, "henze2017-lstm": 5.1}},
       {"task": "Fitts", "eventsAhead": 6, "windows": 7511, "meanError": 56.7751,
        "published": {"hold": 66.3, "linear": 69.0, "henze2017-mlp": 27.8, "henze2017-lstm": 25.4}}]
      """#.utf8))

  @Test("a caption, a header, a rule and one right-aligned row per cell, each value under its header")
  func layout() throws {
    let lines = Henze2017Comparison.table(Self.cells).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 5)
    #expect(lines[0] == "Mean error, px (lower is better); hold, linear, ensemble, MLP, LSTM: Henze et al. 2017, Table 1.")
    #expect(lines[1].split(separator: " ", omittingEmptySubsequences: true)
      == ["task", "j", "windows", "learned", "linear", "(LOPO)", "hold", "linear", "ensemble", "MLP", "LSTM"])
    #expect(lines[2].allSatisfy { $0 == "-" || $0 == " " })
    #expect(lines[3].split(separator: " ").map(String.init) == ["Write", "2", "70998", "6.96", "15.4", "7.8", "6.0", "5.6", "5.1"])
    #expect(lines[4].split(separator: " ").map(String.init) == ["Fitts", "6", "7511", "56.78", "66.3", "69.0", "-", "27.8", "25.4"])
    // Right-aligned: every value ends where its header does (the rule's dashes end there too).
    for header in ["windows", "(LOPO)", "hold", "ensemble", "LSTM"] {
      let end = try #require(lines[1].range(of: header)).upperBound.utf16Offset(in: lines[1])
      #expect(lines[2].count >= end && Array(lines[2])[end - 1] == "-", "\(header)")
      for row in lines[3...] { #expect(Array(row)[end - 1] != " ", "\(header): \(row)") }
    }
  }

  @Test("every line fits the width; a long label or a narrow width moves columns into a second block", arguments: [
    ("learned linear", 100, 1), ("MLP 256x256x256x256", 100, 1), ("learned linear", 60, 2),
  ])
  func fitsTheWidth(label: String, width: Int, blocks: Int) {
    let text = Henze2017Comparison.table(Self.cells, label: label, width: width)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines.dropFirst() { #expect(line.count <= width, "\(line)") }
    #expect(lines.first!.count <= 100)
    // Each block repeats the task column: its rows start with the task.
    #expect(lines.filter { $0.hasPrefix("Write ") }.count == blocks)
    #expect(lines.filter { $0.hasPrefix("task ") }.count == blocks)
  }
}
