/// Effective latency saved: where, in time, the shown point lies on the true path, measured from
/// the newest sample. A perfect prediction saves the whole horizon; a hold saves nothing; a
/// prediction that lands behind the newest sample saves a negative amount.
///
/// This is the error expressed the way a user feels it, as lag, and the quantity that
/// error-versus-latency-saved curves put on the x axis. The remaining lag is the target time
/// minus the landed time; its positive part is the *lateness* and its negative part the
/// *over-anticipation* of Nancel et al., "Next-Point Prediction Metrics for Perceived Spatial
/// Errors", UIST 2016 (doi:10.1145/2984511.2984590), here measured in time on the true path.
public struct EffectiveLatencyMetric: Metric {
  private var horizon = SampleChannel(
    "horizon", family: "latency", .duration, better: .none, statistics: [.mean])
  private var saved = SampleChannel(
    "latency_saved", family: "latency", .duration, better: .higher, statistics: [.mean, .p50, .strokeMean])
  private var lag = SampleChannel(
    "remaining_lag", family: "latency", .duration, better: .lower, signed: true, statistics: [.mean])
  private var lateness = SampleChannel(
    "lateness", family: "latency", .duration, better: .lower, statistics: [.mean, .p95])
  private var overAnticipation = SampleChannel(
    "over_anticipation", family: "latency", .duration, better: .lower, statistics: [.mean, .p95])

  public init() {}

  public var columns: [MetricColumn] {
    horizon.columns + saved.columns + lag.columns + lateness.columns + overAnticipation.columns
  }

  public mutating func reset() {
    horizon.reset()
    saved.reset()
    lag.reset()
    lateness.reset()
    overAnticipation.reset()
  }

  public mutating func beginStroke(_ context: StrokeContext) {}

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    horizon.append(outcome.horizon)
    saved.append(outcome.latencySaved)
    let remaining = outcome.remainingLag
    lag.append(remaining)
    lateness.append(max(0, remaining))
    overAnticipation.append(max(0, -remaining))
  }

  public mutating func endStroke(_ context: StrokeContext, into row: inout [Double?]) {
    horizon.endStroke(scale: nil, into: &row)
    saved.endStroke(scale: nil, into: &row)
    lag.endStroke(scale: nil, into: &row)
    lateness.endStroke(scale: nil, into: &row)
    overAnticipation.endStroke(scale: nil, into: &row)
  }

  public mutating func append(contentsOf other: EffectiveLatencyMetric) {
    horizon.append(contentsOf: other.horizon)
    saved.append(contentsOf: other.saved)
    lag.append(contentsOf: other.lag)
    lateness.append(contentsOf: other.lateness)
    overAnticipation.append(contentsOf: other.overAnticipation)
  }

  public func aggregate(_ scales: RunScales, into row: inout [Double?]) {
    horizon.aggregate(scales, into: &row)
    saved.aggregate(scales, into: &row)
    lag.aggregate(scales, into: &row)
    lateness.aggregate(scales, into: &row)
    overAnticipation.aggregate(scales, into: &row)
  }

  mutating func reserveCapacity(_ count: Int) {
    horizon.reserveCapacity(count)
    saved.reserveCapacity(count)
    lag.reserveCapacity(count)
    lateness.reserveCapacity(count)
    overAnticipation.reserveCapacity(count)
  }
}
