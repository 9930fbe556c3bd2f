/// A problem with an input file, said so that a user can find and fix it: the file, where in it
/// (line, or JSON path), which field, and what was expected.
public struct TraceInputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where in the file the problem is.
  public enum Location: Sendable, Hashable {
    /// 1-based line number.
    case line(Int)
    /// A JSON path such as `$[12].location[1]`.
    case jsonPath(String)
    /// The whole file (unknown format, empty file).
    case file
  }

  public var file: String
  public var location: Location
  /// The field or column at fault, when there is one.
  public var field: String?
  /// What is wrong and what was expected, in words.
  public var problem: String

  public init(file: String, location: Location, field: String? = nil, problem: String) {
    self.file = file
    self.location = location
    self.field = field
    self.problem = problem
  }

  /// The message, with what came from the file escaped and bounded (``MessageText``).
  public var description: String { MessageText.bounded(rawDescription) }

  private var rawDescription: String {
    var text = file
    switch location {
    case .line(let line): text += ":\(line)"
    case .jsonPath(let path): text += " at \(path)"
    case .file: break
    }
    if let field { text += ": field '\(field)'" }
    return text + ": " + problem
  }
}
