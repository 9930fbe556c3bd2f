import Foundation

/// Reads Lookahead's own trace file (``TraceFileFormat``) back into a ``Trace``, exactly as
/// ``TraceFileWriter`` wrote it. Every problem names the file, line and column.
///
/// The data rows are parsed from the file's bytes in place (``ByteLines``, ``TraceRowReader``,
/// ``DecimalText``):
/// no `String` is made for a row unless it is wrong and its text goes into the error. Numbers read
/// exactly as `Double(String)` reads them, and any cell that is not a plain decimal (`nan`, `inf`,
/// hex, spaces) is handed to the standard library's own parser, so the values and the errors are
/// those of the `String`-splitting reader this replaced (measured in `Docs/Performance.md`). Lines
/// may end in LF or CRLF.
public enum TraceFileReader {
  public static func read(contentsOf url: URL) throws -> Trace {
    try parse(try DataFileReader.read(url), file: url.path)
  }

  public static func parse(_ text: String, file: String) throws -> Trace {
    try parse(Data(text.utf8), file: file)
  }

  /// Parses the bytes of a trace file; `file` names it in errors. The rows are read in place in
  /// `data`'s own storage (no copy of the file is made).
  public static func parse(_ data: Data, file: String) throws -> Trace {
    guard isUTF8(data) else {
      throw TraceInputError(file: file, location: .file, problem: "is not UTF-8 text")
    }
    return try data.withUnsafeBytes { raw in
      try parse(raw.bindMemory(to: UInt8.self), file: file)
    }
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> Trace {
    var lines = ByteLines(bytes)
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    guard let first = lines.next() else {
      throw TraceInputError(file: file, location: .file, problem: "is empty; expected a Lookahead trace file")
    }
    let firstLine = text(first)
    guard firstLine.hasPrefix("# lookahead-trace: ") else {
      throw TraceInputError(file: file, location: .line(1), problem: "does not start with '# lookahead-trace: VERSION'")
    }
    let versionText = firstLine.dropFirst("# lookahead-trace: ".count)
    guard let version = Int(versionText) else {
      throw TraceInputError(file: file, location: .line(1), field: "version", problem: "'\(versionText)' is not a version number")
    }
    guard TraceFileFormat.readableVersions.contains(version) else {
      throw TraceInputError(file: file, location: .line(1), field: "version",
        problem: "version \(version) is not supported; this build reads versions "
          + "\(TraceFileFormat.readableVersions.lowerBound)–\(TraceFileFormat.readableVersions.upperBound)")
    }
    // The `#` lines, then the column header.
    var metadataLines: [String] = []
    var header: Range<Int>?
    while let line = lines.next() {
      guard line.first.map({ bytes[$0] }) == UInt8(ascii: "#") else {
        header = line
        break
      }
      metadataLines.append(text(line))
    }
    let metadata = try readMetadata(metadataLines, file: file)
    guard let header else {
      throw TraceInputError(file: file, location: .line(lines.lineNumber + 1), problem: "the column header row is missing (file truncated?)")
    }
    let columns = TraceFileFormat.columns(version: version)
    let expectedHeader = columns.joined(separator: ",")
    guard text(header) == expectedHeader else {
      throw TraceInputError(file: file, location: .line(lines.lineNumber), problem: "column header must be '\(expectedHeader)'")
    }
    let strokes = try withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: columns.count) { fields in
      fields.initialize(repeating: 0..<0)
      let rows = TraceRowReader(file: file, bytes: bytes, fields: fields, version: version, columns: columns)
      while let line = lines.next() { try rows.read(line: line, number: lines.lineNumber) }
      return rows.finish()
    }
    return Trace(metadata: metadata, strokes: strokes)
  }

  /// The `#` lines after the first (the file's lines 2, 3, …). They are few, so they are read as
  /// text.
  private static func readMetadata(_ lines: [String], file: String) throws -> TraceMetadata {
    // Each value with its line, so a bad value is reported where it is.
    var header: [String: (value: String, line: Int)] = [:]
    var cleaning = CleaningReport()
    var notes: [String: String] = [:]
    // Each note KEY's line: a trace keeps one value per KEY, so a second is refused, not kept.
    var noteLines: [String: Int] = [:]
    // Each cleaning rule's line: the format gives a rule once, so a second is refused, not summed.
    var cleaningLines: [String: Int] = [:]
    var lineNumber = 1
    func fail(_ field: String?, _ problem: String) -> TraceInputError {
      TraceInputError(file: file, location: .line(lineNumber), field: field, problem: problem)
    }
    func keyValue(_ text: String, _ field: String) throws -> (String, Int) {
      guard let equals = text.lastIndex(of: "="), let count = Int(text[text.index(after: equals)...]),
        let key = TraceFileFormat.unescape(text[..<equals])
      else { throw fail(field, "expected NAME=COUNT") }
      return (key, count)
    }
    for line in lines {
      lineNumber += 1
      guard let colon = line.firstIndex(of: ":") else { throw fail(nil, "metadata line needs 'key: value'") }
      let key = line[line.index(after: line.startIndex)..<colon].trimmingCharacters(in: .whitespaces)
      var rawValue = line[line.index(after: colon)...]
      if rawValue.first == " " { rawValue = rawValue.dropFirst() }
      guard let value = TraceFileFormat.unescape(rawValue) else { throw fail(key, "bad %-escape") }
      switch key {
      case "cleaning":
        let (rule, count) = try keyValue(String(rawValue), key)
        if let first = cleaningLines[rule] {
          throw fail(
            key, "RULE '\(rule)' is repeated (first on line \(first)); a trace gives each cleaning rule once, with its count")
        }
        cleaningLines[rule] = lineNumber
        // A count is of rows, so never negative, and the report's sums must stay countable.
        guard count >= 0 else { throw fail(key, "count \(count) of '\(rule)' is negative") }
        guard !cleaning.total.addingReportingOverflow(count).overflow else {
          throw fail(key, "count \(count) of '\(rule)' makes the cleaning total pass \(Int.max)")
        }
        cleaning.add(rule, count)
      case "note":
        guard let equals = rawValue.firstIndex(of: "="),
          let noteKey = TraceFileFormat.unescape(rawValue[..<equals]),
          let noteValue = TraceFileFormat.unescape(rawValue[rawValue.index(after: equals)...])
        else { throw fail(key, "expected KEY=VALUE") }
        if let first = noteLines[noteKey] {
          throw fail(
            key,
            "KEY '\(noteKey)' is repeated (first on line \(first)); a trace keeps one value per note KEY: give it "
              + "once, or name the other one differently")
        }
        notes[noteKey] = noteValue
        noteLines[noteKey] = lineNumber
      default:
        guard TraceFileFormat.metadataKeys.contains(key) else {
          throw fail(
            key,
            "is not a metadata key of a Lookahead trace file (one of "
              + "\(TraceFileFormat.metadataKeys.joined(separator: ", "))); anything else goes in "
              + "'# note: KEY=VALUE'")
        }
        // One line each (the last of two was taken without a word).
        if let first = header[key] {
          throw fail(
            key,
            "is repeated (first on line \(first.line)); a Lookahead trace file gives each metadata key once, but "
              + "cleaning and note")
        }
        header[key] = (value, lineNumber)
      }
    }
    func entry(_ key: String) throws -> (value: String, line: Int) {
      guard let entry = header[key] else {
        throw TraceInputError(file: file, location: .file, field: key, problem: "metadata line '# \(key): …' is missing")
      }
      return entry
    }
    func required(_ key: String) throws -> String { try entry(key).value }
    func optionalNumber(_ key: String) throws -> Double? {
      let (text, line) = try entry(key)
      if text == "unknown" { return nil }
      guard let value = Double(text), value.isFinite, value > 0 else {
        throw TraceInputError(
          file: file, location: .line(line), field: key, problem: "'\(text)' is not a positive number or 'unknown'")
      }
      return value
    }
    return TraceMetadata(
      source: try required("source"), device: try required("device"),
      digitizerRateHz: try optionalNumber("digitizer_rate_hz"),
      coordinateUnit: try required("coordinate_unit"),
      millimetresPerUnit: try optionalNumber("millimetres_per_unit"),
      licence: try required("licence"), recordedPredictor: header["recorded_predictor"]?.value,
      cleaning: cleaning, notes: notes)
  }

  /// Whether `data` is valid UTF-8, as `String(data:encoding:)` required, checked in place: ASCII
  /// eight bytes at a time, and each other sequence against the well-formed byte sequences of
  /// the Unicode Standard (§3.9, table 3-7: no overlong forms, no surrogates, nothing past
  /// U+10FFFF). Converted files carry non-ASCII text in their metadata (`≤` in a cleaning rule),
  /// and `String(validating:)` over the whole file cost a copy and 9 instructions a byte.
  static func isUTF8(_ data: Data) -> Bool {
    data.withUnsafeBytes { raw -> Bool in
      let count = raw.count
      var index = 0
      while index < count {
        if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
          index += 8
          continue
        }
        let lead = raw[index]
        if lead < 0x80 {
          index += 1
          continue
        }
        // The sequence's length, and the range its second byte must be in.
        let length: Int
        var secondLow: UInt8 = 0x80, secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondHigh = 0x9F
        case 0xF0: length = 4; secondLow = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondHigh = 0x8F
        default: return false
        }
        guard index + length <= count, raw[index + 1] >= secondLow, raw[index + 1] <= secondHigh else { return false }
        for offset in 2..<length where raw[index + offset] & 0xC0 != 0x80 { return false }
        index += length
      }
      return true
    }
  }
}
