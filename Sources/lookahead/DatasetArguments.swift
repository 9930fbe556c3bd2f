import ArgumentParser

/// The positional dataset list of the commands that read several: registry names (`lookahead
/// datasets list`), `NAME:SUBSET`, or trace files and folders. Where shared datasets are found
/// is ``DatasetLocationOptions``.
struct DatasetArguments: ParsableArguments {
  @Argument(
    help: "Datasets: names (`lookahead datasets list`), NAME:SUBSET, or trace files/folders.",
    completion: NameCompletion.datasets)
  var datasets: [String] = []

  /// The datasets, refusing none (not in `validate()`: `train --henze2017` needs none).
  func required() throws -> [String] { try Self.required(datasets) }

  /// `datasets`, refusing an empty list with the one message every command gives.
  static func required(_ datasets: [String]) throws -> [String] {
    guard !datasets.isEmpty else { throw ValidationError("give at least one dataset") }
    return datasets
  }
}
