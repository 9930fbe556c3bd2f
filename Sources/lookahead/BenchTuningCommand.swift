import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead bench tuning`: issue 7's speed figures (TuningBenchmark), in a release build.
struct BenchTuningCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tuning",
    abstract: "Measure a 1,000-configuration search over the shared corpus and training on a million windows.",
    discussion: "Build with -c release first. Prints wall-clock figures and same-run baselines.")

  @OptionGroup var measurement: BenchTuningMeasurement

  func run() throws { try measurement.run() }
}

/// The options and the measurement of `bench tuning`, apart from the command so that its former
/// name (``FormerBenchTuningCommand``) runs the very same.
struct BenchTuningMeasurement: ParsableArguments {
  @Option(help: "Configurations to search.")
  var configurations: Int = 1000

  @Option(help: "Training rows (windows) at least; 0 skips the training measurement.")
  var rows: Int = 1_000_000

  @Option(help: "Datasets forming the corpus (all five shared datasets unless given).")
  var dataset: [String] = [
    "Inkable-ApplePencil", "TurboTouch-Nancel2018", "Henze2017-MobileHCI", "SVC2004-Task2", "WacomMSP13-HandwritingSpeed",
  ]

  @OptionGroup var location: DatasetLocationOptions

  func run() throws {
    guard configurations >= 1, rows >= 0 else {
      throw ValidationError("--configurations must be at least 1 and --rows at least 0")
    }
    try runCommand {
      let traces = try dataset.map { try DatasetRegistry.load($0, dataDirectory: location.dataDirectoryURL) }
      let data = try TuningData(traces: traces)
      let samples = data.strokes.reduce(0) { $0 + $1.samples.count }
      print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.hostName); corpus: \(data.strokes.count) strokes, \(samples) samples")
      let search = try TuningBenchmark.search(data: data, configurations: configurations)
      let perConfiguration = search.seconds / Double(max(1, search.configurations))
      let cpuPerConfiguration = search.cpuSeconds / Double(max(1, search.configurations))
      let points = Double(max(1, search.issuePointsPerConfiguration))
      print(
        "search: \(search.configurations) polynomial configurations (Latin hypercube), error objective (mean at 16.7 ms, "
          + "per-sample protocol), \(search.issuePointsPerConfiguration) issue points each")
      print(String(
        format: "  search: %.2f s wall (%.1f ms per configuration, i.e. %.1f s per 1,000; target < 60 s), %.2f s CPU (%.1f ms per configuration)",
        search.seconds, perConfiguration * 1000, perConfiguration * 1000, search.cpuSeconds, cpuPerConfiguration * 1000))
      print(String(
        format: "  hold baseline (the same scoring with the hold predictor: the harness alone): %.1f ms wall, %.1f ms CPU per configuration = %.1f ns CPU per issue point",
        search.holdSecondsPerConfiguration * 1000, search.holdCPUSecondsPerConfiguration * 1000,
        search.holdCPUSecondsPerConfiguration / points * 1e9))
      print(String(
        format: "  ratio search / hold per configuration: %.2f wall, %.2f CPU",
        perConfiguration / search.holdSecondsPerConfiguration, cpuPerConfiguration / search.holdCPUSecondsPerConfiguration))
      print("  best: \(search.bestSpecification) (mean error \(search.bestObjective) \(data.lengthUnit))")
      guard rows > 0 else { return }
      let training = try TuningBenchmark.training(strokes: data.strokes, rows: rows)
      print(String(
        format: "training: %d rows × %d features: %.3f s (features + dsyrk/dgemm on 2 cores + dposv); accumulation alone %.3f s (ratio %.2f)",
        training.rows, training.featureCount, training.seconds, training.accumulateOnlySeconds,
        training.seconds / training.accumulateOnlySeconds))
    }
  }
}
