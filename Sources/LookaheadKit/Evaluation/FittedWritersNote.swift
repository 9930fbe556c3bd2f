import LookaheadRuntime

/// The note `evaluate`, `compare` and `sweep` print when an exported model is scored on writers it
/// was fitted or searched on.
///
/// A model exported from a tune or a training records the writers it was selected on
/// (`provenance.trainWriters`) and the files of the data, with their checksums. Scoring it on the
/// whole dataset again (`evaluate --model m.model WacomMSP13-HandwritingSpeed` after
/// `train --split holdout=0.5`) mixes its training writers into the score, which then reads better
/// than anything held out, and nothing said so. The workbench's rule is that a number is reported
/// on data the model was neither trained nor selected on, so the note names the writers and the
/// reference that scores the held-out ones only. A note, not an error: scoring on training data is
/// a legitimate check (how much it fits), as long as it is not mistaken for a held-out score.
public enum FittedWritersNote {
  /// The one-line note for `model` (as the user gave it, `path`) scored on `dataset`, or nil when
  /// the model records no training writers, the dataset is other data, or none of its writers was
  /// fitted on.
  ///
  /// The dataset is the model's own data when one of its files has the checksum of a file the
  /// model records; a model that records no checksums is matched on the dataset's name instead
  /// (the part of the reference before `:`).
  public static func text(for model: ModelFile, path: String, dataset: EvaluationDataset) -> String? {
    let provenance = model.provenance
    guard let fitted = provenance.trainWriters.map(Set.init), isSameData(provenance, dataset) else { return nil }
    guard !fitted.isEmpty else { return writerlessText(path: path, dataset: dataset) }
    let scored = dataset.trace.writers
    let overlap = scored.filter(fitted.contains)
    guard !overlap.isEmpty else { return nil }
    let heldOut = scored.filter { !fitted.contains($0) }
    let remedy = heldOut.isEmpty
      ? "every writer of it was fitted on, so no part of it gives a held-out score"
      : "for a held-out score give \(WriterSelection.base(of: dataset.reference)):writer=\(heldOut.joined(separator: ","))"
    return "note: \(path) was fitted on \(overlap.count == 1 ? "writer" : "writers") \(overlap.joined(separator: ", ")) "
      + "of \(dataset.reference) (provenance.trainWriters), so this score includes data the model was trained or "
      + "selected on; \(remedy)"
  }

  /// The note for a model fitted on strokes that record no writer (an empty
  /// `provenance.trainWriters`: such strokes cannot be split by writer, so a run fitted on all of
  /// them) scored on its own data again, or nil when the scored strokes all have a writer.
  static func writerlessText(path: String, dataset: EvaluationDataset) -> String? {
    guard dataset.trace.strokes.contains(where: { $0.writer == nil }) else { return nil }
    return "note: \(path) was fitted on strokes of \(dataset.reference) that record no writer (provenance.datasets and an "
      + "empty provenance.trainWriters), so this score includes data the model was trained or selected on; "
      + "for a held-out score give data it was not fitted on"
  }

  /// Whether `dataset` reads the data `provenance` was made from.
  static func isSameData(_ provenance: ModelProvenance, _ dataset: EvaluationDataset) -> Bool {
    let recorded = Set(provenance.datasets.flatMap { $0.files.map(\.sha256) })
    if !recorded.isEmpty {
      return dataset.files.contains { recorded.contains($0.sha256) }
    }
    let names = Set(provenance.datasets.map { baseName($0.name).lowercased() })
    return names.contains(baseName(dataset.reference).lowercased())
  }

  /// `NAME` of `NAME:SUBSET` (a path without `:` stays whole).
  static func baseName(_ reference: String) -> String {
    reference.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? reference
  }
}
