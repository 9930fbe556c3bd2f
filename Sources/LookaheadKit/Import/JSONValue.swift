import Foundation
import LookaheadRuntime

/// A parsed JSON value that keeps `true`/`false` apart from numbers, which `JSONSerialization`
/// on Linux does not (its booleans are `NSNumber`s equal to 0 and 1), so that importers can say
/// "expected a number, found a boolean". It is the runtime's own ``ModelJSONValue``; the
/// importers only add parsing with input errors and words for messages.
typealias JSONValue = ModelJSONValue

extension ModelJSONValue {
  /// Parses `data`, failing with a ``TraceInputError`` at `$` that quotes the parser's reason.
  /// Plain valid JSON is read from the bytes (``JSONByteParser``); anything else is left to
  /// `JSONDecoder`, whose value or error it has always been.
  static func parse(_ data: Data, file: String) throws -> JSONValue {
    if let value = JSONByteParser.parse(data) { return value }
    do {
      return try JSONDecoder().decode(JSONValue.self, from: data)
    } catch where JSONNesting.problem(in: data) != nil {
      throw TraceInputError(file: file, location: .jsonPath("$"), problem: JSONNesting.problem(in: data) ?? "")
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
