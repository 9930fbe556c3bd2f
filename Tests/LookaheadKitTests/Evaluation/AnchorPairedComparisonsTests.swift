@testable import LookaheadKit
import Testing
import _LookaheadTestSupport

/// `compare --protocol anchor`'s paired comparison: hold against linear on straight strokes at
/// constant speed, where both answers are known exactly (linear is exact, hold lags by speed ×
/// horizon), so each stroke's difference is known before any bootstrap.
@Suite("Anchor protocol: paired comparison per horizon")
struct AnchorPairedComparisonsTests {
  /// A straight stroke at `speed` px/s, 20 samples 10 ms apart, by `writer`.
  static func stroke(speed: Double, writer: String?) -> Stroke {
    Stroke(
      writer: writer,
      samples: (0..<20).map { k in TraceSample(time: Double(k) * 0.01, x: speed * Double(k) * 0.01, y: 0) })
  }

  static let horizons: [FixedHorizon] = [.seconds(0.010), .seconds(0.020)]

  static func compare(_ strokes: [Stroke], millimetresPerUnit: Double?, baseline: String? = nil)
    -> [PairedComparison]
  {
    let replay = PerSampleReplay(horizons: horizons)
    return AnchorPairedComparisons.compare(
      [("hold", replay.score(ReferenceHoldPredictor(), on: strokes)),
       ("linear", replay.score(ReferenceLinearPredictor(), on: strokes))],
      baseline: baseline, strokes: strokes, horizonLabels: ["10 ms", "20 ms"], millimetresPerUnit: millimetresPerUnit,
      resamples: 2000, seed: 3)
  }

  /// 20 strokes of 5 writers at 100…2000 px/s: at 10 ms hold lags each by speed/100 px, so linear
  /// (candidate) minus hold (baseline) is −speed/100 per stroke, mean −10.5 px; every stroke is
  /// better and the interval lies inside the per-stroke extremes, so the verdict is "better".
  @Test func linearBeatsHoldByTheKnownLagAtEachHorizon() throws {
    let strokes = (1...20).map { Self.stroke(speed: 100 * Double($0), writer: "w\($0 % 5)") }
    let comparisons = Self.compare(strokes, millimetresPerUnit: nil)
    #expect(comparisons.map(\.horizon) == ["10 ms", "20 ms"])
    for (comparison, seconds) in zip(comparisons, [0.010, 0.020]) {
      #expect(comparison.candidate == "linear" && comparison.baseline == "hold")
      #expect(comparison.column == ScorecardColumn.errorMeanTraceUnits)
      #expect(comparison.pairedStrokes == 20 && comparison.writers == 5)
      #expect(comparison.candidateBetterStrokes == 20)
      #expect(abs(comparison.meanDifference - -1050 * seconds) < 1e-6)
      #expect(comparison.lower >= -2000 * seconds - 1e-6 && comparison.upper <= -100 * seconds + 1e-6)
      #expect(comparison.verdict == .better)
      #expect(comparison.resampled == "writers, then their strokes")
    }
  }

  /// With a millimetre scale the differences are in mm (column `error_mean_mm`); the baseline can
  /// be named, and then hold is the candidate, worse by the same amount.
  @Test func millimetresAndANamedBaseline() throws {
    let strokes = (1...20).map { Self.stroke(speed: 100 * Double($0), writer: "w\($0 % 5)") }
    let comparisons = Self.compare(strokes, millimetresPerUnit: 0.5, baseline: "linear")
    let first = try #require(comparisons.first)
    #expect(first.candidate == "hold" && first.baseline == "linear")
    #expect(first.column == ScorecardColumn.errorMeanMillimetres)
    #expect(abs(first.meanDifference - 0.5 * 10.5) < 1e-6)
    #expect(first.verdict == .worse)
  }

  /// One writer's five strokes: the interval is still computed, but no verdict is given.
  @Test func oneWriterIsInconclusive() throws {
    let strokes = (1...5).map { Self.stroke(speed: 100 * Double($0), writer: "only") }
    let first = try #require(Self.compare(strokes, millimetresPerUnit: nil).first)
    #expect(first.upper < 0)
    #expect(first.verdict == .inconclusive)
    #expect(first.limitation == "only 1 writer")
  }
}
