/// Error at the horizon: how far what the app showed was from where the pointer really was when
/// it was shown. The basic accuracy every predictor paper reports (Henze et al., MobileHCI 2017;
/// `ANCHOR-PROTOCOL.md` §1 step 6), here measured at the frame's real presentation time.
///
/// Also counts the predictions the predictor declined (scored as a hold).
public struct ErrorAtHorizonMetric: Metric {
  private var error = SampleChannel(
    "error", family: "error", .length, better: .lower, statistics: [.mean, .rms, .p50, .p95, .max, .strokeMean],
    perStrokePercentiles: true)
  private var declined = CountChannel("declined", family: "error", better: .none)

  public init() {}

  public var columns: [MetricColumn] { error.columns + declined.columns }

  public mutating func reset() {
    error.reset()
    declined.reset()
  }

  public mutating func beginStroke(_ context: StrokeContext) {}

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    error.append(outcome.error)
    declined.record(outcome.declined)
  }

  public mutating func endStroke(_ context: StrokeContext, into row: inout [Double?]) {
    error.endStroke(scale: context.millimetresPerUnit, into: &row)
    declined.endStroke(into: &row)
  }

  public mutating func append(contentsOf other: ErrorAtHorizonMetric) {
    error.append(contentsOf: other.error)
    declined.append(contentsOf: other.declined)
  }

  public func aggregate(_ run: RunContext, into row: inout [Double?]) {
    error.aggregate(run, into: &row)
    declined.aggregate(into: &row)
  }

  /// The error of every prediction of the finished strokes, in order.
  var pooledErrors: ArraySlice<Double> { error.closedValues }

  mutating func reserveCapacity(_ count: Int) { error.reserveCapacity(count) }
}

extension ErrorAtHorizonMetric: MetricFamily {}
