import Foundation

/// The fast path of ``InkableImporter``: reads a file's touch events straight from its bytes, the
/// fields the importer uses picked out by name as they pass and every other member checked and
/// skipped (``JSONByteParser/skipValue(depth:)``), with no `JSONValue` tree, no dictionary per
/// event and no `String` per key. Issue #21: building that tree (a dictionary of about 20 members
/// per event, then a lookup per field) held the importer to 3.6× slower than the trace reader.
///
/// It takes only the plain case: a top-level array of event objects whose keys and strings are
/// printable ASCII without escapes, no key twice, every field the importer reads of the JSON type
/// it expects (`location` an array of two numbers), and every event one the importer accepts.
/// Anything else, including every file the importer rejects, gives `nil`, and the importer reads
/// the file the general way (``JSONValue/parse(_:file:)`` then one event at a time), so such a
/// file keeps the value or the error (file, JSON path, field) it always had. For the files it
/// takes, each event is the one the general way decodes: numbers through the same
/// ``JSONByteParser/number()``, the same checks and the same construction
/// (``InkableImporter/pencilEvent(touch:isUpdate:isPrediction:phase:timestamp:x:y:pressure:altitude:azimuth:estimatedBits:updateIndex:)``).
struct InkableEventReader {
  /// The fields the importer reads, by their JSON key.
  private enum Field: Int, CaseIterable {
    case touchIdentifier, type, isUpdate, isPrediction, phase, timestamp, location, force, maximumPossibleForce,
      altitudeAngle, azimuth, estimatedProperties, estimationUpdateIndex

    /// Keys as bytes, in `rawValue` order.
    static let keys: [[UInt8]] = allCases.map { Array("\($0)".utf8) }

    /// The field named by `bytes[range]`, if any.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Field? {
      for field in allCases {
        let key = keys[field.rawValue]
        guard key.count == range.count else { continue }
        if key.indices.allSatisfy({ key[$0] == bytes[range.lowerBound + $0] }) { return field }
      }
      return nil
    }
  }

  private var parser: JSONByteParser
  /// Keys of the current event that the importer does not read, to find one given twice.
  private var otherKeys: [Range<Int>] = []
  /// Touch identifiers by first appearance, and the last event's, which the next usually repeats.
  private var touchNumbers: [String: Int] = [:]
  private var lastTouch: (range: Range<Int>, number: Int)?

  /// The events of `data` with their touches numbered in order of first appearance, or `nil` if
  /// the file is not the plain case (above).
  static func events(in data: Data) -> [InkableImporter.Event]? {
    data.withUnsafeBytes { raw in
      var reader = InkableEventReader(parser: JSONByteParser(bytes: raw.bindMemory(to: UInt8.self)))
      return reader.events()
    }
  }

  private init(parser: JSONByteParser) { self.parser = parser }

  private var bytes: UnsafeBufferPointer<UInt8> { parser.bytes }

  /// The next non-blank byte, or `nil` at the end.
  private mutating func nextByte() -> UInt8? {
    parser.skipWhitespace()
    return parser.index < bytes.count ? bytes[parser.index] : nil
  }

  private mutating func events() -> [InkableImporter.Event]? {
    guard nextByte() == UInt8(ascii: "[") else { return nil }
    parser.index += 1
    var events: [InkableImporter.Event] = []
    if nextByte() == UInt8(ascii: "]") {
      parser.index += 1
    } else {
      while true {
        guard nextByte() == UInt8(ascii: "{"), let event = event() else { return nil }
        events.append(event)
        guard let separator = nextByte() else { return nil }
        parser.index += 1
        if separator == UInt8(ascii: "]") { break }
        guard separator == UInt8(ascii: ",") else { return nil }
      }
    }
    return nextByte() == nil ? events : nil
  }

  /// One event object from its `{`.
  private mutating func event() -> InkableImporter.Event? {
    parser.index += 1
    otherKeys.removeAll(keepingCapacity: true)
    var seen: UInt16 = 0
    var numbers = (
      type: Double?.none, phase: Double?.none, timestamp: Double?.none, force: Double?.none,
      maximumForce: Double?.none, altitude: Double?.none, azimuth: Double?.none, estimatedBits: Double?.none,
      updateIndex: Double?.none)
    var touch: Range<Int>?
    var isUpdate: Bool?, isPrediction: Bool?
    var location: (x: Double, y: Double)?
    if nextByte() == UInt8(ascii: "}") { return nil }  // no fields: the general way says which is missing
    while true {
      guard nextByte() == UInt8(ascii: "\""), let key = parser.plainASCIIString(), nextByte() == UInt8(ascii: ":") else {
        return nil
      }
      parser.index += 1
      if let field = Field.named(bytes, key) {
        let bit: UInt16 = 1 << field.rawValue
        guard seen & bit == 0 else { return nil }
        seen |= bit
        switch field {
        case .touchIdentifier:
          guard nextByte() == UInt8(ascii: "\""), let range = parser.plainASCIIString() else { return nil }
          touch = range
        case .isUpdate, .isPrediction:
          guard let flag = boolean() else { return nil }
          if field == .isUpdate { isUpdate = flag } else { isPrediction = flag }
        case .location:
          guard let pair = pair() else { return nil }
          location = pair
        default:
          parser.skipWhitespace()
          guard let number = parser.number() else { return nil }
          switch field {
          case .type: numbers.type = number
          case .phase: numbers.phase = number
          case .timestamp: numbers.timestamp = number
          case .force: numbers.force = number
          case .maximumPossibleForce: numbers.maximumForce = number
          case .altitudeAngle: numbers.altitude = number
          case .azimuth: numbers.azimuth = number
          case .estimatedProperties: numbers.estimatedBits = number
          default: numbers.updateIndex = number
          }
        }
      } else {
        guard !otherKeys.contains(where: { equal($0, key) }) else { return nil }
        otherKeys.append(key)
        guard parser.skipValue(depth: 2) else { return nil }
      }
      guard let separator = nextByte() else { return nil }
      parser.index += 1
      if separator == UInt8(ascii: "}") { break }
      guard separator == UInt8(ascii: ",") else { return nil }
    }

    guard let touch, let type = numbers.type.flatMap(InkableImporter.integer) else { return nil }
    let touchNumber = number(ofTouch: touch)
    guard type == 2 else { return InkableImporter.nonPencilEvent(touch: touchNumber) }
    guard let isUpdate, let isPrediction, let rawPhase = numbers.phase.flatMap(InkableImporter.integer),
      let timestamp = numbers.timestamp, let location, let force = numbers.force,
      let maximumForce = numbers.maximumForce, let altitude = numbers.altitude, let azimuth = numbers.azimuth
    else { return nil }
    guard let phase = InkableImporter.phase(rawPhase), TraceTimeLimit.accepts(timestamp), maximumForce > 0 else { return nil }
    guard isUpdate || (TracePositionLimit.accepts(location.x) && TracePositionLimit.accepts(location.y)) else { return nil }
    let pressure = force / maximumForce
    guard pressure.isFinite else { return nil }
    var estimatedBits = 0
    if let bits = numbers.estimatedBits {
      guard let integer = InkableImporter.integer(bits) else { return nil }
      estimatedBits = integer
    }
    var updateIndex: Int?
    if let index = numbers.updateIndex {
      guard let integer = InkableImporter.integer(index) else { return nil }
      updateIndex = integer
    }
    return InkableImporter.pencilEvent(
      touch: touchNumber, isUpdate: isUpdate, isPrediction: isPrediction, phase: phase, timestamp: timestamp,
      x: location.x, y: location.y, pressure: pressure, altitude: altitude, azimuth: azimuth,
      estimatedBits: estimatedBits, updateIndex: updateIndex)
  }

  /// `true` or `false`.
  private mutating func boolean() -> Bool? {
    switch nextByte() {
    case UInt8(ascii: "t"): parser.literal("true") ? true : nil
    case UInt8(ascii: "f"): parser.literal("false") ? false : nil
    default: nil
    }
  }

  /// An array of exactly two numbers.
  private mutating func pair() -> (x: Double, y: Double)? {
    guard nextByte() == UInt8(ascii: "[") else { return nil }
    parser.index += 1
    parser.skipWhitespace()
    guard let x = parser.number(), nextByte() == UInt8(ascii: ",") else { return nil }
    parser.index += 1
    parser.skipWhitespace()
    guard let y = parser.number(), nextByte() == UInt8(ascii: "]") else { return nil }
    parser.index += 1
    return (x, y)
  }

  private func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
    guard a.count == b.count, let base = bytes.baseAddress else { return false }
    return memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
  }

  /// The touch's number, in order of first appearance.
  private mutating func number(ofTouch range: Range<Int>) -> Int {
    if let last = lastTouch, equal(last.range, range) { return last.number }
    let identifier = String(decoding: bytes[range], as: UTF8.self)
    let number = touchNumbers[identifier] ?? touchNumbers.count
    touchNumbers[identifier] = number
    lastTouch = (range, number)
    return number
  }
}
