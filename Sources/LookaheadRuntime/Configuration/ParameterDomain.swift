/// How a tuner should step through a numeric parameter's range.
public enum ParameterScale: String, Sendable, Codable {
  case linear
  /// Multiplicative steps (noise variances, cutoffs): the range must be positive.
  case log
}

/// The values a parameter may take.
public enum ParameterDomain: Sendable, Equatable {
  case real(ClosedRange<Double>, scale: ParameterScale)
  case integer(ClosedRange<Int>)
  /// One of a few names.
  case choice([String])
  /// true / false (also written 1 / 0, yes / no).
  case flag
}

/// A value given for a parameter: a number (integers and flags are numbers too, a flag 0 or 1)
/// or a choice name.
public enum ParameterValue: Sendable, Equatable {
  case number(Double)
  case choice(String)
}
