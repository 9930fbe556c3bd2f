/// Per-sample protocol results as text: one table in the native unit and one in millimetres,
/// rows = predictors (ours first, then the reference rows marked `[ref]`), columns = horizons
/// (per task for Henze 2017), cells `mean / p95` (mean only where the source gives only it).
/// The best mean of each column among all rows carries a `*`, on every row that prints it: a
/// reference row is published to three digits, so ranking it against our unrounded mean put the
/// star on whichever side rounding favoured (`[ref] b) linear  3.55 / 8.36*` beside our identical
/// `3.55 / 8.36`, and ours starred at the next horizon). Provenance of every reference row is
/// listed under the tables.
public enum ProtocolTable {
  /// The tables lay their horizon columns out in blocks no wider than `width` (each repeating the
  /// row labels), and the reference rows' provenance is wrapped to it.
  public static func text(_ rows: [ProtocolRow], nativeUnit: String, width: Int = 100) -> String {
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
      // "mean / p95" only where a cell has a p95 (the Henze 2017 protocol's cells are means).
      let hasP95 = kept.contains { row in
        row.scores.contains { (millimetres ? $0.p95Millimetres : $0.p95Native) != nil }
      }
      var lines: [[String]] = [["\(hasP95 ? "mean / p95" : "mean"), \(title)"] + keys.map { $0 + " " }]
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
        let printed = ComparisonTable.format(best)
        for r in values.indices where values[r].map(ComparisonTable.format) == printed {
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
      sections.append(TextTable.renderInBlocks(lines, width: width))
    }
    let references = rows.filter(\.isReference)
    if !references.isEmpty {
      sections.append(
        "* lowest mean in column, on every row that prints it. [ref] rows were not computed here:\n"
          + references.map { reference in
            "  " + ComparisonTable.wrap("[ref] \(reference.label): \(reference.provenance ?? "")", width: width - 2)
              .split(separator: "\n").joined(separator: "\n  ")
          }.joined(separator: "\n"))
    } else {
      sections.append("* lowest mean in column, on every row that prints it.")
    }
    return sections.joined(separator: "\n\n")
  }

  static func columnKey(_ score: ProtocolScore) -> String {
    (score.subset.map { $0 + " " } ?? "") + score.horizonLabel
  }
}
