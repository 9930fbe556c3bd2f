/// The inputs of the multilayer-perceptron predictor (``MLPPredictor``), shared by training (in
/// the workbench) and prediction (in the runtime), so that both see exactly the same numbers.
///
/// They extend the learned linear model's rate-aware features (``LearnedLinearFeatures``, always
/// in the frame of the newest motion) rather than restate them: the first `4K` inputs are those
/// features — the `K` newest velocities `v₁…v_K` (displacement over its own time step) and
/// `v₁h…v_Kh` — with lengths multiplied by `lengthScale`; then the log of each of the `K` time
/// steps (so the network knows the sample rate and can discount a suspiciously short step), and
/// last the horizon `h` in seconds (so one model serves any frame timing). `5K + 1` inputs in all.
/// Missing history repeats the oldest known step, as ``LearnedLinearFeatures`` does.
///
/// Inputs of this kind (velocities in a rotated frame, log time steps, the horizon) are what a
/// quick probe found to work (`../shared/design/LEARNED-PROBE.md`).
package enum MLPFeatures {
  /// Number of inputs for a history length `K`: `5K + 1`.
  package static func inputCount(historyCount: Int) -> Int { 5 * historyCount + 1 }

  /// Writes the inputs of one prediction into `inputs` (length ``inputCount(historyCount:)``) and
  /// returns the motion-frame rotation (cos, sin).
  ///
  /// - Parameters:
  ///   - history: the recent samples, **oldest first**, at least 2, at most `historyCount + 1`.
  ///   - horizon: seconds from the newest sample to the predicted time, > 0.
  ///   - lengthScale: the network's length unit per coordinate unit (see
  ///     ``MLPPredictor/Parameters/lengthScale``).
  /// - Returns: `nil` when the newest two samples do not have distinct times.
  package static func write(
    history: UnsafeBufferPointer<PointerSample>, historyCount: Int, horizon: Double, lengthScale: Double,
    into inputs: UnsafeMutableBufferPointer<Double>
  ) -> (cos: Double, sin: Double)? {
    let linearCount = LearnedLinearFeatures.featureCount(historyCount: historyCount)
    let linear = UnsafeMutableBufferPointer(rebasing: inputs[0..<linearCount])
    guard
      let rotation = LearnedLinearFeatures.write(
        history: history, historyCount: historyCount, horizon: horizon, rotateToMotion: true, into: linear)
    else { return nil }
    for f in 0..<linearCount { inputs[f] *= lengthScale }
    let n = history.count
    var lastStep = 0.0
    for k in 0..<historyCount {
      let newer = n - 1 - k
      if newer >= 1 {
        let step = history[newer].time - history[newer - 1].time
        if step > 0 { lastStep = step }
      }
      inputs[linearCount + k] = cLog(lastStep)
    }
    inputs[linearCount + historyCount] = horizon
    return rotation
  }

  /// The training target for a known future position: `Δ/h` in the motion frame, in the network's
  /// length unit per second.
  package static func target(
    from newest: PointerSample, to future: (x: Double, y: Double), horizon: Double,
    rotation: (cos: Double, sin: Double), lengthScale: Double
  ) -> (x: Double, y: Double) {
    let t = LearnedLinearFeatures.target(from: newest, to: future, horizon: horizon, rotation: rotation)
    return (t.x * lengthScale, t.y * lengthScale)
  }
}
