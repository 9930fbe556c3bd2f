import LookaheadKit
import Testing

/// Eight segments of 1,1,1,1,1,1,3,3 units per sample, a hold scored half a sample ahead (so each
/// target lies inside one segment, whose speed is the true speed): errors are half the segment
/// lengths. Speeds are 256 and 768 units/s; their type-7 p75 is 256 + 0.25·512 = 384 (virtual
/// index 7·0.75 = 5.25), so the subset is the two fast predictions, error 1.5 each.
@Suite struct HighSpeedSubsetTests {
  @Test func subsetIsTheFastQuarter() throws {
    let steps = [1.0, 1, 1, 1, 1, 1, 3, 3]
    var x = 0.0
    var points = [(x: 0.0, y: 0.0)]
    for step in steps {
      x += step
      points.append((x, 0))
    }
    let stroke = MetricTestStrokes.stroke(points)
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 0.5, anchors: 0...7) { _, _ in nil }
    let card = try MetricTestStrokes.score(stroke, events, metadata: MetricTestStrokes.metadata(millimetresPerUnit: 0.5))
    #expect(card.value("high_speed_threshold_native_per_s") == 384)
    #expect(card.value("high_speed_threshold_mm_per_s") == 192)
    #expect(card.value("high_speed_count") == 2)
    #expect(card.value("high_speed_error_mean_native") == 1.5)
    #expect(card.value("high_speed_error_p95_native") == 1.5)
    #expect(card.value("high_speed_error_mean_mm") == 0.75)
    #expect(card.value("high_speed_latency_saved_mean_ms") == 0)
    // The whole run, for contrast: mean error (6·0.5 + 2·1.5)/8 = 0.75.
    #expect(card.value("error_mean_native") == 0.75)
    // Aggregate only: the per-stroke cell is empty.
    #expect(card.value("high_speed_count", stroke: 0) == nil)
  }
}

@Suite struct MetricColumnsTests {
  @Test func everyFamilyAppendsOneCellPerColumn() throws {
    // A stroke and an aggregate through each family on its own: cells == columns.
    let stroke = MetricTestStrokes.line(samples: 12)
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 2, anchors: 1...9, predict: MetricTestStrokes.linear)
    let card = try MetricTestStrokes.score(stroke, events)
    let families: [any Metric] = [
      ErrorAtHorizonMetric(), TrackErrorMetric(), EffectiveLatencyMetric(), WrongDistanceOrientationMetric(),
      JitterMetric(), StrokeEndOvershootMetric(), WrongDirectionMetric(), PressureErrorMetric(), HighSpeedSubsetMetric(),
    ]
    #expect(families.reduce(0) { $0 + $1.columns.count } == card.columns.count)
    #expect(card.strokes[0].values.count == card.columns.count)
    #expect(card.aggregate.count == card.columns.count)
    // Aggregate-only columns are empty per stroke.
    for (index, column) in card.columns.enumerated() where column.aggregateOnly {
      #expect(card.strokes[0].values[index] == nil, "\(column.name)")
    }
  }
}
