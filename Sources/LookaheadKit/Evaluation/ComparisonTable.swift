/// Predictors side by side: one row per predictor, one column per key metric, the best value of
/// each column marked. What `lookahead compare` prints and `evaluate` shows for one predictor.
///
/// Lengths come in millimetres when every row has a millimetre value in that column, else in
/// trace units (`_native`). "Best" follows each column's ``BetterDirection``: lowest, highest,
/// or closest to zero; ties are all marked; context columns (horizon) are never marked, and neither
/// is a row that declined most of its predictions (it gets a warning line instead).
public struct ComparisonTable: Sendable, Hashable {
  public struct Column: Sendable, Hashable {
    /// The scorecard column, for example `error_mean_mm`.
    public var name: String
    public var better: BetterDirection
  }

  public struct Row: Sendable, Hashable {
    public var label: String
    public var values: [Double?]
    /// The share of its predictions the predictor declined (scored as a hold), when known.
    public var declinedFraction: Double?
    /// More than ``ComparisonTable/mostlyDeclined`` declined: the row's scores are mostly a
    /// hold's, so it is never marked best and the table says so.
    public var isMostlyDeclined: Bool { (declinedFraction ?? 0) > ComparisonTable.mostlyDeclined }
  }

  /// Above this declined fraction a row's scores describe a hold more than the predictor (a
  /// time unit read wrongly, say, makes every predictor decline and look perfect).
  public static let mostlyDeclined = 0.5

  public var columns: [Column]
  public var rows: [Row]

  /// The default columns, by metric (each length one resolved to `_mm` or `_native`): what a
  /// user feels first, error and latency saved, then how the ink behaves.
  public static let keyMetrics = [
    "error_mean", "error_p95", "latency_saved_mean_ms", "remaining_lag_mean_ms", "cross_track_mean",
    "jitter_rms", "jump_fraction", "stroke_end_overshoot_p95", "wrong_direction_fraction", "declined_fraction",
    "horizon_mean_ms",
  ]

  /// A table of `scorecards` (labelled) over `metrics` (names with or without a length unit).
  public init(_ scorecards: [(label: String, scorecard: Scorecard)], metrics: [String] = ComparisonTable.keyMetrics) {
    var columns: [Column] = []
    for metric in metrics {
      let candidates = [metric + "_mm", metric + "_native", metric]
      let name =
        candidates.first { name in
          !scorecards.isEmpty && scorecards.allSatisfy { $0.scorecard.value(name) != nil }
        } ?? candidates.first { name in scorecards.contains { $0.scorecard.columnIndex(name) != nil } }
      guard let name, let card = scorecards.first(where: { $0.scorecard.columnIndex(name) != nil })?.scorecard,
        let index = card.columnIndex(name)
      else { continue }
      columns.append(Column(name: name, better: card.columns[index].better))
    }
    self.columns = columns
    rows = scorecards.map { entry in
      Row(
        label: entry.label, values: columns.map { entry.scorecard.value($0.name) },
        declinedFraction: entry.scorecard.value(ScorecardColumn.declinedFraction))
    }
  }

  /// One line per row that declined most of its predictions, or nil when none did.
  public var declinedWarning: String? {
    let mostly = rows.filter(\.isMostlyDeclined)
    guard !mostly.isEmpty else { return nil }
    return mostly.map { row in
      String(format: "warning: %@ declined %.0f %% of its predictions; those are scored as a hold, so its row shows mostly a hold's scores (check the data's time unit and the predictor's gates) and is never marked best", row.label, (row.declinedFraction ?? 0) * 100)
    }.joined(separator: "\n")
  }

  /// Indices of the rows holding the best value of column `column` (empty for context columns).
  public func bestRows(column: Int) -> Set<Int> {
    let better = columns[column].better
    guard better != .none, rows.count > 1 else { return [] }
    func key(_ value: Double) -> Double {
      switch better {
      case .lower: value
      case .higher: -value
      case .closerToZero: abs(value)
      case .none: 0
      }
    }
    let keyed = rows.indices.filter { !rows[$0].isMostlyDeclined }.compactMap { i in
      rows[i].values[column].flatMap { $0.isFinite ? (i, key($0)) : nil }
    }
    guard let best = keyed.map(\.1).min() else { return [] }
    return Set(keyed.filter { $0.1 == best }.map(\.0))
  }

  /// The table as aligned text; the best value of each column carries a trailing `*`. Columns
  /// are laid out in blocks no wider than `width` characters (each block repeats the predictor
  /// column), so the table reads in a terminal of that width; then the warnings and the key.
  public func text(width: Int = 100) -> String {
    let best = columns.indices.map { bestRows(column: $0) }
    let lines = [["predictor"] + columns.map { $0.name + " " }] + rows.indices.map { r in
      [rows[r].label] + columns.indices.map { c in
        (rows[r].values[c].map(Self.format) ?? "—") + (best[c].contains(r) ? "*" : " ")
      }
    }
    var parts = [TextTable.renderInBlocks(lines, width: width)]
    if let declinedWarning { parts.append(declinedWarning) }
    parts.append(Self.wrap(key, width: width))
    return parts.joined(separator: "\n")
  }

  /// The table at the default width.
  public var text: String { text() }

  /// How `*` marks the best: lower is better unless the column says otherwise.
  var key: String {
    let marked = columns.filter { $0.better != .none }
    let exceptions = marked.filter { $0.better != .lower }.map { column in
      "\(column.name) (\(column.better == .higher ? "higher" : "closest to 0"))"
    }
    return "* best in column: lower is better" + (exceptions.isEmpty ? "" : " except " + exceptions.joined(separator: ", "))
      + (marked.count < columns.count ? "; " + columns.filter { $0.better == .none }.map(\.name).joined(separator: ", ") + " unmarked" : "")
  }

  /// `text` broken at spaces into lines of at most `width` characters (longer words stay whole).
  static func wrap(_ text: String, width: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = "  " + word
      } else {
        line += (line.isEmpty ? "" : " ") + word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }

  /// Three significant digits (fixed notation for ordinary magnitudes).
  public static func format(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    if value == 0 { return "0" }
    let magnitude = abs(value)
    if magnitude >= 1000 || magnitude < 0.001 {
      let exponent = Int((magnitude.log10()).rounded(.down))
      let mantissa = value / Self.power10(exponent)
      return Self.fixed(mantissa, decimals: 2) + "e" + String(exponent)
    }
    let digits = Int((magnitude.log10()).rounded(.down))
    return fixed(value, decimals: max(0, 2 - digits))
  }

  static func power10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= 10 }
    return exponent >= 0 ? result : 1 / result
  }

  /// `value` with `decimals` digits after the point, rounded half away from zero.
  static func fixed(_ value: Double, decimals: Int) -> String {
    let scale = power10(decimals)
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
    if decimals > 0 {
      let digits = String(fraction)
      text += "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
    }
    return text
  }
}

extension Double {
  fileprivate func log10() -> Double {
    var exponent = 0.0
    var value = self
    while value >= 10 { value /= 10; exponent += 1 }
    while value < 1 { value *= 10; exponent -= 1 }
    return exponent
  }
}

/// Aligned plain-text tables for the CLI's human output.
public enum TextTable {
  /// Pads every column to its widest cell, two spaces apart; columns in `rightAligned` are
  /// right-aligned. The first line is the header, followed by a rule.
  public static func render(_ lines: [[String]], rightAligned: Set<Int> = []) -> String {
    let columnCount = lines.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columnCount)
    for line in lines { for (c, cell) in line.enumerated() { widths[c] = max(widths[c], cell.count) } }
    var output: [String] = []
    for (l, line) in lines.enumerated() {
      var cells: [String] = []
      for c in 0..<columnCount {
        let cell = c < line.count ? line[c] : ""
        let pad = String(repeating: " ", count: widths[c] - cell.count)
        cells.append(rightAligned.contains(c) ? pad + cell : cell + pad)
      }
      output.append(cells.joined(separator: "  ").replacingTrailingSpaces())
      if l == 0 { output.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
    }
    return output.joined(separator: "\n")
  }

  /// `lines` (a header line, then rows; the first column labels the row, the others are
  /// right-aligned values) laid out in blocks no wider than `width` characters, each block
  /// repeating the label column, so a wide table reads in a terminal of that width. A column
  /// wider than `width` gets a block of its own.
  public static func renderInBlocks(_ lines: [[String]], width: Int) -> String {
    let columnCount = lines.map(\.count).max() ?? 0
    func cell(_ line: [String], _ c: Int) -> String { c < line.count ? line[c] : "" }
    let labelWidth = lines.map { cell($0, 0).count }.max() ?? 0
    var blocks: [[Int]] = []
    var used = labelWidth
    for c in (columnCount > 1 ? 1..<columnCount : 1..<1) {
      let columnWidth = lines.map { cell($0, c).count }.max() ?? 0
      if let last = blocks.indices.last, used + 2 + columnWidth <= width {
        blocks[last].append(c)
        used += 2 + columnWidth
      } else {
        blocks.append([c])
        used = labelWidth + 2 + columnWidth
      }
    }
    return (blocks.isEmpty ? [[]] : blocks).map { block in
      render(lines.map { line in [cell(line, 0)] + block.map { cell(line, $0) } }, rightAligned: Set(1...max(1, block.count)))
    }.joined(separator: "\n\n")
  }
}

extension String {
  fileprivate func replacingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
