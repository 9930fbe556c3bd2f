import LookaheadRuntime

/// What an app would have drawn from a platform's recorded predictions at a display frame, so
/// that they go through the frame replay and every metric like any predictor.
///
/// Recorded predictions exist only where and how far the platform made them (UIKit: about +4,
/// +8 and +12 ms from the newest pencil sample, with some touch events only; TurboTouch's
/// reference file: +64 ms at every sample), while a frame asks for one presentation time, and
/// the replay's frames need not group samples as the recording's events did. So at a frame:
/// 1. the *anchor* is the newest stroke sample at or before the newest observed one that has
///    predictions recorded for it (made when it was the newest: causal). Usually that is the
///    newest sample itself; when the replay's frame ends on a sample the platform made no
///    prediction at, it is the latest earlier one, as an app keeps its last predicted touches;
/// 2. the prediction is the point at the presentation time on the polyline that starts at the
///    anchor sample and runs through its recorded points in time order. For TurboTouch's single
///    64 ms point this scales the prediction vector with the horizon, the rule
///    ``TurboTouchPredictor/predict(at:)`` uses;
/// 3. past the last recorded point it is that point: the tip of the predicted ink an app that
///    draws the predicted touches shows;
/// 4. with no anchor yet (warm-up), nothing: the app draws the newest sample and the metrics
///    score a hold (counted in `declined_*`).
///
/// Research baseline: needs the recording, never exported. `observe` and `predict` allocate
/// nothing; `init` copies and sorts the stroke's predictions once.
public struct RecordedFramePredictor: Predictor {
  private let samples: [TraceSample]
  /// The stroke's predictions sorted by anchor, then time.
  private let predictions: [RecordedPrediction]
  /// Index of the newest stroke sample observed, or -1.
  private var newest = -1
  /// Where the predictions of the chosen anchor lie in ``predictions``.
  private var range = 0..<0
  /// The first index in ``predictions`` whose anchor is after ``newest``.
  private var frontier = 0

  public init(stroke: Stroke) {
    samples = stroke.samples
    predictions = stroke.recordedPredictions.enumerated().sorted { a, b in
      (a.element.anchorIndex, a.element.time, a.offset) < (b.element.anchorIndex, b.element.time, b.offset)
    }.map(\.element)
  }

  public mutating func reset() {
    newest = -1
    range = 0..<0
    frontier = 0
  }

  public mutating func observe(_ sample: PointerSample) {
    var index = max(newest, 0)
    if newest < 0, samples.first.map({ $0.time > sample.time }) ?? true { return }
    while index + 1 < samples.count, samples[index + 1].time <= sample.time { index += 1 }
    guard index != newest else { return }
    newest = index
    // Take in the predictions anchored up to the newest sample; the latest anchor among them
    // is the chosen one.
    while frontier < predictions.count, predictions[frontier].anchorIndex <= index { frontier += 1 }
    guard frontier > 0 else { return }
    let anchor = predictions[frontier - 1].anchorIndex
    var start = frontier - 1
    while start > 0, predictions[start - 1].anchorIndex == anchor { start -= 1 }
    range = start..<frontier
  }

  public func predict(at time: Double) -> PredictedPoint? {
    guard !range.isEmpty, time.isFinite else { return nil }
    let anchorIndex = predictions[range.lowerBound].anchorIndex
    guard anchorIndex >= 0, anchorIndex < samples.count else { return nil }
    return RecordedPredictionPolyline.point(
      at: time, from: samples[anchorIndex], through: predictions[range], outside: .heldEnds)
  }
}
