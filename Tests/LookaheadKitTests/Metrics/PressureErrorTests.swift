import LookaheadKit
import Testing

/// Pressure rising linearly, 1/1024 per sample. A predictor that gives no pressure is drawn with
/// the newest sample's pressure, which at a horizon of m samples is behind the truth by m/1024;
/// a predictor that extrapolates the ramp is exact.
@Suite struct PressureErrorTests {
  let stroke = MetricTestStrokes.stroke(
    (0..<50).map { (Double($0), 0) }, pressures: (0..<50).map { 0.25 + Double($0) / 1024 })

  @Test(arguments: [1.0, 3.0, 6.0])
  func heldPressureLagsTheRamp(horizonSamples: Double) throws {
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: horizonSamples, anchors: 1...40) { _, target in
      PredictedPosition(x: target * 256, y: 0)
    }
    let card = try MetricTestStrokes.score(stroke, events)
    for name in ["pressure_error_mean", "pressure_error_rms", "pressure_error_p95", "pressure_error_max"] {
      #expect(card.value(name) == horizonSamples / 1024, "\(name)")
    }
  }

  @Test func extrapolatedPressureIsExact() throws {
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 4, anchors: 1...40) { _, target in
      PredictedPosition(x: target * 256, y: 0, pressure: 0.25 + target * 256 / 1024)
    }
    let card = try MetricTestStrokes.score(stroke, events)
    #expect(card.value("pressure_error_max") == 0)
  }

  @Test func traceWithoutPressureHasNoPressureError() throws {
    let bare = MetricTestStrokes.line(samples: 50)
    let events = MetricTestStrokes.events(for: bare, horizonSamples: 4, anchors: 1...40) { _, _ in nil }
    let card = try MetricTestStrokes.score(bare, events)
    #expect(card.value("pressure_error_mean") == nil)
  }
}
