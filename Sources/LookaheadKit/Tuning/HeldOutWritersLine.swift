/// The line above a tune's or training's held-out table, naming whose data the table scores.
///
/// `--test` data of another task of the training dataset (`train --test Henze2017-MobileHCI:Write
/// Henze2017-MobileHCI:Fitts`) holds no stroke the run saw, so ``HeldOutOverlap`` lets it pass, but
/// its writers are the training writers: the score is one of held-out recordings of known hands,
/// not of new writers, and reads better than one. The heading said "held-out writers (never
/// trained on)" all the same; it now names the writers the training data has too.
public enum HeldOutWritersLine {
  /// `held-out writers (never trained on): A, B`, or, when some of `writers` are also training
  /// writers of the same source, `held-out data (never trained on): A, B; of these, A is also a
  /// training writer (other recordings of SOURCE), so this is not a score on new writers`.
  /// - Parameter never: what the run never did with the data (`never trained on`).
  public static func text(_ writers: [String], never: String, provenance: ResultProvenance) -> String {
    let shared = writersAlsoTrainedOn(provenance)
    guard !shared.isEmpty else { return "held-out writers (\(never)): \(WriterListText.joined(writers))" }
    let sources = sharedSources(provenance).joined(separator: ", ")
    return "held-out data (\(never)): \(WriterListText.joined(writers)); of these, "
      + "\(WriterListText.joined(shared)) \(shared.count == 1 ? "is also a training writer" : "are also training writers") "
      + "(other recordings of \(sources)), so this is not a score on new writers"
  }

  /// The test writers that are also training writers of a source both the `--test` data and the
  /// training data come from. A writer name alone, in data of another source, is another person.
  public static func writersAlsoTrainedOn(_ provenance: ResultProvenance) -> [String] {
    guard !sharedSources(provenance).isEmpty, let trained = provenance.trainWriters.map(Set.init),
      let tested = provenance.testWriters
    else { return [] }
    return tested.filter(trained.contains)
  }

  /// Sources that are in both the `--test` data and the training data, in the test data's order.
  static func sharedSources(_ provenance: ResultProvenance) -> [String] {
    let training = Set(provenance.datasets.filter { $0.testData != true }.map(\.source))
    var sources: [String] = []
    for dataset in provenance.datasets where dataset.testData == true && training.contains(dataset.source) {
      if !sources.contains(dataset.source) { sources.append(dataset.source) }
    }
    return sources
  }
}
