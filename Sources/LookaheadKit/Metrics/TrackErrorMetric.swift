/// The error split along and across the true direction of motion at the target.
///
/// Along-track says whether the ink trails the pen (negative: late, the lag a user feels) or runs
/// ahead of it (positive); cross-track says how far it strays sideways off the stroke, which a
/// user sees as a wobbly or cut corner. The split is the usual along-/cross-track decomposition
/// of navigation, used for touch prediction by the over/under-prediction metric of Chromium's
/// `ui/base/prediction/prediction_metrics_handler.cc` (sign of the error along the real motion).
/// Predictions made before the pen has moved have no direction and are left out (counted).
public struct TrackErrorMetric: Metric {
  private var along = SampleChannel(
    "along_track", family: "track", .length, better: .lower, signed: true, statistics: [.mean, .rms])
  private var cross = SampleChannel(
    "cross_track", family: "track", .length, better: .lower, statistics: [.mean, .rms, .p95, .max])
  private var undefined = CountChannel("direction_undefined", family: "track", better: .none)

  public init() {}

  public var columns: [MetricColumn] { along.columns + cross.columns + undefined.columns }

  public mutating func reset() {
    along.reset()
    cross.reset()
    undefined.reset()
  }

  public mutating func beginStroke(_ context: StrokeContext) {}

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    let defined = outcome.hasDirection
    undefined.record(!defined)
    if defined {
      along.append(outcome.alongTrackValue)
      cross.append(abs(outcome.crossTrackValue))
    }
  }

  public mutating func endStroke(_ context: StrokeContext, into row: inout [Double?]) {
    along.endStroke(scale: context.millimetresPerUnit, into: &row)
    cross.endStroke(scale: context.millimetresPerUnit, into: &row)
    undefined.endStroke(into: &row)
  }

  public mutating func append(contentsOf other: TrackErrorMetric) {
    along.append(contentsOf: other.along)
    cross.append(contentsOf: other.cross)
    undefined.append(contentsOf: other.undefined)
  }

  public func aggregate(_ run: RunContext, into row: inout [Double?]) {
    along.aggregate(run, into: &row)
    cross.aggregate(run, into: &row)
    undefined.aggregate(into: &row)
  }

  mutating func reserveCapacity(_ count: Int) {
    along.reserveCapacity(count)
    cross.reserveCapacity(count)
  }
}

extension TrackErrorMetric: MetricFamily {}
