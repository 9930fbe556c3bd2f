import LookaheadRuntime

/// The TurboTouch predictor (Nancel et al., UIST 2018, doi:10.1145/3242587.3242646): per axis, a
/// homogeneous finite-time differentiator estimates velocity, acceleration and jerk; the
/// prediction is the newest sample plus a weighted sum of them, switched on by a smoothed speed
/// gate; a 1€ filter then smooths the prediction vector.
///
/// A research baseline, never exported: the algorithm and its gains are under Inria's
/// research-only licence (`../shared/datasets/TurboTouch-Nancel2018/LICENSE.*`), so it lives in
/// `LookaheadKit` only. Restated from the paper and the authors' reference implementation
/// (`LokiResearch/TurboTouchPredictor`, `cpp/lag/predictor/TurbotouchPredictor.cpp`,
/// `cpp/main.cpp`), including the behaviours of that implementation that its reference output
/// depends on:
/// - the first, last and hover samples of a contact are "out of range": the differentiators
///   restart on entering and leaving contact (only the x one, and from a zero state, with
///   ``TurboTouchParameters/reproducesReferenceQuirks``; see there);
/// - the derivatives are faded in over ``TurboTouchParameters/transientSamples`` samples after a
///   contact starts, and the very first `transientSamples` samples since ``reset()`` are returned
///   unpredicted;
/// - the post-filter forgets its smoothed values at every out-of-range sample.
///
/// **Horizon.** TurboTouch's gains are optimised for one latency
/// (``TurboTouchParameters/lookahead``, 64 ms for ``TurboTouchParameters/turbotouch64``).
/// ``lookaheadPoint`` is that output as the algorithm defines it. ``predict(at:)`` answers other
/// horizons by scaling the prediction vector linearly with the horizon, `p + (P − p)·h/L`, so that
/// horizon 0 is the newest sample and horizon `L` is the algorithm's own output; this is our
/// choice, not the paper's.
///
/// **Reproducing the reference file.** The authors' program feeds a whole file to one predictor
/// and never resets it between strokes; do the same with ``observe(_:phase:)`` and no ``reset()``
/// to reproduce `strokesPredicted64GroundTruth.csv` (a test does). Through the plain
/// ``Predictor`` interface, ``reset()`` returns to the freshly made state, and the first sample
/// after it counts as the contact start.
///
/// Value type; `observe` and `predict` allocate nothing.
public struct TurboTouchPredictor: Predictor {
  public let parameters: TurboTouchParameters

  private var xDifferentiator: FiniteTimeDifferentiator
  private var yDifferentiator: FiniteTimeDifferentiator
  /// Samples left in the derivative fade-in, per axis.
  private var xSettling = 0
  private var ySettling = 0
  private var wasInContact = false
  /// The speed gate, 0 (off) … 1 (on).
  private var gate = 0.0
  private var samplesSinceReset = 0
  private var postFilter: TurboTouchPostFilter?
  private var newest: PointerSample?
  private var outputX = 0.0
  private var outputY = 0.0

  /// A predictor with checked parameters.
  public init(parameters: TurboTouchParameters) throws(BaselineParameterError) {
    try parameters.validate()
    self.init(checked: parameters)
  }

  private init(checked parameters: TurboTouchParameters) {
    self.parameters = parameters
    xDifferentiator = FiniteTimeDifferentiator(alpha: parameters.x.alpha, lambda: parameters.x.lambda)
    yDifferentiator = FiniteTimeDifferentiator(alpha: parameters.y.alpha, lambda: parameters.y.lambda)
    postFilter = parameters.postFilter.map { TurboTouchPostFilter(settings: $0) }
  }

  /// TurboTouch with the authors' 64 ms configuration, ``TurboTouchParameters/turbotouch64``.
  public static func turbotouch64() -> TurboTouchPredictor {
    TurboTouchPredictor(checked: .turbotouch64)
  }

  public mutating func reset() {
    self = TurboTouchPredictor(checked: parameters)
  }

  /// Takes a sample; the first one since ``reset()`` is the contact start (`down`), later ones
  /// are moves. No stroke-end event is ever inferred.
  public mutating func observe(_ sample: PointerSample) {
    observe(sample, phase: newest == nil ? .down : .move)
  }

  /// Takes a sample with the phase the platform reported, as the reference program does: `down`,
  /// `up` and `hover` are out-of-contact samples, `move` is in contact.
  public mutating func observe(_ sample: PointerSample, phase: StrokePhase) {
    let p = parameters
    let inContact = phase == .move
    let transition = inContact != wasInContact
    let scale = p.signalScale
    let quirks = p.reproducesReferenceQuirks
    if !quirks && newest == nil {
      // The paper's method: the observers start at the first measurement, not at zero.
      xDifferentiator.restart(at: sample.x / scale)
      yDifferentiator.restart(at: sample.y / scale)
    }

    if transition {
      xDifferentiator.restart(at: sample.x / scale)
      if inContact { xSettling = p.transientSamples }
    } else {
      xDifferentiator.advance(toward: sample.x / scale, period: p.samplingPeriod, substeps: p.integrationSubsteps)
      if xSettling > 0 { xSettling -= 1 }
    }
    if transition && !quirks {
      yDifferentiator.restart(at: sample.y / scale)
      if inContact { ySettling = p.transientSamples }
    } else {
      yDifferentiator.advance(toward: sample.y / scale, period: p.samplingPeriod, substeps: p.integrationSubsteps)
      if ySettling > 0 { ySettling -= 1 }
    }
    wasInContact = inContact

    let xFade = fadeIn(remaining: xSettling) * scale
    let yFade = fadeIn(remaining: ySettling) * scale
    let vx = xDifferentiator.velocity * xFade
    let vy = yDifferentiator.velocity * yFade

    // The gate: a first-order lag towards 1 above the speed threshold and towards 0 below it.
    let target: Double = vx * vx + vy * vy > p.speedThreshold * p.speedThreshold ? 1 : 0
    gate += p.gateGain * (target - gate)

    samplesSinceReset += 1
    var predictedX = sample.x
    var predictedY = sample.y
    if samplesSinceReset > p.transientSamples {
      predictedX += gate * p.x.displacement(
        velocity: vx, acceleration: xDifferentiator.acceleration * xFade, jerk: xDifferentiator.jerk * xFade)
      predictedY += gate * p.y.displacement(
        velocity: vy, acceleration: yDifferentiator.acceleration * yFade, jerk: yDifferentiator.jerk * yFade)
    }
    if postFilter != nil {
      if !inContact { postFilter?.reset() }
      if let filtered = postFilter?.process(
        predictedX: predictedX, predictedY: predictedY, sampleX: sample.x, sampleY: sample.y, time: sample.time)
      {
        predictedX = filtered.x
        predictedY = filtered.y
      }
    }
    // Non-finite input must not poison later strokes' output: fall back to the sample.
    if predictedX.isFinite && predictedY.isFinite {
      outputX = predictedX
      outputY = predictedY
    } else {
      outputX = sample.x
      outputY = sample.y
    }
    newest = sample
  }

  /// 0 just after a contact starts, rising linearly to 1 a quarter of the way through the
  /// transient samples (the reference implementation's fade-in).
  private func fadeIn(remaining: Int) -> Double {
    let duration = Double(parameters.transientSamples)
    guard duration > 0 else { return 1 }
    return max(1 - Double(remaining) / (duration / 4), 0)
  }

  /// The algorithm's own output for the newest sample: where it expects the pointer
  /// ``TurboTouchParameters/lookahead`` seconds later. `nil` before the first sample.
  public var lookaheadPoint: PredictedPoint? {
    guard let newest else { return nil }
    return PredictedPoint(
      time: newest.time + parameters.lookahead, x: outputX, y: outputY,
      pressure: newest.pressure, altitude: newest.altitude, azimuth: newest.azimuth)
  }

  /// The prediction vector scaled to the asked horizon (see the type's doc); `nil` before the
  /// first sample or for a time before the newest sample. Pressure and tilt are carried forward.
  public func predict(at time: Double) -> PredictedPoint? {
    guard let newest, time >= newest.time, time.isFinite else { return nil }
    let fraction = (time - newest.time) / parameters.lookahead
    return PredictedPoint(
      time: time,
      x: newest.x + (outputX - newest.x) * fraction,
      y: newest.y + (outputY - newest.y) * fraction,
      pressure: newest.pressure, altitude: newest.altitude, azimuth: newest.azimuth)
  }
}
