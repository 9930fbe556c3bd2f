import Foundation
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

  /// A perfect prediction has no jitter on a curve: on a circle (radius 16, π/16 a sample) the
  /// oracle's error is 0 in every frame, at every horizon.
  @Test(arguments: [1.0, 3.0])
  func aPerfectPredictionHasNoJitterOnACurve(horizonSamples: Double) throws {
    let circle = MetricTestStrokes.stroke(
      (0..<48).map { k in (16 * cos(Double(k) * Double.pi / 16), 16 * sin(Double(k) * Double.pi / 16)) })
    let events = MetricTestStrokes.events(
      for: circle, horizonSamples: horizonSamples, anchors: 1...40, predict: MetricTestStrokes.oracle(circle))
    let card = try MetricTestStrokes.score(circle, events)
    #expect(try #require(card.value("jitter_max_native")) < 1e-12)
    #expect(card.value("jump_count") == 0)
  }

  /// What the measure counts for a hold: the pen accelerates along x, x_k = k² (2 units a sample²),
  /// and a hold h = 2 samples behind shows x_k where the pen is at (k + 2)², an error of −4k − 4:
  /// it changes by exactly 4 = acceleration × horizon × one sample every frame, although the held
  /// tip never leaves the ink. So a hold's jitter is not 0 on real strokes, where the pen speeds
  /// up and slows down (Docs/Metrics.md, Jitter and jumps).
  @Test func aHoldJittersByAccelerationTimesHorizon() throws {
    let stroke = MetricTestStrokes.stroke((0..<30).map { (Double($0 * $0), 0) })
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 2, anchors: 1...27) { _, _ in nil }
    let card = try MetricTestStrokes.score(stroke, events)
    #expect(card.value("jitter_mean_native") == 4)
    #expect(card.value("jitter_max_native") == 4)
    #expect(card.value("jump_fraction") == 1)
  }
}
