/// A stroke a replay cannot deliver, with where and why.
public struct ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The stroke's index in its trace (or the index the caller gave).
  public var strokeIndex: Int
  /// The stroke's origin, when the trace records it.
  public var origin: String?
  /// Index of the offending sample, when there is one.
  public var sampleIndex: Int?
  /// The field at fault (`time`).
  public var field: String?
  public var problem: String

  public init(strokeIndex: Int, origin: String?, sampleIndex: Int?, field: String?, problem: String) {
    self.strokeIndex = strokeIndex
    self.origin = origin
    self.sampleIndex = sampleIndex
    self.field = field
    self.problem = problem
  }

  public var description: String {
    var text = "stroke \(strokeIndex)"
    if let origin { text += " (\(origin))" }
    if let sampleIndex { text += ", sample \(sampleIndex)" }
    if let field { text += ": field '\(field)'" }
    return text + ": " + problem
  }
}
