/// Everything the metrics derive from one prediction, computed once and shared by every metric
/// family; also the per-prediction record a notebook reads.
///
/// Positions are trace units, times seconds. "Shown" is what the app drew: the prediction, or the
/// newest sample when the predictor declined. Undefined quantities are NaN in storage and `nil`
/// through the optional accessors.
public struct PredictionOutcome: Sendable, Hashable {
  public var issueTime: Double
  public var targetTime: Double
  /// Time of the newest sample the predictor had seen.
  public var anchorTime: Double
  public var anchorX: Double
  public var anchorY: Double
  /// The predictor declined and the newest sample was shown.
  public var declined: Bool
  public var shownX: Double
  public var shownY: Double
  /// Predicted pressure, or the newest sample's when the predictor gave none; NaN if neither.
  public var shownPressureValue: Double
  /// The true pointer at the target time (piecewise-linear interpolation; held at the ends).
  public var truthX: Double
  public var truthY: Double
  /// True pressure at the target time, NaN where the trace has none.
  public var truthPressureValue: Double
  /// Unit true direction of motion at the target, NaN while the pen has not moved yet.
  public var directionX: Double
  public var directionY: Double
  /// True speed at the target, trace units per second.
  public var trueSpeed: Double
  /// Time on the true path where the shown point lands (closest point near the target).
  public var landedTime: Double
  /// The point of the true path at ``landedTime`` (trace units): where on the path the shown point
  /// lands.
  public var landedX: Double
  public var landedY: Double
  /// Signed distance of the shown point from the true path (trace units): `|shown − landed|`,
  /// positive to the left of the path's direction at the landed point in a y-up frame (positive
  /// when the path has no direction there yet). ``JitterMetric`` follows its changes.
  public var offPath: Double
  /// How far the pen itself went past the stroke's last sample along the final direction, from
  /// the newest sample on (trace units, ≥ 0; NaN when the pen never moved): shown ink up to this
  /// far past the end is ink the pen really drew (``StrokeEndOvershootMetric``).
  public var reachPastEnd: Double

  /// Seconds from the newest sample to the target: the latency prediction could save.
  public var horizon: Double { targetTime - anchorTime }
  public var errorX: Double { shownX - truthX }
  public var errorY: Double { shownY - truthY }
  /// Distance from what was shown to the truth, trace units.
  public var error: Double { (errorX * errorX + errorY * errorY).squareRoot() }
  public var hasDirection: Bool { !directionX.isNaN }
  /// Error along the true direction of motion: negative behind (late), positive ahead.
  public var alongTrackValue: Double { errorX * directionX + errorY * directionY }
  /// Error across the true direction, positive to the left of the motion in a y-up frame
  /// (to the right on a y-down screen).
  public var crossTrackValue: Double { errorY * directionX - errorX * directionY }
  public var alongTrack: Double? { hasDirection ? alongTrackValue : nil }
  public var crossTrack: Double? { hasDirection ? crossTrackValue : nil }
  /// Landed time minus the newest sample's time, seconds.
  public var latencySaved: Double { landedTime - anchorTime }
  /// Target time minus landed time, seconds: positive late, negative ahead.
  public var remainingLag: Double { targetTime - landedTime }
  public var shownPressure: Double? { shownPressureValue.isNaN ? nil : shownPressureValue }
  public var truthPressure: Double? { truthPressureValue.isNaN ? nil : truthPressureValue }
}
