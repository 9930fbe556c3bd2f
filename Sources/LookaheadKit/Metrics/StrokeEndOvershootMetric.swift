/// Stroke-end overshoot: how far the drawn ink passed the real end of the stroke before springing
/// back when the real samples arrived.
///
/// For each of the stroke's last predictions (target time no earlier than
/// ``MetricSettings/strokeEndWindowSeconds`` before the pen came to rest) the overshoot is the
/// distance of the shown point beyond the final sample along the final direction of motion,
/// `max(0, (shown − last)·u_final)`; the stroke's value is the largest. A user sees it as the
/// "spring effect" of Nancel et al., UIST 2016 (doi:10.1145/2984511.2984590): the ink shoots past
/// where the pen stopped and snaps back. Strokes without motion or without a last prediction have
/// no value.
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
    strokeMaximum = max(strokeMaximum, max(0, beyond))
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
