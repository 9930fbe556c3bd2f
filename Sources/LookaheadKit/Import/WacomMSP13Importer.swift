import Foundation

/// Wacom MobileStudio Pro 13 handwriting captures (repository
/// `gyviktor/thesis---handwritingspeedevaluation`, described in
/// `WacomMSP13-HandwritingSpeed/SOURCE.md`).
///
/// Format: `;`-separated integers with the header `EventType;T;X;Y;P;Altitude;Azimuth;Distance`;
/// EventType 1 = tip in contact, 3 = hovering in proximity.
///
/// Strokes: a contact stroke is a maximal run of EventType 1 rows; a maximal run of EventType 3
/// rows becomes a separate hover stroke (phase `.hover`, cleaned under the same rules with a
/// ` (hover)` suffix so that contact counts stay comparable with ANCHOR-PROTOCOL §2), unless
/// ``ImportOptions/includeHover`` is off (then the rows are counted as dropped).
/// Units: time T/1000 s; the device was used in portrait, so x = Y and y = −X (tablet counts,
/// 0.005 mm assumed, unverified); pressure P/32767; angles in radians.
public struct WacomMSP13Importer: TraceImporter {
  public init() {}
  public var format: TraceSourceFormat { .wacomMSP13 }

  static let columns = ["EventType", "T", "X", "Y", "P", "Altitude", "Azimuth", "Distance"]
  public static let hoverDroppedRule = "Wacom hover row left out"
  static let radiansPerTenthDegree = Double.pi / 1800

  public func metadata() -> TraceMetadata {
    TraceMetadata(
      source: "WacomMSP13-HandwritingSpeed", device: "Wacom MobileStudio Pro 13, Pro Pen 2 (ink refill on paper)",
      digitizerRateHz: 187.5, coordinateUnit: "tablet counts", millimetresPerUnit: 0.005,
      licence: "none stated (all rights reserved); internal research only, do not redistribute",
      notes: [
        "millimetres_per_unit": "assumption: 5080 lpi, unverified",
        "orientation": "x = Y, y = -X (portrait use)",
        "pressure": "P / 32767",
        "azimuth": "as recorded: already in the portrait frame (Docs/Importers.md)",
      ])
  }

  /// `ID0001` from the folder `ID0001-0883_20191126102804`; `nil` otherwise.
  static func writer(fromFolderName name: String) -> String? {
    guard name.hasPrefix("ID") else { return nil }
    let digits = name.dropFirst(2).prefix(while: \.isNumber)
    return digits.isEmpty ? nil : "ID" + digits
  }

  /// Parses the file's bytes in place (no copy, no list of lines): a row of eight plain integers
  /// is read in one pass (``PlainIntegerRow``; cells past the eighth are ignored, as the general
  /// reading ignores them); any other row goes through ``DelimitedText``, which gives it the
  /// value or the error (file, line, field) it always had.
  public func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
    let assembler = StrokeAssembler(options: options, pointerType: .pen)
    assembler.declareRules(in: &report, hover: options.includeHover)
    if !options.includeHover { report.add(Self.hoverDroppedRule, 0) }
    let name = fileName(file)
    let path = file.path
    let writer = Self.writer(fromFolderName: file.deletingLastPathComponent().lastPathComponent)
    return try withUnsafeTemporaryAllocation(of: Int.self, capacity: 8) { values in
      values.initialize(repeating: 0)
      return try data.withUnsafeBytes { raw in
        // The stroke state lives inside this closure, so that `close` and the row loop reach it
        // without the dynamic exclusivity checks of variables captured from outside (callgrind).
        var strokes: [Stroke] = []
        var rows: [TraceSample] = []
        var lines: [Int] = []
        var runType = 0
        func close() throws {
          if runType == 3, !options.includeHover {
            report.add(Self.hoverDroppedRule, rows.count)
          } else if let stroke = try assembler.assemble(
            rows: rows, lines: lines, file: path, hover: runType == 3, writer: writer, origin: name, report: &report)
          {
            strokes.append(stroke)
          }
          rows.removeAll(keepingCapacity: true)
          lines.removeAll(keepingCapacity: true)
        }
        let bytes = raw.bindMemory(to: UInt8.self)
        var cursor = ByteLines(bytes)
        guard let first = cursor.next() else {
          throw TraceInputError(file: path, location: .file, problem: "is empty; expected the header '\(Self.columns.joined(separator: ";"))'")
        }
        try Self.checkHeader(DelimitedText(line: bytes[first], file: path))
        while let line = cursor.next() {
          let lineNumber = cursor.lineNumber
          if ByteLines.isBlank(bytes, line) { continue }
          let after = PlainIntegerRow.read(bytes, line, separator: UInt8(ascii: ";"), into: values)
          if !(after.map { $0 == line.upperBound || bytes[$0] == UInt8(ascii: ";") } ?? false) {
            try Self.generalRow(DelimitedText(line: bytes[line], file: path), line: lineNumber, into: values)
          }
          let type = values[0]
          guard type == 1 || type == 3 else {
            throw TraceInputError(file: path, location: .line(lineNumber), field: "EventType",
              problem: "\(type) is not 1 (contact) or 3 (hover)")
          }
          if type != runType {
            if !rows.isEmpty { try close() }
            runType = type
          }
          rows.append(TraceSample(
            time: Double(values[1]) / 1000, x: Double(values[3]), y: -Double(values[2]),
            pressure: Double(values[4]) / 32767,
            altitude: Double(values[5]) * Self.radiansPerTenthDegree,
            azimuth: Double(values[6]) * Self.radiansPerTenthDegree))
          lines.append(lineNumber)
        }
        if !rows.isEmpty { try close() }
        return strokes
      }
    }
  }

  /// The header line (the only line of `header`) must name the eight columns, cells trimmed.
  static func checkHeader(_ header: DelimitedText) throws {
    let line = header.lines[0]
    var fields: [Range<Int>] = []
    header.split(line, separator: UInt8(ascii: ";"), into: &fields)
    guard fields.map({ header.text(header.trimmed($0)) }) == columns else {
      throw TraceInputError(file: header.file, location: .line(1), field: "header",
        problem: "is '\(header.text(line))'; expected '\(columns.joined(separator: ";"))'")
    }
  }

  /// The general reading of a row, `row` holding just that line: cells split at `;` and trimmed,
  /// at least eight, each an integer, else the error naming the line and the column.
  static func generalRow(_ row: DelimitedText, line lineNumber: Int, into values: UnsafeMutableBufferPointer<Int>) throws {
    var fields: [Range<Int>] = []
    row.split(row.lines[0], separator: UInt8(ascii: ";"), into: &fields)
    try row.requireFields(fields, 8, line: lineNumber, names: columns)
    for column in 0..<8 {
      values[column] = try row.integer(fields[column], line: lineNumber, field: columns[column])
    }
  }
}
