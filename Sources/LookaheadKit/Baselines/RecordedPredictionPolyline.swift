import LookaheadRuntime

/// The ink a platform's recorded predictions draw from one anchor sample: the polyline that starts
/// at the anchor (lead 0) and runs through the points recorded for it in time order, read at a
/// time by linear interpolation in time (x, y and, where both ends have it, pressure; altitude
/// and azimuth are the anchor's). The one reader behind ``RecordedPredictor`` (per-sample and
/// frame baselines) and ``RecordedFramePredictor`` (recorded predictions through the frame
/// replay), which differ only in what they answer outside the recorded span:
/// - ``Outside/nothing``: `nil` before the anchor's time and after the last recorded point: the
///   platform did not predict there, so a per-sample score skips it;
/// - ``Outside/heldEnds``: the anchor before it and the last recorded point after it, with the
///   asked time: what an app drawing the predicted touches shows, the tip of the predicted ink.
enum RecordedPredictionPolyline {
  enum Outside {
    case nothing
    case heldEnds
  }

  /// The point at `time` on the polyline from `anchor` through `points` (sorted by time).
  @inline(__always)
  static func point(
    at time: Double, from anchor: TraceSample, through points: ArraySlice<RecordedPrediction>, outside: Outside
  ) -> PredictedPoint? {
    if outside == .nothing, time < anchor.time { return nil }
    var previousTime = anchor.time
    var previousX = anchor.x
    var previousY = anchor.y
    var previousPressure = anchor.pressure
    for point in points {
      if time <= point.time {
        let span = point.time - previousTime
        // Clamped at 0 only before the anchor (any later segment is reached with time past its start).
        let fraction = span > 0 ? max(0, (time - previousTime) / span) : 1
        let pressure: Double? =
          if let a = previousPressure, let b = point.pressure { a + (b - a) * fraction } else {
            point.pressure ?? previousPressure
          }
        return PredictedPoint(
          time: time, x: previousX + (point.x - previousX) * fraction, y: previousY + (point.y - previousY) * fraction,
          pressure: pressure, altitude: anchor.altitude, azimuth: anchor.azimuth)
      }
      previousTime = point.time
      previousX = point.x
      previousY = point.y
      previousPressure = point.pressure ?? previousPressure
    }
    guard outside == .heldEnds else { return nil }
    return PredictedPoint(
      time: time, x: previousX, y: previousY, pressure: previousPressure, altitude: anchor.altitude,
      azimuth: anchor.azimuth)
  }
}
