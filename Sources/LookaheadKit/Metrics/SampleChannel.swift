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

/// A stream of values of one metric (for example the error of every prediction), summarised per
/// stroke and pooled over the run, percentiles exact.
///
/// Each value is folded as it arrives into its stroke's sum, sum of squares and maximum, so means,
/// RMS and maxima need no stored values. Only a channel that reports percentiles keeps its values
/// (in trace units, seconds, degrees…), in one buffer for the whole run whose capacity survives
/// ``reset()``, so appending allocates nothing once warmed up. Pooled sums add the strokes' sums
/// in stroke order, so the aggregate does not depend on how strokes were split across threads.
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
  /// The channel keeps its values for its percentiles. A channel whose values are a monotone
  /// function of another's takes its aggregate percentiles from that one's order statistics
  /// instead (see ``aggregate(_:into:percentiles:)``), and reports none per stroke.
  let keepsValues: Bool
  /// The values, in order, when ``keepsValues`` (otherwise empty).
  private(set) var values: [Double] = []
  /// The open stroke's fold.
  private var open = Fold()
  /// The fold of each finished stroke, in order.
  private(set) var strokeFolds: [Fold] = []
  private var scratch: [Double] = []

  init(
    _ name: String, family: String, _ quantity: MetricQuantity, better: BetterDirection,
    signed: Bool = false, statistics: [MetricStatistic], perStroke: Bool = false,
    perStrokePercentiles: Bool = false, keepsValues: Bool? = nil
  ) {
    self.perStrokePercentiles = perStrokePercentiles || perStroke
    self.name = name
    self.family = family
    self.quantity = quantity
    self.better = better
    self.signed = signed
    self.statistics = statistics
    self.perStroke = perStroke
    self.keepsValues = keepsValues ?? (statistics.contains(.p50) || statistics.contains(.p95))
  }

  @inline(__always)
  mutating func append(_ value: Double) {
    open.add(value)
    if keepsValues { values.append(value) }
  }

  /// Room for `count` values of the run (the per-stroke scratch grows to the longest stroke).
  mutating func reserveCapacity(_ count: Int) {
    if keepsValues { values.reserveCapacity(count) }
  }

  mutating func reset() {
    values.removeAll(keepingCapacity: true)
    strokeFolds.removeAll(keepingCapacity: true)
    open = Fold()
  }

  /// Number of kept values of the finished strokes.
  private var closedCount: Int { keepsValues ? values.count - open.count : 0 }

  /// The kept values of the finished strokes, in order (empty unless ``keepsValues``).
  var closedValues: ArraySlice<Double> { values[0..<closedCount] }

  // MARK: - Columns

  private struct UnitVariant {
    var suffix: String
    var unit: MetricUnit
  }

  private var variants: [UnitVariant] {
    switch quantity {
    case .length:
      return [
        UnitVariant(suffix: "_mm", unit: .millimetres), UnitVariant(suffix: "_native", unit: .traceUnits),
      ]
    case .speed:
      return [
        UnitVariant(suffix: "_mm_per_s", unit: .millimetresPerSecond),
        UnitVariant(suffix: "_native_per_s", unit: .traceUnitsPerSecond),
      ]
    case .duration: return [UnitVariant(suffix: "_ms", unit: .milliseconds)]
    case .angle: return [UnitVariant(suffix: "_deg", unit: .degrees)]
    case .pressure: return [UnitVariant(suffix: "", unit: .pressure)]
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

  /// Every statistic of one set of values, computed once.
  struct Summary {
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

    /// Mean (also as the stroke mean), RMS and maximum of the values folded into `fold`; the
    /// percentiles `nil`.
    init(_ fold: Fold) {
      guard fold.count > 0 else { return }
      let count = Double(fold.count)
      mean = fold.sum / count
      rms = (fold.sumOfSquares / count).squareRoot()
      max = fold.largest
      strokeMean = mean
    }

    /// The same summary of lengths in another unit (every statistic scales linearly, s > 0).
    func scaled(by scale: Double) -> Summary {
      var result = self
      result.mean = mean.map { $0 * scale }
      result.rms = rms.map { $0 * scale }
      result.p50 = p50.map { $0 * scale }
      result.p95 = p95.map { $0 * scale }
      result.max = max.map { $0 * scale }
      result.strokeMean = strokeMean.map { $0 * scale }
      return result
    }
  }

  /// Count, sum, sum of squares and largest of values taken in order, one at a time.
  struct Fold: Sendable {
    var count = 0
    var sum = 0.0
    var sumOfSquares = 0.0
    var largest = -Double.infinity

    @inline(__always)
    mutating func add(_ v: Double) {
      count &+= 1
      sum += v
      sumOfSquares += v * v
      if v > largest { largest = v }
    }

    /// Adds a whole stroke's fold, its values multiplied by `factor` (> 0).
    mutating func add(_ stroke: Fold, factor: Double = 1) {
      count += stroke.count
      sum += stroke.sum * factor
      sumOfSquares += stroke.sumOfSquares * (factor * factor)
      if stroke.count > 0, stroke.largest * factor > largest { largest = stroke.largest * factor }
    }
  }

  /// The pooled p50 and p95 of `values` (left unchanged; `scratch` is reused), as this channel
  /// reports them; the work is shared by the two.
  private func percentiles(
    of values: UnsafeBufferPointer<Double>, into summary: inout Summary, scratch: inout [Double]
  ) {
    let wanted: [Double] = statistics.contains(.p50) ? (statistics.contains(.p95) ? [50, 95] : [50]) : [95]
    let results = Percentile.type7(wanted, ofUnchanged: values, scratch: &scratch)
    for (percent, result) in zip(wanted, results) {
      if percent == 50 { summary.p50 = result } else { summary.p95 = result }
    }
  }

  /// The same for one stroke's few values: selected in place in a copy, allocating nothing once
  /// `scratch` has grown to the longest stroke.
  private func strokePercentiles(
    of values: ArraySlice<Double>, into summary: inout Summary, scratch: inout [Double]
  ) {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: values)
    if statistics.contains(.p95) { summary.p95 = Percentile.type7(95, of: &scratch) }
    if statistics.contains(.p50) { summary.p50 = Percentile.type7(50, of: &scratch) }
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
    var native = Summary(open)
    if keepsValues, perStrokePercentiles, open.count > 0 {
      var scratch: [Double] = []
      swap(&scratch, &self.scratch)
      strokePercentiles(of: values[closedCount..<values.count], into: &native, scratch: &scratch)
      swap(&scratch, &self.scratch)
    }
    appendCells(native: native, millimetres: scale.map { native.scaled(by: $0) }, nativeValid: true, into: &row)
    strokeFolds.append(open)
    open = Fold()
  }

  /// Appends `other`'s strokes after ours.
  mutating func append(contentsOf other: SampleChannel) {
    values.append(contentsOf: other.values[0..<other.closedCount])
    strokeFolds.append(contentsOf: other.strokeFolds)
  }

  /// Mean over strokes of each stroke's mean, each multiplied by its factor.
  private func strokeMean(factors: [Double]?) -> Double? {
    var sum = 0.0
    var strokes = 0
    for (index, fold) in strokeFolds.enumerated() where fold.count > 0 {
      sum += fold.sum / Double(fold.count) * (factors?[index] ?? 1)
      strokes += 1
    }
    return strokes > 0 ? sum / Double(strokes) : nil
  }

  /// Appends the aggregate cells to `row` (over the finished strokes); `percentiles` are the
  /// pooled p50 and p95 when the channel keeps no values of its own.
  func aggregate(
    _ run: RunContext, into row: inout [Double?], percentiles given: (p50: Double?, p95: Double?)? = nil
  ) {
    var scratch: [Double] = []
    let isLength = quantity == .length || quantity == .speed
    var pooled = Fold()
    for fold in strokeFolds { pooled.add(fold) }
    var native = Summary(pooled)
    let closed = closedCount
    if keepsValues, closed > 0 {
      values.withUnsafeBufferPointer { buffer in
        percentiles(of: UnsafeBufferPointer(rebasing: buffer[0..<closed]), into: &native, scratch: &scratch)
      }
    }
    if !keepsValues, let given {
      native.p50 = given.p50
      native.p95 = given.p95
    }
    native.strokeMean = strokeMean(factors: nil)
    let nativeValid = !isLength || run.uniformUnits
    var millimetres: Summary? = nil
    if isLength {
      if let scale = run.uniformScale {
        millimetres = native.scaled(by: scale)
      } else if run.allScaled, run.perStroke.count == strokeFolds.count {
        // Mixed scales: each stroke converted to millimetres before pooling.
        let factors = run.perStroke.map { $0 ?? 1 }
        var pooledMillimetres = Fold()
        for (fold, factor) in zip(strokeFolds, factors) { pooledMillimetres.add(fold, factor: factor) }
        var summary = Summary(pooledMillimetres)
        if keepsValues {
          var converted: [Double] = []
          converted.reserveCapacity(closed)
          var start = 0
          for (fold, factor) in zip(strokeFolds, factors) {
            for v in values[start..<(start + fold.count)] { converted.append(v * factor) }
            start += fold.count
          }
          converted.withUnsafeBufferPointer { percentiles(of: $0, into: &summary, scratch: &scratch) }
        }
        summary.strokeMean = strokeMean(factors: factors)
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
