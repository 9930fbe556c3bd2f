import ArgumentParser

/// What `--seed` means in one command when it is not given (the only part that differs).
protocol SeedDefault {
  /// Completes "(default: …)" in the help.
  static var description: String { get }
  /// What the seed decides in the command, for the help.
  static var choices: String { get }
}

extension SeedDefault {
  static var choices: String {
    "the replay's display phase and missed frames, and the bootstrap or the search where the command has one"
  }
}

/// 0, whatever the input.
enum ZeroSeedDefault: SeedDefault {
  static let description = "0"
}

/// The seed recorded in the `--model` files (`provenance.seed`), as their device is: a tuned model
/// is replayed with the display phase and missed frames its held-out score was measured with.
enum ModelSeedDefault: SeedDefault {
  static let description = "the seed recorded in the --model files, when they agree, else 0"
  /// `sweep` shares these options but replays nothing at random, so it refuses `--seed`; its help
  /// offered the option all the same.
  static let choices = "the replay's display phase and missed frames, and the bootstrap where the command has one; "
    + "sweep has no random choice and refuses it"
}

/// `--seed`: every random choice a run makes (the replay's display phase and missed frames, the
/// bootstrap, the search) comes from this one number, so a run with the same seed is the same run.
struct SeedOption<Default: SeedDefault>: ParsableArguments {
  @Option(name: .customLong("seed"), help: ArgumentHelp(
    "Seed of the run's random choices: \(Default.choices) (default: \(Default.description)).",
    valueName: "seed"))
  var given: UInt64?

  /// The seed given; else `fallback` (the seed a model records), else 0.
  func resolve(else fallback: UInt64? = nil) -> UInt64 { given ?? fallback ?? 0 }
}

extension SeedOption where Default == ZeroSeedDefault {
  /// The seed given, else 0.
  var value: UInt64 { resolve() }
}
