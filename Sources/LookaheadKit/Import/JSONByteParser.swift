import Foundation
import LookaheadRuntime

/// Reads JSON (RFC 8259) straight from a file's bytes into a ``JSONValue``, numbers through
/// ``DecimalText``, so that the JSON importers (Inkable, browser recordings) are not held to the
/// speed of `JSONDecoder` decoding a `Codable` enum value by value (measured in
/// `Docs/Performance.md`).
///
/// Strict by design, and never the last word: any text it does not take as plain valid JSON
/// (a syntax error, a duplicate key, a number beyond `Double`, bad UTF-8, an unpaired surrogate
/// escape, nesting past ``JSONNesting/parserLimit``, a byte-order mark, UTF-16) gives `nil`, and
/// the caller then asks `JSONDecoder`, so every such file gets the value or the error it always
/// had. For the JSON it does take, the value is `JSONDecoder`'s: the same tree, and each number
/// the correctly rounded `Double` of its text (`DecimalText`, as `strtod`).
struct JSONByteParser {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  var index = 0

  /// The value of the whole of `data`, or `nil` if it is not plain valid JSON (see above).
  static func parse(_ data: Data) -> JSONValue? {
    data.withUnsafeBytes { raw in
      var parser = JSONByteParser(bytes: raw.bindMemory(to: UInt8.self))
      guard let value = parser.value(depth: 0) else { return nil }
      parser.skipWhitespace()
      return parser.index == parser.bytes.count ? value : nil
    }
  }

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// The value starting at the next non-blank byte, nested `depth` containers deep.
  mutating func value(depth: Int) -> JSONValue? {
    skipWhitespace()
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      guard depth < JSONNesting.parserLimit else { return nil }
      return object(depth: depth + 1)
    case UInt8(ascii: "["):
      guard depth < JSONNesting.parserLimit else { return nil }
      return array(depth: depth + 1)
    case UInt8(ascii: "\""):
      return string().map(JSONValue.string)
    case UInt8(ascii: "t"):
      return literal("true") ? .bool(true) : nil
    case UInt8(ascii: "f"):
      return literal("false") ? .bool(false) : nil
    case UInt8(ascii: "n"):
      return literal("null") ? .null : nil
    default:
      return number().map(JSONValue.number)
    }
  }

  mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count else { return false }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
    index += count
    return true
  }

  private mutating func object(depth: Int) -> JSONValue? {
    index += 1  // {
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
      index += 1
      guard let member = value(depth: depth), members.updateValue(member, forKey: key) == nil else { return nil }
      skipWhitespace()
      guard index < bytes.count else { return nil }
      let separator = bytes[index]
      index += 1
      if separator == UInt8(ascii: "}") { return .object(members) }
      guard separator == UInt8(ascii: ",") else { return nil }
    }
  }

  private mutating func array(depth: Int) -> JSONValue? {
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      guard let element = value(depth: depth) else { return nil }
      elements.append(element)
      skipWhitespace()
      guard index < bytes.count else { return nil }
      let separator = bytes[index]
      index += 1
      if separator == UInt8(ascii: "]") { return .array(elements) }
      guard separator == UInt8(ascii: ",") else { return nil }
    }
  }

  /// A string from its opening quote; escapes decoded, the bytes validated as UTF-8.
  private mutating func string() -> String? {
    index += 1  // "
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(validating: bytes[start..<index], as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
      guard byte >= 0x20 else { return nil }  // control characters must be escaped
      index += 1
    }
    return nil
  }

  /// The rest of a string that holds an escape, from its first byte `start`.
  private mutating func escapedString(from start: Int) -> String? {
    var utf8: [UInt8] = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") { return String(validating: utf8, as: UTF8.self) }
      guard byte >= 0x20 else { return nil }
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        continue
      }
      guard index < bytes.count else { return nil }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        guard let unit = hexUnit() else { return nil }
        var scalarValue = UInt32(unit)
        if (0xD800...0xDBFF).contains(unit) {
          // A high surrogate must be followed by an escaped low one.
          guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
          index += 2
          guard let low = hexUnit(), (0xDC00...0xDFFF).contains(low) else { return nil }
          scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { return nil }  // a lone low surrogate
        utf8.append(contentsOf: String(Character(scalar)).utf8)
      default:
        return nil
      }
    }
    return nil
  }

  /// Four hex digits of a `\u` escape.
  private mutating func hexUnit() -> UInt16? {
    guard bytes.count - index >= 4 else { return nil }
    var unit: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      unit = unit << 4 | UInt16(digit)
      index += 1
    }
    return unit
  }

  /// A number in JSON's grammar, `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, that is a
  /// finite `Double`.
  mutating func number() -> Double? {
    let start = index
    func digits() -> Int {
      let first = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
      return index - first
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return nil }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { return nil }
    }
    guard let value = DecimalText.double(bytes, start..<index), value.isFinite else { return nil }
    // A non-zero mantissa that underflows to zero is left to JSONDecoder's judgement.
    if value == 0 {
      var scan = integerStart
      while scan < index, bytes[scan] != UInt8(ascii: "e"), bytes[scan] != UInt8(ascii: "E") {
        if bytes[scan] >= UInt8(ascii: "1"), bytes[scan] <= UInt8(ascii: "9") { return nil }
        scan += 1
      }
    }
    return value
  }

  /// Checks the value starting at the next non-blank byte as ``value(depth:)`` would and moves
  /// past it, building nothing for numbers, literals, strings and arrays of them (an object is
  /// built and dropped, which checks its keys for duplicates); `false` where `value(depth:)` gives
  /// `nil`. For readers that want a few fields of a large document (``InkableEventReader``).
  mutating func skipValue(depth: Int) -> Bool {
    skipWhitespace()
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "["):
      guard depth < JSONNesting.parserLimit else { return false }
      index += 1
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return true
      }
      while true {
        guard skipValue(depth: depth + 1) else { return false }
        skipWhitespace()
        guard index < bytes.count else { return false }
        let separator = bytes[index]
        index += 1
        if separator == UInt8(ascii: "]") { return true }
        guard separator == UInt8(ascii: ",") else { return false }
      }
    case UInt8(ascii: "\""):
      if plainASCIIString() != nil { return true }
      return string() != nil
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    case UInt8(ascii: "{"): return value(depth: depth) != nil
    default: return number() != nil
    }
  }

  /// The bytes inside the string starting at `index` (its opening quote) if it holds only
  /// printable ASCII and no escape, moving past its closing quote; else `nil`, `index` unchanged.
  /// Such a string's bytes are its text, and two of them are equal `String`s exactly when their
  /// bytes are equal (no escapes, no canonical equivalence to consider).
  mutating func plainASCIIString() -> Range<Int>? {
    let start = index + 1
    var scan = start
    while scan < bytes.count {
      let byte = bytes[scan]
      if byte == UInt8(ascii: "\"") {
        index = scan + 1
        return start..<scan
      }
      guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
      scan += 1
    }
    return nil
  }
}
