/// What a metric family needs to know about the stroke being scored, besides each prediction.
///
/// Plain numbers only (no strings or arrays), so that handing it to every family for every
/// prediction costs no reference counting.
public struct StrokeContext: Sendable {
  /// `nil` when the trace's scale is unknown.
  public var millimetresPerUnit: Double?
  /// Jump threshold in trace units; `nil` when it is in mm and the scale is unknown.
  public var jumpThreshold: Double?
  /// Minimum displacement in trace units (0 when it cannot be converted).
  public var minimumDisplacement: Double
  /// Predictions whose target time is at or after this are the stroke's last predictions.
  public var strokeEndWindowStart: Double
  public var lastX: Double
  public var lastY: Double
  /// Unit final direction of motion; NaN if the pen never moved.
  public var finalDirectionX: Double
  public var finalDirectionY: Double
}

/// What a metric family may need about the whole run when it aggregates: the strokes' scales,
/// to convert pooled trace-unit statistics to millimetres, and the per-prediction values that
/// several families use (kept once, by the family that reports them).
public struct RunContext: Sendable {
  /// Millimetres per unit of each stroke, in stroke order.
  public var perStroke: [Double?]
  /// All strokes share one coordinate unit and scale, so trace-unit statistics mean something.
  public var uniformUnits: Bool
  /// The error of every prediction, in order (trace units; ``ErrorAtHorizonMetric`` keeps them).
  public var errors: ArraySlice<Double>
  /// The latency saved of every prediction, in order (seconds; ``EffectiveLatencyMetric`` keeps
  /// them).
  public var latencySaved: ArraySlice<Double>

  public init(
    perStroke: [Double?], uniformUnits: Bool, errors: ArraySlice<Double> = [], latencySaved: ArraySlice<Double> = []
  ) {
    self.perStroke = perStroke
    self.uniformUnits = uniformUnits
    self.errors = errors
    self.latencySaved = latencySaved
  }

  /// The one scale when ``uniformUnits`` and it is known.
  public var uniformScale: Double? {
    guard uniformUnits, let first = perStroke.first else { return nil }
    return first
  }
  /// Every stroke has a known scale, so millimetre statistics can be pooled.
  public var allScaled: Bool { perStroke.allSatisfy { $0 != nil } }
}
