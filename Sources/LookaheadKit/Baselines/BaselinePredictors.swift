/// Plain factories for the baselines that are not exported, for the predictor catalog to
/// register (name, description, how to build). They live in `LookaheadKit` only: TurboTouch is
/// under a research-only licence, and a recorded predictor needs the recording.
public enum BaselinePredictors {
  /// Catalog name of ``turboTouch64()``.
  public static let turboTouch64Name = "turbotouch64"
  /// One line for `predictors list`.
  public static let turboTouch64Description =
    "TurboTouch (Nancel et al. 2018): finite-time differentiator, speed gate, 1€ post-filter; gains for 64 ms (research-only licence, not exportable)"

  /// TurboTouch with the authors' 64 ms gains and its reference-implementation behaviour, the
  /// configuration that produced `strokesPredicted64GroundTruth.csv`.
  public static func turboTouch64() -> TurboTouchPredictor {
    TurboTouchPredictor.turbotouch64()
  }

  /// TurboTouch with other parameters, checked against their documented ranges.
  public static func turboTouch(parameters: TurboTouchParameters) throws(BaselineParameterError) -> TurboTouchPredictor {
    try TurboTouchPredictor(parameters: parameters)
  }

  /// Catalog name of ``recorded(stroke:selection:)``.
  public static let recordedName = "recorded"
  /// One line for `predictors list`.
  public static let recordedDescription =
    "The platform's own predictions stored in the trace (Apple UIKit predicted touches, TurboTouch reference output), replayed by anchor sample"

  /// Replays `stroke`'s recorded predictions; build one per stroke (the predictor holds that
  /// stroke's predictions). Strokes without recorded predictions give `nil` at every call.
  public static func recorded(
    stroke: Stroke, selection: RecordedPredictor.Selection = .interpolated
  ) -> RecordedPredictor {
    RecordedPredictor(stroke: stroke, selection: selection)
  }
}
