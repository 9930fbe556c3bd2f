/// Per-sample protocol results as text: one table in the native unit and one in millimetres,
/// rows = predictors (ours first, then the reference rows marked `[ref]`), columns = horizons
/// (per task for Henze 2017), cells `mean / p95` (mean only where the source gives only it).
/// The best mean of each column among all rows carries a `*`. Provenance of every reference
/// row is listed under the tables.
public enum ProtocolTable {
  public static func text(_ rows: [ProtocolRow], nativeUnit: String) -> String {
    var keys: [String] = []
    for row in rows {
      for score in row.scores {
        let key = columnKey(score)
        if !keys.contains(key) { keys.append(key) }
      }
    }
    var sections: [String] = []
    for (title, millimetres) in [("native (\(nativeUnit))", false), ("mm", true)] {
      let kept = rows.filter { row in
        row.scores.contains { (millimetres ? $0.meanMillimetres : $0.meanNative) != nil }
      }
      guard !kept.isEmpty else { continue }
      var means: [[Double?]] = []
      var lines: [[String]] = [["mean / p95, \(title)"] + keys.map { $0 + " " }]
      for row in kept {
        var rowMeans: [Double?] = []
        var cells: [String] = [row.isReference ? "[ref] " + row.label : row.label]
        for key in keys {
          guard let score = row.scores.first(where: { columnKey($0) == key }),
            let mean = millimetres ? score.meanMillimetres : score.meanNative
          else {
            rowMeans.append(nil)
            cells.append("—")
            continue
          }
          rowMeans.append(mean)
          let p95 = millimetres ? score.p95Millimetres : score.p95Native
          cells.append(ComparisonTable.format(mean) + (p95.map { " / " + ComparisonTable.format($0) } ?? ""))
        }
        means.append(rowMeans)
        lines.append(cells)
      }
      for c in keys.indices {
        let values = means.map { $0[c] }
        guard let best = values.compactMap({ $0 }).min() else { continue }
        for r in values.indices where values[r] == best {
          lines[r + 1][c + 1] += "*"
        }
      }
      for r in 1..<lines.count {
        for c in 1..<lines[r].count where !lines[r][c].hasSuffix("*") { lines[r][c] += " " }
      }
      var counts: [String] = ["count (issue points / windows)"]
      for key in keys {
        let count = rows.first { !$0.isReference && $0.scores.contains { columnKey($0) == key } }?
          .scores.first { columnKey($0) == key }?.count
        counts.append(count.map(String.init).map { $0 + " " } ?? "")
      }
      lines.append(counts)
      sections.append(TextTable.render(lines, rightAligned: Set(1...max(1, keys.count))))
    }
    let references = rows.filter(\.isReference)
    if !references.isEmpty {
      sections.append(
        "* lowest mean in column. [ref] rows were not computed here:\n"
          + references.map { "  [ref] \($0.label): \($0.provenance ?? "")" }.joined(separator: "\n"))
    } else {
      sections.append("* lowest mean in column.")
    }
    return sections.joined(separator: "\n\n")
  }

  static func columnKey(_ score: ProtocolScore) -> String {
    (score.subset.map { $0 + " " } ?? "") + score.horizonLabel
  }
}
