/// One prediction as an app would have shown it: at callback time the app had the stroke's samples
/// up to ``newestSampleIndex`` and drew the pointer for presentation at ``targetTime``.
///
/// This is the record the evaluation hands to the metrics, one per display frame (or per sample in
/// the per-sample protocol of `ANCHOR-PROTOCOL.md` §1), in time order within a stroke. Positions are
/// in the trace's coordinate unit, times in seconds on the trace's clock.
public struct PredictionEvent: Sendable, Hashable {
  /// When the app asked for the prediction (the frame callback), seconds. Kept for records and
  /// ordering; the metrics measure against ``targetTime``.
  public var issueTime: Double
  /// Index, in the stroke's `samples`, of the newest sample the predictor had seen. The hold
  /// point and the anchor of every displacement metric.
  public var newestSampleIndex: Int
  /// When the predicted point was really shown (presentation time), seconds.
  public var targetTime: Double
  /// What the predictor returned, or `nil` when it declined (warm-up or a gate): the app then
  /// draws the newest sample, so the metrics score a hold.
  public var predicted: PredictedPosition?

  public init(
    issueTime: Double, newestSampleIndex: Int, targetTime: Double, predicted: PredictedPosition?
  ) {
    self.issueTime = issueTime
    self.newestSampleIndex = newestSampleIndex
    self.targetTime = targetTime
    self.predicted = predicted
  }
}

/// A predicted pointer position, trace units, with the predicted pressure where the predictor
/// models it (`nil`: the app keeps the newest sample's pressure).
public struct PredictedPosition: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public var pressure: Double?

  public init(x: Double, y: Double, pressure: Double? = nil) {
    self.x = x
    self.y = y
    self.pressure = pressure
  }
}
