/// A field in a device-profile file that no profile has. Every part of a profile decodes with
/// defaults for the fields left out, so a misspelt field ("missedFrame", "pipeline.frame") would
/// otherwise be skipped without a word and its part replayed at the default; the import mappings
/// refuse unknown keys for the same reason.
struct UnknownProfileField: Error {
  /// Where the field is, the field itself last.
  var codingPath: [any CodingKey]
}

/// Any key a JSON object holds, to list them all.
private struct AnyProfileKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension Decoder {
  /// Throws ``UnknownProfileField`` for the first key (in sorted order) of the object being
  /// decoded that `Keys` does not have.
  func refuseUnknownProfileFields<Keys: CodingKey>(besides keys: Keys.Type) throws {
    let container = try container(keyedBy: AnyProfileKey.self)
    let names = container.allKeys.map(\.stringValue).sorted()
    if let unknown = names.first(where: { Keys(stringValue: $0) == nil }) {
      throw UnknownProfileField(codingPath: codingPath + [AnyProfileKey(stringValue: unknown)])
    }
  }
}

/// A whole-number field of a profile file (`digitizer.decimation`, `missedFrames.frameIndices`)
/// holding a number that is not one or does not fit an `Int` (`1.5`, `1e30`), which
/// `JSONDecoder` reports as "not valid JSON" without a path. Read as a double and converted
/// exactly, so the error names the field.
struct ProfileValueError: Error {
  var codingPath: [any CodingKey]
  var problem: String

  /// An array position in ``codingPath``.
  struct Index: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }

  /// `value` as an `Int`, or this error naming `codingPath` and what was `expected`.
  static func wholeNumber(_ value: Double, at codingPath: [any CodingKey], expected: String) throws -> Int {
    guard let whole = Int(exactly: value) else {
      throw ProfileValueError(codingPath: codingPath, problem: "expected \(expected), found \(value)")
    }
    return whole
  }
}
