// Evaluation speed over the whole shared corpus (issue 6: one Kalman configuration, replay +
// predict + all metrics, at least 5 million predictions per second per core, both cores used).
//
// Run: cd Benchmarks && swift package --scratch-path /work/.build-bench-evaluate benchmark --target EvaluationBenchmarks
// The corpus is read once in setup (not measured) from ../shared/datasets, or from
// LOOKAHEAD_SHARED_DATASETS. Each benchmark prints its predictions per second to stderr; the
// baselines (replay alone; replay + Kalman without metrics) are measured in the same run.

import Benchmark
import Foundation
import LookaheadKit
import LookaheadRuntime

/// Every dataset of the shared corpus as the registry loads it, one trace each (so each keeps its
/// own unit and scale): Inkable, TurboTouch (strokes.csv), Henze 2017, SVC2004 Task 2 (all
/// writers), Wacom MSP13 (every full capture), hover runs left out.
private func loadCorpus() throws -> [Trace] {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<4 { url.deleteLastPathComponent() }  // EvaluationBenchmarks, Benchmarks, Benchmarks, repo
  let shared = ProcessInfo.processInfo.environment["LOOKAHEAD_SHARED_DATASETS"].map { URL(fileURLWithPath: $0) }
    ?? url.deletingLastPathComponent().appendingPathComponent("shared/datasets")
  let options = ImportOptions(includeHover: false)
  return try [
    "Inkable-ApplePencil", "TurboTouch-Nancel2018", "Henze2017-MobileHCI", "SVC2004-Task2",
    "WacomMSP13-HandwritingSpeed",
  ].map { try DatasetRegistry.load(shared.appendingPathComponent($0).path, options: options) }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
    maxDuration: .seconds(10), maxIterations: 10)

  let corpus: [Trace]
  let kalman: EvaluationSubject
  let replay: Replay
  do {
    corpus = try loadCorpus()
    kalman = EvaluationSubject(try PredictorCatalog.exported.configure(specification: "kalman"))
    replay = try Replay(profile: .pencil240ProMotion120, seed: 1)
  } catch {
    fatalError("EvaluationBenchmarks needs the shared datasets: \(error)")
  }
  let strokes = corpus.reduce(0) { $0 + $1.contactStrokes.count }
  let samples = corpus.reduce(0) { $0 + $1.contactStrokes.reduce(0) { $0 + $1.samples.count } }
  var predictions = 0
  for trace in corpus {
    predictions += (try? Evaluator(replay: replay, parts: 2).evaluate(trace, subject: kalman).predictionCount) ?? 0
  }
  FileHandle.standardError.write(
    Data("corpus: \(corpus.count) datasets, \(strokes) strokes, \(samples) samples, \(predictions) frame predictions\n".utf8))

  func report(_ name: String, _ seconds: Double, cores: Int) {
    let rate = Double(predictions) / seconds
    FileHandle.standardError.write(Data(String(
      format: "%@: %.3f s, %.2f M predictions/s, %.2f M per core\n", name, seconds, rate / 1e6,
      rate / 1e6 / Double(cores)).utf8))
  }
  func timed(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  // Baseline 1: the replay alone (every frame of every stroke), the floor under any evaluation.
  Benchmark("Baseline: replay only, one core") { benchmark in
    for _ in benchmark.scaledIterations {
      let seconds = timed {
        var frames = 0
        for trace in corpus {
          for (index, stroke) in trace.strokes.enumerated() {
            guard var sequence = try? replay.frames(of: stroke, strokeIndex: index) else { continue }
            while let frame = sequence.next() { frames &+= frame.newestSampleIndex }
          }
        }
        blackHole(frames)
      }
      report("replay only, 1 core", seconds, cores: 1)
    }
  }

  // Baseline 2: replay + Kalman predictions, no metrics.
  Benchmark("Baseline: replay + Kalman, no metrics, one core") { benchmark in
    for _ in benchmark.scaledIterations {
      let seconds = timed {
        var sum = 0.0
        for trace in corpus {
          for (index, stroke) in trace.strokes.enumerated() {
            guard var sequence = try? replay.frames(of: stroke, strokeIndex: index) else { continue }
            var predictor = kalman.makePredictor(for: stroke)
            predictor.reset()
            while let frame = sequence.next() {
              for sample in frame.deliveredSamples {
                predictor.observe(sequence.pointerSample(sample, knownAt: frame.callbackTime))
              }
              sum += predictor.predict(at: frame.targetPresentationTime)?.x ?? 0
            }
          }
        }
        blackHole(sum)
      }
      report("replay + kalman, 1 core", seconds, cores: 1)
    }
  }

  // The benchmark: replay + Kalman + every metric, on one core and on both.
  for parts in [1, 2] {
    Benchmark("Evaluate Kalman over the corpus, all metrics, \(parts) core(s)") { benchmark in
      let evaluator = Evaluator(replay: replay, parts: parts)
      for _ in benchmark.scaledIterations {
        var count = 0
        let seconds = timed {
          for trace in corpus { count += (try? evaluator.evaluate(trace, subject: kalman).predictionCount) ?? 0 }
        }
        blackHole(count)
        report("evaluate kalman, \(parts) core(s)", seconds, cores: parts)
      }
    }
  }
}
