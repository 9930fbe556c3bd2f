/// Colours of report figures: one per predictor, in the order predictors first appear, from
/// Okabe & Ito's colour-blind-safe set ("Color Universal Design", 2008), so curves stay
/// distinguishable for readers with the common colour-vision deficiencies.
public enum ReportPalette {
  public static let series = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]

  /// The colour of the `index`-th series (cycling).
  public static func colour(_ index: Int) -> String { series[((index % series.count) + series.count) % series.count] }

  /// True ink.
  public static let ink = "#222222"
  /// Provisional (predicted) ink.
  public static let provisional = "#D55E00"
  /// Marks for the stroke end and overshoot.
  public static let strokeEnd = "#0072B2"
}
