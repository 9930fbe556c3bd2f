/// Whether one predictor beats another on the same strokes, with a confidence interval, so that
/// "A beats B" in a `compare` table means more than a difference of two averages.
///
/// Method (paired bootstrap over strokes; Efron & Tibshirani, *An Introduction to the
/// Bootstrap*, 1993, ch. 13, percentile interval):
/// 1. pair the strokes both scorecards scored (same source and stroke index) where both have a
///    value in `column` (by default `error_mean_mm`, each stroke's mean error);
/// 2. the per-stroke difference is `dₛ = candidateₛ − baselineₛ`; the statistic is their mean
///    over strokes (every stroke weighs the same: strokes, not frames, are the independent units,
///    since consecutive frames of one stroke are strongly correlated);
/// 3. `resamples` times, resample and take the mean difference over the strokes drawn
///    (SplitMix64 seeded with `seed`, unbiased bounded draws). When the strokes record writers
///    and there are at least two, the resampling is two-stage: draw as many writers as there are,
///    with replacement, then, within each writer drawn, as many of its strokes as it has, with
///    replacement (the cluster bootstrap, Davison & Hinkley, *Bootstrap Methods and their
///    Application*, 1997, §3.8): one writer's strokes are alike, so the writers, not the strokes,
///    are the independent units, and an interval from strokes alone is too narrow (on Henze 2017
///    several times). Otherwise strokes are drawn uniformly with replacement;
/// 4. the 95 % interval is the 2.5th and 97.5th percentiles (type 7) of those means.
/// The verdict: for a lower-is-better column, the candidate is *better* when the whole interval
/// is below zero, *worse* when it is above, otherwise *inconclusive*; mirrored for
/// higher-is-better columns. With fewer than ``minimumWriters`` writers (when writers are
/// recorded) or fewer than ``minimumStrokes`` paired strokes the verdict is *inconclusive*
/// whatever the interval, and ``limitation`` says why: a bootstrap of two writers cannot say
/// what a third would do.
public struct PairedComparison: Sendable, Hashable, Codable {
  public enum Verdict: String, Sendable, Hashable, Codable {
    case better, worse, inconclusive
  }

  public var candidate: String
  public var baseline: String
  /// The scorecard column compared, stroke by stroke.
  public var column: String
  /// Strokes with a value for both.
  public var pairedStrokes: Int
  /// Mean over strokes of candidate − baseline, in the column's unit.
  public var meanDifference: Double
  /// Bootstrap percentile interval of ``meanDifference``.
  public var lower: Double
  public var upper: Double
  public var confidence: Double
  /// Strokes on which the candidate's value is better than the baseline's (ties excluded).
  public var candidateBetterStrokes: Int
  public var resamples: Int
  public var seed: UInt64
  public var verdict: Verdict
  /// Distinct writers among the paired strokes (0 when the strokes record none).
  public var writers: Int?
  /// What was resampled: `writers, then their strokes` or `strokes`.
  public var resampled: String?
  /// Why the verdict is inconclusive whatever the interval (`only 2 writers`, `only 4 strokes`:
  /// below ``minimumWriters`` or ``minimumStrokes``), if so.
  public var limitation: String?
  /// Under a per-sample protocol (`compare --protocol anchor`), the horizon compared (`16.67 ms`);
  /// `nil` for frame replay, whose scorecard columns span the whole replay.
  public var horizon: String?

  /// Fewest writers, when writers are recorded, for a verdict other than inconclusive.
  public static let minimumWriters = 5
  /// Fewest paired strokes for a verdict other than inconclusive.
  public static let minimumStrokes = 20

  /// Compares `candidate` with `baseline` (scorecards of the same strokes) on `column`; `nil`
  /// when they share no stroke with a value or the column is unknown.
  public static func compare(
    candidate: (label: String, scorecard: Scorecard), baseline: (label: String, scorecard: Scorecard),
    column: String, resamples: Int = 10_000, confidence: Double = 0.95, seed: UInt64 = 0
  ) -> PairedComparison? {
    guard let candidateColumn = candidate.scorecard.columnIndex(column),
      let baselineColumn = baseline.scorecard.columnIndex(column)
    else { return nil }
    var baselineValues: [StrokeReference: Double] = [:]
    for stroke in baseline.scorecard.strokes where baselineColumn < stroke.values.count {
      if let value = stroke.values[baselineColumn], value.isFinite { baselineValues[stroke.reference] = value }
    }
    var pairs: [Pair] = []
    for stroke in candidate.scorecard.strokes where candidateColumn < stroke.values.count {
      guard let value = stroke.values[candidateColumn], value.isFinite,
        let other = baselineValues[stroke.reference]
      else { continue }
      pairs.append(Pair(candidate: value, baseline: other, writer: stroke.reference.writer))
    }
    return compare(
      candidate: candidate.label, baseline: baseline.label, column: column,
      better: candidate.scorecard.columns[candidateColumn].better, pairs: pairs, resamples: resamples,
      confidence: confidence, seed: seed)
  }

  /// One stroke scored by both predictors: their values and the stroke's writer (if recorded).
  public struct Pair: Sendable, Hashable {
    public var candidate: Double
    public var baseline: Double
    public var writer: String?

    public init(candidate: Double, baseline: Double, writer: String?) {
      self.candidate = candidate
      self.baseline = baseline
      self.writer = writer
    }
  }

  /// Compares the two predictors over `pairs` (one per stroke both scored, values finite), by the
  /// method of the type's documentation; `nil` when there are no pairs.
  public static func compare(
    candidate: String, baseline: String, column: String, better: BetterDirection, pairs: [Pair],
    horizon: String? = nil, resamples: Int = 10_000, confidence: Double = 0.95, seed: UInt64 = 0
  ) -> PairedComparison? {
    var differences: [Double] = []
    var writerOfPair: [String?] = []
    var wins = 0
    for pair in pairs {
      let value = pair.candidate, other = pair.baseline
      let d = value - other
      differences.append(d)
      writerOfPair.append(pair.writer)
      switch better {
      case .lower: if d < 0 { wins += 1 }
      case .higher: if d > 0 { wins += 1 }
      case .closerToZero: if abs(value) < abs(other) { wins += 1 }
      case .none: break
      }
    }
    guard !differences.isEmpty else { return nil }
    // Strokes grouped by writer, in order of first appearance; strokes without one stay alone.
    let groups = writerGroups(writerOfPair)
    let writerCount = writerOfPair.contains(where: { $0 != nil }) ? Set(writerOfPair.compactMap { $0 }).count : 0
    let (lower, upper) = groups.count >= 2
      ? clusterBootstrapInterval(differences, groups: groups, resamples: max(1, resamples), confidence: confidence, seed: seed)
      : bootstrapInterval(differences, resamples: max(1, resamples), confidence: confidence, seed: seed)
    let mean = differences.reduce(0, +) / Double(differences.count)
    var verdict: Verdict
    switch better {
    case .lower: verdict = upper < 0 ? .better : (lower > 0 ? .worse : .inconclusive)
    case .higher: verdict = lower > 0 ? .better : (upper < 0 ? .worse : .inconclusive)
    case .closerToZero, .none: verdict = .inconclusive
    }
    var limitation: String?
    if writerCount > 0, writerCount < minimumWriters {
      limitation = "only \(writerCount) writer\(writerCount == 1 ? "" : "s")"
    } else if differences.count < minimumStrokes {
      limitation = "only \(differences.count) strokes"
    }
    if limitation != nil { verdict = .inconclusive }
    return PairedComparison(
      candidate: candidate, baseline: baseline, column: column, pairedStrokes: differences.count,
      meanDifference: mean, lower: lower, upper: upper, confidence: confidence, candidateBetterStrokes: wins,
      resamples: max(1, resamples), seed: seed, verdict: verdict, writers: writerCount,
      resampled: groups.count >= 2 ? "writers, then their strokes" : "strokes", limitation: limitation,
      horizon: horizon)
  }

  /// Indices of the pairs grouped by writer (order of first appearance); empty when no pair
  /// records a writer. Pairs without a writer form one group each.
  static func writerGroups(_ writers: [String?]) -> [[Int]] {
    guard writers.contains(where: { $0 != nil }) else { return [] }
    var groups: [[Int]] = []
    var position: [String: Int] = [:]
    for (i, writer) in writers.enumerated() {
      guard let writer else {
        groups.append([i])
        continue
      }
      if let g = position[writer] {
        groups[g].append(i)
      } else {
        position[writer] = groups.count
        groups.append([i])
      }
    }
    return groups
  }

  /// The two-stage percentile bootstrap interval of the mean of `values` (see the type's doc):
  /// writers drawn with replacement, then each drawn writer's values with replacement; the mean
  /// is over every value drawn.
  static func clusterBootstrapInterval(
    _ values: [Double], groups: [[Int]], resamples: Int, confidence: Double, seed: UInt64
  ) -> (lower: Double, upper: Double) {
    var rng = SplitMix64(seed: seed)
    var means = [Double](repeating: 0, count: resamples)
    for r in 0..<resamples {
      var sum = 0.0
      var count = 0
      for _ in groups.indices {
        let group = groups[rng.nextIndex(below: groups.count)]
        for _ in group.indices { sum += values[group[rng.nextIndex(below: group.count)]] }
        count += group.count
      }
      means[r] = sum / Double(count)
    }
    return percentileInterval(&means, confidence: confidence)
  }

  /// The central `confidence` interval of `means` (type-7 percentiles).
  static func percentileInterval(_ means: inout [Double], confidence: Double) -> (lower: Double, upper: Double) {
    let tail = (1 - confidence) / 2 * 100
    var copy = means
    let lower = Percentile.type7(tail, of: &means) ?? .nan
    let upper = Percentile.type7(100 - tail, of: &copy) ?? .nan
    return (lower, upper)
  }

  /// The percentile bootstrap interval of the mean of `values` (see the type's doc).
  static func bootstrapInterval(
    _ values: [Double], resamples: Int, confidence: Double, seed: UInt64
  ) -> (lower: Double, upper: Double) {
    var rng = SplitMix64(seed: seed)
    let n = values.count
    var means = [Double](repeating: 0, count: resamples)
    for r in 0..<resamples {
      var sum = 0.0
      for _ in 0..<n { sum += values[rng.nextIndex(below: n)] }
      means[r] = sum / Double(n)
    }
    return percentileInterval(&means, confidence: confidence)
  }
}
