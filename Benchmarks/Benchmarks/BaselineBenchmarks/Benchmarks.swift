import Benchmark
import Foundation
import LookaheadKit
import LookaheadRuntime

/// Per-sample cost of the non-exported baselines: observe one sample and predict one point
/// 16.7 ms ahead, on a synthetic 240 Hz stroke (a circle of radius 100 at one revolution per
/// second). The reference in the same run is two-point linear extrapolation written inline, the
/// cheapest real predictor.
let sampleCount = 2400
let samples: [PointerSample] = (0..<sampleCount).map { index in
  let time = Double(index) / 240
  let angle = 2 * Double.pi * time
  return PointerSample(time: time, x: 100 * cos(angle), y: 100 * sin(angle))
}
let horizon = 1.0 / 60

/// Two-point linear extrapolation, the same-run baseline.
struct TwoPointLinear: Predictor {
  var previous: PointerSample?
  var newest: PointerSample?
  mutating func reset() { previous = nil; newest = nil }
  mutating func observe(_ sample: PointerSample) { previous = newest; newest = sample }
  func predict(at time: Double) -> PredictedPoint? {
    guard let newest else { return nil }
    guard let previous, newest.time > previous.time else { return PredictedPoint(time: time, x: newest.x, y: newest.y) }
    let scale = (time - newest.time) / (newest.time - previous.time)
    return PredictedPoint(time: time, x: newest.x + (newest.x - previous.x) * scale, y: newest.y + (newest.y - previous.y) * scale)
  }
}

@inline(never)
func run<P: Predictor>(_ predictor: inout P) -> Double {
  var sum = 0.0
  for sample in samples {
    predictor.observe(sample)
    if let point = predictor.predict(at: sample.time + horizon) { sum += point.x }
  }
  return sum
}

let recordedStroke = Stroke(
  samples: samples.map { TraceSample(time: $0.time, x: $0.x, y: $0.y) },
  recordedPredictions: samples.indices.flatMap { index in
    (1...3).map { step in
      let sample = samples[min(index + step, samples.count - 1)]
      return RecordedPrediction(anchorIndex: index, time: samples[index].time + Double(step) / 240, x: sample.x, y: sample.y)
    }
  })

let recordedTemplate = BaselinePredictors.recorded(stroke: recordedStroke)

let benchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, .throughput, .instructions],
    maxDuration: .seconds(3))

  Benchmark("linear two-point (same-run baseline), observe + predict, 2400 samples", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      var predictor = TwoPointLinear()
      blackHole(run(&predictor))
    }
  }

  Benchmark("turbotouch64, observe + predict, 2400 samples", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      var predictor = BaselinePredictors.turboTouch64()
      blackHole(run(&predictor))
    }
  }

  Benchmark("recorded (interpolated), observe + predict, 2400 samples", configuration: configuration) { benchmark in
    // The closure runs once per measurement, so the predictor (whose init sorts the 7200
    // predictions) is built outside it: only the replay is measured.
    for _ in benchmark.scaledIterations {
      var predictor = recordedTemplate
      predictor.reset()
      blackHole(run(&predictor))
    }
  }
}
