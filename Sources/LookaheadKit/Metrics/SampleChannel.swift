/// The statistics a ``SampleChannel`` can report.
public enum MetricStatistic: String, Sendable, Hashable, Codable {
  case mean
  /// Root mean square.
  case rms
  /// Type-7 percentiles (see ``Percentile``).
  case p50, p95
  case max
  /// Mean over strokes of each stroke's mean (the aggregate weighs strokes equally).
  case strokeMean = "stroke_mean"
}

/// What kind of number a channel holds, which fixes its reported units.
public enum MetricQuantity: Sendable, Hashable {
  /// Trace units; reported in mm and in trace units.
  case length
  /// Seconds; reported in ms.
  case duration
  /// Degrees.
  case angle
  /// Pressure scale.
  case pressure
  /// Trace units per second; reported in mm/s and trace units/s.
  case speed
}

/// A stream of values of one metric (for example the error of every prediction), kept so that
/// per-stroke and pooled statistics, percentiles included, come out exactly.
///
/// Values are appended in trace units (seconds, degrees…) to one buffer for the whole run, whose
/// capacity survives ``reset()``, so appending allocates nothing once warmed up; a stroke's
/// statistics are computed in a reused scratch buffer at ``endStroke(scale:into:)``.
/// Aggregates are computed from the pooled buffer in stroke order, so they do not depend on how
/// the strokes were split across threads.
struct SampleChannel: Sendable {
  let name: String
  let family: String
  let quantity: MetricQuantity
  /// For signed channels the mean's ideal is zero.
  let signed: Bool
  let better: BetterDirection
  let statistics: [MetricStatistic]
  /// One value per stroke (pooled over strokes) rather than per prediction.
  let perStroke: Bool
  private(set) var values: [Double] = []
  /// End offset in ``values`` of each finished stroke.
  private(set) var strokeEnds: [Int] = []
  private var scratch: [Double] = []

  init(
    _ name: String, family: String, _ quantity: MetricQuantity, better: BetterDirection,
    signed: Bool = false, statistics: [MetricStatistic], perStroke: Bool = false
  ) {
    self.name = name
    self.family = family
    self.quantity = quantity
    self.better = better
    self.signed = signed
    self.statistics = statistics
    self.perStroke = perStroke
  }

  @inline(__always)
  mutating func append(_ value: Double) { values.append(value) }

  mutating func reserveCapacity(_ count: Int) {
    values.reserveCapacity(count)
    scratch.reserveCapacity(count)
  }

  mutating func reset() {
    values.removeAll(keepingCapacity: true)
    strokeEnds.removeAll(keepingCapacity: true)
  }

  private var strokeStart: Int { strokeEnds.last ?? 0 }

  // MARK: - Columns

  private struct UnitVariant {
    var suffix: String
    var unit: MetricUnit
    /// Trace-unit values are multiplied by the stroke's scale.
    var scaled: Bool
    var factor: Double
  }

  private var variants: [UnitVariant] {
    switch quantity {
    case .length:
      return [
        UnitVariant(suffix: "_mm", unit: .millimetres, scaled: true, factor: 1),
        UnitVariant(suffix: "_native", unit: .traceUnits, scaled: false, factor: 1),
      ]
    case .speed:
      return [
        UnitVariant(suffix: "_mm_per_s", unit: .millimetresPerSecond, scaled: true, factor: 1),
        UnitVariant(suffix: "_native_per_s", unit: .traceUnitsPerSecond, scaled: false, factor: 1),
      ]
    case .duration: return [UnitVariant(suffix: "_ms", unit: .milliseconds, scaled: false, factor: 1000)]
    case .angle: return [UnitVariant(suffix: "_deg", unit: .degrees, scaled: false, factor: 1)]
    case .pressure: return [UnitVariant(suffix: "", unit: .pressure, scaled: false, factor: 1)]
    }
  }

  var columns: [MetricColumn] {
    var result: [MetricColumn] = []
    for statistic in statistics {
      for variant in variants {
        let better: BetterDirection =
          better == .none ? .none : (signed && statistic == .mean ? .closerToZero : better)
        let aggregation: MetricAggregation =
          perStroke
          ? .pooledOverStrokes : (statistic == .strokeMean ? .averagedOverStrokes : .pooledOverPredictions)
        result.append(
          MetricColumn(
            name: "\(name)_\(statistic.rawValue)\(variant.suffix)", family: family, unit: variant.unit,
            better: better, aggregation: aggregation))
      }
    }
    return result
  }

  // MARK: - Statistics

  /// Statistics of `buffer` (reordered), multiplied by `factor`; `nil` when empty.
  private static func statistic(
    _ statistic: MetricStatistic, of buffer: inout [Double], factor: Double, strokeMean: Double?
  ) -> Double? {
    guard !buffer.isEmpty else { return nil }
    let value: Double?
    switch statistic {
    case .mean:
      var sum = 0.0
      for v in buffer { sum += v }
      value = sum / Double(buffer.count)
    case .rms:
      var sum = 0.0
      for v in buffer { sum += v * v }
      value = (sum / Double(buffer.count)).squareRoot()
    case .p50: value = Percentile.type7(50, of: &buffer)
    case .p95: value = Percentile.type7(95, of: &buffer)
    case .max:
      var largest = -Double.infinity
      for v in buffer where v > largest { largest = v }
      value = largest
    case .strokeMean: value = strokeMean
    }
    return value.map { $0 * factor }
  }

  /// Appends this stroke's cells to `row` and closes the stroke.
  mutating func endStroke(scale: Double?, into row: inout [Double?]) {
    let start = strokeStart
    for statistic in statistics {
      for variant in variants {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: values[start..<values.count])
        var factor = variant.factor
        if variant.scaled {
          guard let scale else {
            row.append(nil)
            continue
          }
          factor *= scale
        }
        let mean = statistic == .strokeMean ? Self.statistic(.mean, of: &scratch, factor: 1, strokeMean: nil) : nil
        row.append(Self.statistic(statistic, of: &scratch, factor: factor, strokeMean: mean))
      }
    }
    strokeEnds.append(values.count)
  }

  /// Appends `other`'s strokes after ours.
  mutating func append(contentsOf other: SampleChannel) {
    let offset = values.count
    values.append(contentsOf: other.values)
    strokeEnds.append(contentsOf: other.strokeEnds.map { $0 + offset })
  }

  /// Appends the aggregate cells to `row`.
  func aggregate(_ scales: RunScales, into row: inout [Double?]) {
    // Stroke ranges and means, in stroke order.
    var ranges: [Range<Int>] = []
    var start = 0
    for end in strokeEnds {
      ranges.append(start..<end)
      start = end
    }
    for statistic in statistics {
      for variant in variants {
        var factor = variant.factor
        var buffer: [Double]
        var perStrokeFactors: [Double]? = nil
        if variant.scaled {
          if let scale = scales.uniformScale {
            factor *= scale
            buffer = values
          } else if scales.allScaled, scales.perStroke.count == ranges.count {
            // Mixed scales: convert each stroke's values to millimetres before pooling.
            buffer = []
            buffer.reserveCapacity(values.count)
            var factors: [Double] = []
            for (range, scale) in zip(ranges, scales.perStroke) {
              let s = scale ?? 1
              factors.append(s)
              for v in values[range] { buffer.append(v * s) }
            }
            perStrokeFactors = factors
          } else {
            row.append(nil)
            continue
          }
        } else {
          if (quantity == .length || quantity == .speed) && !scales.uniformUnits {
            row.append(nil)
            continue
          }
          buffer = values
        }
        var strokeMean: Double? = nil
        if statistic == .strokeMean {
          var sum = 0.0
          var strokes = 0
          for (index, range) in ranges.enumerated() where !range.isEmpty {
            var strokeSum = 0.0
            for v in values[range] { strokeSum += v }
            sum += strokeSum / Double(range.count) * (perStrokeFactors?[index] ?? 1)
            strokes += 1
          }
          strokeMean = strokes > 0 ? sum / Double(strokes) : nil
        }
        row.append(Self.statistic(statistic, of: &buffer, factor: factor, strokeMean: strokeMean))
      }
    }
  }
}

/// A count of predictions (or frame pairs) for which something happened, out of those for
/// which it could be judged; reported as the count and the fraction.
struct CountChannel: Sendable {
  let name: String
  let family: String
  let better: BetterDirection
  private var strokeHits = 0
  private var strokeTotal = 0
  private var strokeAvailable = true
  private(set) var hits = 0
  private(set) var total = 0
  private(set) var strokesUnavailable = 0

  init(_ name: String, family: String, better: BetterDirection) {
    self.name = name
    self.family = family
    self.better = better
  }

  /// Records one judged case.
  @inline(__always)
  mutating func record(_ happened: Bool) {
    strokeTotal += 1
    if happened { strokeHits += 1 }
  }

  /// Marks the current stroke as not judgeable (a threshold could not be converted).
  mutating func markUnavailable() { strokeAvailable = false }

  mutating func reset() {
    strokeHits = 0
    strokeTotal = 0
    strokeAvailable = true
    hits = 0
    total = 0
    strokesUnavailable = 0
  }

  var columns: [MetricColumn] {
    [
      MetricColumn(
        name: "\(name)_count", family: family, unit: .count, better: better, aggregation: .pooledOverPredictions),
      MetricColumn(
        name: "\(name)_fraction", family: family, unit: .fraction, better: better,
        aggregation: .pooledOverPredictions),
    ]
  }

  mutating func endStroke(into row: inout [Double?]) {
    if strokeAvailable {
      row.append(Double(strokeHits))
      row.append(strokeTotal > 0 ? Double(strokeHits) / Double(strokeTotal) : nil)
      hits += strokeHits
      total += strokeTotal
    } else {
      row.append(nil)
      row.append(nil)
      strokesUnavailable += 1
    }
    strokeHits = 0
    strokeTotal = 0
    strokeAvailable = true
  }

  mutating func append(contentsOf other: CountChannel) {
    hits += other.hits
    total += other.total
    strokesUnavailable += other.strokesUnavailable
  }

  /// Pooled over the strokes where the count could be judged.
  func aggregate(into row: inout [Double?]) {
    row.append(total > 0 || strokesUnavailable == 0 ? Double(hits) : nil)
    row.append(total > 0 ? Double(hits) / Double(total) : nil)
  }
}
