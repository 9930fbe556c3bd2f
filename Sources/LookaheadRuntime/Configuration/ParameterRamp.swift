/// Two fields of one parameters struct that make a ramp: off while the high end is 0,
/// otherwise the low end must lie below it (``PredictorParameterError/checkRamp(low:high:)``).
/// Two whole-number fields whose high end is never 0 declare the same rule, always on: a
/// polynomial's order below its window (``PolynomialParameters``).
///
/// Declared once in the struct's field table (``ParameterFieldTable/ramps``) so that the rule its
/// `validate()` checks and the tuner's default search, which searches the pair so that it holds
/// (`SearchSpace.orderedPairs`), cannot drift apart.
package struct ParameterRamp: Sendable, Hashable {
  /// The low end's name: a field's property in a field table, its catalog key in a catalog entry.
  package let low: String
  /// The high end's name, in the same naming as ``low``.
  package let high: String

  package init(low: String, high: String) {
    self.low = low
    self.high = high
  }
}
