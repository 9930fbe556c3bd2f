import ArgumentParser

/// `lookahead bench …`: the speed figures, one subcommand per measurement. The project brief and
/// the docs say `lookahead bench`; the measurements were once top-level commands of their own
/// (``FormerBenchTuningCommand``, ``FormerBenchReadersCommand`` keep those names working).
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure the workbench's speed (tuning search and training, readers); build with -c release first.",
    subcommands: [BenchTuningCommand.self, BenchReadersCommand.self]
  )
}
