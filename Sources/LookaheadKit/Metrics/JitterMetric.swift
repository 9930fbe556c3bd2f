/// Jitter and jumps: how much the shown ink tip wobbles about the true path from one frame to
/// the next within a stroke.
///
/// What a person sees shake is the tip moving in a way the pen did not: stepping sideways off the
/// path, or back along it. Moving forward along the path, however unevenly the lag breathes with
/// the pen's speed, is the ink following the pen. So each frame pair scores
/// `√(Δd² + r²)`, with `d` the shown point's signed distance from the true path
/// (``PredictionOutcome/offPath``) and `r` the distance its landing point on the path moved *back*
/// (`|landed_k − landed_{k−1}|` when the landed time went back, else 0). A hold and a perfect
/// prediction score 0; a steady offset (a predictor cutting a curve by the same amount each
/// frame) scores 0; a tip that alternates sides or runs ahead and falls back scores the wobble.
/// A change above ``MetricSettings/jumpThreshold`` is a *jump*.
///
/// Jitter and jumps are side effects in Nancel et al., UIST 2016 (doi:10.1145/2984511.2984590).
/// Chromium's "PredictionJitter" (`ui/base/prediction/prediction_metrics_handler.cc`) takes the
/// change of the error vector `shown − truth` instead; that also counts the pen's own speeding up
/// and slowing down (a hold scored 1.05–1.35 mm rms through the default profile), so no
/// jitter bound below a hold's could be met (Docs/Metrics.md, Jitter and jumps).
public struct JitterMetric: Metric {
  private var jitter = SampleChannel(
    "jitter", family: "jitter", .length, better: .lower, statistics: [.mean, .rms, .p95, .max])
  private var jumps = CountChannel("jump", family: "jitter", better: .lower)
  private var previousOffPath = Double.nan
  private var previousLandedTime = Double.nan
  private var previousLandedX = Double.nan
  private var previousLandedY = Double.nan

  public init() {}

  public var columns: [MetricColumn] { jitter.columns + jumps.columns }

  public mutating func reset() {
    jitter.reset()
    jumps.reset()
    previousOffPath = .nan
  }

  public mutating func beginStroke(_ context: StrokeContext) {
    previousOffPath = .nan
    if context.jumpThreshold == nil { jumps.markUnavailable() }
  }

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    if !previousOffPath.isNaN {
      let sideways = outcome.offPath - previousOffPath
      var back = 0.0
      if outcome.landedTime < previousLandedTime {
        let dx = outcome.landedX - previousLandedX
        let dy = outcome.landedY - previousLandedY
        back = (dx * dx + dy * dy).squareRoot()
      }
      let change = (sideways * sideways + back * back).squareRoot()
      jitter.append(change)
      if let threshold = context.jumpThreshold { jumps.record(change > threshold) }
    }
    previousOffPath = outcome.offPath
    previousLandedTime = outcome.landedTime
    previousLandedX = outcome.landedX
    previousLandedY = outcome.landedY
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
