import ArgumentParser
import LookaheadKit

/// `--jobs N`: how many cores a command loads and scores on (under `evaluate`/`compare --protocol
/// anchor|henze2017`, which score on their own, only how many load: ``LoadingJobs``). It never changes a result (the work
/// is split and merged in a fixed order), except that a trained model's normal equations are
/// summed per core, so its last bits depend on it (Docs/Tuning.md). `worker` defaults to one
/// core, one worker per core being how a distributed search runs (Docs/Distributed.md); every
/// other command to all of them.
struct JobsOption: ParsableArguments {
  @Option(name: .customLong("jobs"), help: ArgumentHelp(
    "Cores to load and score on, at least 1 (default: all; worker: 1); under evaluate/compare --protocol anchor|henze2017 it bounds the loading only. Results do not depend on it, except a trained model's last bits.",
    valueName: "jobs"))
  var limit: Int?

  func validate() throws {
    if let limit, limit < 1 { throw ValidationError("--jobs must be at least 1") }
  }

  /// The cores to use when the command's default is every core.
  var cores: Int { limit ?? availableCoreCount }
}
