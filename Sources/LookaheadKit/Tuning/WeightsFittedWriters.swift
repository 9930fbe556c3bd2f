import Foundation
import LookaheadRuntime

/// The writers a `tune --weights` model was fitted on, read from the model's own record, so that a
/// tune over trained weights does not call them held out.
///
/// `tune --weights m.model` searches only the stages over a network (or learned linear model)
/// trained before, perhaps on other writers than the tune's split trains on. Its held-out score
/// was said to come from writers "never seen by the search", which holds for the search and not
/// for the model it ships: the network may have been fitted on them. The tune's provenance now
/// counts them among its training writers (``ResultProvenance/weightsTrainWriters``), so a model
/// exported from it lists them and `evaluate --model` notes a score on them (``FittedWritersNote``),
/// and the held-out line says so.
public enum WeightsFittedWriters {
  /// The writers the weights at `url` were fitted on, when they were fitted on a file this run
  /// also read (`datasets`, by SHA-256: a writer's name in other data is another person); `nil`
  /// when the file records no writers or shares no file with the run.
  ///
  /// A model file records them in its provenance; a configuration JSON (`train -o m.json`) in
  /// the training result written beside it (`m.train.json`), when it is there.
  public static func fitted(weightsAt url: URL, datasets: [ResultProvenance.Dataset]) -> [String]? {
    guard let recorded = recorded(weightsAt: url), !recorded.writers.isEmpty else { return nil }
    let read = Set(datasets.flatMap { $0.files.map(\.sha256) })
    guard !recorded.files.isDisjoint(with: read) else { return nil }
    return recorded.writers
  }

  /// The files (SHA-256) the weights at `url` were fitted on and the writers they record.
  static func recorded(weightsAt url: URL) -> (files: Set<String>, writers: [String])? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    if PredictorConfigurationFile.isModelFile(data) {
      guard let model = try? ModelFile.decode(fileData: data), let writers = model.provenance.trainWriters else { return nil }
      return (Set(model.provenance.datasets.flatMap { $0.files.map(\.sha256) }), writers)
    }
    struct TrainingResult: Decodable { var provenance: ResultProvenance? }
    let resultURL = TuningDatasetLoader.resultURL(for: url, kind: "train")
    guard let resultData = try? Data(contentsOf: resultURL),
      let provenance = try? JSONDecoder().decode(TrainingResult.self, from: resultData).provenance,
      let writers = provenance.trainWriters
    else { return nil }
    return (Set(provenance.datasets.filter { $0.testData != true }.flatMap { $0.files.map(\.sha256) }), writers)
  }

  /// What the held-out line of a tune adds when the weights were fitted on some of `heldOut`, or
  /// nil when they were fitted on none of them (or the run had no `--weights` writers).
  public static func heldOutText(_ heldOut: [String], provenance: ResultProvenance) -> String? {
    guard let fitted = provenance.weightsTrainWriters.map(Set.init) else { return nil }
    let overlap = heldOut.filter(fitted.contains)
    guard !overlap.isEmpty else { return nil }
    return "but the --weights model was trained or selected on \(overlap.count == 1 ? "writer" : "writers") "
      + "\(WriterListText.joined(overlap)) (its provenance.trainWriters), so this is not a held-out score of the model"
  }
}
