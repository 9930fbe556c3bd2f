// Replay speed and allocations over the whole shared corpus (issue 4: under 0.2 s on one core,
// allocation-free per frame after warm-up).
//
// Run: cd Benchmarks && swift package --scratch-path /work/.build-bench-replay benchmark --target ReplayBenchmarks
// The corpus is read once in setup (not measured) from ../shared/datasets, or from
// LOOKAHEAD_SHARED_DATASETS.

import Benchmark
import Foundation
import LookaheadKit

/// Every contact stroke of the shared corpus: Inkable (5 files), TurboTouch (strokes.csv and the
/// Optitrack set), Henze 2017 (24 files), SVC2004 Task 2 (every file), Wacom MSP13 (each writer's
/// full capture; the task segments are slices of it).
private func loadCorpus() throws -> [Stroke] {
  let root: URL
  if let override = ProcessInfo.processInfo.environment["LOOKAHEAD_SHARED_DATASETS"] {
    root = URL(fileURLWithPath: override)
  } else {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }  // ReplayBenchmarks, Benchmarks, Benchmarks, repo
    root = url.deletingLastPathComponent().appendingPathComponent("shared/datasets")
  }
  let fm = FileManager.default
  func files(_ folder: String, where keep: (String) -> Bool) throws -> [URL] {
    let dir = root.appendingPathComponent(folder)
    return try fm.contentsOfDirectory(atPath: dir.path).filter(keep).sorted().map { dir.appendingPathComponent($0) }
  }
  let options = ImportOptions(includeHover: false)
  var traces: [Trace] = []
  traces.append(try InkableImporter().importTrace(
    files: try files("Inkable-ApplePencil/Tests/InkableTests") { $0.hasSuffix(".json") }, options: options))
  traces.append(try TurboTouchImporter(variant: .strokes).importTrace(
    files: [root.appendingPathComponent("TurboTouch-Nancel2018/strokes.csv")], options: options))
  traces.append(try TurboTouchImporter(variant: .optitrack).importTrace(
    files: [root.appendingPathComponent("TurboTouch-Nancel2018/optimization/OptitrackData/data.csv")], options: options))
  traces.append(try Henze2017Importer().importTrace(
    files: try files("Henze2017-MobileHCI/data") { $0.hasSuffix(".txt") }, options: options))
  traces.append(try SVC2004Importer().importTrace(
    files: try files("SVC2004-Task2/Task2") { $0.hasSuffix(".TXT") }, options: options))
  for writer in try files("WacomMSP13-HandwritingSpeed/Wacom_speed", where: { $0.hasPrefix("ID") }) {
    let captures = try fm.contentsOfDirectory(atPath: writer.path).filter { $0.hasPrefix("capture_01_") && $0.hasSuffix(".csv") }
    for capture in captures {
      traces.append(try WacomMSP13Importer().importTrace(files: [writer.appendingPathComponent(capture)], options: options))
    }
  }
  return traces.flatMap(\.contactStrokes)
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
    maxDuration: .seconds(5), maxIterations: 20)

  let corpus: [Stroke]
  do { corpus = try loadCorpus() } catch {
    fatalError("ReplayBenchmarks needs the shared datasets: \(error)")
  }
  let samples = corpus.reduce(0) { $0 + $1.samples.count }
  FileHandle.standardError.write(Data("corpus: \(corpus.count) strokes, \(samples) samples\n".utf8))
  let replay: Replay
  do { replay = try Replay(profile: .pencil240ProMotion120, seed: 1) } catch { fatalError("\(error)") }
  var frameCount = 0
  for (index, stroke) in corpus.enumerated() {
    frameCount += (try? replay.frameArray(of: stroke, strokeIndex: index).count) ?? 0
  }
  FileHandle.standardError.write(Data("pencil240-promotion120: \(frameCount) frames\n".utf8))

  // Baseline: the cost floor, one pass reading every sample time.
  Benchmark("Baseline: scan every sample time of the corpus") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0.0
      for stroke in corpus { for sample in stroke.samples { sum += sample.time } }
      blackHole(sum)
    }
  }

  // The allocation-free iterator: what the evaluation drives predictors from.
  Benchmark("Replay corpus, pencil240-promotion120, iterator") { benchmark in
    for _ in benchmark.scaledIterations {
      var frames = 0
      var horizonSum = 0.0
      for (index, stroke) in corpus.enumerated() {
        guard var sequence = try? replay.frames(of: stroke, strokeIndex: index) else { continue }
        while let frame = sequence.next() {
          frames += 1
          horizonSum += frame.horizon
        }
      }
      blackHole(frames)
      blackHole(horizonSum)
    }
  }

  // The same with late-update resolution of every delivered sample (what a predictor observes).
  Benchmark("Replay corpus, pencil240-promotion120, iterator + delivered PointerSamples") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0.0
      for (index, stroke) in corpus.enumerated() {
        guard var sequence = try? replay.frames(of: stroke, strokeIndex: index) else { continue }
        while let frame = sequence.next() {
          for sampleIndex in frame.deliveredSamples {
            sum += sequence.pointerSample(sampleIndex, knownAt: frame.callbackTime).x
          }
        }
      }
      blackHole(sum)
    }
  }

  // The array-returning convenience, for comparison (allocates per stroke).
  Benchmark("Replay corpus, pencil240-promotion120, frameArray convenience") { benchmark in
    for _ in benchmark.scaledIterations {
      var frames = 0
      for (index, stroke) in corpus.enumerated() {
        frames += (try? replay.frameArray(of: stroke, strokeIndex: index).count) ?? 0
      }
      blackHole(frames)
    }
  }
}
