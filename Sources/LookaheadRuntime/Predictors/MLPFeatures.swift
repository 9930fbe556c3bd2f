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
/// **Late-report re-timing** (opt-in, ``MLPPredictor/Parameters/lateReportFraction``): the window
/// arrives with its late-stamped reports re-timed (``LateReportRetiming``, by the predictor's
/// ``LearnedSampleHistory``), so a step of a fraction of a millisecond carrying a whole step's
/// motion does not become a velocity tens of times too large, in the inputs or in the
/// constant-velocity base.
///
/// Inputs of this kind (velocities in a rotated frame, log time steps, the horizon) are what a
/// quick probe found to work (`../shared/design/LEARNED-PROBE.md`).
///
/// **Pen inputs** (opt-in, ``MLPPredictor/Parameters/penInputs``) add ``penInputCount`` more after
/// those, in three groups, each led by a "known" input — 1 when the newest sample has the property
/// (a finite value), else 0 with the group's other inputs 0 — so one model trains on a pool that mixes finger traces
/// (Henze 2017, TurboTouch: nothing) with pen traces (SVC2004, Wacom MSP13, Inkable: all three)
/// and predicts on either:
/// - pressure: known; the newest pressure (0…1, as ``PointerSample`` holds it); its rate of change
///   over the history held (newest minus oldest, per second, 0 when the oldest has none) — a pen
///   lifting off lightens before it stops, and a rate rather than a difference keeps the input the
///   same at any sample rate, like the velocities;
/// - altitude: known; the newest altitude in radians (π/2 upright) — how the pen leans;
/// - azimuth: known; cos and sin of the newest azimuth minus the motion angle, that is the pen's
///   lean direction in the frame of the newest motion, so these inputs turn with the stroke like the
///   velocities and a rotated stroke gives the same inputs (the lean relative to the motion tells a
///   push stroke from a pull). The azimuth is read in the trace's frame, from +x towards +y of the
///   coordinates (UIKit's and Pointer Events' convention; the importers turn each device's into it),
///   so the inputs mean the same lean on every device.
/// Tilt changes slowly during writing, so only the newest value of altitude and azimuth is read.
///
/// **Speed normalisation** (opt-in, ``MLPPredictor/Parameters/speedNormalized``) divides the `4K`
/// velocity inputs by the window's reference speed (``referenceSpeed(of:historyCount:)``), and the
/// network's correction is multiplied by it again (``MLPPredictor``). The learned linear model has
/// no bias and so scales with its input; a network with biases does not, and extrapolates badly at
/// speeds its training never reached. Normalised, a stroke made larger at the same tempo (all
/// speeds × α) gives the same network inputs and exactly α times the predicted displacement.
/// With the **speed input** (``MLPPredictor/Parameters/speedInput``) the log of the reference speed
/// is one more input, the last: the network can still tell a slow stroke from a fast one (a
/// resting pen's noise from a flick), while the velocity inputs stay free of the stroke's scale.
package enum MLPFeatures {
  /// Number of inputs for a history length `K`: `5K + 1`, plus ``penInputCount`` with pen inputs,
  /// plus one with the speed input.
  package static func inputCount(historyCount: Int, penInputs: Bool = false, speedInput: Bool = false) -> Int {
    5 * historyCount + 1 + (penInputs ? penInputCount : 0) + (speedInput ? 1 : 0)
  }

  /// The pen inputs: pressure (known, value, rate), altitude (known, value), azimuth (known,
  /// cos, sin relative to the motion).
  package static let penInputCount = 8

  /// Where the azimuth's sin relative to the motion sits among the pen inputs (the last one): the
  /// one pen input a mirror image changes (``writeMirrored(_:into:historyCount:penInputs:)``).
  static let penAzimuthSinIndex = 7

  /// The smallest reference speed, network length units per second (mm/s when the unit is known):
  /// a resting pen's window is divided by this, not by a speed near 0.
  package static let minimumReferenceSpeed = 1.0

  /// The frame a prediction's inputs are written in: the rotation into the newest motion, and the
  /// speed the velocity inputs were divided by (1 without speed normalisation).
  package struct Frame: Sendable {
    package var cos: Double
    package var sin: Double
    /// Network length units per second; the network's correction is multiplied by it.
    package var referenceSpeed: Double

    /// The rotation (cos, sin) alone.
    package var rotation: (cos: Double, sin: Double) { (cos, sin) }
  }

  /// The reference speed of a window's velocity inputs (the first `4K` inputs, in the network's
  /// length unit): the mean length of the `K` velocities `v₁…v_K`, at least
  /// ``minimumReferenceSpeed``. A mean over the window rather than `‖v₁‖` alone, so one step with a
  /// late timestamp does not blow up every other input.
  package static func referenceSpeed(of inputs: UnsafeBufferPointer<Double>, historyCount: Int) -> Double {
    var sum = 0.0
    for k in 0..<historyCount {
      let x = inputs[2 * k], y = inputs[2 * k + 1]
      sum += (x * x + y * y).squareRoot()
    }
    return max(minimumReferenceSpeed, sum / Double(historyCount))
  }

  /// Writes the inputs of one prediction into `inputs` (length ``inputCount(historyCount:penInputs:)``)
  /// and returns the frame they are in: the motion-frame rotation (cos, sin) and, with
  /// `speedNormalized`, the reference speed the velocity inputs were divided by.
  ///
  /// - Parameters:
  ///   - history: the recent samples, **oldest first**, at least 2, at most `historyCount + 1`.
  ///   - horizon: seconds from the newest sample to the predicted time, > 0.
  ///   - lengthScale: the network's length unit per coordinate unit (see
  ///     ``MLPPredictor/Parameters/lengthScale``).
  ///   - penInputs: append the pen inputs (``penInputCount`` values after the `5K + 1`).
  ///   - speedNormalized: divide the `4K` velocity inputs by ``referenceSpeed(of:historyCount:)``.
  ///   - speedInput: append the log of that reference speed (the last input; with
  ///     `speedNormalized` only).
  /// - Returns: `nil` when the newest two samples do not have distinct times.
  package static func write(
    history: UnsafeBufferPointer<PointerSample>, historyCount: Int, horizon: Double, lengthScale: Double,
    penInputs: Bool = false, speedNormalized: Bool = false, speedInput: Bool = false,
    into inputs: UnsafeMutableBufferPointer<Double>
  ) -> Frame? {
    let linearCount = LearnedLinearFeatures.featureCount(historyCount: historyCount)
    let linear = UnsafeMutableBufferPointer(rebasing: inputs[0..<linearCount])
    guard
      let rotation = LearnedLinearFeatures.write(
        history: history, historyCount: historyCount, horizon: horizon, rotateToMotion: true, into: linear)
    else { return nil }
    for f in 0..<linearCount { inputs[f] *= lengthScale }
    var referenceSpeed = 1.0
    if speedNormalized {
      referenceSpeed = Self.referenceSpeed(of: UnsafeBufferPointer(inputs), historyCount: historyCount)
      for f in 0..<linearCount { inputs[f] /= referenceSpeed }
    }
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
    if penInputs {
      writePenInputs(
        history: history, rotation: rotation,
        into: UnsafeMutableBufferPointer(rebasing: inputs[(linearCount + historyCount + 1)..<(linearCount + historyCount + 1 + penInputCount)]))
    }
    if speedInput {
      inputs[linearCount + historyCount + 1 + (penInputs ? penInputCount : 0)] = cLog(referenceSpeed)
    }
    return Frame(cos: rotation.cos, sin: rotation.sin, referenceSpeed: referenceSpeed)
  }

  /// Writes the ``penInputCount`` pen inputs (see the type's documentation) of `history` (oldest
  /// first, at least 2 samples with increasing times) into `pen`.
  static func writePenInputs(
    history: UnsafeBufferPointer<PointerSample>, rotation: (cos: Double, sin: Double),
    into pen: UnsafeMutableBufferPointer<Double>
  ) {
    for i in 0..<penInputCount { pen[i] = 0 }
    let newest = history[history.count - 1], oldest = history[0]
    // A non-finite property counts as unknown (the history keeps samples whose position is finite
    // whatever their pen properties), so it can never turn a prediction into NaN.
    if let pressure = newest.pressure, pressure.isFinite {
      pen[0] = 1
      pen[1] = pressure
      if let before = oldest.pressure, before.isFinite {
        pen[2] = (pressure - before) / (newest.time - oldest.time)
      }
    }
    if let altitude = newest.altitude, altitude.isFinite {
      pen[3] = 1
      pen[4] = altitude
    }
    if let azimuth = newest.azimuth, azimuth.isFinite {
      // The unit vector of the azimuth, rotated by −θ into the motion frame: cos and sin of
      // (azimuth − θ).
      let ax = cCos(azimuth), ay = cSin(azimuth)
      pen[5] = 1
      pen[6] = rotation.cos * ax + rotation.sin * ay
      pen[penAzimuthSinIndex] = -rotation.sin * ax + rotation.cos * ay
    }
  }

  /// Writes into `mirrored` the inputs of the window's mirror image across the motion (`inputs`
  /// as ``write(history:historyCount:horizon:lengthScale:penInputs:into:)`` wrote them): every
  /// cross-motion velocity component (the odd entries of the first `4K`) and the azimuth's sin
  /// relative to the motion change sign; speeds along the motion, time steps, the horizon,
  /// pressure and altitude stay. These are exactly the inputs the stroke mirrored in the screen's
  /// x axis would give, since the motion frame turns the other way with it. A component is
  /// negated as `0 − v`, so a zero stays +0 (the newest velocity's cross-motion component is 0 by
  /// construction).
  package static func writeMirrored(
    _ inputs: UnsafeBufferPointer<Double>, into mirrored: UnsafeMutableBufferPointer<Double>, historyCount: Int,
    penInputs: Bool
  ) {
    for i in 0..<inputs.count { mirrored[i] = inputs[i] }
    let linearCount = LearnedLinearFeatures.featureCount(historyCount: historyCount)
    for i in stride(from: 1, to: linearCount, by: 2) { mirrored[i] = 0 - inputs[i] }
    if penInputs {
      let azimuthSin = linearCount + historyCount + 1 + penAzimuthSinIndex
      mirrored[azimuthSin] = 0 - inputs[azimuthSin]
    }
  }

  /// The training target for a known future position: `Δ/h` in the motion frame, in the network's
  /// length unit per second, divided by the frame's reference speed (as the velocity inputs are).
  package static func target(
    from newest: PointerSample, to future: (x: Double, y: Double), horizon: Double, frame: Frame,
    lengthScale: Double
  ) -> (x: Double, y: Double) {
    let t = LearnedLinearFeatures.target(from: newest, to: future, horizon: horizon, rotation: frame.rotation)
    return (t.x * lengthScale / frame.referenceSpeed, t.y * lengthScale / frame.referenceSpeed)
  }
}
