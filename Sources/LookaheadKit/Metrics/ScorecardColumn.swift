/// The scorecard columns the workbench reads by name (objectives, comparison and sweep tables,
/// reports), each spelled once here. The scorer composes its names from a channel, a statistic
/// and a unit (`error` + `mean` + `mm`); a test checks every name here is one it produces, so a
/// renamed channel fails that test instead of silently reading nothing.
public enum ScorecardColumn {
  public static let errorMeanMillimetres = "error_mean_mm"
  public static let errorMeanTraceUnits = "error_mean_native"
  public static let errorP95Millimetres = "error_p95_mm"
  public static let latencySavedMeanMilliseconds = "latency_saved_mean_ms"
  public static let remainingLagMeanMilliseconds = "remaining_lag_mean_ms"
  public static let strokeEndOvershootP95Millimetres = "stroke_end_overshoot_p95_mm"
  public static let jitterRMSMillimetres = "jitter_rms_mm"
  public static let wrongDirectionFraction = "wrong_direction_fraction"
  public static let declinedFraction = "declined_fraction"
  public static let wrongOrientationP95Degrees = "wrong_orientation_p95_deg"
  public static let horizonMeanMilliseconds = "horizon_mean_ms"

  /// Every name above.
  public static let all = [
    errorMeanMillimetres, errorMeanTraceUnits, errorP95Millimetres, latencySavedMeanMilliseconds,
    remainingLagMeanMilliseconds, strokeEndOvershootP95Millimetres, jitterRMSMillimetres, wrongDirectionFraction,
    declinedFraction, wrongOrientationP95Degrees, horizonMeanMilliseconds,
  ]
}
