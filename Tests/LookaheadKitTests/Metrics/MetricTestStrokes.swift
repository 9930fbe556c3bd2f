import LookaheadKit

/// Synthetic strokes and predictors whose metric values can be worked out by hand.
///
/// Times are multiples of 1/256 s and positions small integers or dyadic fractions wherever
/// possible, so that the arithmetic in the metrics is exact and the tests can compare tightly.
enum MetricTestStrokes {
  /// Sample period, seconds (a 256 Hz digitizer: every time is exact in binary).
  static let period = 1.0 / 256

  static func metadata(millimetresPerUnit: Double? = 1, unit: String = "px") -> TraceMetadata {
    TraceMetadata(source: "synthetic", coordinateUnit: unit, millimetresPerUnit: millimetresPerUnit)
  }

  /// A stroke from positions (and optional pressures), sample k at time k·period.
  static func stroke(_ points: [(x: Double, y: Double)], pressures: [Double]? = nil) -> Stroke {
    Stroke(
      samples: points.enumerated().map { index, point in
        TraceSample(
          time: Double(index) * period, x: point.x, y: point.y, pressure: pressures?[index],
          phase: index == 0 ? .down : (index == points.count - 1 ? .up : .move))
      })
  }

  /// A straight line along +x at `unitsPerSample` per sample (speed = unitsPerSample·256 /s).
  static func line(samples: Int, unitsPerSample: Double = 1) -> Stroke {
    stroke((0..<samples).map { (Double($0) * unitsPerSample, 0) })
  }

  /// One event per anchor sample with target time `anchor + horizonSamples` periods; the
  /// prediction is whatever `predict` returns from the samples seen so far.
  static func events(
    for stroke: Stroke, horizonSamples: Double, anchors: ClosedRange<Int>,
    predict: ([TraceSample], Double) -> PredictedPosition?
  ) -> [PredictionEvent] {
    anchors.map { anchor in
      let seen = Array(stroke.samples[0...anchor])
      let target = (Double(anchor) + horizonSamples) * period
      return PredictionEvent(
        issueTime: seen[anchor].time, newestSampleIndex: anchor, targetTime: target,
        predicted: predict(seen, target))
    }
  }

  /// Linear extrapolation through the last two samples (the anchor protocol's row b).
  static func linear(_ seen: [TraceSample], _ target: Double) -> PredictedPosition? {
    guard seen.count >= 2 else { return nil }
    let a = seen[seen.count - 2]
    let b = seen[seen.count - 1]
    let scale = (target - b.time) / (b.time - a.time)
    return PredictedPosition(x: b.x + (b.x - a.x) * scale, y: b.y + (b.y - a.y) * scale)
  }

  /// A perfect predictor for `stroke`: the true position at the target (the piecewise-linear
  /// path over time, held at the last sample after the end).
  static func oracle(_ stroke: Stroke) -> ([TraceSample], Double) -> PredictedPosition? {
    let samples = stroke.samples
    return { _, target in
      guard let next = samples.firstIndex(where: { $0.time > target }) else {
        return PredictedPosition(x: samples[samples.count - 1].x, y: samples[samples.count - 1].y)
      }
      guard next > 0 else { return PredictedPosition(x: samples[0].x, y: samples[0].y) }
      let a = samples[next - 1]
      let b = samples[next]
      let fraction = (target - a.time) / (b.time - a.time)
      return PredictedPosition(x: a.x + fraction * (b.x - a.x), y: a.y + fraction * (b.y - a.y))
    }
  }

  /// Scores one stroke.
  static func score(
    _ stroke: Stroke, _ events: [PredictionEvent], metadata: TraceMetadata = metadata(),
    settings: MetricSettings = MetricSettings()
  ) throws -> Scorecard {
    try MetricsScorer.score(
      Trace(metadata: metadata, strokes: [stroke]), events: [events], settings: settings)
  }
}
