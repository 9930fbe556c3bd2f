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

  /// A hold never jitters: the pen accelerates along x, x_k = k² (2 units a sample²), and a hold
  /// h = 2 samples behind shows x_k, a point of the path, every frame a little further along it.
  /// The error vector changes by exactly 4 = acceleration × horizon × one sample each frame (what
  /// the earlier measure, `|e_k − e_{k−1}|`, scored, though the held tip never leaves the ink); the
  /// tip's offset from the path stays 0 and it never steps back, so jitter is 0.
  @Test func aHoldNeverJittersThoughItsErrorChanges() throws {
    let stroke = MetricTestStrokes.stroke((0..<30).map { (Double($0 * $0), 0) })
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 2, anchors: 1...27) { _, _ in nil }
    let card = try MetricTestStrokes.score(stroke, events)
    #expect(card.value("jitter_mean_native") == 0)
    #expect(card.value("jitter_max_native") == 0)
    #expect(card.value("jump_count") == 0)
    #expect(try #require(card.value("error_mean_native")) > 50)  // a large, changing lag
  }

  /// A steady offset from a curve is no wobble: on the circle of radius 16 (π/16 a sample) the
  /// prediction is the true point at the target scaled to radius 17, 1 unit outside the path in
  /// every frame (to the right of the counter-clockwise motion: offPath −1). Its error vector turns
  /// with the pen, changing by 2 sin(π/32) ≈ 0.196 a frame, which the earlier measure scored.
  @Test(arguments: [1.0, 3.0])
  func aSteadyOffsetFromACurveDoesNotJitter(horizonSamples: Double) throws {
    let circle = MetricTestStrokes.stroke(
      (0..<48).map { k in (16 * cos(Double(k) * Double.pi / 16), 16 * sin(Double(k) * Double.pi / 16)) })
    let oracle = MetricTestStrokes.oracle(circle)
    let events = MetricTestStrokes.events(for: circle, horizonSamples: horizonSamples, anchors: 1...40) { seen, target in
      oracle(seen, target).map { PredictedPosition(x: $0.x * 17 / 16, y: $0.y * 17 / 16) }
    }
    let card = try MetricTestStrokes.score(circle, events)
    #expect(abs(try #require(card.value("error_mean_native")) - 1) < 1e-12)
    #expect(try #require(card.value("jitter_max_native")) < 1e-12)
  }

  /// Running ahead and falling back along the path is jitter: on the line x = k (one unit a
  /// sample), horizon 2 samples, the prediction is the truth shifted by −1.5 and +1.5 along the
  /// line in turn, so it lands on the path at x = k + 0.5, then k + 1 + 3.5 (forward: 0), then
  /// k + 2 + 0.5 (back by 2). Of the 34 frame pairs of 35 frames (all short of the stroke's end at
  /// x = 39), 17 step back by exactly 2 (jumps, above 1 mm) and 17 step forward: mean 1, max 2.
  /// The earlier measure scored 3 for every pair.
  @Test func fallingBackAlongThePathJitters() throws {
    var frame = 0
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 2, anchors: 1...35) { _, target in
      frame += 1
      return PredictedPosition(x: target * 256 + (frame % 2 == 0 ? 1.5 : -1.5), y: 0)
    }
    let card = try MetricTestStrokes.score(stroke, events)
    #expect(card.value("jitter_mean_native") == 1)
    #expect(card.value("jitter_max_native") == 2)
    #expect(card.value("jump_count") == 17)
    #expect(card.value("jump_fraction") == 0.5)
  }
}
