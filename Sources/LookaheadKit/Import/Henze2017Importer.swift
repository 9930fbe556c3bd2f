import Foundation

/// Henze et al. 2017 finger-touch traces (`Henze2017-MobileHCI/data/*.txt`, repository
/// `interactionlab/MobileHCI17-Touch-Extrapolation`, described in the dataset's `SOURCE.md`).
///
/// Format: one event a line, `;`-separated, no header: wall-clock ms, device uptime ms, x px,
/// y px, touch size, action (0 down, 2 move, 1 up). A stroke runs from a `0` row through the next
/// `1` row inclusive; gaps inside a stroke are not split (ANCHOR-PROTOCOL §2). Time is the uptime
/// column in seconds; positions stay in px. Touch size is not a pressure and is not imported.
///
/// Source-specific rules (counted): rows outside any stroke are dropped; a `0` row while a stroke
/// is still open ends that stroke without an up row; a stroke still open at the end of the file
/// is kept. None of them fires on the published files.
public struct Henze2017Importer: TraceImporter {
  public init() {}
  public var format: TraceSourceFormat { .henze2017 }

  static let columns = ["wall_clock_ms", "uptime_ms", "x", "y", "size", "action"]
  public static let outsideStrokeRule = "Henze row outside a stroke dropped"
  public static let unterminatedStrokeRule = "Henze stroke without an up row kept"

  public func metadata() -> TraceMetadata {
    TraceMetadata(
      source: "Henze2017-MobileHCI", device: "Android tablet, finger touch (probably Nexus 7 2013)",
      digitizerRateHz: 60, coordinateUnit: "px", millimetresPerUnit: 0.07864,
      licence: "Apache-2.0",
      notes: [
        "millimetres_per_unit": "assumption: 323 ppi (Nexus 7 2013) per SOURCE.md, unverified",
        "time": "device uptime column, ms / 1000",
        "size": "touch size column not imported",
      ])
  }

  /// `participant7` from `WriteTasks-participant7.txt`; `nil` if the name has no such part.
  static func writer(fromFileName name: String) -> String? {
    guard let range = name.range(of: "participant") else { return nil }
    let digits = name[range.upperBound...].prefix(while: \.isNumber)
    return digits.isEmpty ? nil : "participant" + digits
  }

  public func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
    let text = DelimitedText(data: data, file: file.path)
    let assembler = StrokeAssembler(options: options, pointerType: .touch)
    assembler.declareRules(in: &report)
    report.add(Self.outsideStrokeRule, 0)
    report.add(Self.unterminatedStrokeRule, 0)
    let name = fileName(file)
    let writer = Self.writer(fromFileName: name)
    var strokes: [Stroke] = []
    var rows: [TraceSample] = []
    var lines: [Int] = []
    var open = false
    var fields: [Range<Int>] = []
    func close() throws {
      if let stroke = try assembler.assemble(rows: rows, lines: lines, file: file.path, writer: writer, origin: name, report: &report) {
        strokes.append(stroke)
      }
      rows.removeAll(keepingCapacity: true)
      lines.removeAll(keepingCapacity: true)
      open = false
    }
    for (lineIndex, line) in text.lines.enumerated() {
      let lineNumber = lineIndex + 1
      if text.isBlank(line) { continue }
      text.split(line, separator: UInt8(ascii: ";"), into: &fields)
      try text.requireFields(fields, 6, line: lineNumber, names: Self.columns)
      let action = try text.integer(fields[5], line: lineNumber, field: "action")
      guard action == 0 || action == 1 || action == 2 else {
        throw TraceInputError(file: file.path, location: .line(lineNumber), field: "action",
          problem: "\(action) is not an action; expected 0 (down), 2 (move) or 1 (up)")
      }
      let uptime = try text.integer(fields[1], line: lineNumber, field: "uptime_ms")
      let x = try text.double(fields[2], line: lineNumber, field: "x")
      let y = try text.double(fields[3], line: lineNumber, field: "y")
      _ = try text.double(fields[4], line: lineNumber, field: "size")
      let sample = TraceSample(time: Double(uptime) / 1000, x: x, y: y)
      if action == 0 {
        if open {
          report.add(Self.unterminatedStrokeRule)
          try close()
        }
        open = true
        rows.append(sample)
        lines.append(lineNumber)
      } else if open {
        rows.append(sample)
        lines.append(lineNumber)
        if action == 1 { try close() }
      } else {
        report.add(Self.outsideStrokeRule)
      }
    }
    if open {
      report.add(Self.unterminatedStrokeRule)
      try close()
    }
    return strokes
  }
}
