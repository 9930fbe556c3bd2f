import ArgumentParser

/// `lookahead bench-tuning`, the name `bench tuning` had before `bench` became a command group:
/// hidden from `lookahead --help`, kept so that scripts written against it still run. Same
/// options, help and output: it parses and runs the same ``BenchTuningMeasurement``.
struct FormerBenchTuningCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-tuning",
    abstract: BenchTuningCommand.configuration.abstract + " (Former name of `lookahead bench tuning`.)",
    discussion: BenchTuningCommand.configuration.discussion,
    shouldDisplay: false)

  @OptionGroup var measurement: BenchTuningMeasurement

  func run() throws { try measurement.run() }
}

/// `lookahead bench-readers`, the name `bench readers` had before `bench` became a command group:
/// hidden from `lookahead --help`, kept so that scripts written against it still run.
struct FormerBenchReadersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-readers",
    abstract: BenchReadersCommand.configuration.abstract + " (Former name of `lookahead bench readers`.)",
    discussion: BenchReadersCommand.configuration.discussion,
    shouldDisplay: false)

  @OptionGroup var measurement: BenchReadersMeasurement

  func run() throws { try measurement.run() }
}
