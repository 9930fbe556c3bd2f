/// The paired comparison of `compare --protocol anchor`: at every horizon, each predictor against
/// the baseline, stroke by stroke, on each stroke's mean error at that horizon (mm when the
/// dataset's scale is known, else native units), by ``PairedComparison``'s method (bootstrap over
/// writers and then their strokes, or over strokes).
///
/// The protocol table pools every issue point. The comparison weighs every stroke the same
/// instead: the points of one stroke are strongly correlated, and a bootstrap over points would
/// give an interval far too narrow. So its mean difference is not the difference of the table's
/// two means, though both have the same sign when one predictor is better on nearly every stroke.
enum AnchorPairedComparisons {
  /// The scorecard column the comparisons are named by: each stroke's mean error.
  static func column(millimetresPerUnit: Double?) -> String {
    millimetresPerUnit == nil ? ScorecardColumn.errorMeanTraceUnits : ScorecardColumn.errorMeanMillimetres
  }

  /// Every predictor of `scored` but the baseline against it (`baseline`, or the first), horizon
  /// by horizon, in the order of `scored` and then of the horizons.
  ///
  /// - Parameters:
  ///   - scored: each predictor's label and its ``ProtocolEvaluation/anchorScores(_:dataset:)``,
  ///     scored on `strokes`.
  ///   - horizonLabels: the label of each horizon, in the scores' order.
  static func compare(
    _ scored: [(label: String, scores: [PerSampleScore])], baseline: String?, strokes: [Stroke],
    horizonLabels: [String], millimetresPerUnit: Double?, resamples: Int, seed: UInt64
  ) -> [PairedComparison] {
    guard scored.count > 1 else { return [] }
    let base = scored.first { $0.label == baseline } ?? scored[0]
    let scale = millimetresPerUnit ?? 1
    var comparisons: [PairedComparison] = []
    for candidate in scored where candidate.label != base.label {
      for h in candidate.scores.indices where h < base.scores.count && h < horizonLabels.count {
        let mine = candidate.scores[h].strokeMeanErrors, theirs = base.scores[h].strokeMeanErrors
        var pairs: [PairedComparison.Pair] = []
        for s in strokes.indices where s < mine.count && s < theirs.count {
          guard let value = mine[s], let other = theirs[s], value.isFinite, other.isFinite else { continue }
          pairs.append(PairedComparison.Pair(candidate: value * scale, baseline: other * scale, writer: strokes[s].writer))
        }
        if let comparison = PairedComparison.compare(
          candidate: candidate.label, baseline: base.label, column: column(millimetresPerUnit: millimetresPerUnit),
          better: .lower, pairs: pairs, horizon: horizonLabels[h], resamples: resamples, seed: seed)
        {
          comparisons.append(comparison)
        }
      }
    }
    return comparisons
  }
}
