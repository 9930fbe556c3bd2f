// Throughput and allocations of the metrics: every metric family over one million synthetic
// prediction events, against a baseline (the bare error at the horizon) measured in the same run.
//
// Run from Benchmarks/:
//   swift package --scratch-path /work/.build-bench-metrics benchmark --target MetricsBenchmarks

import Benchmark
import Foundation
import LookaheadKit

/// 1,000 strokes of 1,004 samples at 240 Hz along a smooth, turning, accelerating curve with
/// pressure, and one event per sample from the fourth on (1,000 per stroke), predicted by linear
/// extrapolation 4 periods (16.7 ms) ahead: 1,000,000 events in all.
struct SyntheticRun: Sendable {
  static let strokeCount = 1_000
  static let eventsPerStroke = 1_000
  let metadata = TraceMetadata(source: "synthetic", coordinateUnit: "px", millimetresPerUnit: 0.1)
  let strokes: [Stroke]
  let events: [[PredictionEvent]]

  init() {
    let period = 1.0 / 240
    var strokes: [Stroke] = []
    var events: [[PredictionEvent]] = []
    for s in 0..<Self.strokeCount {
      let phase = Double(s) * 0.37
      let samples = (0..<(Self.eventsPerStroke + 4)).map { k -> TraceSample in
        let t = Double(k) * period
        return TraceSample(
          time: t, x: 300 * cos(2.1 * t + phase) + 80 * t * t, y: 200 * sin(3.3 * t + phase),
          pressure: 0.5 + 0.3 * sin(5 * t))
      }
      var strokeEvents: [PredictionEvent] = []
      for i in 3..<(3 + Self.eventsPerStroke) {
        let a = samples[i - 1]
        let b = samples[i]
        let target = b.time + 4 * period
        let scale = (target - b.time) / (b.time - a.time)
        strokeEvents.append(
          PredictionEvent(
            issueTime: b.time, newestSampleIndex: i, targetTime: target,
            predicted: i % 50 == 0
              ? nil
              : PredictedPosition(x: b.x + (b.x - a.x) * scale, y: b.y + (b.y - a.y) * scale)))
      }
      strokes.append(Stroke(samples: samples))
      events.append(strokeEvents)
    }
    self.strokes = strokes
    self.events = events
  }

  var eventCount: Int { Self.strokeCount * Self.eventsPerStroke }
}

let benchmarks: @Sendable () -> Void = {
  let run = SyntheticRun()
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput, .peakMemoryResident],
    timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10)

  // Without the resident-memory sampler, whose thread allocates while the region runs.
  let countingConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
    timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10)

  // Baseline: only the error at the horizon (truth interpolation and a distance), nothing else.
  Benchmark("Baseline: bare error at horizon, 1M events", configuration: configuration) { benchmark in
    var truth = TruthPath()
    var total = 0.0
    for (stroke, events) in zip(run.strokes, run.events) {
      try? truth.load(stroke.samples, label: "b", restRadius: 0, finalDirectionSpan: 0.01)
      for event in events {
        let state = truth.state(at: event.targetTime)
        let shown = event.predicted ?? PredictedPosition(
          x: stroke.samples[event.newestSampleIndex].x, y: stroke.samples[event.newestSampleIndex].y)
        let dx = shown.x - state.x
        let dy = shown.y - state.y
        total += (dx * dx + dy * dy).squareRoot()
      }
    }
    blackHole(total)
  }

  // Components, for where the time goes: the truth state, then the closest-point search that
  // effective latency saved needs (window as in MetricsScorer).
  Benchmark("Component: truth state + closest-point search, 1M events", configuration: configuration) {
    benchmark in
    var truth = TruthPath()
    var total = 0.0
    for (stroke, events) in zip(run.strokes, run.events) {
      try? truth.load(stroke.samples, label: "c", restRadius: 0, finalDirectionSpan: 0.01)
      for event in events {
        let state = truth.state(at: event.targetTime)
        let anchor = stroke.samples[event.newestSampleIndex]
        let shown = event.predicted ?? PredictedPosition(x: anchor.x, y: anchor.y)
        let margin = max(abs(event.targetTime - anchor.time), 0.008)
        total += state.x
        total += truth.closestTime(
          toX: shown.x, y: shown.y, from: min(anchor.time, event.targetTime) - margin,
          to: max(anchor.time, event.targetTime) + margin, preferring: event.targetTime)
      }
    }
    blackHole(total)
  }

  // All metric families, strokes opened and closed, no scorecard: the per-event cost.
  var scorer = try! MetricsScorer()
  scorer.reserveCapacity(predictions: run.eventCount)
  Benchmark("All metrics: accumulate 1M events (1,000 strokes)", configuration: configuration) { benchmark in
    scorer.reset()
    for (index, stroke) in run.strokes.enumerated() {
      try? scorer.beginStroke(
        stroke, metadata: run.metadata, reference: StrokeReference(source: "synthetic", strokeIndex: index))
      for event in run.events[index] { _ = try? scorer.accumulate(event) }
      _ = try? scorer.endStroke()
    }
    blackHole(scorer.strokes.count)
  }

  // Everything, including the aggregate row (pooled percentiles over 1M values).
  var fullScorer = try! MetricsScorer()
  fullScorer.reserveCapacity(predictions: run.eventCount)
  Benchmark("All metrics + scorecard, 1M events (1,000 strokes)", configuration: configuration) { benchmark in
    fullScorer.reset()
    for (index, stroke) in run.strokes.enumerated() {
      try? fullScorer.beginStroke(
        stroke, metadata: run.metadata, reference: StrokeReference(source: "synthetic", strokeIndex: index))
      for event in run.events[index] { _ = try? fullScorer.accumulate(event) }
      _ = try? fullScorer.endStroke()
    }
    blackHole(fullScorer.scorecard())
  }

  // The allocation floor of a measured region with nothing in it (the runner's own threads).
  Benchmark("Floor: empty measured region", configuration: countingConfiguration) { benchmark in
    benchmark.startMeasurement()
    blackHole(0)
    benchmark.stopMeasurement()
  }

  // One long stroke of ~1M events, only `accumulate` measured: allocations per event without any
  // per-stroke cost (0 after warm-up, beyond the runner's own floor measured above).
  let longSamples = run.strokes.flatMap { $0.samples }.enumerated().map { index, sample in
    TraceSample(time: Double(index) / 240, x: sample.x, y: sample.y, pressure: sample.pressure)
  }
  let longStroke = Stroke(samples: longSamples)
  let longEvents = (3..<(longSamples.count - 1)).map { i in
    PredictionEvent(
      issueTime: longSamples[i].time, newestSampleIndex: i, targetTime: longSamples[i].time + 4.0 / 240,
      predicted: PredictedPosition(x: longSamples[i].x, y: longSamples[i].y + 1))
  }
  var longScorer = try! MetricsScorer()
  longScorer.reserveCapacity(predictions: longEvents.count)
  Benchmark(
    "All metrics: one stroke of \(longEvents.count) events (allocations per event)",
    configuration: countingConfiguration
  ) {
    benchmark in
    longScorer.reset()
    try? longScorer.beginStroke(
      longStroke, metadata: run.metadata, reference: StrokeReference(source: "long", strokeIndex: 0))
    benchmark.startMeasurement()
    for event in longEvents { _ = try? longScorer.accumulate(event) }
    benchmark.stopMeasurement()
    _ = try? longScorer.endStroke()
  }
}
