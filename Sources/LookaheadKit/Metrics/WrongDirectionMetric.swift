/// Wrong direction: the prediction points against the true motion. The predicted displacement
/// from the newest sample, `P − a`, has a negative component along the true direction of motion
/// at the target. A user sees the ink tip flick backwards, typically just after a reversal.
///
/// Judged only when the pen has a direction and the predicted displacement is longer than
/// ``MetricSettings/minimumDisplacement`` (a hold points nowhere). After Chromium's
/// "WrongDirection" (`ui/base/prediction/prediction_metrics_handler.cc`), which compares the
/// predicted movement between frames with the real direction; we compare the prediction's own
/// displacement, which does not depend on the previous frame.
public struct WrongDirectionMetric: Metric {
  private var wrong = CountChannel("wrong_direction", family: "direction", better: .lower)

  public init() {}

  public var columns: [MetricColumn] { wrong.columns }

  public mutating func reset() { wrong.reset() }

  public mutating func beginStroke(_ context: StrokeContext) {}

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    guard outcome.hasDirection else { return }
    let px = outcome.shownX - outcome.anchorX
    let py = outcome.shownY - outcome.anchorY
    guard (px * px + py * py).squareRoot() > context.minimumDisplacement else { return }
    wrong.record(px * outcome.directionX + py * outcome.directionY < 0)
  }

  public mutating func endStroke(_ context: StrokeContext, into row: inout [Double?]) {
    wrong.endStroke(into: &row)
  }

  public mutating func append(contentsOf other: WrongDirectionMetric) { wrong.append(contentsOf: other.wrong) }

  public func aggregate(_ run: RunContext, into row: inout [Double?]) { wrong.aggregate(into: &row) }
}
