import ArgumentParser

/// Options of one predictor family given to a training of the other, refused instead of ignored.
///
/// `train` carries both families' options (the learned linear model's `--history`, `--lambdas`,
/// `--no-rotate`; the network's section of `--help`), and each family read only its own, so
/// `train --checkpoint x.ckpt --split holdout=0.5 -o m.json DATA` trained the linear model with no
/// checkpoint and `train --family mlp --history 4 …` trained a network on its default history,
/// both without a word. Most options have defaults, so whether one was typed is read from the
/// command line's own arguments (`--name` or `--name=value`, up to a `--`); the Henze 2017
/// options are checked before this, with their own message.
enum TrainFamilyOptions {
  /// Long names read by `--family mlp` only (the "MLP options" section of `train --help` but
  /// the Henze 2017 ones, checked on their own).
  static let mlpOnly: [String] = [
    "mlp-history", "hidden", "activation", "epochs", "patience", "batch-size", "learning-rate", "learning-rate-decay",
    "weight-average", "weight-decay", "dropout", "overshoot-weight", "relative-horizon-loss", "pen-inputs", "mirror-average",
    "speed-normalized", "speed-input", "training-precision", "augment", "validation-per-dataset", "augment-validation",
    "stroke-end-rows", "resample-test", "resample-test-resolution", "seed", "checkpoint", "ensemble", "select",
    "ensemble-candidates", "candidate-hidden",
  ]

  /// Long names read by the learned linear model only.
  static let linearOnly: [String] = ["history", "lambdas", "no-rotate"]

  /// The options of `names` typed in `arguments` (the program name first), as `--name`, in the
  /// order first typed.
  static func typed(_ names: [String], in arguments: [String]) -> [String] {
    var found: [String] = []
    for argument in arguments.dropFirst() {
      if argument == "--" { break }
      guard argument.hasPrefix("--") else { continue }
      let name = String(argument.dropFirst(2).prefix { $0 != "=" })
      if names.contains(name), !found.contains("--" + name) { found.append("--" + name) }
    }
    return found
  }

  /// Throws naming the other family's options typed for a training of `family`.
  static func check(family: String, arguments: [String]) throws {
    let mlp = family == "mlp"
    let foreign = typed(mlp ? linearOnly : mlpOnly, in: arguments)
    guard !foreign.isEmpty else { return }
    let which = foreign.count == 1 ? "is an option" : "are options"
    if mlp {
      throw ValidationError(
        "\(foreign.joined(separator: ", ")) \(which) of the learned linear model, which --family mlp does not read "
          + "(the network's history is --mlp-history)")
    }
    throw ValidationError(
      "\(foreign.joined(separator: ", ")) \(which) of --family mlp, which the learned linear model does not read: "
        + "add --family mlp to train a network")
  }
}
