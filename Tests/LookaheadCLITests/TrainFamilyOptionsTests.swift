import Foundation
@testable import lookahead
import Testing

/// One family's options given to a training of the other were ignored without a word:
/// `train --checkpoint x.ckpt --split holdout=0.5 …` trained the linear model with no checkpoint,
/// `train --family mlp --history 4 …` a network on its default history.
@Suite("train refuses the other family's options")
struct TrainFamilyOptionsTests {
  @Test("an MLP option on the linear model, and a linear one with --family mlp, are refused before loading", arguments: [
    (["--checkpoint", "x.ckpt"], "--checkpoint is an option of --family mlp, which the learned linear model does not read: add --family mlp to train a network"),
    (["--hidden=8", "--epochs", "3", "--seed", "2"], "--hidden, --epochs, --seed are options of --family mlp"),
    (["--family", "mlp", "--history", "4"], "--history is an option of the learned linear model, which --family mlp does not read (the network's history is --mlp-history)"),
    (["--family", "mlp", "--no-rotate", "--lambdas=1e-6"], "--no-rotate, --lambdas are options of the learned linear model"),
  ])
  func refused(options: [String], message: String) throws {
    let run = try DatasetsCommandTests.run(
      ["train", "--split", "holdout=0.5", "--data-dir", "/nonexistent"] + options + ["Henze2017-MobileHCI"])
    #expect(run.status != 0 && run.stderr.contains(message), "\(run.stderr)")
  }

  @Test("a value that looks like an option, or one after --, is not an option typed")
  func onlyOptionsCount() {
    #expect(TrainFamilyOptions.typed(["hidden"], in: ["lookahead", "train", "--hidden", "8"]) == ["--hidden"])
    #expect(TrainFamilyOptions.typed(["hidden"], in: ["lookahead", "train", "--", "--hidden"]).isEmpty)
    #expect(TrainFamilyOptions.typed(["hidden"], in: ["lookahead", "train", "--hidden-layers"]).isEmpty)
  }

  /// The list the check reads is the MLP section of `train --help` (less the Henze 2017 options,
  /// checked on their own): an option added there and not to the list would be ignored again on
  /// the linear model.
  @Test("the MLP-only list is the help's MLP section")
  func listMatchesHelp() throws {
    let help = try DatasetsCommandTests.run(["train", "--help"]).stdout
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("MLP OPTIONS") }, "\(help)")
    let section = lines[(start + 1)...].prefix { !$0.isEmpty }
    let names = section.compactMap { line -> String? in
      guard line.hasPrefix("  --") else { return nil }
      return String(line.dropFirst(4).prefix { $0 != " " })
    }.filter { !$0.hasPrefix("henze") }
    #expect(names.count > 20)
    #expect(Set(names) == Set(TrainFamilyOptions.mlpOnly), "\(Set(names).symmetricDifference(TrainFamilyOptions.mlpOnly))")
  }
}
