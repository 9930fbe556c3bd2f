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
  /// Whether the per-stroke cells include p50 and p95. Percentiles cost a selection over the
  /// stroke's values each; only the error reports them per stroke, other channels leave those
  /// per-stroke cells empty (their aggregate percentiles are always there).
  let perStrokePercentiles: Bool
  private(set) var values: [Double] = []
  /// End offset in ``values`` of each finished stroke.
  private(set) var strokeEnds: [Int] = []
  /// Sum of each finished stroke's values (for the mean over strokes).
  private var strokeSums: [Double] = []
  /// The pooled fold over `values[0..<foldedCount]`, continued as strokes close, so that the
  /// aggregate's sum, sum of squares and maximum need no second pass over every value.
  private var pooled = Fold()
  private var foldedCount = 0
  private var scratch: [Double] = []

  init(
    _ name: String, family: String, _ quantity: MetricQuantity, better: BetterDirection,
    signed: Bool = false, statistics: [MetricStatistic], perStroke: Bool = false,
    perStrokePercentiles: Bool = false
  ) {
    self.perStrokePercentiles = perStrokePercentiles || perStroke
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

  /// Room for `count` values of the run (the per-stroke scratch grows to the longest stroke).
  mutating func reserveCapacity(_ count: Int) {
    values.reserveCapacity(count)
  }

  mutating func reset() {
    values.removeAll(keepingCapacity: true)
    strokeEnds.removeAll(keepingCapacity: true)
    strokeSums.removeAll(keepingCapacity: true)
    pooled = Fold()
    foldedCount = 0
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

  /// Lengths and speeds have a millimetre cell before the native one; other quantities have one
  /// unscaled cell, multiplied by this factor. The same cells as ``variants`` lists, without
  /// building that list at every stroke's end.
  private var hasMillimetreVariant: Bool { quantity == .length || quantity == .speed }
  private var unscaledFactor: Double { quantity == .duration ? 1000 : 1 }

  var columns: [MetricColumn] {
    var result: [MetricColumn] = []
    for statistic in statistics {
      for variant in variants {
        let better: BetterDirection =
          better == .none ? .none : (signed && statistic == .mean ? .closerToZero : better)
        let aggregation: MetricAggregation =
          perStroke
          ? .pooledOverStrokes : (statistic == .strokeMean ? .averagedOverStrokes : .pooledOverPredictions)
        let percentile = statistic == .p50 || statistic == .p95
        result.append(
          MetricColumn(
            name: "\(name)_\(statistic.rawValue)\(variant.suffix)", family: family, unit: variant.unit,
            better: better, aggregation: aggregation, aggregateOnly: percentile && !perStrokePercentiles))
      }
    }
    return result
  }

  // MARK: - Statistics

  /// Every statistic of one set of values, computed once (percentiles share one scratch copy).
  private struct Summary {
    var mean: Double?
    var rms: Double?
    var p50: Double?
    var p95: Double?
    var max: Double?
    var strokeMean: Double?

    func value(_ statistic: MetricStatistic) -> Double? {
      switch statistic {
      case .mean: return mean
      case .rms: return rms
      case .p50: return p50
      case .p95: return p95
      case .max: return max
      case .strokeMean: return strokeMean
      }
    }
  }

  private var wantsPercentiles: Bool { statistics.contains(.p50) || statistics.contains(.p95) }

  /// Sum, sum of squares and largest of values taken in order, one at a time: the same numbers,
  /// to the bit, whether the values come in one loop or stroke after stroke.
  private struct Fold {
    var sum = 0.0
    var sumOfSquares = 0.0
    var largest = -Double.infinity

    @inline(__always)
    mutating func add(_ v: Double) {
      sum += v
      sumOfSquares += v * v
      if v > largest { largest = v }
    }

    mutating func add(_ buffer: [Double], _ range: Range<Int>) {
      buffer.withUnsafeBufferPointer { buffer in
        for index in range { add(buffer[index]) }
      }
    }
  }

  /// Summary of `buffer[range]`; `scratch` is reused for the percentiles. Static, so that
  /// passing the channel's own buffers never copies them.
  private static func summarize(
    _ buffer: [Double], _ range: Range<Int>, percentiles wantsPercentiles: Bool, scratch: inout [Double]
  ) -> Summary {
    var fold = Fold()
    fold.add(buffer, range)
    return summarize(buffer, range, fold: fold, percentiles: wantsPercentiles, scratch: &scratch)
  }

  /// Summary of `buffer[range]` whose fold is `fold`.
  private static func summarize(
    _ buffer: [Double], _ range: Range<Int>, fold: Fold, percentiles wantsPercentiles: Bool,
    scratch: inout [Double]
  ) -> Summary {
    guard !range.isEmpty else { return Summary() }
    let count = Double(range.count)
    var summary = Summary(
      mean: fold.sum / count, rms: (fold.sumOfSquares / count).squareRoot(), max: fold.largest,
      strokeMean: fold.sum / count)
    if wantsPercentiles {
      if range.count >= Percentile.narrowingThreshold {
        // A pool: selected where it lies, without a copy.
        buffer.withUnsafeBufferPointer { pointer in
          let values = UnsafeBufferPointer(rebasing: pointer[range])
          summary.p95 = Percentile.type7(95, ofUnchanged: values, scratch: &scratch)
          summary.p50 = Percentile.type7(50, ofUnchanged: values, scratch: &scratch)
        }
      } else {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: buffer[range])
        summary.p95 = Percentile.type7(95, of: &scratch)
        summary.p50 = Percentile.type7(50, of: &scratch)
      }
    }
    return summary
  }

  /// Appends the cells of `native` (and, for lengths and speeds, of its millimetre version).
  private func appendCells(native: Summary, millimetres: Summary?, nativeValid: Bool, into row: inout [Double?]) {
    let withMillimetres = hasMillimetreVariant
    let factor = unscaledFactor
    for statistic in statistics {
      if withMillimetres { row.append(millimetres?.value(statistic)) }
      row.append(nativeValid ? native.value(statistic).map { $0 * factor } : nil)
    }
  }

  /// Appends this stroke's cells to `row` and closes the stroke.
  mutating func endStroke(scale: Double?, into row: inout [Double?]) {
    let range = strokeStart..<values.count
    var stroke = Fold()
    if foldedCount == range.lowerBound {
      // One pass feeds the stroke's fold and continues the pooled one.
      var pooled = self.pooled
      values.withUnsafeBufferPointer { buffer in
        for index in range {
          let v = buffer[index]
          stroke.add(v)
          pooled.add(v)
        }
      }
      self.pooled = pooled
    } else {
      stroke.add(values, range)
      pooled.add(values, foldedCount..<values.count)
    }
    foldedCount = values.count
    let native = Self.summarize(
      values, range, fold: stroke, percentiles: wantsPercentiles && perStrokePercentiles, scratch: &scratch)
    appendCells(native: native, millimetres: scale.map { Self.scaled(native, by: $0) }, nativeValid: true, into: &row)
    strokeEnds.append(values.count)
    strokeSums.append(stroke.sum)
  }

  /// A summary of lengths in another unit (every statistic scales linearly, s > 0).
  private static func scaled(_ summary: Summary, by scale: Double) -> Summary {
    Summary(
      mean: summary.mean.map { $0 * scale }, rms: summary.rms.map { $0 * scale }, p50: summary.p50.map { $0 * scale },
      p95: summary.p95.map { $0 * scale }, max: summary.max.map { $0 * scale },
      strokeMean: summary.strokeMean.map { $0 * scale })
  }

  /// Appends `other`'s strokes after ours.
  mutating func append(contentsOf other: SampleChannel) {
    let offset = values.count
    values.append(contentsOf: other.values)
    strokeEnds.append(contentsOf: other.strokeEnds.map { $0 + offset })
    strokeSums.append(contentsOf: other.strokeSums)
  }

  /// Mean over strokes of each stroke's mean, each multiplied by its factor.
  private func strokeMean(_ ranges: [Range<Int>], factors: [Double]?) -> Double? {
    var sum = 0.0
    var strokes = 0
    for (index, range) in ranges.enumerated() where !range.isEmpty {
      sum += strokeSums[index] / Double(range.count) * (factors?[index] ?? 1)
      strokes += 1
    }
    return strokes > 0 ? sum / Double(strokes) : nil
  }

  /// Appends the aggregate cells to `row`.
  func aggregate(_ scales: RunScales, into row: inout [Double?]) {
    var ranges: [Range<Int>] = []
    var start = 0
    for end in strokeEnds {
      ranges.append(start..<end)
      start = end
    }
    var scratch: [Double] = []
    let isLength = quantity == .length || quantity == .speed
    // The pooled fold continues over what no closed stroke has folded yet (values joined from
    // another channel, or a stroke still open), so it is the fold of every value in order.
    var fold = pooled
    fold.add(values, foldedCount..<values.count)
    var native = Self.summarize(
      values, 0..<values.count, fold: fold, percentiles: wantsPercentiles, scratch: &scratch)
    native.strokeMean = strokeMean(ranges, factors: nil)
    let nativeValid = !isLength || scales.uniformUnits
    var millimetres: Summary? = nil
    if isLength {
      if let scale = scales.uniformScale {
        millimetres = Self.scaled(native, by: scale)
      } else if scales.allScaled, scales.perStroke.count == ranges.count {
        // Mixed scales: convert each stroke's values to millimetres before pooling.
        let factors = scales.perStroke.map { $0 ?? 1 }
        var converted: [Double] = []
        converted.reserveCapacity(values.count)
        for (range, factor) in zip(ranges, factors) {
          for v in values[range] { converted.append(v * factor) }
        }
        var summary = Self.summarize(
          converted, 0..<converted.count, percentiles: wantsPercentiles, scratch: &scratch)
        summary.strokeMean = strokeMean(ranges, factors: factors)
        millimetres = summary
      }
    }
    appendCells(native: native, millimetres: millimetres, nativeValid: nativeValid, into: &row)
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
