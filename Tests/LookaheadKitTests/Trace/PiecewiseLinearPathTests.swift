import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@testable import LookaheadKit

/// The one true-position rule (``PiecewiseLinearPath``): hand-worked values, its two searches
/// agreeing to the bit, and the empty-input convention.
@Suite struct PiecewiseLinearPathTests {
  static let samples = [
    TraceSample(time: 0, x: 0.7, y: 0), TraceSample(time: 1, x: 0.1, y: 10), TraceSample(time: 3, x: 2.1, y: 10),
  ]

  @Test func interpolatesAndHoldsTheEnds() {
    let at = { PiecewiseLinearPath.position(in: Self.samples, at: $0) }
    // Halfway through the second segment: 0.1 + 0.5 · 2 = 1.1, y stays 10.
    #expect(at(2) == (1.1, 10))
    #expect(at(-5) == (0.7, 0))
    #expect(at(3) == (2.1, 10))
    #expect(at(99) == (2.1, 10))
  }

  /// At a sample's own time the truth is that sample, exactly. The trainer's walking copy took
  /// the segment *ending* there and returned 0.7 + 1 · (0.1 − 0.7) = 0.09999999999999998.
  @Test func atASampleTimeIsThatSampleExactly() {
    var path = PiecewiseLinearPath(samples: Self.samples)
    let halfway = path.position(at: 0.5)
    #expect(abs(halfway.x - 0.4) < 1e-15 && halfway.y == 5)
    #expect(path.position(at: 1) == (0.1, 10))
    #expect(PiecewiseLinearPath.position(in: Self.samples, at: 1) == (0.1, 10))
  }

  /// One convention for no samples: NaN, which no metric takes for a real position.
  @Test func noSamplesHaveNoPosition() {
    let empty: [TraceSample] = []
    let p = PiecewiseLinearPath.position(in: empty, at: 1)
    #expect(p.x.isNaN && p.y.isNaN)
    var segment = 0
    let q = PiecewiseLinearPath.position(in: empty, at: 1, searchingFrom: &segment)
    #expect(q.x.isNaN && q.y.isNaN)
  }

  /// The forward walk (the replays' and the tuner's faster path) equals the binary search to the
  /// bit, from every hint at or before the answer and from a wrong hint, on seeded paths with
  /// repeated times and on queries at sample times, between them and outside the stroke.
  @Test func forwardWalkEqualsBinarySearch() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<40 {
      var time = 0.0
      var samples: [PointerSample] = []
      for _ in 0..<Int.random(in: 1...30, using: &generator) {
        if Bool.random(using: &generator) || samples.isEmpty { time += Double.random(in: 0.001...0.02, using: &generator) }
        samples.append(
          PointerSample(
            time: time, x: Double.random(in: -50...50, using: &generator), y: Double.random(in: -50...50, using: &generator)))
      }
      var queries = samples.map(\.time)
      for _ in 0..<40 { queries.append(Double.random(in: -0.01...(time + 0.01), using: &generator)) }
      for query in queries {
        let reference = PiecewiseLinearPath.position(in: samples, at: query)
        let answer = samples.lastIndex { $0.time <= query } ?? 0
        for hint in 0...answer {
          var segment = hint
          let walked = PiecewiseLinearPath.position(in: samples, at: query, searchingFrom: &segment)
          #expect(walked.x.bitPattern == reference.x.bitPattern && walked.y.bitPattern == reference.y.bitPattern)
        }
        var wrong = samples.count - 1
        let fallback = PiecewiseLinearPath.position(in: samples, at: query, searchingFrom: &wrong)
        #expect(fallback.x.bitPattern == reference.x.bitPattern && fallback.y.bitPattern == reference.y.bitPattern)
      }
    }
  }
}
