/// Wrong direction: the prediction points against where the pen really went. The predicted
/// displacement from the newest sample, `P − a`, and the true one, `T − a` (the true position at
/// the target), point into opposite half-planes: `(P − a)·(T − a) < 0`. A user sees the ink tip
/// flick the wrong way, typically just after a reversal.
///
/// Judged only when both displacements are longer than ``MetricSettings/minimumDisplacement``
/// (a hold points nowhere; a pen that has not moved from the newest sample has no direction to
/// miss). After Chromium's "WrongDirection" (`ui/base/prediction/prediction_metrics_handler.cc`),
/// which compares the predicted movement between frames with the real direction; we compare the
/// prediction's own displacement, which does not depend on the previous frame, with the true
/// displacement over the same horizon rather than the direction of motion at the target: the
/// latter marked a perfect prediction wrong whenever the pen reversed within the horizon but had
/// not yet come back past the newest sample (it moves backwards at the target, yet its
/// displacement still points forwards).
public struct WrongDirectionMetric: Metric {
  private var wrong = CountChannel("wrong_direction", family: "direction", better: .lower)

  public init() {}

  public var columns: [MetricColumn] { wrong.columns }

  public mutating func reset() { wrong.reset() }

  public mutating func beginStroke(_ context: StrokeContext) {}

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    let px = outcome.shownX - outcome.anchorX
    let py = outcome.shownY - outcome.anchorY
    let tx = outcome.truthX - outcome.anchorX
    let ty = outcome.truthY - outcome.anchorY
    let minimum = context.minimumDisplacement
    guard (px * px + py * py).squareRoot() > minimum, (tx * tx + ty * ty).squareRoot() > minimum else { return }
    wrong.record(px * tx + py * ty < 0)
  }

  public mutating func endStroke(_ context: StrokeContext, into row: inout [Double?]) {
    wrong.endStroke(into: &row)
  }

  public mutating func append(contentsOf other: WrongDirectionMetric) { wrong.append(contentsOf: other.wrong) }

  public func aggregate(_ run: RunContext, into row: inout [Double?]) { wrong.aggregate(into: &row) }
}

extension WrongDirectionMetric: MetricFamily {
  /// One value per stroke: nothing to size per prediction.
  mutating func reserveCapacity(_ count: Int) {}
}
