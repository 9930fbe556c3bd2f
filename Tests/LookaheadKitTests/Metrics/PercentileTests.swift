import Testing
import _LookaheadTestSupport

@testable import LookaheadKit

/// Type-7 percentiles against numpy. Golden values: `Tools/percentile_golden.py` (numpy 2.4.6,
/// `numpy.percentile` default method), pasted with repr() digits and compared exactly.
@Suite struct PercentileTests {
  static let permutation = (0...100).map { Double(($0 * 37) % 101) / 7 }
  static let tenths = (1...20).map { 0.1 * Double($0) }

  @Test(arguments: [
    ([1.0, 2.0, 3.0, 4.0], 5.0, 1.15), ([1.0, 2.0, 3.0, 4.0], 25.0, 1.75), ([1.0, 2.0, 3.0, 4.0], 50.0, 2.5),
    ([1.0, 2.0, 3.0, 4.0], 95.0, 3.8499999999999996), ([1.0, 2.0, 3.0, 4.0], 100.0, 4.0),
    ([15.0, 20.0, 35.0, 40.0, 50.0], 5.0, 16.0), ([15.0, 20.0, 35.0, 40.0, 50.0], 95.0, 48.0),
    ([50.0, 15.0, 40.0, 20.0, 35.0], 50.0, 35.0),
    ([7.5], 0.0, 7.5), ([7.5], 95.0, 7.5),
    ([2.0, 5.0, 2.0, 5.0, 2.0], 50.0, 2.0), ([2.0, 5.0, 2.0, 5.0, 2.0], 75.0, 5.0),
    (permutation, 0.0, 0.0), (permutation, 5.0, 0.7142857142857143), (permutation, 25.0, 3.5714285714285716),
    (permutation, 50.0, 7.142857142857143), (permutation, 75.0, 10.714285714285714),
    (permutation, 95.0, 13.571428571428571), (permutation, 100.0, 14.285714285714286),
    (tenths, 5.0, 0.195), (tenths, 25.0, 0.5750000000000001), (tenths, 50.0, 1.05), (tenths, 75.0, 1.525),
    (tenths, 95.0, 1.9050000000000002),
  ])
  func matchesNumpy(values: [Double], percent: Double, expected: Double) {
    var buffer = values
    #expect(Percentile.type7(percent, of: &buffer) == expected)
  }

  @Test func emptyOrOutOfRangeHasNoValue() {
    var empty: [Double] = []
    #expect(Percentile.type7(50, of: &empty) == nil)
    var values = [1.0, 2.0]
    #expect(Percentile.type7(101, of: &values) == nil)
    #expect(Percentile.type7(-1, of: &values) == nil)
    #expect(Percentile.type7(.nan, of: &values) == nil)
  }

  @Test func selectionAgreesWithSortingOnSeededData() {
    var generator = SeededGenerator(seed: 42)
    for trial in 0..<50 {
      let count = 1 + trial * 7
      let values = (0..<count).map { _ in Double(generator.next() % 1000) / 10 }
      let sorted = values.sorted()
      for percent in [0.0, 12.5, 50, 95, 99.9, 100] {
        var buffer = values
        let h = Double(count - 1) * (percent / 100)  // numpy: (n - 1) * q, q = percent / 100
        let lower = Int(h.rounded(.down))
        let upper = min(lower + 1, count - 1)
        let expected = Percentile.lerp(sorted[lower], sorted[upper], h - Double(lower))
        #expect(Percentile.type7(percent, of: &buffer) == expected, "count \(count) percent \(percent)")
      }
    }
  }

  /// Several percentiles at once (one copy or one narrowing per rank, shared) are the numbers
  /// each single call gives, in the order asked, on small inputs and on ones large enough to be
  /// narrowed; and the order-statistic pairs are a sort's neighbours.
  @Test func severalPercentilesAgreeWithOneAtATime() {
    var generator = SeededGenerator(seed: 7)
    for count in [1, 2, 3, 17, 200, Percentile.narrowingThreshold + 123, 50_000] {
      let values = (0..<count).map { _ in Double(generator.next() % 100_000) / 1000 - 20 }
      let percents = [95.0, 50, 0, 100, 150, 12.5]
      var scratch: [Double] = []
      let together = values.withUnsafeBufferPointer { Percentile.type7(percents, ofUnchanged: $0, scratch: &scratch) }
      let single = percents.map { percent -> Double? in
        var copy = values
        return Percentile.type7(percent, of: &copy)
      }
      #expect(together == single, "count \(count)")
      #expect(together[4] == nil)
      let sorted = values.sorted()
      let ranks = [count - 1, 0, count / 2]
      let pairs = values.withUnsafeBufferPointer { Percentile.orderStatisticPairs(ranks, ofUnchanged: $0, scratch: &scratch) }
      for (rank, pair) in zip(ranks, pairs) {
        #expect(pair.0 == sorted[rank], "count \(count) rank \(rank)")
        #expect(pair.1 == (rank + 1 < count ? sorted[rank + 1] : .infinity), "count \(count) rank \(rank)")
      }
    }
    var scratch: [Double] = []
    #expect([Double]().withUnsafeBufferPointer { Percentile.type7([50], ofUnchanged: $0, scratch: &scratch) } == [nil])
  }

  /// Large inputs take the narrowing path (sample pivots, count, partition, select in the
  /// middle); its result must still be the order statistics a sort gives, for shapes that are
  /// hard on a strided sample (sorted, reversed, periodic with the sample's stride, few distinct
  /// values, all equal) and on the same buffer queried again (p95, then p50, as channels do).
  @Test(arguments: ["uniform", "sorted", "reversed", "periodic", "fewDistinct", "allEqual", "heavyTail"])
  func narrowedSelectionAgreesWithSortingOnLargeData(shape: String) {
    var generator = SeededGenerator(seed: 7)
    for count in [Percentile.narrowingThreshold, 10_000, 30_001] {
      let values: [Double] = (0..<count).map { i in
        let random = Double(generator.next() % 1_000_000) / 1000
        switch shape {
        case "sorted": return Double(i) / 3
        case "reversed": return Double(count - i) / 3
        case "periodic": return Double(i % 2048) + (i % 2048 == 0 ? Double(i) : 0)
        case "fewDistinct": return Double(generator.next() % 3)
        case "allEqual": return 2.5
        case "heavyTail": return random < 1 ? 1e12 * random : random
        default: return random
        }
      }
      let sorted = values.sorted()
      var buffer = values
      for percent in [95.0, 50, 0, 5, 75, 99.99] {
        let h = Double(count - 1) * (percent / 100)
        let lower = Int(h.rounded(.down))
        let expected = Percentile.lerp(sorted[lower], sorted[lower + 1], h - Double(lower))
        #expect(Percentile.type7(percent, of: &buffer) == expected, "\(shape) count \(count) percent \(percent)")
        #expect(buffer.sorted() == sorted, "still a permutation")
      }
    }
  }

  @Test func narrowingFindsBothOrderStatisticsAndDeclinesNaN() {
    var generator = SeededGenerator(seed: 11)
    let values = (0..<50_000).map { _ in Double(generator.next() % 100_000) / 100 }
    let sorted = values.sorted()
    for k in [0, 1, 2_500, 25_000, 47_499, 49_998] {
      let found = values.withUnsafeBufferPointer { Percentile.narrowedSelect(k, in: $0) }
      #expect(found?.0 == sorted[k], "k \(k)")
      #expect(found?.1 == sorted[k + 1], "k \(k)")
    }
    var withNaN = values
    withNaN[123] = .nan
    #expect(withNaN.withUnsafeBufferPointer { Percentile.narrowedSelect(25_000, in: $0) } == nil)
  }
}

/// Every sorted-input type-7 quantile (the per-sample protocol's p95, the recorded predictions'
/// p95, the replay's horizon summary, the tuner's merged runs) is numpy's to the last bit. Before
/// they shared ``Percentile``, those wrote `a + γ·(b − a)`, which here gives 6.250299999999999.
@Suite struct SortedPercentileTests {
  /// numpy.percentile([2.714, 4.723, 6.42], 95) = 6.2503 (numpy 2.4.6; found by a seeded search
  /// for an input where the two formulas differ).
  static let values = [2.714, 4.723, 6.42]

  @Test func sortedInputMatchesNumpyToTheLastBit() {
    #expect(Percentile.type7(quantile: 0.95, ofSorted: Self.values) == 6.2503)
    var copy = Self.values
    #expect(Percentile.type7(95, of: &copy) == 6.2503)
    #expect(RecordedPredictionErrorSummary(Self.values).p95 == 6.2503)
    var errors = Self.values
    #expect(PerSampleScore(horizon: .seconds(0.01), errors: &errors).p95Error == 6.2503)
  }

  @Test func emptyOrOutOfRangeHasNoValue() {
    #expect(Percentile.type7(quantile: 0.5, ofSorted: []) == nil)
    #expect(Percentile.type7(quantile: 1.5, ofSorted: [1]) == nil)
    #expect(Percentile.type7(quantile: 1, ofSorted: [1, 2]) == 2)
  }
}
