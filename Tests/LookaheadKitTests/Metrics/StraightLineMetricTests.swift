import Foundation
import LookaheadKit
import Testing

/// A straight line at constant speed: 64 samples, 1 unit per 1/256 s sample (256 units/s) along
/// +x, scored at a horizon of 4 samples (h = 15.625 ms, so speed × horizon = 4 units).
/// Every expected value below follows from that by hand.
@Suite struct StraightLineMetricTests {
  let stroke = MetricTestStrokes.line(samples: 64)
  let horizonMs = 4.0 / 256 * 1000  // 15.625 ms
  let anchors = 1...59  // targets up to the last sample

  func score(
    anchors: ClosedRange<Int>? = nil, millimetresPerUnit: Double? = 1,
    _ predict: @escaping ([TraceSample], Double) -> PredictedPosition?
  ) throws -> Scorecard {
    let events = MetricTestStrokes.events(
      for: stroke, horizonSamples: 4, anchors: anchors ?? self.anchors, predict: predict)
    return try MetricTestStrokes.score(
      stroke, events, metadata: MetricTestStrokes.metadata(millimetresPerUnit: millimetresPerUnit))
  }

  @Test func perfectPredictorIsExactAndSavesTheWholeHorizon() throws {
    let card = try score { _, target in PredictedPosition(x: target * 256, y: 0) }
    #expect(card.predictionCount == 59)
    for name in [
      "error_mean_native", "error_max_native", "error_p95_native", "along_track_mean_native",
      "cross_track_max_native", "jitter_max_native", "wrong_distance_abs_mean_native", "wrong_orientation_mean_deg",
      "lateness_mean_ms", "over_anticipation_mean_ms", "remaining_lag_mean_ms",
    ] {
      #expect(card.value(name) == 0, "\(name)")
    }
    #expect(card.value("latency_saved_mean_ms") == horizonMs)
    #expect(card.value("latency_saved_p50_ms") == horizonMs)
    #expect(card.value("horizon_mean_ms") == horizonMs)
    #expect(card.value("declined_count") == 0)
    #expect(card.value("wrong_direction_count") == 0)
    #expect(card.value("wrong_direction_fraction") == 0)
  }

  @Test func holdIsLateBySpeedTimesHorizon() throws {
    let card = try score { _, _ in nil }
    #expect(card.value("declined_count") == 59)
    #expect(card.value("declined_fraction") == 1)
    for name in ["error_mean_native", "error_rms_native", "error_p50_native", "error_p95_native", "error_max_native",
                 "error_stroke_mean_native", "wrong_distance_abs_mean_native"] {
      #expect(card.value(name) == 4, "\(name)")
    }
    #expect(card.value("along_track_mean_native") == -4)
    #expect(card.value("cross_track_mean_native") == 0)
    #expect(card.value("wrong_distance_mean_native") == -4)
    #expect(card.value("latency_saved_mean_ms") == 0)
    #expect(card.value("remaining_lag_mean_ms") == horizonMs)
    #expect(card.value("lateness_mean_ms") == horizonMs)
    #expect(card.value("over_anticipation_mean_ms") == 0)
    // A hold has no displacement, so it has no orientation and cannot point the wrong way.
    #expect(card.value("wrong_orientation_mean_deg") == nil)
    #expect(card.value("wrong_direction_count") == 0)
    #expect(card.value("wrong_direction_fraction") == nil)
    // A steady lag does not shake.
    #expect(card.value("jitter_max_native") == 0)
    #expect(card.value("jump_count") == 0)
  }

  /// A sudden stop: the line above for 32 samples (to x = 31), then the pen rests there for 32
  /// more. A hold issued while the pen moves lands at its own sample: it saves 0 and is late by
  /// the whole horizon, even when the target is already in the rest. A hold issued in the rest
  /// is where the pen is at every time of the rest, the tie goes to the time nearest the target,
  /// and it saves the whole horizon (Docs/Metrics.md, latency family).
  @Test func holdSavesNothingWhileMovingAndTheWholeHorizonAtRest() throws {
    let stop = MetricTestStrokes.stroke((0..<64).map { (Double(min($0, 31)), 0) })
    func savedAndLateness(_ anchors: ClosedRange<Int>) throws -> [Double?] {
      let events = MetricTestStrokes.events(for: stop, horizonSamples: 4, anchors: anchors) { _, _ in nil }
      let card = try MetricTestStrokes.score(stop, events)
      return [card.value("latency_saved_mean_ms"), card.value("lateness_mean_ms")]
    }
    #expect(try savedAndLateness(1...26) == [0, horizonMs])
    #expect(try savedAndLateness(27...30) == [0, horizonMs])
    #expect(try savedAndLateness(31...59) == [horizonMs, 0])
  }

  @Test func millimetresScaleTraceUnits() throws {
    let card = try score(millimetresPerUnit: 0.5) { _, _ in nil }
    #expect(card.value("error_mean_mm") == 2)
    #expect(card.value("error_mean_native") == 4)
    #expect(card.value("along_track_mean_mm") == -2)
    #expect(card.value("error_p95_mm", stroke: 0) == 2)
  }

  @Test func unknownScaleLeavesMillimetresEmpty() throws {
    let card = try score(millimetresPerUnit: nil) { _, _ in nil }
    #expect(card.value("error_mean_mm") == nil)
    #expect(card.value("error_mean_native") == 4)
    // The jump threshold is in mm and cannot be converted: jumps are not judged.
    #expect(card.value("jump_count") == nil)
  }

  @Test(arguments: [
    // (fraction of the horizon predicted, latency saved ms, lateness ms, over-anticipation ms, wrong distance)
    (0.5, 7.8125, 7.8125, 0.0, -2.0),
    (1.5, 23.4375, 0.0, 7.8125, 2.0),
  ])
  func partialAndExcessivePredictionLandWhereExpected(
    fraction: Double, saved: Double, lateness: Double, overAnticipation: Double, wrongDistance: Double
  ) throws {
    // Anchors stop early enough that even 1.5 h stays on the sampled line.
    let card = try score(anchors: 1...50) { seen, _ in
      PredictedPosition(x: seen[seen.count - 1].x + 4 * fraction, y: 0)
    }
    #expect(card.value("latency_saved_mean_ms") == saved)
    #expect(card.value("lateness_mean_ms") == lateness)
    #expect(card.value("over_anticipation_mean_ms") == overAnticipation)
    #expect(card.value("wrong_distance_mean_native") == wrongDistance)
    #expect(card.value("along_track_mean_native") == wrongDistance)
    #expect(card.value("remaining_lag_mean_ms") == horizonMs - saved)
  }

  @Test func rotatedPredictionHasItsAngleAsWrongOrientation() throws {
    let angle = 30.0 * Double.pi / 180
    let card = try score { seen, _ in
      let anchor = seen[seen.count - 1]
      return PredictedPosition(x: anchor.x + 4 * cos(angle), y: 4 * sin(angle))
    }
    let orientation = try #require(card.value("wrong_orientation_mean_deg"))
    #expect(abs(orientation - 30) < 1e-12)
    let wrongDistance = try #require(card.value("wrong_distance_abs_mean_native"))
    #expect(wrongDistance < 1e-14)
    // The error is (4 cos 30° − 4, 2): 2 across the track, 4(cos 30° − 1) along it.
    let cross = try #require(card.value("cross_track_mean_native"))
    #expect(abs(cross - 2) < 1e-14)
    let along = try #require(card.value("along_track_mean_native"))
    #expect(abs(along - 4 * (cos(angle) - 1)) < 1e-14)
    #expect(card.value("wrong_direction_count") == 0)
    #expect(card.value("wrong_direction_fraction") == 0)
  }

  @Test func predictionBehindTheNewestSampleSavesNegativeTime() throws {
    // Drawn one horizon *behind* the newest sample: it lands h before the anchor (at the edge of
    // the search window), so it saves −h and is late by 2h; it points against the motion.
    let card = try score(anchors: 5...59) { seen, _ in PredictedPosition(x: seen[seen.count - 1].x - 4, y: 0) }
    #expect(card.value("latency_saved_mean_ms") == -horizonMs)
    #expect(card.value("lateness_mean_ms") == 2 * horizonMs)
    #expect(card.value("error_mean_native") == 8)
    #expect(card.value("wrong_direction_fraction") == 1)
    #expect(card.value("wrong_orientation_mean_deg") == 180)
  }
}
