import Foundation
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@testable import LookaheadKit

/// The `error` objective's fast reduction must give the very bits ``PerSampleScore`` gives on the
/// pooled list (sort, ascending sum, type-7 p95): checked here against that definition itself.
@Suite("Sorted error runs: radix-sorted runs merged while summing equal PerSampleScore to the bit")
struct SortedErrorRunsTests {
  /// Values of every kind the key must order: negatives, both zeros, subnormals, huge and tiny
  /// magnitudes, infinities and many exact duplicates.
  static func awkwardValues(count: Int, seed: UInt64) -> [Double] {
    var random = SeededGenerator(seed: seed)
    let specials: [Double] = [
      0, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
      1, 1, 2.5, -2.5, 1e-300, 1e300, .ulpOfOne,
    ]
    return (0..<count).map { i in
      switch random.next() % 4 {
      case 0: specials[Int(random.next() % UInt64(specials.count))]
      case 1: Double(random.next() % 1000) / 8  // many duplicates
      case 2: Double(bitPattern: random.next() & ~(0x7FF << 52) | (UInt64(1000 + i % 60) << 52))  // random bits, sane exponent
      default: -Double(random.next() % 1_000_000) * 1e-3
      }
    }
  }

  /// The radix sort's output decoded, without the sentinel it ends with.
  static func keysSorted(_ values: [Double]) -> [Double]? {
    guard let keys = values.withUnsafeBufferPointer({ SortedErrorRuns.sortedKeys($0) }) else { return nil }
    #expect(keys.last == UInt64.max)
    return keys.dropLast().map(SortedErrorRuns.value(ofKey:))
  }

  @Test("the radix sort orders like Array.sort(), bit for bit up to the sign of zero", arguments: [0, 1, 2, 7, 1000, 50_000])
  func radixSortMatchesSort(_ count: Int) throws {
    let values = Self.awkwardValues(count: count, seed: UInt64(count) + 11)
    let radix = try #require(Self.keysSorted(values))
    let reference = values.sorted()
    #expect(radix.count == reference.count)
    // Equal as numbers everywhere (−0 == +0), and bitwise wherever the value is not zero.
    #expect(zip(radix, reference).allSatisfy { $0 == $1 && ($0 == 0 || $0.bitPattern == $1.bitPattern) })
  }

  @Test("positive errors (what the objective sorts) come out bitwise identical to Array.sort()")
  func positiveErrorsBitwise() throws {
    var random = SeededGenerator(seed: 5)
    let values = (0..<20_000).map { _ in Double(random.next() >> 11) * 0x1p-53 * 30 }  // 0…30 mm
    #expect(try #require(Self.keysSorted(values)).map(\.bitPattern) == values.sorted().map(\.bitPattern))
  }

  @Test("errors agreeing in their top 44 bits (within 2⁻³² of each other) are still sorted exactly")
  func nearEqualValues() throws {
    var random = SeededGenerator(seed: 9)
    // A few spread values, then many within a few thousand ulps of 1 mm: the radix passes
    // cannot tell these apart, so the insertion pass (or its comparison-sort fallback) must.
    for nearCount in [10, 5000] {
      var values = (0..<50).map { _ in Double(random.next() % 10_000) / 100 }
      values += (0..<nearCount).map { _ in Double(bitPattern: 1.0.bitPattern + random.next() % 4096) }
      values.shuffle(using: &random)
      #expect(try #require(Self.keysSorted(values)).map(\.bitPattern) == values.sorted().map(\.bitPattern))
    }
  }

  @Test("a NaN anywhere refuses the run and leaves the runs unchanged")
  func nanRefused() {
    var runs = SortedErrorRuns()
    let good = [3.0, 1.0, 2.0]
    #expect(good.withUnsafeBufferPointer { runs.append(sorting: $0) })
    for bad in [[Double.nan], [1, .nan, 2], [1, 2, -Double.nan]] {
      #expect(!bad.withUnsafeBufferPointer { runs.append(sorting: $0) })
    }
    #expect(runs.score(horizon: .seconds(0)) == PerSampleScore(horizon: .seconds(0), issuePoints: 3, meanError: 2, p95Error: 2.9))
  }

  @Test(
    "merged runs score exactly as PerSampleScore on their concatenation",
    arguments: [[0], [1], [20], [21], [0, 5], [19, 2], [1000, 0, 999], [30_000, 30_001], [7, 11, 13, 17]])
  func mergedScoreMatches(_ runLengths: [Int]) {
    var random = SeededGenerator(seed: UInt64(runLengths.reduce(0, +)))
    var runs = SortedErrorRuns()
    var pooled: [Double] = []
    for length in runLengths {
      // Errors as the objective makes them: Euclidean lengths times a scale, with duplicates.
      let errors = (0..<length).map { _ in
        let dx = Double(random.next() % 4000) / 16 - 125, dy = Double(random.next() >> 11) * 0x1p-53
        return (dx * dx + dy * dy).squareRoot() * 0.0254
      }
      var part = SortedErrorRuns()
      #expect(errors.withUnsafeBufferPointer { part.append(sorting: $0) })
      runs.append(contentsOf: part)
      pooled += errors
    }
    let fast = runs.score(horizon: .seconds(0.01))
    let reference = PerSampleScore(horizon: .seconds(0.01), errors: &pooled)
    #expect(fast.issuePoints == reference.issuePoints)
    #expect(fast.meanError.bitPattern == reference.meanError.bitPattern)
    #expect(fast.p95Error.bitPattern == reference.p95Error.bitPattern)
  }
}

@Suite("Objective evaluator: perSampleScores is PerSampleScore on the pooled errors")
struct PerSampleScoresTests {
  @Test(
    "on the bundled Inkable traces (mm), for 1, 2 and 3 cores, to the bit",
    arguments: ["polynomial", "kalman", "hold"], [1, 2, 3])
  func sameAsPooled(_ name: String, _ parts: Int) throws {
    let data = try TuningData(traces: [try DatasetRegistry.load("Inkable-ApplePencil")])
    let family: PredictorFamily =
      switch name {
      case "polynomial": .polynomial(PolynomialParameters())
      case "kalman": .kalman(KalmanParameters())
      default: .hold(HoldParameters())
      }
    let configuration = PredictorConfiguration(family: family)
    let horizons = FixedHorizon.anchorSeconds
    var pooled = ObjectiveEvaluator.perSampleErrors(
      data: data, horizons: horizons, parts: 2, makePredictor: { configuration.makePredictor() })
    let fast = ObjectiveEvaluator.perSampleScores(
      data: data, horizons: horizons, parts: parts, makePredictor: { configuration.makePredictor() })
    try #require(fast.count == horizons.count)
    for h in horizons.indices {
      let reference = PerSampleScore(horizon: .seconds(horizons[h]), errors: &pooled[h])
      #expect(reference.issuePoints > 500)
      #expect(fast[h] == reference)
      #expect(fast[h].meanError.bitPattern == reference.meanError.bitPattern)
      #expect(fast[h].p95Error.bitPattern == reference.p95Error.bitPattern)
    }
  }

  /// Predicts NaN every seventh call: the pooled list then holds NaNs.
  struct SometimesNaN: Predictor {
    var base = HoldPredictor(parameters: HoldParameters())
    var calls = 0
    mutating func reset() {
      base.reset()
      calls = 0
    }
    mutating func observe(_ sample: PointerSample) {
      base.observe(sample)
      calls += 1
    }
    func predict(at time: Double) -> PredictedPoint? {
      guard let point = base.predict(at: time) else { return nil }
      return calls % 7 == 0 ? PredictedPoint(time: time, x: .nan, y: point.y) : point
    }
  }

  @Test("a predictor giving NaN is scored the original way: pooled, sorted, summed")
  func nanFallsBack() throws {
    let data = try TuningData(traces: [try DatasetRegistry.load("Inkable-ApplePencil")])
    let horizons = [0.008, 0.02]
    var pooled = ObjectiveEvaluator.perSampleErrors(data: data, horizons: horizons, parts: 2) { SometimesNaN() }
    #expect(pooled[0].contains { $0.isNaN })
    let fast = ObjectiveEvaluator.perSampleScores(data: data, horizons: horizons, parts: 2) { SometimesNaN() }
    for h in horizons.indices {
      let reference = PerSampleScore(horizon: .seconds(horizons[h]), errors: &pooled[h])
      #expect(fast[h].issuePoints == reference.issuePoints)
      #expect(fast[h].meanError.isNaN && reference.meanError.isNaN)
      #expect(fast[h].p95Error.bitPattern == reference.p95Error.bitPattern)
    }
  }
}
