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

/// The scales of the strokes of a run, to convert pooled trace-unit statistics to millimetres.
public struct RunScales: Sendable {
  /// Millimetres per unit of each stroke, in stroke order.
  public var perStroke: [Double?]
  /// All strokes share one coordinate unit and scale, so trace-unit statistics mean something.
  public var uniformUnits: Bool
  /// The one scale when ``uniformUnits`` and it is known.
  public var uniformScale: Double? {
    guard uniformUnits, let first = perStroke.first else { return nil }
    return first
  }
  /// Every stroke has a known scale, so millimetre statistics can be pooled.
  public var allScaled: Bool { perStroke.allSatisfy { $0 != nil } }
}
