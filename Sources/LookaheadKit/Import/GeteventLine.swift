import Foundation

/// One line of a `getevent -lt` log, read for ``AndroidGeteventImporter``: blank, a line of a
/// `getevent -lp` dump (anything not starting with `[`), or an event
/// `[   1234.567890] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 000001a4`.
///
/// A line of ASCII is read from its bytes in place (issue #21: splitting every line into
/// `String`s held the importer far below the trace reader's speed); a line with any other byte,
/// and a line that is not a well-formed event, is read as text (``init(text:line:file:)``), which
/// gives the value or the error (file, line, field) the importer always gave. On ASCII the two
/// agree: the only ASCII white space `trimmingCharacters(in: .whitespaces)` trims is the space and
/// the tab, and fields are split on those two.
enum GeteventLine {
  case blank
  /// A dump line, its text as in the file.
  case dump(String)
  case event(Event)

  /// An event's fields.
  struct Event {
    /// Seconds, from the `[ … ]` stamp.
    var time: Double
    /// The device path before the `:`, `""` if the line names none.
    var device: String
    var kind: GeteventEventKind
    /// Whether the type is a label (`EV_ABS`), not a number (`getevent -t`'s `0003`).
    var labelledType: Bool
    /// The value as a number, `nil` if it is not one (the importer reports that when it uses it).
    var value: Int?
  }

  /// The fields of an ASCII event line read in place, or `nil` to leave the line to the text
  /// reading (a non-ASCII byte, a missing `]`, a bad stamp, a wrong number of fields). The
  /// device is given as a byte range, so that the caller makes a `String` only for a new one.
  static func event(
    _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>
  ) -> (time: Double, device: Range<Int>, kind: GeteventEventKind, labelledType: Bool, value: Int?)? {
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    var start = line.lowerBound, end = line.upperBound
    while start < end, isBlank(bytes[start]) { start += 1 }
    while end > start, isBlank(bytes[end - 1]) { end -= 1 }
    guard start < end, bytes[start] == UInt8(ascii: "[") else { return nil }
    for index in line where bytes[index] >= 0x80 { return nil }
    guard let close = (start + 1..<end).first(where: { bytes[$0] == UInt8(ascii: "]") }) else { return nil }
    var stampStart = start + 1, stampEnd = close
    while stampStart < stampEnd, isBlank(bytes[stampStart]) { stampStart += 1 }
    while stampEnd > stampStart, isBlank(bytes[stampEnd - 1]) { stampEnd -= 1 }
    guard stampStart < stampEnd,
      (stampStart..<stampEnd).allSatisfy({ bytes[$0] == UInt8(ascii: ".") || (bytes[$0] &- UInt8(ascii: "0")) <= 9 }),
      let time = DecimalText.double(bytes, stampStart..<stampEnd), time.isFinite
    else { return nil }
    // Up to four fields after the stamp, [DEVICE:] TYPE CODE VALUE, kept in place (no array).
    var fields = (close..<close, close..<close, close..<close, close..<close)
    var count = 0
    var index = close + 1
    while index < end {
      while index < end, isBlank(bytes[index]) { index += 1 }
      guard index < end else { break }
      let fieldStart = index
      while index < end, !isBlank(bytes[index]) { index += 1 }
      switch count {
      case 0: fields.0 = fieldStart..<index
      case 1: fields.1 = fieldStart..<index
      case 2: fields.2 = fieldStart..<index
      case 3: fields.3 = fieldStart..<index
      default: return nil
      }
      count += 1
    }
    var device = close..<close
    if count > 0, bytes[fields.0.upperBound - 1] == UInt8(ascii: ":") {
      device = fields.0.lowerBound..<fields.0.upperBound - 1
      fields = (fields.1, fields.2, fields.3, close..<close)
      count -= 1
    }
    guard count == 3 else { return nil }
    let type = fields.0, code = fields.1
    let labelled = type.count >= 3 && bytes[type.lowerBound] == UInt8(ascii: "E")
      && bytes[type.lowerBound + 1] == UInt8(ascii: "V") && bytes[type.lowerBound + 2] == UInt8(ascii: "_")
    return (time, device, GeteventEventKind(bytes, type: type, code: code), labelled, value(bytes, fields.2))
  }

  /// A line read as text, as the importer always read it, throwing its errors.
  init(text: String, line: Int, file: String) throws {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("[") else {
      self = trimmed.isEmpty ? .blank : .dump(text)
      return
    }
    let fields = try Self.fields(of: trimmed, line: line, file: file)
    self = .event(Event(
      time: fields.time, device: fields.device, kind: GeteventEventKind(type: fields.type, code: fields.code),
      labelledType: fields.type.hasPrefix("EV_"), value: Self.value(fields.value)))
  }

  /// The stamp and the fields of an event line (trimmed, starting with `[`) as text: for
  /// ``init(text:line:file:)`` and for the importer's messages, which quote the fields.
  static func fields(
    of trimmed: String, line: Int, file: String
  ) throws -> (time: Double, device: String, type: Substring, code: Substring, value: Substring) {
    guard let close = trimmed.firstIndex(of: "]") else {
      throw TraceInputError(file: file, location: .line(line), field: "timestamp", problem: "'[' without ']': expected '[ SECONDS.MICROS]'")
    }
    let stamp = trimmed[trimmed.index(after: trimmed.startIndex)..<close].trimmingCharacters(in: .whitespaces)
    guard !stamp.isEmpty, stamp.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let time = Double(stamp), time.isFinite else {
      throw TraceInputError(file: file, location: .line(line), field: "timestamp", problem: "'\(stamp)' is not SECONDS.MICROS")
    }
    var fields = trimmed[trimmed.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
    var device = ""
    if let first = fields.first, first.hasSuffix(":") {
      device = String(first.dropLast())
      fields.removeFirst()
    }
    guard fields.count == 3 else {
      throw TraceInputError(file: file, location: .line(line), field: fields.isEmpty ? "type" : fields.count == 1 ? "code" : "value",
        problem: "expected TYPE CODE VALUE after the timestamp (getevent -lt), found \(fields.count) fields")
    }
    return (time, device, fields[0], fields[1], fields[2])
  }

  /// A value as text: `DOWN` 1, `UP` 0, 8 hex digits as `getevent` prints them (a 32-bit two's
  /// complement, so `ffffffff` is −1), or a decimal within 32 bits; else `nil`.
  static func value(_ text: Substring) -> Int? {
    if text == "DOWN" { return 1 }
    if text == "UP" { return 0 }
    if text.count == 8, text.allSatisfy(\.isHexDigit), let bits = UInt32(text, radix: 16) {
      return Int(Int32(bitPattern: bits))
    }
    if let decimal = Int(text), decimal >= Int(Int32.min), decimal <= Int(Int32.max) { return decimal }
    return nil
  }

  /// ``value(_:)-(Substring)`` of ASCII bytes, read in place.
  static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    func hexDigit(_ byte: UInt8) -> UInt32? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
      default: nil
      }
    }
    if equals(bytes, range, "DOWN") { return 1 }
    if equals(bytes, range, "UP") { return 0 }
    if range.count == 8 {
      var bits: UInt32 = 0
      var hex = true
      for index in range {
        guard let digit = hexDigit(bytes[index]) else {
          hex = false
          break
        }
        bits = bits << 4 | digit
      }
      if hex { return Int(Int32(bitPattern: bits)) }
    }
    // A decimal as `Int(String)` reads it: an optional sign, then at least one digit.
    var index = range.lowerBound
    var negative = false
    if index < range.upperBound, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    guard index < range.upperBound else { return nil }
    var magnitude = 0
    while index < range.upperBound {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit <= 9 else { return nil }
      // Past 32 bits it is out of range whatever follows; stop before Int could overflow.
      magnitude = min(magnitude * 10 + Int(digit), 1 << 40)
      index += 1
    }
    let decimal = negative ? -magnitude : magnitude
    return decimal >= Int(Int32.min) && decimal <= Int(Int32.max) ? decimal : nil
  }

  /// Whether two ranges of `bytes` hold the same bytes.
  static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
    guard a.count == b.count, let base = bytes.baseAddress else { return a.count == b.count }
    return memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
  }

  /// Whether `bytes[range]` is `word`.
  static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
    guard range.count == word.utf8CodeUnitCount else { return false }
    for offset in 0..<range.count where bytes[range.lowerBound + offset] != word.utf8Start[offset] { return false }
    return true
  }
}

/// What an event is to ``AndroidGeteventImporter``: its type and code, the pairs it acts on named.
enum GeteventEventKind: CaseIterable {
  case synReport, synDropped, synMultiTouchReport
  case slot, trackingID, multiTouchX, multiTouchY, multiTouchPressure, toolType
  case x, y, pressure, tiltX, tiltY
  case touch, penTool, rubberTool, fingerTool
  /// Any other type or code: its value is still checked, and it is counted as not used.
  case other

  /// The type and code of each kind but ``other``.
  private var label: (type: StaticString, code: StaticString)? {
    switch self {
    case .synReport: ("EV_SYN", "SYN_REPORT")
    case .synDropped: ("EV_SYN", "SYN_DROPPED")
    case .synMultiTouchReport: ("EV_SYN", "SYN_MT_REPORT")
    case .slot: ("EV_ABS", "ABS_MT_SLOT")
    case .trackingID: ("EV_ABS", "ABS_MT_TRACKING_ID")
    case .multiTouchX: ("EV_ABS", "ABS_MT_POSITION_X")
    case .multiTouchY: ("EV_ABS", "ABS_MT_POSITION_Y")
    case .multiTouchPressure: ("EV_ABS", "ABS_MT_PRESSURE")
    case .toolType: ("EV_ABS", "ABS_MT_TOOL_TYPE")
    case .x: ("EV_ABS", "ABS_X")
    case .y: ("EV_ABS", "ABS_Y")
    case .pressure: ("EV_ABS", "ABS_PRESSURE")
    case .tiltX: ("EV_ABS", "ABS_TILT_X")
    case .tiltY: ("EV_ABS", "ABS_TILT_Y")
    case .touch: ("EV_KEY", "BTN_TOUCH")
    case .penTool: ("EV_KEY", "BTN_TOOL_PEN")
    case .rubberTool: ("EV_KEY", "BTN_TOOL_RUBBER")
    case .fingerTool: ("EV_KEY", "BTN_TOOL_FINGER")
    case .other: nil
    }
  }

  /// Each kind with its type and code, made once (`allCases` makes an array at every use).
  private static let labels: [(kind: GeteventEventKind, type: StaticString, code: StaticString)] = allCases.compactMap { kind in
    kind.label.map { (kind, $0.type, $0.code) }
  }

  /// The kind of ASCII `type` and `code` bytes.
  init(_ bytes: UnsafeBufferPointer<UInt8>, type: Range<Int>, code: Range<Int>) {
    for label in Self.labels where GeteventLine.equals(bytes, code, label.code) && GeteventLine.equals(bytes, type, label.type) {
      self = label.kind
      return
    }
    self = .other
  }

  /// The kind of `type` and `code` as text (`String` equality, as the importer always compared).
  init(type: Substring, code: Substring) {
    self = Self.allCases.first { kind in
      guard let label = kind.label else { return false }
      return code == "\(label.code)" && type == "\(label.type)"
    } ?? .other
  }

  /// A position axis, which tells which device a log's contacts come from.
  var isPosition: Bool {
    switch self {
    case .multiTouchX, .multiTouchY, .x, .y: true
    default: false
    }
  }
  var isMultiTouchPosition: Bool { self == .multiTouchX || self == .multiTouchY }
}
