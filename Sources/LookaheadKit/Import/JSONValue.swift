import Foundation

/// A parsed JSON value that keeps `true`/`false` apart from numbers, which `JSONSerialization`
/// on Linux does not (its booleans are `NSNumber`s equal to 0 and 1), so that importers can say
/// "expected a number, found a boolean".
enum JSONValue: Decodable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Parses `data`, failing with a ``TraceInputError`` at `$` that quotes the parser's reason.
  static func parse(_ data: Data, file: String) throws -> JSONValue {
    do {
      return try JSONDecoder().decode(JSONValue.self, from: data)
    } catch let DecodingError.dataCorrupted(context) {
      let reason = (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
      throw TraceInputError(file: file, location: .jsonPath("$"),
        problem: "is not valid JSON (truncated?): \(reason.prefix(300))")
    } catch {
      throw TraceInputError(file: file, location: .jsonPath("$"), problem: "is not valid JSON (truncated?): \("\(error)".prefix(300))")
    }
  }

  /// Words for the value's kind, for messages.
  var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
