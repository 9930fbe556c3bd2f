import LookaheadRuntime

/// What an app would have drawn from a platform's recorded predictions at a display frame, for
/// scoring them through the frame replay like any predictor.
///
/// Recorded predictions exist only at the leads the platform chose (UIKit: about +4, +8 and
/// +12 ms from the newest pencil sample, on some events only; TurboTouch's reference file: +64 ms
/// at every sample), while a frame asks for one presentation time. So, at the newest delivered
/// sample (the anchor, ``RecordedPredictor``):
/// - between the anchor and the last point recorded for it, the point on the polyline from the
///   anchor through the recorded points at the presentation time (``RecordedPredictor/Selection/interpolated``);
///   for TurboTouch's single 64 ms point this scales the prediction vector with the horizon, the
///   same rule ``TurboTouchPredictor/predict(at:)`` uses;
/// - past the last recorded point, that point: the tip of the predicted ink an app that draws
///   the predicted touches shows (``RecordedPredictor/Selection/nearestTime``);
/// - nothing when no prediction is anchored at the newest sample: the app draws the newest
///   sample, and the metrics score a hold (counted in `declined_*`).
public struct RecordedFramePredictor: Predictor {
  private var alongPath: RecordedPredictor
  private var tip: RecordedPredictor

  public init(stroke: Stroke) {
    alongPath = RecordedPredictor(stroke: stroke, selection: .interpolated)
    tip = RecordedPredictor(stroke: stroke, selection: .nearestTime)
  }

  public mutating func reset() {
    alongPath.reset()
    tip.reset()
  }

  public mutating func observe(_ sample: PointerSample) {
    alongPath.observe(sample)
    tip.observe(sample)
  }

  public func predict(at time: Double) -> PredictedPoint? {
    if let point = alongPath.predict(at: time) { return point }
    guard var point = tip.predict(at: time), point.time <= time else { return nil }
    point.time = time
    return point
  }
}
