import Foundation

/// SVC2004 Task 2 online signatures (Yeung et al., ICBA 2004; copy from `sigstat/sigstat`,
/// described in `SVC2004-Task2/SOURCE.md`).
///
/// Format: CRLF text; line 1 is the number N of sample lines that follow; each sample line holds
/// seven space-separated integers X, Y, T (ms), button, azimuth and altitude (tenths of a degree),
/// pressure (0…1023).
///
/// Units: time T/1000 s; x = X and y = −Y (the tablet's Y points up; ANCHOR-PROTOCOL §2) in tablet
/// counts (0.01 mm assumed, unverified); pressure /1023; angles converted to radians, the azimuth
/// turned into the trace's frame (``traceAzimuth(tenthsOfDegree:)``). Strokes: a
/// new stroke starts at a `button == 0` row or when `T − T_prev > 30 ms` (T_prev = the previous
/// raw row); any non-zero button counts as pen-down. Both kinds of split are counted.
public struct SVC2004Importer: TraceImporter {
  public init() {}
  public var format: TraceSourceFormat { .svc2004 }

  static let columns = ["X", "Y", "T", "button", "azimuth", "altitude", "pressure"]
  /// Gap that starts a new stroke, ms.
  public static let strokeGapMilliseconds = 30
  public static let buttonSplitRule = "SVC stroke started at a button 0 row"
  public static let gapSplitRule = "SVC stroke split at a gap over 30 ms"

  public func metadata() -> TraceMetadata {
    TraceMetadata(
      source: "SVC2004-Task2", device: "Wacom Intuos tablet", digitizerRateHz: 100,
      coordinateUnit: "tablet counts", millimetresPerUnit: 0.01,
      licence: "SVC2004 development set: non-commercial research with citation; do not redistribute",
      notes: [
        "millimetres_per_unit": "assumption: 2540 lpi, unverified",
        "orientation": "y = -Y (tablet Y points up)",
        "pressure": "P / 1023",
        "azimuth": "(A - 900) tenths of a degree: clockwise from the tablet's +Y turned to from +x towards +y",
      ])
  }

  /// `U29` from `U29S1.TXT`; `nil` if the name does not look like that.
  static func writer(fromFileName name: String) -> String? {
    guard name.first == "U" || name.first == "u" else { return nil }
    let digits = name.dropFirst().prefix(while: \.isNumber)
    return digits.isEmpty ? nil : "U" + digits
  }

  static let radiansPerTenthDegree = Double.pi / 1800

  /// The recorded azimuth (tenths of a degree, Wintab's convention: the direction the pen's top
  /// points, clockwise from the tablet's +Y, which points up) in the trace's convention (radians
  /// from +x towards +y, y pointing down; `Docs/TraceFormat.md`), in [0, 2π). With y = −Y, the
  /// tablet's +Y is the trace's −y, 90° before +x, so the angle is A − 90°. Checked on the data:
  /// every writer's mean pen-down azimuth then points down and right (28–54°), where a right hand
  /// holds the pen's top, as Inkable's iPad writer does (12–41°); read as recorded it pointed
  /// down and left (118–144°). `Docs/Importers.md`.
  static func traceAzimuth(tenthsOfDegree: Int) -> Double {
    let angle = (Double(tenthsOfDegree) - 900) * radiansPerTenthDegree  // in Double: no overflow on any Int
    let turn = 2 * Double.pi
    let wrapped = angle.truncatingRemainder(dividingBy: turn)
    return wrapped < 0 ? wrapped + turn : wrapped
  }

  /// Parses the file's bytes in place (no copy, no list of lines): a row of seven plain integers
  /// separated by single spaces is read in one pass (``PlainIntegerRow``); any other row goes
  /// through ``DelimitedText``, which gives it the value or the error (file, line, field) it
  /// always had.
  public func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
    let path = file.path
    let assembler = StrokeAssembler(options: options, pointerType: .pen)
    assembler.declareRules(in: &report)
    report.add(Self.buttonSplitRule, 0)
    report.add(Self.gapSplitRule, 0)
    let name = fileName(file)
    let writer = Self.writer(fromFileName: name)
    var strokes: [Stroke] = []
    var rows: [TraceSample] = []
    var lines: [Int] = []
    var previousT: Int?
    var sampleLines = 0
    try withUnsafeTemporaryAllocation(of: Int.self, capacity: 7) { values in
      values.initialize(repeating: 0)
      try data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        var cursor = ByteLines(bytes)
        guard let first = cursor.next(), !ByteLines.isBlank(bytes, first) else {
          throw TraceInputError(file: path, location: .file, field: "N", problem: "is empty; expected the sample count N on line 1")
        }
        let declared = try DelimitedText(line: bytes[first], file: path).integer(0..<first.count, line: 1, field: "N")
        guard declared >= 0 else {
          throw TraceInputError(file: path, location: .line(1), field: "N", problem: "\(declared) is not a sample count")
        }
        while let line = cursor.next() {
          let lineNumber = cursor.lineNumber
          if ByteLines.isBlank(bytes, line) { continue }
          sampleLines += 1
          guard sampleLines <= declared else {
            throw TraceInputError(file: path, location: .line(lineNumber), field: "N",
              problem: "line 1 declares \(declared) samples but more lines follow")
          }
          if PlainIntegerRow.read(bytes, line, separator: 0x20, into: values) != line.upperBound {
            try Self.generalRow(DelimitedText(line: bytes[line], file: path), line: lineNumber, into: values)
          }
          let t = values[2], button = values[3]
          var split = false
          if previousT != nil, button == 0 {
            report.add(Self.buttonSplitRule)
            split = true
          } else if let previousT, Double(t) - Double(previousT) > Double(Self.strokeGapMilliseconds) {
            report.add(Self.gapSplitRule)
            split = true
          }
          if split, let stroke = try assembler.assemble(rows: rows, lines: lines, file: path, writer: writer, origin: name, report: &report) {
            strokes.append(stroke)
            rows.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
          }
          lines.append(lineNumber)
          previousT = t
          rows.append(TraceSample(
            time: Double(t) / 1000, x: Double(values[0]), y: -Double(values[1]),
            pressure: Double(values[6]) / 1023,
            altitude: Double(values[5]) * Self.radiansPerTenthDegree,
            azimuth: Self.traceAzimuth(tenthsOfDegree: values[4])))
        }
        guard sampleLines == declared else {
          throw TraceInputError(file: path, location: .line(cursor.lineNumber + 1), field: "N",
            problem: "line 1 declares \(declared) samples but only \(sampleLines) follow (file truncated?)")
        }
      }
    }
    if let stroke = try assembler.assemble(rows: rows, lines: lines, file: path, writer: writer, origin: name, report: &report) {
      strokes.append(stroke)
    }
    return strokes
  }

  /// The general reading of a sample row, `row` holding just that line: cells split at runs of
  /// spaces and tabs, exactly seven, each an integer, else the error naming the line and column.
  static func generalRow(_ row: DelimitedText, line lineNumber: Int, into values: UnsafeMutableBufferPointer<Int>) throws {
    var fields: [Range<Int>] = []
    row.split(row.lines[0], separator: 0x20, into: &fields)
    try row.requireFields(fields, 7, line: lineNumber, names: columns)
    guard fields.count == 7 else {
      throw TraceInputError(file: row.file, location: .line(lineNumber), field: nil,
        problem: "expected 7 fields (\(columns.joined(separator: " "))), found \(fields.count)")
    }
    for column in 0..<7 {
      values[column] = try row.integer(fields[column], line: lineNumber, field: columns[column])
    }
  }
}
