/// Scores the predictions a platform recorded (``Stroke/recordedPredictions``) at their own
/// timestamps against the piecewise-linear truth, beside hold and linear extrapolation at the
/// same anchors and targets, by the method of ANCHOR-PROTOCOL.md, "Apple UIKit predicted touches":
/// - a recorded prediction made when sample `i` was the newest has lead `t_pred − t_i` and target
///   time `T = t_pred`;
/// - warm-up: only anchors `i ≥ warmUpSamples` (4) are scored; end rule: a target later than the
///   stroke's last sample (by more than 1e-6 ms) is skipped, since the truth is unknown there;
/// - truth: x and y interpolated linearly in time between the samples around `T` (§1 step 4);
/// - hold predicts `p_i`; linear predicts `p_i + (p_i − p_{i−1})·lead/(t_i − t_{i−1})`;
/// - errors are Euclidean, in the trace's native unit.
/// ``RecordedPredictionEvaluation/buckets(periodSeconds:)`` then groups by lead in display periods
/// as that table does. The same function scores TurboTouch's 64 ms reference output.
public enum RecordedPredictionScoring {
  /// Scores every recorded prediction of `strokes`.
  public static func evaluate(
    strokes: [Stroke], warmUpSamples: Int = PerSampleReplay.warmUpSamples
  ) -> RecordedPredictionEvaluation {
    let endTolerance = IssuePointLoop.endTolerance
    var evaluation = RecordedPredictionEvaluation()
    for (strokeIndex, stroke) in strokes.enumerated() {
      let samples = stroke.samples
      for prediction in stroke.recordedPredictions {
        evaluation.recorded += 1
        let i = prediction.anchorIndex
        guard i >= warmUpSamples, i < samples.count, i >= 1 else {
          evaluation.skippedInWarmUp += 1
          continue
        }
        // Times outside ``TraceTimeLimit`` (refused by every importer; only a stroke made in
        // code has them) have no meaningful lead: counted, not scored.
        guard TraceTimeLimit.accepts(prediction.time), TraceTimeLimit.accepts(samples[i].time) else {
          evaluation.skippedUnusableTime += 1
          continue
        }
        guard let last = samples.last, prediction.time <= last.time + endTolerance else {
          evaluation.skippedAfterEnd += 1
          continue
        }
        let anchor = samples[i]
        let previous = samples[i - 1]
        let lead = prediction.time - anchor.time
        let truth = PiecewiseLinearPath.position(in: samples, at: prediction.time)
        let dt = anchor.time - previous.time
        let linearError: Double?
        if dt > 0 {
          let linearX = anchor.x + (anchor.x - previous.x) * lead / dt
          let linearY = anchor.y + (anchor.y - previous.y) * lead / dt
          linearError = distance(linearX, linearY, truth.x, truth.y)
        } else {
          linearError = nil
        }
        evaluation.scores.append(RecordedPredictionScore(
          strokeIndex: strokeIndex, anchorIndex: i, lead: lead, targetTime: prediction.time,
          truthX: truth.x, truthY: truth.y,
          error: distance(prediction.x, prediction.y, truth.x, truth.y),
          holdError: distance(anchor.x, anchor.y, truth.x, truth.y), linearError: linearError))
      }
    }
    return evaluation
  }

  static func distance(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
    let dx = ax - bx
    let dy = ay - by
    return (dx * dx + dy * dy).squareRoot()
  }
}

/// One recorded prediction, scored.
public struct RecordedPredictionScore: Sendable, Hashable {
  public var strokeIndex: Int
  /// The newest real sample when the prediction was made.
  public var anchorIndex: Int
  /// Prediction time minus anchor time, seconds.
  public var lead: Double
  public var targetTime: Double
  public var truthX: Double
  public var truthY: Double
  /// Euclidean error of the recorded prediction, native units.
  public var error: Double
  /// Hold's error at the same anchor and target.
  public var holdError: Double
  /// Linear extrapolation's error at the same anchor and target; `nil` if the anchor's interval
  /// is empty (never after the importers' cleaning).
  public var linearError: Double?
}

/// All scored predictions, with what was skipped and why.
public struct RecordedPredictionEvaluation: Sendable, Hashable {
  public var scores: [RecordedPredictionScore] = []
  /// Recorded predictions seen.
  public var recorded = 0
  /// Skipped because their anchor was in the warm-up.
  public var skippedInWarmUp = 0
  /// Skipped because their time was after the stroke's last sample.
  public var skippedAfterEnd = 0
  /// Skipped because their time or their anchor's is outside ``TraceTimeLimit``.
  public var skippedUnusableTime = 0

  public init() {}

  /// Groups the scores by `round(lead / periodSeconds)` (240 Hz periods by default), ascending,
  /// followed by one group over all scores (`periods == nil`). A lead too many periods away to
  /// count in an `Int` (only for a `periodSeconds` near 0) is in the overall group alone.
  public func buckets(periodSeconds: Double = 1.0 / 240) -> [RecordedPredictionBucket] {
    var groups: [Int: [RecordedPredictionScore]] = [:]
    for score in scores {
      let periods = (score.lead / periodSeconds).rounded()
      guard periods.isFinite, abs(periods) < 1e18 else { continue }
      groups[Int(periods), default: []].append(score)
    }
    var result = groups.keys.sorted().map { RecordedPredictionBucket(periods: $0, scores: groups[$0] ?? []) }
    if !scores.isEmpty { result.append(RecordedPredictionBucket(periods: nil, scores: scores)) }
    return result
  }
}

/// Summary of the scores whose lead rounds to `periods` display periods (or of all of them).
public struct RecordedPredictionBucket: Sendable, Hashable {
  /// Lead in display periods, or `nil` for the group of all scores.
  public var periods: Int?
  public var count: Int
  /// Lead, seconds.
  public var meanLead: Double
  public var minimumLead: Double
  public var maximumLead: Double
  public var recorded: RecordedPredictionErrorSummary
  public var hold: RecordedPredictionErrorSummary
  /// Over the scores that have a linear error.
  public var linear: RecordedPredictionErrorSummary

  init(periods: Int?, scores: [RecordedPredictionScore]) {
    self.periods = periods
    count = scores.count
    let leads = scores.map(\.lead)
    meanLead = leads.isEmpty ? 0 : leads.reduce(0, +) / Double(leads.count)
    minimumLead = leads.min() ?? 0
    maximumLead = leads.max() ?? 0
    recorded = RecordedPredictionErrorSummary(scores.map(\.error))
    hold = RecordedPredictionErrorSummary(scores.map(\.holdError))
    linear = RecordedPredictionErrorSummary(scores.compactMap(\.linearError))
  }
}

/// Mean and 95th percentile of a set of errors; the percentile interpolates linearly between
/// order statistics (Hyndman–Fan type 7, `numpy.percentile`'s default), as ANCHOR-PROTOCOL.md §1
/// step 6 specifies.
public struct RecordedPredictionErrorSummary: Sendable, Hashable {
  public var count: Int
  public var mean: Double
  public var p95: Double

  public init(_ errors: [Double]) {
    count = errors.count
    guard !errors.isEmpty else {
      mean = .nan
      p95 = .nan
      return
    }
    mean = errors.reduce(0, +) / Double(errors.count)
    p95 = Percentile.type7(quantile: 0.95, ofSorted: errors.sorted()) ?? .nan
  }
}
