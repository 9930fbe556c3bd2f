extension Henze2017MLPComparison {
  /// Which candidate each fold chose (or that it scored the mean of all), the mean's own
  /// early-stopping error when it was scored, and every candidate's early-stopping error (px, the
  /// geometric mean of the nine cells) with the epoch of the weights kept.
  ///
  /// With rotating early stopping the "early stop" column lists each candidate's participant in
  /// column order, and each error is on that candidate's own participant.
  ///
  /// Candidates are columns `c1`, `c2`, … named in a legend above the table, so that six
  /// candidates (`--candidate-hidden`) still read in a terminal; laid out by ``TextTable``.
  public static func foldTable(_ outcome: Outcome) -> String {
    let showsMean = outcome.folds.contains { $0.meanValidationError != nil }
    let labels = outcome.candidates.indices.map { "c\($0 + 1)" }
    var rows = [["held out", "early stop", "scored"] + (showsMean ? ["their mean"] : []) + labels]
    for fold in outcome.folds {
      let scored = fold.scoredMean ? "mean of all \(outcome.candidates.count)" : labels[fold.chosen]
      let mean = showsMean ? [fold.meanValidationError.map { String(format: "%.4f", $0) } ?? "—"] : []
      let errors = zip(fold.validationErrors, fold.bestEpochs).map { String(format: "%.4f (%d)", $0, $1) }
      // Rotating early stopping: each candidate's own participant, in column order.
      let stoppedOn = fold.validationParticipants?.joined(separator: ",") ?? fold.validationParticipant
      rows.append([fold.heldOut, stoppedOn, scored] + mean + errors)
    }
    // The first three columns are names; the rest are errors.
    let table = TextTable.render(rows, rightAligned: Set(3..<rows[0].count))
    let legend = ["early-stopping error, px (best epoch); candidates:"]
      + zip(labels, outcome.candidates).map { "  \($0) = \($1)" }
    return (legend + [table]).joined(separator: "\n")
  }
}
