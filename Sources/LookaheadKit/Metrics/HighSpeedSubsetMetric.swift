/// Error and latency saved over the fast part of the motion only: the predictions whose true
/// speed at the target is at or above the ``MetricSettings/highSpeedPercentile`` (default the
/// 75th, type 7) of the true speeds of all predictions of the run.
///
/// Fast strokes are where latency is most visible (the gap between pen and ink grows with speed)
/// and where predictors fail most, so an average dominated by slow motion can hide them. A
/// percentile rather than a fixed speed needs no millimetre scale and keeps a quarter of the
/// data on every dataset; the threshold is reported so that runs can be compared. The threshold
/// is a property of the whole run, so this family has aggregate cells only.
///
/// It keeps only the true speeds; the errors and latencies saved of the subset are taken from
/// the pools of the families that report them (``RunContext/errors``, ``RunContext/latencySaved``).
public struct HighSpeedSubsetMetric: Metric {
  private let percentile: Double
  private var speeds: [Double] = []
  private var strokeEnds: [Int] = []

  public init(percentile: Double = 75) { self.percentile = percentile }

  /// Number of ``columns`` (kept as a constant so that closing a stroke builds no column list).
  private static let columnCount = 8

  public var columns: [MetricColumn] {
    func column(_ name: String, _ unit: MetricUnit, _ better: BetterDirection) -> MetricColumn {
      MetricColumn(
        name: name, family: "high_speed", unit: unit, better: better, aggregation: .pooledOverPredictions,
        aggregateOnly: true)
    }
    return [
      column("high_speed_threshold_mm_per_s", .millimetresPerSecond, .none),
      column("high_speed_threshold_native_per_s", .traceUnitsPerSecond, .none),
      column("high_speed_count", .count, .none),
      column("high_speed_error_mean_mm", .millimetres, .lower),
      column("high_speed_error_mean_native", .traceUnits, .lower),
      column("high_speed_error_p95_mm", .millimetres, .lower),
      column("high_speed_error_p95_native", .traceUnits, .lower),
      column("high_speed_latency_saved_mean_ms", .milliseconds, .higher),
    ]
  }

  public mutating func reset() {
    speeds.removeAll(keepingCapacity: true)
    strokeEnds.removeAll(keepingCapacity: true)
  }

  public mutating func beginStroke(_ context: StrokeContext) {}

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    speeds.append(outcome.trueSpeed)
  }

  public mutating func endStroke(_ context: StrokeContext, into row: inout [Double?]) {
    strokeEnds.append(speeds.count)
    for _ in 0..<Self.columnCount { row.append(nil) }
  }

  public mutating func append(contentsOf other: HighSpeedSubsetMetric) {
    let offset = speeds.count
    speeds.append(contentsOf: other.speeds[0..<(other.strokeEnds.last ?? 0)])
    strokeEnds.append(contentsOf: other.strokeEnds.map { $0 + offset })
  }

  public func aggregate(_ run: RunContext, into row: inout [Double?]) {
    let closed = strokeEnds.last ?? 0
    guard run.errors.count == closed, run.latencySaved.count == closed else {
      // Used on its own, without the pools of the error and latency families.
      for _ in 0..<Self.columnCount { row.append(nil) }
      return
    }
    let native: Bool
    // Speeds and errors in one unit: trace units when all strokes share them, else millimetres
    // (then converted copies).
    var speedsInUnit = speeds[0..<closed]
    var errorsInUnit = run.errors
    if run.uniformUnits {
      native = true
    } else if run.allScaled, run.perStroke.count == strokeEnds.count {
      native = false
      var start = 0
      var convertedSpeeds: [Double] = []
      var convertedErrors: [Double] = []
      convertedSpeeds.reserveCapacity(closed)
      convertedErrors.reserveCapacity(closed)
      for (end, scale) in zip(strokeEnds, run.perStroke) {
        let s = scale ?? 1
        for index in start..<end {
          convertedSpeeds.append(speeds[index] * s)
          convertedErrors.append(run.errors[run.errors.startIndex + index] * s)
        }
        start = end
      }
      speedsInUnit = convertedSpeeds[...]
      errorsInUnit = convertedErrors[...]
    } else {
      for _ in 0..<Self.columnCount { row.append(nil) }
      return
    }
    var scratch: [Double] = []
    guard
      let threshold = speedsInUnit.withUnsafeBufferPointer({
        Percentile.type7(percentile, ofUnchanged: $0, scratch: &scratch)
      })
    else {
      for _ in 0..<Self.columnCount { row.append(nil) }
      return
    }
    var subsetErrors: [Double] = []
    subsetErrors.reserveCapacity(closed - Int(Double(closed - 1) * percentile / 100))
    var savedSum = 0.0
    speedsInUnit.withUnsafeBufferPointer { speeds in
      errorsInUnit.withUnsafeBufferPointer { errors in
        run.latencySaved.withUnsafeBufferPointer { saved in
          for index in 0..<closed where speeds[index] >= threshold {
            subsetErrors.append(errors[index])
            savedSum += saved[index]
          }
        }
      }
    }
    let count = subsetErrors.count
    var errorSum = 0.0
    for value in subsetErrors { errorSum += value }
    let mean = count > 0 ? errorSum / Double(count) : nil
    let p95 = Percentile.type7(95, of: &subsetErrors)
    let toMillimetres: Double? = native ? run.uniformScale : 1
    row.append(toMillimetres.map { threshold * $0 })
    row.append(native ? threshold : nil)
    row.append(Double(count))
    row.append(mean.flatMap { m in toMillimetres.map { m * $0 } })
    row.append(native ? mean : nil)
    row.append(p95.flatMap { p in toMillimetres.map { p * $0 } })
    row.append(native ? p95 : nil)
    row.append(count > 0 ? savedSum / Double(count) * 1000 : nil)
  }

  mutating func reserveCapacity(_ count: Int) {
    speeds.reserveCapacity(count)
  }
}

extension HighSpeedSubsetMetric: MetricFamily {}
