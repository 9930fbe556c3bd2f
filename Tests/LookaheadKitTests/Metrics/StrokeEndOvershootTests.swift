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
}
