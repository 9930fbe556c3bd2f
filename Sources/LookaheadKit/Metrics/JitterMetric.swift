/// Jitter and jumps: how much the error vector changes from one frame to the next within a
/// stroke, `|e_k − e_{k−1}|` with `e = shown − truth`.
///
/// A steady error (a constant lag) moves with the pen and is hardly seen; an error that changes
/// frame to frame makes the ink tip shake (jitter) or leap (a *jump*: a change larger than
/// ``MetricSettings/jumpThreshold``). Jitter and jumps are side effects in Nancel et al., UIST 2016
/// (doi:10.1145/2984511.2984590); the frame-to-frame change of the error vector is Chromium's
/// "PredictionJitter" (`ui/base/prediction/prediction_metrics_handler.cc`).
public struct JitterMetric: Metric {
  private var jitter = SampleChannel(
    "jitter", family: "jitter", .length, better: .lower, statistics: [.mean, .rms, .p95, .max])
  private var jumps = CountChannel("jump", family: "jitter", better: .lower)
  private var previousErrorX = Double.nan
  private var previousErrorY = Double.nan

  public init() {}

  public var columns: [MetricColumn] { jitter.columns + jumps.columns }

  public mutating func reset() {
    jitter.reset()
    jumps.reset()
    previousErrorX = .nan
    previousErrorY = .nan
  }

  public mutating func beginStroke(_ context: StrokeContext) {
    previousErrorX = .nan
    previousErrorY = .nan
    if context.jumpThreshold == nil { jumps.markUnavailable() }
  }

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    let ex = outcome.errorX
    let ey = outcome.errorY
    if !previousErrorX.isNaN {
      let dx = ex - previousErrorX
      let dy = ey - previousErrorY
      let change = (dx * dx + dy * dy).squareRoot()
      jitter.append(change)
      if let threshold = context.jumpThreshold { jumps.record(change > threshold) }
    }
    previousErrorX = ex
    previousErrorY = ey
  }

  public mutating func endStroke(_ context: StrokeContext, into row: inout [Double?]) {
    jitter.endStroke(scale: context.millimetresPerUnit, into: &row)
    jumps.endStroke(into: &row)
  }

  public mutating func append(contentsOf other: JitterMetric) {
    jitter.append(contentsOf: other.jitter)
    jumps.append(contentsOf: other.jumps)
  }

  public func aggregate(_ run: RunContext, into row: inout [Double?]) {
    jitter.aggregate(run, into: &row)
    jumps.aggregate(into: &row)
  }

  mutating func reserveCapacity(_ count: Int) { jitter.reserveCapacity(count) }
}

extension JitterMetric: MetricFamily {}
