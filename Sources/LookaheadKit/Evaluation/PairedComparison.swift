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
/// 3. `resamples` times, draw as many strokes as there are pairs uniformly with replacement
///    (SplitMix64 seeded with `seed`, unbiased bounded draws) and take the mean difference;
/// 4. the 95 % interval is the 2.5th and 97.5th percentiles (type 7) of those means.
/// The verdict: for a lower-is-better column, the candidate is *better* when the whole interval
/// is below zero, *worse* when it is above, otherwise *inconclusive*; mirrored for
/// higher-is-better columns.
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

  /// Compares `candidate` with `baseline` (scorecards of the same strokes) on `column`; `nil`
  /// when they share no stroke with a value or the column is unknown.
  public static func compare(
    candidate: (label: String, scorecard: Scorecard), baseline: (label: String, scorecard: Scorecard),
    column: String, resamples: Int = 10_000, confidence: Double = 0.95, seed: UInt64 = 0
  ) -> PairedComparison? {
    guard let candidateColumn = candidate.scorecard.columnIndex(column),
      let baselineColumn = baseline.scorecard.columnIndex(column)
    else { return nil }
    let better = candidate.scorecard.columns[candidateColumn].better
    var baselineValues: [StrokeReference: Double] = [:]
    for stroke in baseline.scorecard.strokes where baselineColumn < stroke.values.count {
      if let value = stroke.values[baselineColumn], value.isFinite { baselineValues[stroke.reference] = value }
    }
    var differences: [Double] = []
    var wins = 0
    for stroke in candidate.scorecard.strokes where candidateColumn < stroke.values.count {
      guard let value = stroke.values[candidateColumn], value.isFinite,
        let other = baselineValues[stroke.reference]
      else { continue }
      let d = value - other
      differences.append(d)
      switch better {
      case .lower: if d < 0 { wins += 1 }
      case .higher: if d > 0 { wins += 1 }
      case .closerToZero: if abs(value) < abs(other) { wins += 1 }
      case .none: break
      }
    }
    guard !differences.isEmpty else { return nil }
    let (lower, upper) = bootstrapInterval(
      differences, resamples: max(1, resamples), confidence: confidence, seed: seed)
    let mean = differences.reduce(0, +) / Double(differences.count)
    let verdict: Verdict
    switch better {
    case .lower: verdict = upper < 0 ? .better : (lower > 0 ? .worse : .inconclusive)
    case .higher: verdict = lower > 0 ? .better : (upper < 0 ? .worse : .inconclusive)
    case .closerToZero, .none: verdict = .inconclusive
    }
    return PairedComparison(
      candidate: candidate.label, baseline: baseline.label, column: column, pairedStrokes: differences.count,
      meanDifference: mean, lower: lower, upper: upper, confidence: confidence, candidateBetterStrokes: wins,
      resamples: max(1, resamples), seed: seed, verdict: verdict)
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
      for _ in 0..<n { sum += values[Int(rng.next(upperBound: UInt64(n)))] }
      means[r] = sum / Double(n)
    }
    let tail = (1 - confidence) / 2 * 100
    var copy = means
    let lower = Percentile.type7(tail, of: &means) ?? .nan
    let upper = Percentile.type7(100 - tail, of: &copy) ?? .nan
    return (lower, upper)
  }
}
