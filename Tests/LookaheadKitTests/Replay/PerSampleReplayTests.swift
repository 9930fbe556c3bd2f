import LookaheadKit
import Testing
import _LookaheadTestSupport

/// x = 1000 px/s · t, y = 0, one sample every 10 ms from t = 5 s (times are made relative).
private func line(count: Int) -> Stroke {
  Stroke(samples: (0..<count).map { k in TraceSample(time: 5 + Double(k) * 0.01, x: 10 * Double(k), y: 0) })
}

@Suite("PerSampleReplay")
struct PerSampleReplayTests {
  /// 8 samples, 10 ms apart: issue points at i = 4…7; a 10 ms target exists for i = 4, 5, 6 and a
  /// 5 ms one too (i = 7 would aim past the end); 2 events ahead only for i = 4, 5. Hold lags by
  /// the distance travelled in the horizon (1 px/ms); linear is exact on a line.
  @Test func lineAtConstantSpeed() {
    let replay = PerSampleReplay(horizons: [.seconds(0.010), .seconds(0.005), .events(2)])
    let hold = replay.score(ReferenceHoldPredictor(), on: [line(count: 8)])
    #expect(hold.map(\.issuePoints) == [3, 3, 2])
    #expect(zip(hold.map(\.meanError), [10.0, 5, 20]).allSatisfy { abs($0 - $1) < 1e-6 })
    #expect(zip(hold.map(\.p95Error), [10.0, 5, 20]).allSatisfy { abs($0 - $1) < 1e-6 })
    let linear = replay.score(ReferenceLinearPredictor(), on: [line(count: 8)])
    #expect(linear.map(\.issuePoints) == [3, 3, 2])
    #expect(linear.allSatisfy { $0.meanError < 1e-6 && $0.p95Error < 1e-6 })
  }

  /// Each stroke's mean error, kept for a paired comparison: hold lags by speed × horizon, so a
  /// stroke at 1 px/ms and one at 3 px/ms have means 10 and 30 px at 10 ms; a 5-sample stroke
  /// has none; the pooled mean is the point-weighted mean of the stroke means.
  @Test func strokeMeansOfHoldAreSpeedTimesHorizon() {
    let fast = Stroke(samples: line(count: 9).samples.map { TraceSample(time: $0.time, x: 3 * $0.x, y: 0) })
    let scores = PerSampleReplay(horizons: [.seconds(0.010)]).score(
      ReferenceHoldPredictor(), on: [line(count: 8), line(count: 5), fast])
    let means = scores[0].strokeMeanErrors
    #expect(means.count == 3)
    #expect(abs((means[0] ?? .nan) - 10) < 1e-6)
    #expect(means[1] == nil)
    #expect(abs((means[2] ?? .nan) - 30) < 1e-6)
    // 3 points at 10 px, 4 at 30 px.
    #expect(scores[0].issuePoints == 7)
    #expect(abs(scores[0].meanError - (3 * 10 + 4 * 30) / 7.0) < 1e-6)
  }

  /// Event counts below 1 issue nothing (and never index before the stroke).
  @Test func eventCountsBelowOneIssueNothing() {
    let scores = PerSampleReplay(horizons: [.events(0), .events(-7)]).score(ReferenceHoldPredictor(), on: [line(count: 12)])
    #expect(scores.map(\.issuePoints) == [0, 0])
  }

  /// Strokes of 5 samples give no point: the one issue point (i = 4) has no future.
  @Test func shortStrokesContributeNothing() {
    let scores = PerSampleReplay().score(ReferenceHoldPredictor(), on: [line(count: 5), line(count: 1), Stroke(samples: [])])
    #expect(scores.allSatisfy { $0.issuePoints == 0 && $0.meanError == 0 })
  }

  /// Truth between samples is interpolated: samples at 0, 10, 20 ms with x = 0, 0, 100 … the
  /// hold at sample 4 (x = 0, t = 40 ms, next sample x = 100 at 50 ms) for 4 ms sees truth 40.
  @Test func truthIsPiecewiseLinear() {
    let xs: [Double] = [0, 0, 0, 0, 0, 100, 100]
    let stroke = Stroke(samples: xs.enumerated().map { TraceSample(time: Double($0.offset) * 0.01, x: $0.element, y: 0) })
    var errors: [Double] = []
    PerSampleReplay(horizons: [.seconds(0.004)]).forEachIssuePoint(ReferenceHoldPredictor(), on: [stroke]) {
      errors.append($0.error)
    }
    #expect(errors.count == 2)
    #expect(abs(errors[0] - 40) < 1e-9)
    #expect(errors[1] == 0)
  }

  /// Hand-worked: R2 replaces (the later same-time row wins), R1 drops the earlier time, R3 drops
  /// a repeat of the same position 0.5 ms later; the protocol reports each and scores the kept
  /// rows; on the kept rows it cleans nothing (idempotent).
  @Test func cleaningRulesAndIdempotence() {
    let rows = [
      TraceSample(time: 0, x: 0, y: 0),
      TraceSample(time: 0.010, x: 1, y: 1),
      TraceSample(time: 0.010, x: 2, y: 2),  // R2: replaces (1, 1)
      TraceSample(time: 0.005, x: 9, y: 9),  // R1
      TraceSample(time: 0.0105, x: 2, y: 2),  // R3
      TraceSample(time: 0.011, x: 3, y: 2),  // kept: moved
      TraceSample(time: 0.013, x: 3, y: 2),  // kept: 2 ms later
      TraceSample(time: 0.020, x: 4, y: 2),
      TraceSample(time: 0.030, x: 5, y: 2),
    ]
    let replay = PerSampleReplay(horizons: [.events(1)])
    var targets: [Double] = []
    let report = replay.forEachIssuePoint(ReferenceHoldPredictor(), on: [Stroke(samples: rows)]) {
      targets.append($0.truthX)
    }
    #expect(report[StrokeCleaner.outOfOrderRule] == 1)
    #expect(report[StrokeCleaner.sameTimeRule] == 1)
    #expect(report[StrokeCleaner.duplicatePositionRule] == 1)
    // Kept x: 0, 2, 3, 3, 4, 5: one issue point (i = 4, x = 4) whose next sample is x = 5.
    #expect(targets == [5])
    let kept = [0.0, 0.010, 0.011, 0.013, 0.020, 0.030].enumerated().map {
      TraceSample(time: $0.element, x: [0, 2, 3, 3, 4, 5][$0.offset], y: 2)
    }
    #expect(replay.forEachIssuePoint(ReferenceHoldPredictor(), on: [Stroke(samples: kept)]) { _ in }.total == 0)
  }

  /// numpy.percentile([1, 2, 3, 4, 10], 95) = 8.8 (h = 3.8: 4 + 0.8 · 6), mean 4.
  @Test func p95IsNumpyLinearPercentile() {
    let xs: [Double] = [10, 2, 4, 1, 3]
    // Through the public path: errors are exactly the x jumps a hold sees one event ahead.
    var samples = (0..<4).map { TraceSample(time: Double($0) * 0.01, x: 0, y: 0) }
    var x = 0.0
    samples.append(TraceSample(time: 0.04, x: x, y: 0))
    for (k, jump) in xs.enumerated() {
      x += jump
      samples.append(TraceSample(time: 0.05 + Double(k) * 0.01, x: x, y: 0))
    }
    let score = PerSampleReplay(horizons: [.events(1)]).score(ReferenceHoldPredictor(), on: [Stroke(samples: samples)])[0]
    #expect(score.issuePoints == 5)
    #expect(abs(score.meanError - 4) < 1e-12)
    #expect(abs(score.p95Error - 8.8) < 1e-12)
  }
}
