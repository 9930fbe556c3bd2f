import Foundation

/// A text file split into lines and fields without building a `String` per cell, so that the
/// importers read the shared datasets (about half a million rows) well inside the 2 s budget.
///
/// Lines end in LF or CRLF; a final line without a newline counts (``ByteLines``). Every accessor reports problems
/// as a ``TraceInputError`` naming the file, the 1-based line and the field.
struct DelimitedText {
  let file: String
  /// The file's bytes.
  private let bytes: [UInt8]
  /// Byte range of each line, without its line ending.
  private(set) var lines: [Range<Int>] = []

  init(data: Data, file: String) {
    self.file = file
    let bytes = [UInt8](data)
    self.bytes = bytes
    var lines: [Range<Int>] = []
    lines.reserveCapacity(bytes.count / 24 + 1)
    bytes.withUnsafeBufferPointer { buffer in
      var cursor = ByteLines(buffer)
      while let line = cursor.next() { lines.append(line) }
    }
    self.lines = lines
  }

  /// One line's bytes (its line ending already taken off) as a text of exactly that one line, for
  /// a reader that parses in place and needs these checks and messages only for a line its fast
  /// path did not take; pass the line's number in the file to each accessor.
  init(line: Slice<UnsafeBufferPointer<UInt8>>, file: String) {
    self.file = file
    self.bytes = Array(line)
    self.lines = [0..<line.count]
  }

  static func read(_ url: URL) throws -> DelimitedText {
    DelimitedText(data: try readData(url), file: url.path)
  }

  /// The file's bytes, its provenance digest taken on the way (``DataFileReader``).
  static func readData(_ url: URL) throws -> Data {
    try DataFileReader.read(url)
  }

  /// Calls `body` with the file's bytes, for readers that parse fields in place.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try bytes.withUnsafeBufferPointer(body)
  }

  /// The text of a line (for headers and messages).
  func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// Whether a line holds only spaces and tabs.
  func isBlank(_ line: Range<Int>) -> Bool {
    bytes[line].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// Splits `line` at `separator` into `fields` (cleared first). With `separator` a space, runs of
  /// spaces count as one and leading/trailing spaces are ignored.
  func split(_ line: Range<Int>, separator: UInt8, into fields: inout [Range<Int>]) {
    fields.removeAll(keepingCapacity: true)
    if separator == 0x20 {
      var index = line.lowerBound
      while index < line.upperBound {
        while index < line.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        guard index < line.upperBound else { break }
        let start = index
        while index < line.upperBound, bytes[index] != 0x20, bytes[index] != 0x09 { index += 1 }
        fields.append(start..<index)
      }
      return
    }
    var start = line.lowerBound
    var index = line.lowerBound
    while index < line.upperBound {
      if bytes[index] == separator {
        fields.append(start..<index)
        start = index + 1
      }
      index += 1
    }
    fields.append(start..<line.upperBound)
  }

  /// The field with surrounding spaces and tabs removed.
  func trimmed(_ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
    while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
    return lower..<upper
  }

  /// The field trimmed, without one pair of surrounding double quotes (`"pen"` → `pen`), for
  /// exports that quote every cell. Separators inside quotes are not supported.
  func unquoted(_ range: Range<Int>) -> Range<Int> {
    let range = trimmed(range)
    guard range.count >= 2, bytes[range.lowerBound] == 0x22, bytes[range.upperBound - 1] == 0x22 else { return range }
    return trimmed(range.lowerBound + 1..<range.upperBound - 1)
  }

  /// The index of the first field that opens a double quote it does not close (`"a` of a row
  /// `"a,b",1`): a quoted cell that held the separator, split in two and every later cell shifted
  /// by one (the writer `"a,b"` was read as `"a`, quote included). Nil when there is none.
  func unclosedQuote(in fields: [Range<Int>]) -> Int? {
    fields.firstIndex { field in
      let range = trimmed(field)
      return !range.isEmpty && bytes[range.lowerBound] == 0x22 && (range.count < 2 || bytes[range.upperBound - 1] != 0x22)
    }
  }

  /// Whether the field's bytes equal `word` (ASCII).
  func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard range.count == count else { return false }
    return word.withUTF8Buffer { buffer in
      var index = 0
      while index < count {
        if bytes[range.lowerBound + index] != buffer[index] { return false }
        index += 1
      }
      return true
    }
  }

  /// A finite decimal number (as `strtod` reads it in the C locale), or an error naming `field`.
  func double(_ range: Range<Int>, line: Int, field: String) throws -> Double {
    let range = trimmed(range)
    guard !range.isEmpty else {
      throw TraceInputError(file: file, location: .line(line), field: field, problem: "is empty; expected a number")
    }
    // Only the characters of a plain decimal number: strtod would also take "inf", "nan", hex.
    for byte in bytes[range] {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        continue
      default:
        throw TraceInputError(file: file, location: .line(line), field: field,
          problem: "'\(text(range))' is not a finite decimal number")
      }
    }
    // Exactly strtod's value (``DecimalText``), without a call into the C library for most cells.
    guard let value = bytes.withUnsafeBufferPointer({ DecimalText.double($0, range) }) else {
      throw TraceInputError(file: file, location: .line(line), field: field,
        problem: "'\(text(range))' is not a number")
    }
    guard value.isFinite else {
      throw TraceInputError(file: file, location: .line(line), field: field,
        problem: "'\(text(range))' is not finite")
    }
    return value
  }

  /// A decimal integer (optional sign, digits only), or an error naming `field`.
  func integer(_ range: Range<Int>, line: Int, field: String) throws -> Int {
    let range = trimmed(range)
    var index = range.lowerBound
    var negative = false
    if index < range.upperBound, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    guard index < range.upperBound else {
      throw TraceInputError(file: file, location: .line(line), field: field,
        problem: range.isEmpty ? "is empty; expected an integer" : "'\(text(range))' is not an integer")
    }
    var value = 0
    while index < range.upperBound {
      let byte = bytes[index]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
        throw TraceInputError(file: file, location: .line(line), field: field,
          problem: "'\(text(range))' is not an integer")
      }
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflow1, !overflow2 else {
        throw TraceInputError(file: file, location: .line(line), field: field,
          problem: "'\(text(range))' is too large")
      }
      value = sum
      index += 1
    }
    return negative ? -value : value
  }

  /// Fails with the expected column count if `fields` has fewer than `count` cells.
  func requireFields(_ fields: [Range<Int>], _ count: Int, line: Int, names: [String]) throws {
    guard fields.count >= count else {
      let missing = fields.count < names.count ? names[fields.count] : "column \(fields.count + 1)"
      throw TraceInputError(file: file, location: .line(line), field: missing,
        problem: "is missing: expected \(count) fields (\(names.joined(separator: ", "))), found \(fields.count) (file truncated?)")
    }
  }
}
