import Foundation
import LookaheadKit
import Testing

/// A sudden stop: the pen moves along +x at `v` units per sample for samples 0…39, then rests at
/// x = 39·v for samples 40…59. Linear extrapolation through the last two samples, issued at the
/// stop sample (39), still sees full speed and draws `h·v` beyond the end: the overshoot the
/// user sees before the ink springs back. Every later prediction sees no motion and draws the
/// end itself; every earlier one stays behind `39·v + h·v − (39 − i)·v`. So the stroke's overshoot
/// is exactly `horizonSamples · v`.
@Suite struct StrokeEndOvershootTests {
  static func stopStroke(unitsPerSample v: Double) -> Stroke {
    MetricTestStrokes.stroke((0..<60).map { (Double(min($0, 39)) * v, 0) })
  }

  @Test(arguments: [(1.0, 3.0), (2.0, 4.0), (0.5, 8.0)])
  func linearPredictionOvershootsBySpeedTimesHorizon(unitsPerSample: Double, horizonSamples: Double) throws {
    let stroke = Self.stopStroke(unitsPerSample: unitsPerSample)
    let events = MetricTestStrokes.events(
      for: stroke, horizonSamples: horizonSamples, anchors: 1...59, predict: MetricTestStrokes.linear)
    let card = try MetricTestStrokes.score(stroke, events, metadata: MetricTestStrokes.metadata(millimetresPerUnit: 0.25))
    let expected = unitsPerSample * horizonSamples
    #expect(card.value("stroke_end_overshoot_max_native", stroke: 0) == expected)
    #expect(card.value("stroke_end_overshoot_mean_native") == expected)
    #expect(card.value("stroke_end_overshoot_max_mm") == expected * 0.25)
  }

  @Test func holdNeverOvershoots() throws {
    let stroke = Self.stopStroke(unitsPerSample: 1)
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 4, anchors: 1...59) { _, _ in nil }
    let card = try MetricTestStrokes.score(stroke, events)
    #expect(card.value("stroke_end_overshoot_max_native") == 0)
  }

  @Test func overshootIsTheMaximumOverStrokesPooledOverStrokes() throws {
    // Two strokes: overshoots 3 and 8 (v = 1, h = 3; v = 2, h = 4): mean 5.5, max 8, and the
    // type-7 p95 of [3, 8] is 3 + 0.95·5 = 7.75.
    let first = Self.stopStroke(unitsPerSample: 1)
    let second = Self.stopStroke(unitsPerSample: 2)
    let trace = Trace(metadata: MetricTestStrokes.metadata(), strokes: [first, second])
    let events = [
      MetricTestStrokes.events(for: first, horizonSamples: 3, anchors: 1...59, predict: MetricTestStrokes.linear),
      MetricTestStrokes.events(for: second, horizonSamples: 4, anchors: 1...59, predict: MetricTestStrokes.linear),
    ]
    let card = try MetricsScorer.score(trace, events: events)
    #expect(card.value("stroke_end_overshoot_mean_native") == 5.5)
    #expect(card.value("stroke_end_overshoot_max_native") == 8)
    #expect(card.value("stroke_end_overshoot_p95_native") == 7.75)
  }

  @Test func aStrokeThatNeverMovesHasNoOvershoot() throws {
    let still = MetricTestStrokes.stroke(Array(repeating: (5.0, 5.0), count: 10))
    let events = MetricTestStrokes.events(for: still, horizonSamples: 2, anchors: 1...9, predict: MetricTestStrokes.linear)
    let card = try MetricTestStrokes.score(still, events)
    #expect(card.value("stroke_end_overshoot_max_native", stroke: 0) == nil)
    #expect(card.value("direction_undefined_fraction") == 1)
    #expect(card.value("error_max_native") == 0)
  }

  // MARK: - Stroke ends a person would judge (issue 19)
  //
  // Settings are the defaults with 1 unit = 1 mm: rest radius 0.1, final direction from the
  // sample at least 10 ms (2.56 periods, so 3 samples) before the rest's first sample, window
  // 50 ms (12.8 periods) before the rest. Positions are dyadic so every value is exact.

  static func overshoot(_ stroke: Stroke, horizonSamples: Double, predict: ([TraceSample], Double) -> PredictedPosition?)
    throws -> Double?
  {
    let events = MetricTestStrokes.events(
      for: stroke, horizonSamples: horizonSamples, anchors: 1...(stroke.samples.count - 1), predict: predict)
    return try MetricTestStrokes.score(stroke, events).value("stroke_end_overshoot_max_native", stroke: 0)
  }

  static func hold(_ seen: [TraceSample], _ target: Double) -> PredictedPosition? { nil }

  /// Slow stop: 4 units a sample up to x = 80 (sample 20), then steps of 3, 2 and 1 to rest at
  /// x = 86 (samples 23…39). Linear with h = 4 samples at the last full-speed sample draws
  /// 80 + 4·4 = 96, 10 past the stop (later anchors: 83 + 3·4 = 95, 85 + 2·4 = 93, 86 + 4 = 90;
  /// earlier: 76 + 16 = 92): 10, less than the 16 of a sudden stop at the same speed.
  @Test func slowStopOvershootsByWhatTheDecelerationDidNotAbsorb() throws {
    let xs = (0...20).map { 4.0 * Double($0) } + [83, 85] + Array(repeating: 86.0, count: 17)
    let stroke = MetricTestStrokes.stroke(xs.map { ($0, 0) })
    #expect(try Self.overshoot(stroke, horizonSamples: 4, predict: MetricTestStrokes.linear) == 10)
    #expect(try Self.overshoot(stroke, horizonSamples: 4, predict: Self.hold) == 0)
    #expect(try Self.overshoot(stroke, horizonSamples: 4, predict: MetricTestStrokes.oracle(stroke)) == 0)
  }

  /// Hook at the end: 1 unit a sample to the apex x = 20 (sample 20), back to 19.5 at the lift
  /// (sample 21). The hook is shorter than the final-direction span, so the final direction is
  /// +x (from x = 18), and the pen went 0.5 past its last sample. A hold shows only where the pen
  /// was: 0 (the old measure, without the reach, gave the apex's 20 − 19.5 = 0.5). Linear with
  /// h = 3 at the apex draws 23, 3 past the apex: 23 − 19.5 − 0.5 = 3 (anchor 19 draws 22: 2;
  /// anchor 21 draws 19.5 − 1.5 = 18, behind).
  @Test func hookAtTheEndScoresOnlyWhatPassesTheApex() throws {
    let stroke = MetricTestStrokes.stroke((0...20).map { (Double($0), 0) } + [(19.5, 0)])
    #expect(try Self.overshoot(stroke, horizonSamples: 3, predict: Self.hold) == 0)
    #expect(try Self.overshoot(stroke, horizonSamples: 3, predict: MetricTestStrokes.linear) == 3)
    #expect(try Self.overshoot(stroke, horizonSamples: 3, predict: MetricTestStrokes.oracle(stroke)) == 0)
  }

  /// Reversal: 1 unit a sample to x = 20 (sample 20), then back 1 a sample to x = 14 (sample 26),
  /// lifted there. The final direction is −x (from x = 17). The window starts 12.8 periods
  /// before sample 26, so with h = 3 anchors from 11 on count; a hold at x = 11 lies 14 − 11 = 3
  /// "past" the end along −x, which the old measure counted, but the pen itself went back to 14
  /// after it: 0. Linear at the last sample draws 14 − 3 = 11: 3 past the end, v·h (anchor 25
  /// draws 12: 2).
  @Test func reversalCountsOnlyThePredictionPastTheFinalEnd() throws {
    let stroke = MetricTestStrokes.stroke((0...26).map { k in (Double(k <= 20 ? k : 40 - k), 0) })
    #expect(try Self.overshoot(stroke, horizonSamples: 3, predict: Self.hold) == 0)
    #expect(try Self.overshoot(stroke, horizonSamples: 3, predict: MetricTestStrokes.linear) == 3)
    #expect(try Self.overshoot(stroke, horizonSamples: 3, predict: MetricTestStrokes.oracle(stroke)) == 0)
  }

  /// Stop then lift, with digitizer noise in the rest: 1 unit a sample to x = 20 (sample 20),
  /// then resting, alternating 20 and 19.9375 (within the 0.1 rest radius) until the lift at
  /// 19.9375 (sample 41). The final direction is the motion into the rest, +x; taken at the end,
  /// as before, it was the noise's −x, which made a hold "overshoot" by the approach (its x = 4
  /// anchor: 15.9375) and hid linear's real spring. Linear with h = 4 at sample 20 draws 24:
  /// 24 − 19.9375 past the last sample, less the 0.0625 the pen itself went past it: 4 = v·h.
  @Test func stopThenLiftIsJudgedAlongTheMotionIntoTheRest() throws {
    let rest = (21...41).map { k in (k % 2 == 0 ? 20.0 : 19.9375, 0.0) }
    let stroke = MetricTestStrokes.stroke((0...20).map { (Double($0), 0) } + rest)
    #expect(try Self.overshoot(stroke, horizonSamples: 4, predict: Self.hold) == 0)
    #expect(try Self.overshoot(stroke, horizonSamples: 4, predict: MetricTestStrokes.linear) == 4)
    #expect(try Self.overshoot(stroke, horizonSamples: 4, predict: MetricTestStrokes.oracle(stroke)) == 0)
  }

  /// A tap: the pen goes down and up moving only within the rest radius (noise, 0.0625). It has
  /// no direction of motion to overshoot along, so no value (the old final direction, taken from
  /// the noise, gave one).
  @Test func aTapHasNoOvershoot() throws {
    let stroke = MetricTestStrokes.stroke([(5, 5), (5.0625, 5), (5, 5.0625), (5.0625, 5.0625), (5, 5)])
    #expect(try Self.overshoot(stroke, horizonSamples: 2, predict: MetricTestStrokes.linear) == nil)
    #expect(try Self.overshoot(stroke, horizonSamples: 2, predict: Self.hold) == nil)
  }

  /// Any point of the true path from the newest sample on scores 0: an oracle on a curve that
  /// ends in a tight turn (a quarter circle of radius 8 at π/16 a sample, then a hook back) and a
  /// hold both score exactly 0, at every horizon.
  @Test(arguments: [1.0, 3.0, 6.0])
  func inkWhereThePenWentScoresZero(horizonSamples: Double) throws {
    let arc: [(x: Double, y: Double)] = (0...8).map { k in
      let angle = Double(k) * Double.pi / 16
      return (x: 8 * cos(angle), y: 8 * sin(angle))
    }
    let hook: [(x: Double, y: Double)] = [(1, 9), (2, 9.5), (2.5, 9.25)]
    let stroke = MetricTestStrokes.stroke(arc + hook)
    #expect(try Self.overshoot(stroke, horizonSamples: horizonSamples, predict: MetricTestStrokes.oracle(stroke)) == 0)
    #expect(try Self.overshoot(stroke, horizonSamples: horizonSamples, predict: Self.hold) == 0)
  }
}
