import LookaheadKit
import Testing

/// An error that alternates frame to frame: on a straight line the prediction is the truth
/// shifted by (0, +a) and (0, −a) in turn, so every frame-to-frame change of the error vector is
/// exactly 2a, while the error itself is always a. With a 1 mm jump threshold (1 unit = 1 mm),
/// 2a > 1 makes every frame pair a jump.
@Suite struct JitterMetricTests {
  let stroke = MetricTestStrokes.line(samples: 40)

  func score(amplitude a: Double) throws -> Scorecard {
    var frame = 0
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 2, anchors: 1...37) { _, target in
      frame += 1
      return PredictedPosition(x: target * 256, y: frame % 2 == 0 ? a : -a)
    }
    return try MetricTestStrokes.score(stroke, events)
  }

  @Test(arguments: [(0.25, 0.0), (0.75, 1.0)])
  func alternatingErrorJittersByTwiceTheAmplitude(amplitude: Double, jumpFraction: Double) throws {
    let card = try score(amplitude: amplitude)
    for name in ["jitter_mean_native", "jitter_rms_native", "jitter_p95_native", "jitter_max_native"] {
      #expect(card.value(name) == 2 * amplitude, "\(name)")
    }
    #expect(card.value("error_mean_native") == amplitude)
    #expect(card.value("cross_track_mean_native") == amplitude)
    #expect(card.value("jump_count") == 36 * jumpFraction)  // 37 frames, 36 frame pairs
    #expect(card.value("jump_fraction") == jumpFraction)
  }

  @Test func jitterDoesNotCrossStrokes() throws {
    // Two strokes each with one prediction: no frame pairs at all.
    let trace = Trace(metadata: MetricTestStrokes.metadata(), strokes: [stroke, stroke])
    let one = MetricTestStrokes.events(for: stroke, horizonSamples: 2, anchors: 5...5) { _, _ in nil }
    let card = try MetricsScorer.score(trace, events: [one, one])
    #expect(card.value("jitter_mean_native") == nil)
    #expect(card.value("jump_count") == 0)
  }
}
