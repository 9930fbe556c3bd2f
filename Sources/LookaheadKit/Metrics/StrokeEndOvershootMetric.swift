/// Stroke-end overshoot: how far the drawn ink passed the real end of the stroke, beyond anywhere
/// the pen itself went, before springing back when the real samples arrived.
///
/// For each of the stroke's last predictions (target time no earlier than
/// ``MetricSettings/strokeEndWindowSeconds`` before the pen came to rest) the overshoot is how
/// far the shown point lies past the last sample along the final direction of motion, less how
/// far the pen itself went past it from the prediction's newest sample on:
/// `max(0, (shown − last)·u_final − reach)`, `reach = max over samples j from the newest on of
/// (p_j − last)·u_final` (``PredictionOutcome/reachPastEnd``); the stroke's value is the largest.
///
/// Why: a user sees the "spring effect" of Nancel et al., "Next-Point Prediction Metrics for
/// Perceived Spatial Errors", UIST 2016 (doi:10.1145/2984511.2984590): the ink shoots past where
/// the pen stopped and snaps back. Ink where the pen really went does not snap back, so it is no
/// overshoot: a hold, or any point of the true path from the newest sample on, scores exactly 0,
/// even at a hook (the pen passes the end and comes back) or with rest jitter, where subtracting
/// nothing counted the stroke's own approach as "past the end" (on SVC2004 that was 96 of 630
/// strokes for `hold`, `Docs/Metrics.md`). A prediction past a sudden stop still scores
/// speed × horizon. Strokes whose pen never left the rest radius, or without a last prediction,
/// have no value.
public struct StrokeEndOvershootMetric: Metric {
  private var overshoot = SampleChannel(
    "stroke_end_overshoot", family: "overshoot", .length, better: .lower, statistics: [.mean, .p95, .max],
    perStroke: true)
  private var strokeMaximum = -Double.infinity

  public init() {}

  public var columns: [MetricColumn] { overshoot.columns }

  public mutating func reset() {
    overshoot.reset()
    strokeMaximum = -.infinity
  }

  public mutating func beginStroke(_ context: StrokeContext) { strokeMaximum = -.infinity }

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    guard outcome.targetTime >= context.strokeEndWindowStart, !context.finalDirectionX.isNaN else { return }
    let beyond =
      (outcome.shownX - context.lastX) * context.finalDirectionX
      + (outcome.shownY - context.lastY) * context.finalDirectionY
    strokeMaximum = max(strokeMaximum, max(0, beyond - outcome.reachPastEnd))
  }

  public mutating func endStroke(_ context: StrokeContext, into row: inout [Double?]) {
    if strokeMaximum > -.infinity { overshoot.append(strokeMaximum) }
    overshoot.endStroke(scale: context.millimetresPerUnit, into: &row)
  }

  public mutating func append(contentsOf other: StrokeEndOvershootMetric) {
    overshoot.append(contentsOf: other.overshoot)
  }

  public func aggregate(_ run: RunContext, into row: inout [Double?]) {
    overshoot.aggregate(run, into: &row)
  }
}

extension StrokeEndOvershootMetric: MetricFamily {
  /// One value per stroke: nothing to size per prediction.
  mutating func reserveCapacity(_ count: Int) {}
}
