import LookaheadRuntime

/// Replays the predictions a platform made while a stroke was recorded (``Stroke/recordedPredictions``:
/// UIKit's predicted touches in Inkable, TurboTouch's 64 ms reference output), so that they go
/// through the same replay and metrics as Lookahead's own predictors.
///
/// After observing the stroke's samples `0…i` it answers from the predictions *anchored at `i`*
/// (made when sample `i` was the newest the platform had), never from later ones, so it is as
/// causal as the recording. Which sample was observed is found by time: the anchor is the newest
/// stroke sample whose time is not after the observed sample's time, so a replay that skips or
/// coalesces samples still lines up.
///
/// How a prediction at an asked time is formed (``Selection``):
/// - ``Selection/interpolated`` (the default): along the polyline that starts at the anchor sample
///   (lead 0) and runs through the anchor's recorded points in time order; `nil` after the last
///   recorded point, because the platform did not predict that far. The answer is for exactly the
///   asked time, like any predictor's.
/// - ``Selection/nearestTime``: the recorded point whose time is nearest the asked time (the
///   earlier one on a tie), returned with *its own* time, so a scorer can see how far it was from
///   the asked time.
/// Either way `nil` when nothing is anchored at the newest sample (UIKit predicts only some
/// frames; warm-up).
///
/// A research baseline: it needs the recording, so it is never exported. `observe` and `predict`
/// allocate nothing; `init` copies and sorts the stroke's predictions once.
public struct RecordedPredictor: Predictor {
  public enum Selection: String, Sendable, Hashable, CaseIterable {
    case interpolated
    case nearestTime
  }

  public let selection: Selection
  /// The stroke's sample times and positions, for anchoring.
  private let samples: [TraceSample]
  /// The stroke's recorded predictions sorted by anchor, then time.
  private let predictions: [RecordedPrediction]
  /// Index of the newest stroke sample observed, or -1 before any.
  private var anchor = -1
  /// Where the predictions anchored at `anchor` start and end in ``predictions``.
  private var range = 0..<0

  public init(stroke: Stroke, selection: Selection = .interpolated) {
    self.selection = selection
    samples = stroke.samples
    predictions = stroke.recordedPredictions.enumerated().sorted { a, b in
      (a.element.anchorIndex, a.element.time, a.offset) < (b.element.anchorIndex, b.element.time, b.offset)
    }.map(\.element)
  }

  /// The index of the stroke sample the newest observation corresponds to, or `nil` before any.
  public var anchorIndex: Int? { anchor >= 0 ? anchor : nil }

  public mutating func reset() {
    anchor = -1
    range = 0..<0
  }

  public mutating func observe(_ sample: PointerSample) {
    // Samples arrive in time order: walk forward to the newest stroke sample not after it.
    var index = max(anchor, 0)
    if anchor < 0, samples.first.map({ $0.time > sample.time }) ?? true {
      return
    }
    while index + 1 < samples.count, samples[index + 1].time <= sample.time {
      index += 1
    }
    guard index != anchor else { return }
    // Anchors only move forward between resets, so the matching predictions are found by
    // walking on from the previous ones: amortised O(1) per sample.
    var lower = range.upperBound
    while lower < predictions.count, predictions[lower].anchorIndex < index { lower += 1 }
    var upper = lower
    while upper < predictions.count, predictions[upper].anchorIndex == index { upper += 1 }
    anchor = index
    range = lower..<upper
  }

  public func predict(at time: Double) -> PredictedPoint? {
    guard anchor >= 0, !range.isEmpty, time.isFinite else { return nil }
    let base = samples[anchor]
    switch selection {
    case .nearestTime:
      var best = range.lowerBound
      for position in range where abs(predictions[position].time - time) < abs(predictions[best].time - time) {
        best = position
      }
      let chosen = predictions[best]
      return PredictedPoint(
        time: chosen.time, x: chosen.x, y: chosen.y, pressure: chosen.pressure ?? base.pressure,
        altitude: base.altitude, azimuth: base.azimuth)
    case .interpolated:
      return RecordedPredictionPolyline.point(at: time, from: base, through: predictions[range], outside: .nothing)
    }
  }
}
