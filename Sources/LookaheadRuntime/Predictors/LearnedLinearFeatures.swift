/// The input features of the learned linear predictor, shared by training (in the workbench) and
/// prediction (in the runtime), so that both see exactly the same numbers.
///
/// From the newest `historyCount + 1` samples we take the `historyCount` most recent velocities
/// `v_k = d_k / dt_k` (displacement over its own time step, so irregular sampling is handled),
/// newest first. With `rotateToMotion` they are expressed in a frame whose x axis points along
/// the newest velocity, which makes the model rotation-invariant (as the Henze et al. 2017
/// networks do by rotating each window). The features are `[v_1 … v_K, v_1·h … v_K·h]` (x and y of
/// each), and the target is the displacement to the horizon divided by the horizon, `Δ/h`, in the
/// same frame: `Δ = h·Σ Aₖvₖ + h²·Σ Bₖvₖ` is a linear constant-velocity-plus-acceleration form
/// whose weights are learned. No bias term, so predictions scale with the input (a faster stroke
/// of the same shape gives a proportionally larger prediction).
///
/// With rotation the newest velocity's cross-motion component is zero by construction, so its two
/// weights are never learned (ridge keeps them at zero).
///
/// Until `historyCount + 1` samples have been seen, the oldest known velocity is repeated, which
/// is constant-velocity extrapolation on the missing history.
package enum LearnedLinearFeatures {
  /// Number of features for a given history length.
  package static func featureCount(historyCount: Int) -> Int { 4 * historyCount }

  /// Number of targets (x and y).
  package static let targetCount = 2

  /// Writes the features of one prediction into `features` (length `featureCount`) and returns
  /// the rotation (cos, sin) used, so that a prediction in the rotated frame can be turned back.
  ///
  /// - Parameters:
  ///   - history: the recent samples, **oldest first**, at least 2, at most `historyCount + 1`.
  ///   - horizon: seconds from the newest sample to the predicted time, ≥ 0.
  /// - Returns: `nil` when fewer than two samples have distinct times (no velocity is known).
  @inlinable
  package static func write(
    history: UnsafeBufferPointer<PointerSample>, historyCount: Int, horizon: Double,
    rotateToMotion: Bool, into features: UnsafeMutableBufferPointer<Double>
  ) -> (cos: Double, sin: Double)? {
    let n = history.count
    guard n >= 2 else { return nil }
    // Newest velocity defines the frame.
    var cosine = 1.0, sine = 0.0
    var lastVx = 0.0, lastVy = 0.0
    var known = 0
    for k in 0..<historyCount {
      let newer = n - 1 - k
      if newer >= 1 {
        let a = history[newer - 1], b = history[newer]
        let dt = b.time - a.time
        if dt > 0 {
          lastVx = (b.x - a.x) / dt
          lastVy = (b.y - a.y) / dt
          known += 1
        }
      }
      if k == 0 {
        guard known == 1 else { return nil }
        if rotateToMotion {
          let speed = (lastVx * lastVx + lastVy * lastVy).squareRoot()
          if speed > 0 {
            cosine = lastVx / speed
            sine = lastVy / speed
          }
        }
      }
      // Rotate by −θ into the motion frame (the newest velocity lies on +x exactly).
      var rx = cosine * lastVx + sine * lastVy
      var ry = -sine * lastVx + cosine * lastVy
      if k == 0 && rotateToMotion {
        rx = (lastVx * lastVx + lastVy * lastVy).squareRoot()
        ry = 0
      }
      features[2 * k] = rx
      features[2 * k + 1] = ry
      features[2 * historyCount + 2 * k] = rx * horizon
      features[2 * historyCount + 2 * k + 1] = ry * horizon
    }
    return (cosine, sine)
  }

  /// The training target for a known future position: `Δ/h` rotated into the motion frame.
  @inlinable
  package static func target(
    from newest: PointerSample, to future: (x: Double, y: Double), horizon: Double,
    rotation: (cos: Double, sin: Double)
  ) -> (x: Double, y: Double) {
    let dx = (future.x - newest.x) / horizon
    let dy = (future.y - newest.y) / horizon
    return (rotation.cos * dx + rotation.sin * dy, -rotation.sin * dx + rotation.cos * dy)
  }
}
