// Import throughput: every dataset in ../shared/datasets, as the registry loads it (issue 3's
// target: under 2 s on the 2-core build machine), against a baseline that only reads the same
// files' bytes, measured in the same run.
//
// Run: cd Benchmarks && swift package --scratch-path /work/.build-bench-importers benchmark --target ImportBenchmarks

import Benchmark
import Foundation
import LookaheadKit

/// `../shared/datasets` beside the repository (this file is Benchmarks/Benchmarks/ImportBenchmarks/),
/// or `LOOKAHEAD_SHARED_DATASETS`.
let sharedDatasets: URL = {
  if let override = ProcessInfo.processInfo.environment["LOOKAHEAD_SHARED_DATASETS"] {
    return URL(fileURLWithPath: override)
  }
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<4 { url.deleteLastPathComponent() }
  return url.deletingLastPathComponent().appendingPathComponent("shared/datasets")
}()

/// The five shared datasets plus TurboTouch's 60 Hz set: everything the shared folder holds.
let references = [
  "Inkable-ApplePencil", "Henze2017-MobileHCI", "TurboTouch-Nancel2018", "TurboTouch-Nancel2018:optitrack",
  "SVC2004-Task2", "WacomMSP13-HandwritingSpeed",
]

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
    maxDuration: .seconds(20), maxIterations: 10)

  let files = references.flatMap { (try? DatasetRegistry.files(of: $0, dataDirectory: sharedDatasets)) ?? [] }

  Benchmark("baseline: read the bytes of every shared dataset file") { benchmark in
    var total = 0
    for file in files { total += (try? Data(contentsOf: file))?.count ?? 0 }
    blackHole(total)
  }

  for reference in references {
    Benchmark("import \(reference)", configuration: .init(maxIterations: 5)) { benchmark in
      blackHole((try? DatasetRegistry.load(reference, dataDirectory: sharedDatasets))?.sampleCount ?? -1)
    }
  }

  // No shared dataset is a getevent log: Henze 2017 written as one (GeteventLogWriter), beside the
  // bare read of that same file.
  if let strokes = try? DatasetRegistry.load("Henze2017-MobileHCI", dataDirectory: sharedDatasets).strokes {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-benchmark-henze.getevent.txt")
    if (try? GeteventLogWriter.log(of: strokes).write(to: log)) != nil {
      Benchmark("baseline: read the bytes of Henze2017-MobileHCI written as a getevent log") { benchmark in
        blackHole((try? Data(contentsOf: log))?.count ?? -1)
      }
      Benchmark("import Henze2017-MobileHCI written as a getevent log", configuration: .init(maxIterations: 5)) { benchmark in
        blackHole((try? TraceLoader.load(url: log, format: .androidGetevent))?.sampleCount ?? -1)
      }
    }
  }

  Benchmark("import every shared dataset") { benchmark in
    var samples = 0
    for reference in references {
      do {
        samples += try DatasetRegistry.load(reference, dataDirectory: sharedDatasets).sampleCount
      } catch {
        fatalError("\(reference): \(error)")
      }
    }
    blackHole(samples)
  }
}
