import LookaheadRuntime

/// A device profile that cannot be used: which profile (its name, or the file it came from), which
/// field, and what was expected.
public struct DeviceProfileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The profile's name, or the path of the file it was read from.
  public var profile: String
  /// The field at fault as a dotted path (`display.schedule[1].rateHz`), when there is one.
  public var field: String?
  /// What is wrong and what was expected.
  public var problem: String

  public init(profile: String, field: String?, problem: String) {
    self.profile = profile
    self.field = field
    self.problem = problem
  }

  /// Turns a `JSONDecoder` error into one that names the file and the JSON path.
  init(decoding error: DecodingError, file: String) {
    let path = JSONPath.text(of:)
    switch error {
    case .typeMismatch(let type, let context):
      self.init(profile: file, field: path(context.codingPath), problem: "expected \(JSONTypeName.of(type))")
    case .valueNotFound(let type, let context):
      self.init(profile: file, field: path(context.codingPath), problem: "expected \(JSONTypeName.of(type)), found null")
    case .keyNotFound(let key, let context):
      self.init(profile: file, field: path(context.codingPath + [key]), problem: "required field is missing")
    case .dataCorrupted(let context):
      self.init(
        profile: file, field: context.codingPath.isEmpty ? nil : path(context.codingPath),
        problem: "not valid JSON: \(context.debugDescription)")
    @unknown default:
      self.init(profile: file, field: nil, problem: "\(error)")
    }
  }

  public var description: String {
    var text = "device profile \(profile)"
    if let field { text += ": field '\(field)'" }
    return text + ": " + problem
  }
}
