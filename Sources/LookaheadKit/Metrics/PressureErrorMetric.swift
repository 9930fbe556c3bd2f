/// Pressure error: the absolute difference between the pressure the app drew with and the true
/// pressure at the target time (interpolated linearly between samples), where the trace records
/// pressure. A user sees it as ink that is too thick or thin at the tip, or a stroke end that
/// swells. The drawn pressure is the predicted one, or the newest sample's when the predictor
/// gives none (what an app would draw).
public struct PressureErrorMetric: Metric {
  private var pressure = SampleChannel(
    "pressure_error", family: "pressure", .pressure, better: .lower, statistics: [.mean, .rms, .p95, .max])

  public init() {}

  public var columns: [MetricColumn] { pressure.columns }

  public mutating func reset() { pressure.reset() }

  public mutating func beginStroke(_ context: StrokeContext) {}

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    let difference = outcome.shownPressureValue - outcome.truthPressureValue
    if !difference.isNaN { pressure.append(abs(difference)) }
  }

  public mutating func endStroke(_ context: StrokeContext, into row: inout [Double?]) {
    pressure.endStroke(scale: nil, into: &row)
  }

  public mutating func append(contentsOf other: PressureErrorMetric) { pressure.append(contentsOf: other.pressure) }

  public func aggregate(_ run: RunContext, into row: inout [Double?]) { pressure.aggregate(run, into: &row) }

  mutating func reserveCapacity(_ count: Int) { pressure.reserveCapacity(count) }
}

extension PressureErrorMetric: MetricFamily {}
