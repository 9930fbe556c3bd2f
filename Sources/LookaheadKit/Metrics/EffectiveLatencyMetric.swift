/// Effective latency saved: where, in time, the shown point lies on the true path, measured from
/// the newest sample. A perfect prediction saves the whole horizon; a hold saves nothing while
/// the pen moves (and everything while it rests there, being exactly where the pen is); a
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
    "remaining_lag", family: "latency", .duration, better: .lower, signed: true, statistics: [.mean],
    keepsValues: true)
  private var lateness = SampleChannel(
    "lateness", family: "latency", .duration, better: .lower, statistics: [.mean, .p95], keepsValues: false)
  private var overAnticipation = SampleChannel(
    "over_anticipation", family: "latency", .duration, better: .lower, statistics: [.mean, .p95],
    keepsValues: false)

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

  public func aggregate(_ run: RunContext, into row: inout [Double?]) {
    horizon.aggregate(run, into: &row)
    saved.aggregate(run, into: &row)
    lag.aggregate(run, into: &row)
    let tails = latenessAndOverAnticipationP95()
    lateness.aggregate(run, into: &row, percentiles: (nil, tails.lateness))
    overAnticipation.aggregate(run, into: &row, percentiles: (nil, tails.overAnticipation))
  }

  /// The pooled p95 of lateness and of over-anticipation from the lag's order statistics: with the
  /// lags sorted ascending, `L₍ₖ₎`, lateness's k-th smallest is `max(0, L₍ₖ₎)` and
  /// over-anticipation's is `max(0, −L₍ₙ₋₁₋ₖ₎)`; type 7 interpolates between the two at its
  /// virtual index (``Percentile``), so both come out to the bit as from their own values.
  private func latenessAndOverAnticipationP95() -> (lateness: Double?, overAnticipation: Double?) {
    let lags = lag.closedValues
    let n = lags.count
    guard n > 0 else { return (nil, nil) }
    var scratch: [Double] = []
    let virtualIndex = Double(n - 1) * 0.95
    if virtualIndex >= Double(n - 1) {
      // One value: the largest of each.
      let pairs = lags.withUnsafeBufferPointer {
        Percentile.orderStatisticPairs([n - 1, 0], ofUnchanged: $0, scratch: &scratch)
      }
      return (max(0, pairs[0].0), max(0, -pairs[1].0))
    }
    let k = Int(virtualIndex.rounded(.down))
    let gamma = virtualIndex - Double(k)
    let pairs = lags.withUnsafeBufferPointer {
      Percentile.orderStatisticPairs([k, n - 2 - k], ofUnchanged: $0, scratch: &scratch)
    }
    let lateness = Percentile.lerp(max(0, pairs[0].0), max(0, pairs[0].1), gamma)
    // Over-anticipation's k-th and (k+1)-th smallest are the lag's (n−1−k)-th and (n−2−k)-th.
    let overAnticipation = Percentile.lerp(max(0, -pairs[1].1), max(0, -pairs[1].0), gamma)
    return (lateness, overAnticipation)
  }

  /// The latency saved of every prediction of the finished strokes, in order.
  var pooledLatencySaved: ArraySlice<Double> { saved.closedValues }

  mutating func reserveCapacity(_ count: Int) {
    horizon.reserveCapacity(count)
    saved.reserveCapacity(count)
    lag.reserveCapacity(count)
  }
}

extension EffectiveLatencyMetric: MetricFamily {}
