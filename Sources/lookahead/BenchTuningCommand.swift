import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead bench-tuning`: issue 7's speed figures (TuningBenchmark), in a release build.
struct BenchTuningCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-tuning",
    abstract: "Measure a 1,000-configuration search over the shared corpus and training on a million windows.",
    discussion: "Build with -c release first. Prints wall-clock figures and same-run baselines.")

  @Option(help: "Configurations to search (default 1000).")
  var configurations: Int = 1000

  @Option(help: "Training rows (windows) at least (default 1000000).")
  var rows: Int = 1_000_000

  @Option(help: "Datasets forming the corpus (default: all five shared datasets).")
  var dataset: [String] = [
    "Inkable-ApplePencil", "TurboTouch-Nancel2018", "Henze2017-MobileHCI", "SVC2004-Task2", "WacomMSP13-HandwritingSpeed",
  ]

  @Option(help: "Folder holding the shared datasets (default ../shared/datasets).")
  var dataDir: String?

  func run() throws {
    guard configurations >= 1, rows >= 1 else { throw ValidationError("--configurations and --rows must be at least 1") }
    do {
      let traces = try dataset.map { try DatasetRegistry.load($0, dataDirectory: dataDir.map { URL(fileURLWithPath: $0) }) }
      let data = try TuningData(traces: traces)
      let samples = data.strokes.reduce(0) { $0 + $1.samples.count }
      print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.hostName); corpus: \(data.strokes.count) strokes, \(samples) samples")
      let search = try TuningBenchmark.search(data: data, configurations: configurations)
      print(String(
        format: "search: %d polynomial configurations, error objective at 16.7 ms, %d issue points each: %.2f s (%.1f ms per configuration); hold baseline %.1f ms per configuration (ratio %.2f)",
        search.configurations, search.issuePointsPerConfiguration, search.seconds,
        search.seconds / Double(max(1, search.configurations)) * 1000, search.holdSecondsPerConfiguration * 1000,
        search.seconds / Double(max(1, search.configurations)) / search.holdSecondsPerConfiguration))
      print("  best: \(search.bestSpecification) (mean error \(search.bestObjective) \(data.lengthUnit))")
      let training = try TuningBenchmark.training(strokes: data.strokes, rows: rows)
      print(String(
        format: "training: %d rows × %d features: %.3f s (features + dsyrk/dgemm on 2 cores + dposv); accumulation alone %.3f s (ratio %.2f)",
        training.rows, training.featureCount, training.seconds, training.accumulateOnlySeconds,
        training.seconds / training.accumulateOnlySeconds))
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      throw ExitCode(1)
    }
  }
}
