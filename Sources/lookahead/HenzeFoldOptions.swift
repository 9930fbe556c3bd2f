import ArgumentParser
import Foundation

/// The options that split `train --henze2017 --family mlp` into its folds and put them back
/// together (Docs/Distributed.md, "Training folds"): each fold trains in a process of its own,
/// anywhere, and the table made from the folds' lines is the in-process one to the bit.
struct HenzeFoldOptions: ParsableArguments {
  @Flag(name: .customLong("henze-fold-lines"), help: "MLP with --henze2017: print each fold's result as one JSON line on stdout as it finishes, instead of the table (with --henze-folds, one fold per process).")
  var foldLines = false

  @Flag(name: .customLong("henze-participants"), help: "MLP with --henze2017: print the participants, one fold each in file order, as a JSON line ({\"participants\": […]}) and train nothing (what a distributed run plans from).")
  var listParticipants = false

  @Option(name: .customLong("henze-combine"), help: "MLP with --henze2017: train nothing; print the table (or --json) from the fold lines in this file, for the folds given by --henze-folds (default all) and the same training options.")
  var combine: String?

  /// Refuses the options outside `train --henze2017 --family mlp`, and more than one of them at once.
  func validate(henze2017: Bool, family: String) throws {
    let given = [foldLines, listParticipants, combine != nil].filter { $0 }.count
    guard given > 0 else { return }
    guard henze2017, family == "mlp" else {
      throw ValidationError("--henze-fold-lines, --henze-participants and --henze-combine need --henze2017 --family mlp")
    }
    guard given == 1 else {
      throw ValidationError("--henze-fold-lines, --henze-participants and --henze-combine each do one thing: give one")
    }
  }
}
