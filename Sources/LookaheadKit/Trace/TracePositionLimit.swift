/// The positions the workbench accepts: finite and within ±``units`` (1e12 coordinate units, so
/// a metre in nanometres still fits a thousand times over).
///
/// Why a bound at all: the metrics square differences of positions (an error is `√(dx² + dy²)`)
/// and the predictors divide them by short time steps up to three times (a jerk), so a single
/// corrupted coordinate of 1e200 or 1e308 overflowed into an infinite error and a scorecard of
/// dashes without saying which row was at fault. Within ±1e12, a difference squared stays below
/// 1e25 and a jerk over 0.1 ms steps below 1e24. The importers (``StrokeAssembler``) and the
/// trace reader refuse a position outside this range with its file, line and field.
public enum TracePositionLimit {
  /// The largest magnitude of a coordinate, in the trace's own unit.
  public static let units = 1e12

  /// Whether `value` is finite and within ±``units``.
  public static func accepts(_ value: Double) -> Bool { value.isFinite && abs(value) <= units }

  /// What is wrong with a coordinate that ``accepts(_:)`` refuses, for an error message.
  public static func problem(_ value: Double) -> String {
    value.isFinite
      ? "position \(value) is beyond ±1e12 units; a corrupted or mis-scaled coordinate?"
      : "position is not finite (\(value))"
  }
}
