import Foundation

/// The per-prediction records written by `lookahead evaluate --records FILE`
/// (``EvaluationRun/writeRecords(to:force:provenance:)``): `# ` provenance lines, a header, then one
/// row per scored frame. Reports read the columns they draw; the rest of the file is kept out.
public struct PredictionRecordTable: Sendable, Hashable {
  /// One scored frame: where the ink ended (anchor), what was shown, where the pen really was.
  public struct Record: Sendable, Hashable {
    public var dataset: String
    public var predictor: String
    public var stroke: Int
    public var frame: Int
    public var anchorTime: Double
    public var targetTime: Double
    public var anchorX: Double
    public var anchorY: Double
    /// `nil` when the predictor declined (the newest sample was shown).
    public var shownX: Double?
    public var shownY: Double?
    public var truthX: Double
    public var truthY: Double
    public var error: Double?
    public var declined: Bool

    public init(
      dataset: String, predictor: String, stroke: Int, frame: Int, anchorTime: Double, targetTime: Double,
      anchorX: Double, anchorY: Double, shownX: Double?, shownY: Double?, truthX: Double, truthY: Double,
      error: Double?, declined: Bool
    ) {
      self.dataset = dataset
      self.predictor = predictor
      self.stroke = stroke
      self.frame = frame
      self.anchorTime = anchorTime
      self.targetTime = targetTime
      self.anchorX = anchorX
      self.anchorY = anchorY
      self.shownX = shownX
      self.shownY = shownY
      self.truthX = truthX
      self.truthY = truthY
      self.error = error
      self.declined = declined
    }
  }

  /// The file the records came from.
  public var path: String
  /// The `# key: value` lines at the head, without the `# `.
  public var provenanceLines: [String]
  public var records: [Record]

  public init(path: String, provenanceLines: [String], records: [Record]) {
    self.path = path
    self.provenanceLines = provenanceLines
    self.records = records
  }

  static let requiredColumns = [
    "dataset", "predictor", "stroke", "frame", "anchor_time_s", "target_time_s", "anchor_x", "anchor_y",
    "shown_x", "shown_y", "truth_x", "truth_y", "error", "declined",
  ]

  /// Whether `header` (the first non-comment line) is a records header: one that has at least
  /// half the required columns, so that a records file missing one is read as records and
  /// ``parse(_:path:)`` names the missing column, where it was "not a result lookahead report
  /// reads" with no column named.
  static func isRecordsHeader(_ header: String) -> Bool {
    let names = Set(DelimitedRow.split(header))
    return requiredColumns.filter(names.contains).count * 2 >= requiredColumns.count
  }

  /// Parses a records file. Errors name the file, the line and the column.
  public static func parse(_ text: String, path: String) throws(TraceInputError) -> PredictionRecordTable {
    var provenance: [String] = []
    var columnIndex: [String: Int] = [:]
    var records: [Record] = []
    var lineNumber = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
      if line.hasPrefix("#") {
        provenance.append(String(line.dropFirst(line.hasPrefix("# ") ? 2 : 1)))
        continue
      }
      if line.isEmpty { continue }
      let cells = DelimitedRow.split(line)
      if columnIndex.isEmpty {
        for (i, name) in cells.enumerated() { columnIndex[name] = i }
        for name in requiredColumns where columnIndex[name] == nil {
          throw TraceInputError(
            file: path, location: .line(lineNumber), field: name,
            problem: "the records header has no column \"\(name)\" (expected the CSV of `lookahead evaluate --records`)")
        }
        continue
      }
      func cell(_ name: String) -> String {
        guard let i = columnIndex[name], i < cells.count else { return "" }
        return cells[i]
      }
      func number(_ name: String, optional: Bool = false) throws(TraceInputError) -> Double? {
        let text = cell(name)
        if text.isEmpty {
          if optional { return nil }
          throw TraceInputError(file: path, location: .line(lineNumber), field: name, problem: "empty; expected a number")
        }
        guard let value = Double(text), value.isFinite else {
          throw TraceInputError(
            file: path, location: .line(lineNumber), field: name, problem: "\"\(text)\" is not a finite number")
        }
        return value
      }
      func integer(_ name: String) throws(TraceInputError) -> Int {
        guard let value = Int(cell(name)) else {
          throw TraceInputError(
            file: path, location: .line(lineNumber), field: name, problem: "\"\(cell(name))\" is not an integer")
        }
        return value
      }
      guard cells.count >= columnIndex.count else {
        throw TraceInputError(
          file: path, location: .line(lineNumber), field: nil,
          problem: "\(cells.count) fields where the header has \(columnIndex.count) (truncated file?)")
      }
      let declined = try number("declined") ?? 0
      records.append(
        Record(
          dataset: cell("dataset"), predictor: cell("predictor"), stroke: try integer("stroke"),
          frame: try integer("frame"), anchorTime: try number("anchor_time_s") ?? 0,
          targetTime: try number("target_time_s") ?? 0, anchorX: try number("anchor_x") ?? 0,
          anchorY: try number("anchor_y") ?? 0, shownX: try number("shown_x", optional: true),
          shownY: try number("shown_y", optional: true), truthX: try number("truth_x") ?? 0,
          truthY: try number("truth_y") ?? 0, error: try number("error", optional: true), declined: declined != 0))
    }
    if columnIndex.isEmpty {
      throw TraceInputError(file: path, location: .file, field: nil, problem: "no header line: not a records CSV")
    }
    return PredictionRecordTable(path: path, provenanceLines: provenance, records: records)
  }

  /// The records grouped by dataset, predictor and stroke, in file order.
  public var strokes: [(dataset: String, predictor: String, stroke: Int, records: [Record])] {
    var order: [String] = []
    var groups: [String: (String, String, Int, [Record])] = [:]
    for record in records {
      let key = "\(record.dataset)\u{1}\(record.predictor)\u{1}\(record.stroke)"
      if groups[key] == nil {
        order.append(key)
        groups[key] = (record.dataset, record.predictor, record.stroke, [])
      }
      groups[key]?.3.append(record)
    }
    return order.compactMap { groups[$0] }.map { (dataset: $0.0, predictor: $0.1, stroke: $0.2, records: $0.3) }
  }
}

/// One CSV line split into fields (RFC 4180 quoting: `"a,b"`, `""` for a quote).
enum DelimitedRow {
  static func split(_ line: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var iterator = line.makeIterator()
    while let c = iterator.next() {
      if quoted {
        if c == "\"" {
          if let next = iterator.next() {
            if next == "\"" { field.append("\"") } else {
              quoted = false
              if next == "," {
                fields.append(field)
                field = ""
              } else {
                field.append(next)
              }
            }
          } else {
            quoted = false
          }
        } else {
          field.append(c)
        }
      } else if c == "\"" && field.isEmpty {
        quoted = true
      } else if c == "," {
        fields.append(field)
        field = ""
      } else {
        field.append(c)
      }
    }
    fields.append(field)
    return fields
  }
}
