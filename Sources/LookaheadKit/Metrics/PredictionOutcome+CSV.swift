/// Per-prediction records as CSV, for notebooks (`pandas.read_csv`): times in seconds, positions
/// in trace units, undefined values empty. Columns are described in `Docs/Metrics.md`.
extension PredictionOutcome {
  public static let csvHeader = [
    "issue_time_s", "target_time_s", "anchor_time_s", "horizon_s", "declined", "anchor_x", "anchor_y", "shown_x",
    "shown_y", "truth_x", "truth_y", "error", "along_track", "cross_track", "direction_x", "direction_y",
    "true_speed", "landed_time_s", "latency_saved_s", "remaining_lag_s", "shown_pressure", "truth_pressure",
  ].joined(separator: ",")

  /// This record as one CSV row matching ``csvHeader``.
  public var csvRow: String {
    let cells: [Double?] = [
      issueTime, targetTime, anchorTime, horizon, declined ? 1 : 0, anchorX, anchorY, shownX, shownY, truthX,
      truthY, error, alongTrack, crossTrack, hasDirection ? directionX : nil, hasDirection ? directionY : nil,
      trueSpeed, landedTime, latencySaved, remainingLag, shownPressure, truthPressure,
    ]
    return cells.map(Scorecard.csvNumber).joined(separator: ",")
  }
}
