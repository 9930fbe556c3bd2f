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
