@testable import LookaheadKit
import Testing

@Suite("Paired bootstrap comparison across strokes")
struct PairedComparisonTests {
  /// A scorecard with one `error_mean_mm` column (lower is better) and the given per-stroke values.
  static func card(_ values: [Double?], strokeIndices: [Int]? = nil, writers: [String]? = nil) -> Scorecard {
    let column = MetricColumn(
      name: "error_mean_mm", family: "error", unit: .millimetres, better: .lower, aggregation: .pooledOverPredictions)
    let strokes = values.enumerated().map { i, value in
      StrokeScore(
        reference: StrokeReference(source: "t", strokeIndex: strokeIndices?[i] ?? i, writer: writers?[i]),
        predictionCount: 1, millimetresPerUnit: 1, values: [value])
    }
    return Scorecard(
      columns: [column], strokes: strokes, aggregate: [nil], predictionCount: values.count, uniformUnits: true,
      settings: MetricSettings())
  }

  /// Every stroke 0.5 mm better: every resample's mean is −0.5, so the interval is exactly that.
  @Test func constantDifferenceGivesADegenerateInterval() throws {
    let values = (0..<24).map { Double($0 % 4) + 1 }
    let comparison = try #require(PairedComparison.compare(
      candidate: ("a", Self.card(values)), baseline: ("b", Self.card(values.map { $0 + 0.5 })),
      column: "error_mean_mm", resamples: 500, seed: 7))
    #expect(comparison.pairedStrokes == 24)
    #expect(comparison.meanDifference == -0.5)
    #expect(comparison.lower == -0.5)
    #expect(comparison.upper == -0.5)
    #expect(comparison.candidateBetterStrokes == 24)
    #expect(comparison.verdict == .better)
    #expect(comparison.limitation == nil && comparison.resampled == "strokes")
    let reversed = try #require(PairedComparison.compare(
      candidate: ("b", Self.card(values.map { $0 + 0.5 })), baseline: ("a", Self.card(values)),
      column: "error_mean_mm", resamples: 500, seed: 7))
    #expect(reversed.verdict == .worse)
    #expect(reversed.candidateBetterStrokes == 0)
  }

  /// The same constant difference on 4 strokes: the interval is still exactly −0.5, but four
  /// strokes cannot support a verdict.
  @Test func tooFewStrokesAreInconclusive() throws {
    let comparison = try #require(PairedComparison.compare(
      candidate: ("a", Self.card([1.0, 2.0, 3.0, 4.0])), baseline: ("b", Self.card([1.5, 2.5, 3.5, 4.5])),
      column: "error_mean_mm", resamples: 500, seed: 7))
    #expect(comparison.lower == -0.5 && comparison.upper == -0.5)
    #expect(comparison.verdict == .inconclusive)
    #expect(comparison.limitation == "only 4 strokes")
  }

  /// Two writers of 20 strokes each, every stroke of the first 1 mm better and of the second
  /// 1 mm worse. Over strokes the interval is a narrow one around 0; over writers a resample
  /// is both strokes sets of one writer (mean −1 or +1, probability ¼ each) or one of each (0,
  /// ½), so the 2.5th and 97.5th percentiles are exactly −1 and +1.
  @Test func writersAreResampledFirst() throws {
    let writers = Array(repeating: "w1", count: 20) + Array(repeating: "w2", count: 20)
    let baseline = Array(repeating: 2.0, count: 40)
    let candidate = Array(repeating: 1.0, count: 20) + Array(repeating: 3.0, count: 20)
    let comparison = try #require(PairedComparison.compare(
      candidate: ("a", Self.card(candidate, writers: writers)), baseline: ("b", Self.card(baseline, writers: writers)),
      column: "error_mean_mm", resamples: 10_000, seed: 3))
    #expect(comparison.resampled == "writers, then their strokes")
    #expect(comparison.writers == 2)
    #expect(comparison.lower == -1 && comparison.upper == 1)
    let strokesOnly = PairedComparison.bootstrapInterval(
      zip(candidate, baseline).map { $0 - $1 }, resamples: 10_000, confidence: 0.95, seed: 3)
    #expect(strokesOnly.upper - strokesOnly.lower < 0.7, "over strokes: [\(strokesOnly.lower), \(strokesOnly.upper)]")
    #expect(comparison.verdict == .inconclusive)
    #expect(comparison.limitation == "only 2 writers")
  }

  /// Five writers, each with its own spread, all better by 0.25–0.75 mm: better. The same data
  /// with only four writers (the fifth's strokes dropped) is inconclusive however clear.
  @Test func enoughWritersGiveAVerdict() throws {
    var writers: [String] = [], candidate: [Double] = [], baseline: [Double] = []
    for w in 0..<5 {
      for s in 0..<6 {
        writers.append("w\(w)")
        baseline.append(2 + Double(s) * 0.1)
        candidate.append(2 + Double(s) * 0.1 - 0.25 - 0.1 * Double(w))
      }
    }
    let five = try #require(PairedComparison.compare(
      candidate: ("a", Self.card(candidate, writers: writers)), baseline: ("b", Self.card(baseline, writers: writers)),
      column: "error_mean_mm", resamples: 2_000, seed: 1))
    #expect(five.verdict == .better && five.limitation == nil && five.writers == 5)
    #expect(five.upper < 0)
    let four = try #require(PairedComparison.compare(
      candidate: ("a", Self.card(Array(candidate.prefix(24)), writers: Array(writers.prefix(24)))),
      baseline: ("b", Self.card(Array(baseline.prefix(24)), writers: Array(writers.prefix(24)))),
      column: "error_mean_mm", resamples: 2_000, seed: 1))
    #expect(four.upper < 0)
    #expect(four.verdict == .inconclusive && four.limitation == "only 4 writers")
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
