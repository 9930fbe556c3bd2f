/// A baseline predictor was configured with a value outside its documented range.
public struct BaselineParameterError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The predictor's name, for example `"turbotouch"`.
  public var predictor: String
  /// The parameter, by the key its source uses (for TurboTouch, the `.cfg` key without prefix).
  public var parameter: String
  public var value: Double
  /// What was expected, in words with the unit.
  public var expected: String

  public init(predictor: String, parameter: String, value: Double, expected: String) {
    self.predictor = predictor
    self.parameter = parameter
    self.value = value
    self.expected = expected
  }

  public var description: String {
    "\(predictor): parameter '\(parameter)' is \(value), expected \(expected)"
  }
}
