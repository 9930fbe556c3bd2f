import Foundation

/// Reads Lookahead's own trace file (``TraceFileFormat``) back into a ``Trace``, exactly as
/// ``TraceFileWriter`` wrote it. Every problem names the file, line and column.
///
/// The data rows are parsed from the file's bytes in place (``DelimitedText``, ``DecimalText``):
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

  /// Parses the bytes of a trace file; `file` names it in errors.
  public static func parse(_ data: Data, file: String) throws -> Trace {
    guard isUTF8(data) else {
      throw TraceInputError(file: file, location: .file, problem: "is not UTF-8 text")
    }
    let text = DelimitedText(data: data, file: file)
    let lines = text.lines
    guard let first = lines.first else {
      throw TraceInputError(file: file, location: .file, problem: "is empty; expected a Lookahead trace file")
    }
    let firstLine = text.text(first)
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
    var lineIndex = 1
    let metadata = try readMetadata(text, lineIndex: &lineIndex)
    guard lineIndex < lines.count else {
      throw TraceInputError(file: file, location: .line(lineIndex + 1), problem: "the column header row is missing (file truncated?)")
    }
    let columns = TraceFileFormat.columns(version: version)
    let expectedHeader = columns.joined(separator: ",")
    guard text.text(lines[lineIndex]) == expectedHeader else {
      throw TraceInputError(file: file, location: .line(lineIndex + 1), problem: "column header must be '\(expectedHeader)'")
    }
    var rows = TraceRowReader(text: text, version: version, columns: columns)
    try text.withBytes { bytes in
      for index in lineIndex + 1..<lines.count { try rows.read(line: index, bytes: bytes) }
    }
    return Trace(metadata: metadata, strokes: rows.finish())
  }

  /// The `#` lines after the first, from `lineIndex` (advanced past them). They are few, so they
  /// are read as text.
  private static func readMetadata(_ text: DelimitedText, lineIndex: inout Int) throws -> TraceMetadata {
    let file = text.file
    var header: [String: String] = [:]
    var cleaning = CleaningReport()
    var notes: [String: String] = [:]
    func fail(_ field: String?, _ problem: String) -> TraceInputError {
      TraceInputError(file: file, location: .line(lineIndex + 1), field: field, problem: problem)
    }
    func keyValue(_ text: String, _ field: String) throws -> (String, Int) {
      guard let equals = text.lastIndex(of: "="), let count = Int(text[text.index(after: equals)...]),
        let key = TraceFileFormat.unescape(text[..<equals])
      else { throw fail(field, "expected NAME=COUNT") }
      return (key, count)
    }
    while lineIndex < text.lines.count {
      let line = text.text(text.lines[lineIndex])
      guard line.hasPrefix("#") else { break }
      guard let colon = line.firstIndex(of: ":") else { throw fail(nil, "metadata line needs 'key: value'") }
      let key = line[line.index(after: line.startIndex)..<colon].trimmingCharacters(in: .whitespaces)
      var rawValue = line[line.index(after: colon)...]
      if rawValue.first == " " { rawValue = rawValue.dropFirst() }
      guard let value = TraceFileFormat.unescape(rawValue) else { throw fail(key, "bad %-escape") }
      switch key {
      case "cleaning":
        let (rule, count) = try keyValue(String(rawValue), key)
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
        notes[noteKey] = noteValue
      default:
        header[key] = value
      }
      lineIndex += 1
    }
    func required(_ key: String) throws -> String {
      guard let value = header[key] else {
        throw TraceInputError(file: file, location: .file, field: key, problem: "metadata line '# \(key): …' is missing")
      }
      return value
    }
    func optionalNumber(_ key: String) throws -> Double? {
      let text = try required(key)
      if text == "unknown" { return nil }
      guard let value = Double(text), value.isFinite, value > 0 else {
        throw TraceInputError(file: file, location: .file, field: key, problem: "'\(text)' is not a positive number or 'unknown'")
      }
      return value
    }
    return TraceMetadata(
      source: try required("source"), device: try required("device"),
      digitizerRateHz: try optionalNumber("digitizer_rate_hz"),
      coordinateUnit: try required("coordinate_unit"),
      millimetresPerUnit: try optionalNumber("millimetres_per_unit"),
      licence: try required("licence"), recordedPredictor: header["recorded_predictor"],
      cleaning: cleaning, notes: notes)
  }

  /// Whether `data` is valid UTF-8, as `String(data:encoding:)` required: a word-at-a-time
  /// check that every byte is ASCII, and the full validation only when one is not.
  static func isUTF8(_ data: Data) -> Bool {
    let ascii = data.withUnsafeBytes { raw -> Bool in
      var index = 0
      let count = raw.count
      while index + 8 <= count {
        if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
        index += 8
      }
      while index < count {
        if raw[index] >= 0x80 { return false }
        index += 1
      }
      return true
    }
    return ascii || String(validating: data, as: UTF8.self) != nil
  }
}
