extension Predictor {
  /// Writes the predicted path at `start`, `start + interval`, `start + 2·interval`, … into
  /// `buffer`, stopping at the first time the predictor declines to predict.
  ///
  /// Platforms hand an app several predicted samples per frame (UIKit's predicted touches,
  /// AndroidX `MotionEventPredictor` batches), so a renderer asks for a short path rather than a
  /// single point. The caller owns the buffer, so a frame allocates nothing.
  ///
  /// - Parameters:
  ///   - start: time of the first point, seconds on the samples' clock.
  ///   - interval: spacing of the points, seconds (> 0; a non-positive or non-finite interval
  ///     writes at most the first point).
  ///   - buffer: where the points go; its count is the maximum number of points.
  /// - Returns: how many points were written (a prefix of `buffer`).
  public func predictPath(
    from start: Double, interval: Double, into buffer: UnsafeMutableBufferPointer<PredictedPoint>
  ) -> Int {
    var written = 0
    let limit = (interval > 0 && interval.isFinite) ? buffer.count : min(1, buffer.count)
    while written < limit {
      guard let point = predict(at: start + Double(written) * interval) else { break }
      buffer[written] = point
      written += 1
    }
    return written
  }
}
