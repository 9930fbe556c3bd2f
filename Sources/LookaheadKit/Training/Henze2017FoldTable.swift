extension Henze2017MLPComparison {
  /// Which candidate each fold chose (or that it scored the mean of all), the mean's own
  /// early-stopping error when it was scored, and every candidate's early-stopping error (px, the
  /// geometric mean of the nine cells) with the epoch of the weights kept.
  ///
  /// Candidates are columns `c1`, `c2`, … named in a legend above the table, so that six
  /// candidates (`--candidate-hidden`) still fit a terminal; columns are padded to their widest cell.
  public static func foldTable(_ outcome: Outcome) -> String {
    let showsMean = outcome.folds.contains { $0.meanValidationError != nil }
    let labels = outcome.candidates.indices.map { "c\($0 + 1)" }
    var rows = [["held out", "early stop", "scored"] + (showsMean ? ["their mean"] : []) + labels]
    for fold in outcome.folds {
      let scored = fold.scoredMean ? "mean of all \(outcome.candidates.count)" : labels[fold.chosen]
      let mean = showsMean ? [fold.meanValidationError.map { String(format: "%.4f", $0) } ?? "—"] : []
      let errors = zip(fold.validationErrors, fold.bestEpochs).map { String(format: "%.4f (%d)", $0, $1) }
      rows.append([fold.heldOut, fold.validationParticipant, scored] + mean + errors)
    }
    let widths = rows[0].indices.map { column in rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
    let table = rows.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        if column > 0 { line += "  " }
        line += column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }
      return line
    }
    let legend = ["early-stopping error, px (best epoch); candidates:"]
      + zip(labels, outcome.candidates).map { "  \($0) = \($1)" }
    return (legend + table).joined(separator: "\n")
  }
}
