import ArgumentParser

/// `--seed`: every random choice a run makes (the replay's display phase and missed frames, the
/// bootstrap, the search) comes from this one number, so a run with the same seed is the same run.
struct SeedOption: ParsableArguments {
  @Option(name: .customLong("seed"), help: ArgumentHelp(
    "Seed of the run's random choices: the replay's display phase and missed frames, and the bootstrap or the search where the command has one.",
    valueName: "seed"))
  var value: UInt64 = 0
}
