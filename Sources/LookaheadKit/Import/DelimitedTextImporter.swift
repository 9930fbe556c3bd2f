import Foundation

/// Any CSV or TSV recording (with or without a header) read through a ``ColumnMapping``: the
/// researcher's own data, from an Android `MotionEvent` log, a browser Pointer Events export or a
/// tablet's CSV (worked examples in `Docs/BringYourOwnData.md`).
///
/// Rows become strokes in file order:
/// - with a `stroke` column, each distinct id has at most one open stroke, so interleaved
///   multi-touch rows are separated (ids may be reused: a stroke ends at an up marker or a gap);
/// - with a `phase` column, a down marker opens a stroke and an up marker closes it, a move
///   marker (or an empty cell) continues it; rows of an id with no open stroke are dropped and
///   counted (hover moves of a mouse, for example); any other phase cell is an error, so that a
///   misspelt marker is not read as a move;
/// - with `gap`, a pause longer than it ends the open stroke.
/// Strokes are ordered by their first row. Each stroke's writer and pointer type come from its
/// first row. Then the shared cleaning rules apply (``StrokeAssembler``).
///
/// Cells: numbers are plain decimals (`DelimitedText`); an empty optional cell (pressure, angles)
/// means "not recorded"; one pair of double quotes around a cell is removed.
public struct DelimitedTextImporter: TraceImporter {
  public var mapping: ColumnMapping?

  /// An importer for `mapping`; `nil` makes one that refuses every file, asking for a mapping.
  public init(mapping: ColumnMapping?) { self.mapping = mapping }

  public var format: TraceSourceFormat { .delimitedText }

  public static let gapSplitRule = "mapped stroke split at a time gap"
  public static let outsideStrokeRule = "mapped row outside a down…up stroke dropped"
  public static let unterminatedStrokeRule = "mapped stroke without an up row kept"
  public static let restartedStrokeRule = "mapped stroke ended by a new down row"

  /// The angle `angle` (radians, from +x towards +y) after y is negated: −angle, in [0, 2π).
  static func mirroredAcrossX(_ angle: Double) -> Double {
    let turn = 2 * Double.pi
    let mirrored = (-angle).truncatingRemainder(dividingBy: turn)
    return mirrored < 0 ? mirrored + turn : mirrored
  }

  public func metadata() -> TraceMetadata {
    var notes: [String: String] = [:]
    if let mapping {
      notes["mapping"] = mapping.settings.summary
      if mapping.millimetresPerUnit == nil { notes["millimetres_per_unit"] = "unknown: give mm_per_unit or dpi in the mapping" }
    }
    return TraceMetadata(
      source: mapping?.source ?? "delimited-text", device: mapping?.device ?? "unknown",
      digitizerRateHz: mapping?.digitizerRateHz, coordinateUnit: mapping?.coordinateUnit ?? "units",
      millimetresPerUnit: mapping?.millimetresPerUnit,
      licence: "unknown (a user's own recording)", notes: notes)
  }

  public func importTrace(files: [URL], options: ImportOptions) throws -> Trace {
    var trace = try importEachFile(files, options: options)
    if mapping?.source == nil, files.count == 1, let file = files.first { trace.metadata.source = file.lastPathComponent }
    return trace
  }

  /// Column indices after matching the mapping with the file's header.
  private struct Columns {
    var t = 0, x = 0, y = 0
    var pressure: Int?, altitude: Int?, azimuth: Int?, tiltX: Int?, tiltY: Int?
    var stroke: Int?, writer: Int?, type: Int?, phase: Int?
    var count = 0
  }

  /// One stroke being collected.
  private struct OpenStroke {
    var start: Int
    var rows: [TraceSample] = []
    var lines: [Int] = []
    var writer: String?
    var pointerType: PointerType
  }

  public func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
    guard let mapping else { throw ColumnMapping.missing(file: file.path) }
    let text = DelimitedText(data: data, file: file.path)
    let assembler = StrokeAssembler(options: options)
    assembler.declareRules(in: &report)
    if mapping.gapSeconds != nil { report.add(Self.gapSplitRule, 0) }
    if mapping.phase != nil {
      report.add(Self.outsideStrokeRule, 0)
      report.add(Self.unterminatedStrokeRule, 0)
      report.add(Self.restartedStrokeRule, 0)
    }
    let name = fileName(file)
    // Data lines: not blank, not a `#` comment.
    let dataLines = text.lines.indices.filter { index in
      let line = text.lines[index]
      return !text.isBlank(line) && text.text(text.trimmed(line)).first != "#"
    }
    guard let firstIndex = dataLines.first else {
      throw TraceInputError(file: file.path, location: .file, problem: "holds no rows")
    }
    let firstLine = text.text(text.lines[firstIndex])
    let separator = mapping.separator ?? Self.detectSeparator(firstLine: firstLine, fileName: name)
    var fields: [Range<Int>] = []
    text.split(text.lines[firstIndex], separator: separator, into: &fields)
    let firstCells = fields.map { text.text(text.unquoted($0)) }
    let hasHeader = mapping.hasHeader ?? firstCells.contains { Double($0) == nil }
    let columns = try resolve(mapping, header: hasHeader ? firstCells : nil, width: firstCells.count, file: file.path, line: firstIndex + 1)

    var finished: [OpenStroke] = []
    var open: [String: OpenStroke] = [:]
    var started = 0
    func close(_ key: String) {
      if let stroke = open.removeValue(forKey: key), !stroke.rows.isEmpty { finished.append(stroke) }
    }
    func cellText(_ index: Int?) -> String? {
      index.map { text.text(text.unquoted(fields[$0])) }
    }
    func optionalNumber(_ index: Int?, _ field: String, line: Int) throws -> Double? {
      guard let index else { return nil }
      let cell = text.unquoted(fields[index])
      return cell.isEmpty ? nil : try text.double(cell, line: line, field: field)
    }
    let names = hasHeader ? firstCells : (1...max(columns.count, 1)).map { "column \($0)" }
    for lineIndex in dataLines.dropFirst(hasHeader ? 1 : 0) {
      let lineNumber = lineIndex + 1
      text.split(text.lines[lineIndex], separator: separator, into: &fields)
      if let column = text.unclosedQuote(in: fields) {
        throw TraceInputError(
          file: file.path, location: .line(lineNumber), field: column < names.count ? names[column] : "column \(column + 1)",
          problem: "'\(MessageText.bounded(text.text(fields[column])))' opens a quote it does not close: a quoted cell "
            + "holding the separator, which is not supported; export without quotes around such cells, or with another separator")
      }
      try text.requireFields(fields, columns.count, line: lineNumber, names: names)
      let t = try text.double(text.unquoted(fields[columns.t]), line: lineNumber, field: mapping.time.column) / mapping.time.ticksPerSecond
      let x = try text.double(text.unquoted(fields[columns.x]), line: lineNumber, field: mapping.x.column)
      var y = try text.double(text.unquoted(fields[columns.y]), line: lineNumber, field: mapping.y.column)
      if mapping.yPointsUp { y = -y }
      let pressure = try optionalNumber(columns.pressure, mapping.pressure?.column ?? "pressure", line: lineNumber).map { $0 / mapping.pressureMaximum }
      // Pressure is 0…1 once divided by the declared maximum; -0.3 or 7 was stored as read.
      if let pressure, !(0...1).contains(pressure) {
        let raw = pressure * mapping.pressureMaximum
        throw TraceInputError(
          file: file.path, location: .line(lineNumber), field: mapping.pressure?.column ?? "pressure",
          problem: "\(formatNumber(raw)) is outside 0…\(formatNumber(mapping.pressureMaximum)), the pressure's range "
            + (mapping.pressureMaximumGiven ? "(pressure=COLUMN:MAX, the device's full pressure)"
              : "(give the device's full pressure as pressure=COLUMN:MAX when the column is not 0…1)"))
      }
      var altitude = try optionalNumber(columns.altitude, mapping.altitude?.0.column ?? "", line: lineNumber).map { $0 * (mapping.altitude?.1 ?? 1) }
      var azimuth = try optionalNumber(columns.azimuth, mapping.azimuth?.0.column ?? "", line: lineNumber).map { $0 * (mapping.azimuth?.1 ?? 1) }
      if altitude == nil, azimuth == nil, let (tx, txScale) = mapping.tiltX, let (ty, tyScale) = mapping.tiltY,
        let tiltX = try optionalNumber(columns.tiltX, tx.column, line: lineNumber),
        let tiltY = try optionalNumber(columns.tiltY, ty.column, line: lineNumber)
      {
        (altitude, azimuth) = TiltConversion.altitudeAzimuth(tiltX: tiltX * txScale, tiltY: tiltY * tyScale)
      }
      // The azimuth (read, or made from the tilts) is measured from +x towards the source's +y;
      // flipping y mirrors it, so it stays the direction the pen's top points (Docs/TraceFormat.md).
      if mapping.yPointsUp, let read = azimuth { azimuth = Self.mirroredAcrossX(read) }
      let key = cellText(columns.stroke) ?? ""
      var isDown = false, isUp = false
      if let phaseCell = cellText(columns.phase), !phaseCell.isEmpty {
        let marker = phaseCell.lowercased()
        isDown = mapping.downMarkers.contains(marker)
        isUp = mapping.upMarkers.contains(marker)
        guard isDown || isUp || mapping.moveMarkers.contains(marker) else {
          throw mapping.unknownPhase(phaseCell, file: file.path, line: lineNumber)
        }
      }
      if let gap = mapping.gapSeconds, let last = open[key]?.rows.last, t - last.time > gap {
        report.add(Self.gapSplitRule)
        close(key)
      }
      if isDown, open[key] != nil {
        report.add(Self.restartedStrokeRule)
        close(key)
      }
      if open[key] == nil {
        if mapping.phase != nil, !isDown {
          report.add(Self.outsideStrokeRule)
          continue
        }
        var pointerType = mapping.pointerType ?? .unknown
        if let typeCell = cellText(columns.type) {
          guard let named = PointerType(platformName: typeCell) else {
            throw TraceInputError(file: file.path, location: .line(lineNumber), field: mapping.type?.column,
              problem: "'\(typeCell)' is not a pointer type; expected pen, stylus, eraser, touch, finger, mouse or unknown")
          }
          pointerType = named
        }
        let writer = cellText(columns.writer).flatMap { $0.isEmpty ? nil : $0 }
        open[key] = OpenStroke(start: started, writer: writer, pointerType: pointerType)
        started += 1
      }
      open[key]?.rows.append(TraceSample(time: t, x: x, y: y, pressure: pressure, altitude: altitude, azimuth: azimuth))
      open[key]?.lines.append(lineNumber)
      if isUp { close(key) }
    }
    for key in open.keys.sorted() {
      if mapping.phase != nil { report.add(Self.unterminatedStrokeRule) }
      close(key)
    }
    var strokes: [Stroke] = []
    for collected in finished.sorted(by: { $0.start < $1.start }) {
      let origin = mapping.stroke == nil ? name : "\(name) stroke \(collected.start)"
      if let stroke = try assembler.assemble(
        rows: collected.rows, lines: collected.lines, file: file.path, writer: collected.writer, origin: origin,
        pointerType: collected.pointerType, report: &report)
      {
        strokes.append(stroke)
      }
    }
    return strokes
  }

  /// Tab for `.tsv`; else the first of tab, comma, semicolon found in the first line; else space.
  static func detectSeparator(firstLine: String, fileName: String) -> UInt8 {
    if fileName.lowercased().hasSuffix(".tsv") { return 0x09 }
    for (character, byte) in [("\t", UInt8(0x09)), (",", UInt8(ascii: ",")), (";", UInt8(ascii: ";"))] where firstLine.contains(character) {
      return byte
    }
    return 0x20
  }

  /// Matches every mapped column with the header (exact name, then case-insensitive) or, without
  /// one, with its 1-based number; the error names the setting and lists the header.
  private func resolve(_ mapping: ColumnMapping, header: [String]?, width: Int, file: String, line: Int) throws -> Columns {
    func index(_ reference: ColumnMapping.ColumnReference) throws -> Int {
      if let header {
        if let found = header.firstIndex(of: reference.column) ?? header.firstIndex(where: { $0.lowercased() == reference.column.lowercased() }) {
          return found
        }
        throw ImportSettings.error(reference.entry,
          "column '\(reference.column)' is not in the header of \(file) (line \(line): \(header.joined(separator: ", ")))")
      }
      guard let number = Int(reference.column), number >= 1 else {
        throw ImportSettings.error(reference.entry,
          "'\(reference.column)' must be a 1-based column number: \(file) has no header (or say header=yes)")
      }
      guard number <= width else {
        throw ImportSettings.error(reference.entry, "column \(number) does not exist: line \(line) of \(file) has \(width) columns")
      }
      return number - 1
    }
    var columns = Columns()
    columns.t = try index(mapping.timeReference)
    columns.x = try index(mapping.x)
    columns.y = try index(mapping.y)
    columns.pressure = try mapping.pressure.map(index)
    columns.altitude = try mapping.altitude.map { try index($0.0) }
    columns.azimuth = try mapping.azimuth.map { try index($0.0) }
    columns.tiltX = try mapping.tiltX.map { try index($0.0) }
    columns.tiltY = try mapping.tiltY.map { try index($0.0) }
    columns.stroke = try mapping.stroke.map(index)
    columns.writer = try mapping.writer.map(index)
    columns.type = try mapping.type.map(index)
    columns.phase = try mapping.phase.map(index)
    let optional: [Int?] = [columns.pressure, columns.altitude, columns.azimuth, columns.tiltX, columns.tiltY,
      columns.stroke, columns.writer, columns.type, columns.phase]
    columns.count = 1 + max(columns.t, columns.x, columns.y, optional.compactMap { $0 }.max() ?? 0)
    return columns
  }
}
