/// Why the metrics refused a stroke, an event or a setting, said so that the caller can find it:
/// which stroke, which event (0-based, in the order given), which field, and what was expected.
///
/// The metrics never trap on bad input: every non-finite number, out-of-range index and backwards
/// time is reported through this error instead.
public struct MetricInputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The stroke's label (source and index, or origin), when the problem is in a stroke or event.
  public var stroke: String?
  /// Index of the offending sample or event within the stroke, when there is one.
  public var index: Int?
  /// The field at fault, for example `"targetTime"` or `"samples[3].x"`.
  public var field: String
  /// What is wrong and what was expected.
  public var problem: String

  public init(stroke: String? = nil, index: Int? = nil, field: String, problem: String) {
    self.stroke = stroke
    self.index = index
    self.field = field
    self.problem = problem
  }

  public var description: String {
    var text = ""
    if let stroke { text += "stroke \(stroke): " }
    if let index { text += "event \(index): " }
    return text + "field '\(field)': " + problem
  }
}
