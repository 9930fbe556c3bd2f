/// A predictor parameter that is out of its range or inconsistent with another one.
///
/// `parameter` is the field name as it appears in the exported JSON (for example
/// `kalman.processNoise`), so the message points at the exact place to fix.
public struct PredictorParameterError: Error, Sendable, Equatable, CustomStringConvertible {
  public var parameter: String
  public var value: Double
  public var problem: String

  public init(parameter: String, value: Double, problem: String) {
    self.parameter = parameter
    self.value = value
    self.problem = problem
  }

  public var description: String { "predictor parameter \(parameter) = \(value): \(problem)" }

  /// The same error with its field named from the configuration's root: `prefix` (the name a
  /// shared parameter struct uses for itself, such as `oneEuro.`) becomes `path` (where that
  /// struct sits, such as `stages.prefilter.`), in the field and in the problem text.
  func located(replacing prefix: String, with path: String) -> PredictorParameterError {
    func relocate(_ text: String) -> String { text.replacing(prefix, with: path) }
    return PredictorParameterError(parameter: relocate(parameter), value: value, problem: relocate(problem))
  }

  /// Throws unless `value` is finite and within `range`.
  static func check(
    _ parameter: String, _ value: Double, in range: ClosedRange<Double>
  ) throws(PredictorParameterError) {
    guard value.isFinite, range.contains(value) else {
      throw PredictorParameterError(
        parameter: parameter, value: value,
        problem: "expected a finite value in \(range.lowerBound)…\(range.upperBound)")
    }
  }

  /// Throws unless a ramp that is on (`high > 0`) starts below where it ends.
  static func checkRamp(
    low: (name: String, value: Double), high: (name: String, value: Double)
  ) throws(PredictorParameterError) {
    if high.value > 0, low.value >= high.value {
      throw PredictorParameterError(
        parameter: low.name, value: low.value, problem: "must be below \(high.name) (\(high.value))")
    }
  }

  static func check(
    _ parameter: String, _ value: Int, in range: ClosedRange<Int>
  ) throws(PredictorParameterError) {
    guard range.contains(value) else { throw integer(parameter, Double(value), outside: range) }
  }

  /// The refusal of an integer field's `value` outside `range`.
  static func integer(_ parameter: String, _ value: Double, outside range: ClosedRange<Int>) -> PredictorParameterError {
    PredictorParameterError(
      parameter: parameter, value: value, problem: "expected an integer in \(range.lowerBound)…\(range.upperBound)")
  }
}

/// The parameters of one predictor family or stage: plain data, exported as JSON inside a
/// ``PredictorConfiguration``.
package protocol PredictorParameters: Codable, Equatable, Sendable {
  /// Throws naming the first field that is out of range.
  func validate() throws(PredictorParameterError)
}
