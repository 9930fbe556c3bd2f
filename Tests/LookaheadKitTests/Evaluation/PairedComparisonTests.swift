@testable import LookaheadKit
import Testing

@Suite("Paired bootstrap comparison across strokes")
struct PairedComparisonTests {
  /// A scorecard with one `error_mean_mm` column (lower is better) and the given per-stroke values.
  static func card(_ values: [Double?], strokeIndices: [Int]? = nil) -> Scorecard {
    let column = MetricColumn(
      name: "error_mean_mm", family: "error", unit: .millimetres, better: .lower, aggregation: .pooledOverPredictions)
    let strokes = values.enumerated().map { i, value in
      StrokeScore(
        reference: StrokeReference(source: "t", strokeIndex: strokeIndices?[i] ?? i), predictionCount: 1,
        millimetresPerUnit: 1, values: [value])
    }
    return Scorecard(
      columns: [column], strokes: strokes, aggregate: [nil], predictionCount: values.count, uniformUnits: true,
      settings: MetricSettings())
  }

  /// Every stroke 0.5 mm better: every resample's mean is −0.5, so the interval is exactly that.
  @Test func constantDifferenceGivesADegenerateInterval() throws {
    let comparison = try #require(PairedComparison.compare(
      candidate: ("a", Self.card([1.0, 2.0, 3.0, 4.0])), baseline: ("b", Self.card([1.5, 2.5, 3.5, 4.5])),
      column: "error_mean_mm", resamples: 500, seed: 7))
    #expect(comparison.pairedStrokes == 4)
    #expect(comparison.meanDifference == -0.5)
    #expect(comparison.lower == -0.5)
    #expect(comparison.upper == -0.5)
    #expect(comparison.candidateBetterStrokes == 4)
    #expect(comparison.verdict == .better)
    let reversed = try #require(PairedComparison.compare(
      candidate: ("b", Self.card([1.5, 2.5, 3.5, 4.5])), baseline: ("a", Self.card([1.0, 2.0, 3.0, 4.0])),
      column: "error_mean_mm", resamples: 500, seed: 7))
    #expect(reversed.verdict == .worse)
    #expect(reversed.candidateBetterStrokes == 0)
  }

  /// Differences −1 and +1: a resample's mean is −1, 0 or +1 with probabilities ¼, ½, ¼, so
  /// the 2.5th and 97.5th percentiles of 10,000 resamples are −1 and +1: inconclusive.
  @Test func symmetricDifferencesAreInconclusive() throws {
    let comparison = try #require(PairedComparison.compare(
      candidate: ("a", Self.card([1.0, 3.0])), baseline: ("b", Self.card([2.0, 2.0])), column: "error_mean_mm"))
    #expect(comparison.meanDifference == 0)
    #expect(comparison.lower == -1)
    #expect(comparison.upper == 1)
    #expect(comparison.candidateBetterStrokes == 1)
    #expect(comparison.verdict == .inconclusive)
  }

  /// Strokes pair by reference, not position; strokes missing on one side or without a value
  /// are left out.
  @Test func pairsByStrokeReference() throws {
    let candidate = Self.card([1.0, nil, 5.0], strokeIndices: [2, 0, 1])
    let baseline = Self.card([4.0, 2.0, 3.0, 9.0], strokeIndices: [0, 1, 2, 3])
    let comparison = try #require(PairedComparison.compare(
      candidate: ("a", candidate), baseline: ("b", baseline), column: "error_mean_mm", resamples: 100))
    // Stroke 2: 1 − 3 = −2; stroke 1: 5 − 2 = +3; stroke 0 has no candidate value.
    #expect(comparison.pairedStrokes == 2)
    #expect(comparison.meanDifference == 0.5)
    #expect(comparison.candidateBetterStrokes == 1)
    #expect(PairedComparison.compare(
      candidate: ("a", candidate), baseline: ("b", baseline), column: "no_such_column") == nil)
  }

  /// The same seed gives the same interval, bit for bit; the interval contains the mean.
  @Test func seededAndRepeatable() throws {
    let a = Self.card([1.0, 2.5, 0.75, 3.25, 2.0, 1.5])
    let b = Self.card([1.5, 2.0, 1.25, 3.5, 2.75, 1.0])
    let first = try #require(PairedComparison.compare(candidate: ("a", a), baseline: ("b", b), column: "error_mean_mm", seed: 42))
    let again = try #require(PairedComparison.compare(candidate: ("a", a), baseline: ("b", b), column: "error_mean_mm", seed: 42))
    #expect(first == again)
    #expect(first.lower <= first.meanDifference && first.meanDifference <= first.upper)
    #expect(first.lower < first.upper)
  }
}
