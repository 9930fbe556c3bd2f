/// A length threshold of a metric, in millimetres or in the trace's own unit.
///
/// Thresholds are written in millimetres because that is what a user sees; a trace whose scale is
/// unknown cannot convert them, and ``inTraceUnits(millimetresPerUnit:)`` then says so with `nil`
/// (each metric documents what it does then). Give `.traceUnits` to score such traces anyway.
public enum MetricLength: Sendable, Hashable, Codable {
  case millimetres(Double)
  case traceUnits(Double)

  /// The threshold in trace units, or `nil` when it is in millimetres and the scale is unknown.
  public func inTraceUnits(millimetresPerUnit: Double?) -> Double? {
    switch self {
    case .traceUnits(let value): return value
    case .millimetres(let value):
      guard let scale = millimetresPerUnit, scale > 0 else { return nil }
      return value / scale
    }
  }

  var magnitude: Double {
    switch self {
    case .millimetres(let value), .traceUnits(let value): return value
    }
  }
}
