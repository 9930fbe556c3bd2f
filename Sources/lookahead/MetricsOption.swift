import ArgumentParser
import LookaheadKit

/// `--metrics key|all|NAME,…`: the columns of the side-by-side table `compare` and `evaluate`
/// print (``ComparisonMetrics``); the key ones fit a 100-column terminal.
struct MetricsOption: ParsableArguments {
  @Option(
    name: .customLong("metrics"),
    help: ArgumentHelp(
      "The text table's metrics: key (the most telling, in blocks that fit 100 columns), all (every scorecard metric), or names separated by commas (see Docs/Metrics.md). --json and --csv always hold every column. (default: key)",
      valueName: "key|all|names"))
  var choice: String?

  /// Whether `--metrics` was typed (`--protocol henze2017` and `anchor` refuse it: their tables have no
  /// scorecard metrics to choose).
  var isGiven: Bool { choice != nil }

  /// The choice, parsed (before any work, so a misspelt name costs no run).
  func parsed() throws -> ComparisonMetrics { try ComparisonMetrics(parsing: choice ?? "key") }
}
