/// A family predictor wrapped in the stages every exported predictor shares: input hygiene, gap
/// reset, an optional 1€ pre-filter, gates, an optional 1€ post-filter, and pressure policy.
/// ``PredictorConfiguration/makePredictor()`` builds every predictor this way.
///
/// Order of work on each sample: drop it if its time or position is not finite or its time goes
/// backwards (an equal time is passed on: each family treats it as a re-report of the instant);
/// reset everything if the gap since the previous sample exceeds ``PredictorStages/gapLimitSeconds``
/// (Chromium's `kMaxTimeDelta`, 20 ms, treats such a gap as a new stroke); pre-filter the
/// position; feed the family and the gates.
///
/// The post-filter smooths what the family predicts, not where the pen is: after each sample it
/// takes the family's offset (prediction − newest sample) at a reference horizon, runs it through
/// a 1€ filter, and later corrects a prediction at horizon h by (filtered − raw offset)·h/h_ref.
/// A steady offset (a constant-speed line) is left exactly as is; a jittery one is calmed. This
/// keeps `predict(at:)` free of side effects, as the protocol requires.
///
/// Tilt and azimuth are carried forward from the newest sample. Pressure is the family's (the
/// newest sample's, or the Kalman pressure filter's) or, with ``PressurePolicy/extrapolate``,
/// extrapolated from the last two pressure reports and clamped to 0…1.
public struct ComposedPredictor<Base: Predictor>: Predictor {
  public let stages: PredictorStages
  private var gates: PredictionGates
  /// False when every gate is off: the gates are then neither fed nor asked (they would return
  /// the horizon unchanged), which keeps a plain family nearly as cheap as its bare struct.
  private let usesGates: Bool
  private var prefilter: OneEuroFilter?
  private var postfilter: OneEuroFilter?
  // The newest accepted sample, kept field by field (time NaN: none yet). Reading single fields
  // rather than copying a whole optional sample out on each prediction avoids a stall where
  // wide loads wait on the narrow stores that just wrote the sample.
  private var lastTime = Double.nan
  private var lastX = 0.0
  private var lastY = 0.0
  private var lastAltitude: Double?
  private var lastAzimuth: Double?
  private var lastPressure = SIMD2<Double>(.nan, .nan)  // (time, pressure)
  private var previousPressure = SIMD2<Double>(.nan, .nan)
  private var rawOffset = SIMD2<Double>.zero
  private var filteredOffset = SIMD2<Double>.zero
  private var hasOffset = false
  /// Stored last on purpose: the methods run as unspecialised generic code (the predictor is
  /// used through `any Predictor`), and every field laid out before `base` keeps an offset known
  /// at compile time, while fields after a generic one would be located at run time on each access.
  public private(set) var base: Base

  public init(base: Base, stages: PredictorStages = PredictorStages()) {
    self.base = base
    self.stages = stages
    gates = PredictionGates(parameters: stages.gates)
    usesGates = stages.gates.isActive
    prefilter = stages.prefilter.map { OneEuroFilter(parameters: $0) }
    postfilter = stages.postfilter.map { OneEuroFilter(parameters: $0) }
  }

  public mutating func reset() {
    base.reset()
    gates.reset()
    prefilter?.reset()
    postfilter?.reset()
    lastTime = .nan
    lastAltitude = nil
    lastAzimuth = nil
    lastPressure = SIMD2(.nan, .nan)
    previousPressure = SIMD2(.nan, .nan)
    rawOffset = .zero
    filteredOffset = .zero
    hasOffset = false
  }

  public mutating func observe(_ input: PointerSample) {
    guard input.time.isFinite, input.x.isFinite, input.y.isFinite else { return }
    if !lastTime.isNaN {
      if input.time < lastTime { return }
      if stages.gapLimitSeconds > 0, input.time - lastTime > stages.gapLimitSeconds { reset() }
    }
    // The sample goes to the family as it came unless it needs mending (a non-finite optional
    // property, or the pre-filter): passing the caller's sample on untouched spares a copy that
    // the family would read back before the writes had settled.
    if prefilter == nil, input.hasFiniteProperties {
      accept(input)
      return
    }
    var sample = input
    if let p = sample.pressure, !p.isFinite { sample.pressure = nil }
    if let a = sample.altitude, !a.isFinite { sample.altitude = nil }
    if let a = sample.azimuth, !a.isFinite { sample.azimuth = nil }
    if var filter = prefilter {
      let filtered = filter.filter(SIMD2(sample.x, sample.y), at: sample.time)
      prefilter = filter
      sample.x = filtered.x
      sample.y = filtered.y
    }
    accept(sample)
  }

  /// Feeds a clean sample to the pressure tracker, the family and the gates, then updates the
  /// post-filter's offset.
  private mutating func accept(_ sample: PointerSample) {
    if stages.pressure == .extrapolate, let p = sample.pressure {
      if sample.time > lastPressure.x || lastPressure.x.isNaN {
        previousPressure = lastPressure
      }
      lastPressure = SIMD2(sample.time, p)
    }
    base.observe(sample)
    if usesGates { gates.observe(time: sample.time, x: sample.x, y: sample.y) }
    lastTime = sample.time
    lastX = sample.x
    lastY = sample.y
    lastAltitude = sample.altitude
    lastAzimuth = sample.azimuth
    if var filter = postfilter, stages.postfilterReferenceHorizonSeconds > 0,
      let ahead = base.predict(at: sample.time + stages.postfilterReferenceHorizonSeconds)
    {
      let offset = SIMD2(ahead.x - sample.x, ahead.y - sample.y)
      rawOffset = offset
      filteredOffset = filter.filter(offset, at: sample.time)
      postfilter = filter
      hasOffset = true
    }
  }

  // Inlined into the protocol witness (as every family's `predict` is): the witness then writes
  // the optional point once, instead of copying it out of a temporary on every prediction.
  @inline(__always)
  public func predict(at time: Double) -> PredictedPoint? {
    guard !lastTime.isNaN, time.isFinite else { return nil }
    let horizon = max(0, time - lastTime)
    guard let effective = usesGates ? gates.effectiveHorizon(horizon) : horizon,
      let predicted = base.predict(at: lastTime + effective)
    else { return nil }
    // Only the family's position and pressure are used; the rest is the newest sample's.
    var x = predicted.x
    var y = predicted.y
    var pressure = predicted.pressure
    if stages.gates.directionCutOff {
      guard gates.allows(x: x, y: y), !reversesWithin(effective, endingAtX: x, y: y)
      else { return nil }
    }
    if hasOffset {
      let correction = (filteredOffset - rawOffset) * (effective / stages.postfilterReferenceHorizonSeconds)
      x += correction.x
      y += correction.y
    }
    if stages.pressure == .extrapolate, !lastPressure.y.isNaN {
      var extrapolated = lastPressure.y
      let dt = lastPressure.x - previousPressure.x
      if !previousPressure.y.isNaN, dt > 0 {
        extrapolated += (lastPressure.y - previousPressure.y) / dt * (lastTime + effective - lastPressure.x)
      }
      pressure = min(1, max(0, extrapolated))
    }
    guard x.isFinite, y.isFinite else { return nil }
    return PredictedPoint(
      time: lastTime + horizon, x: x, y: y, pressure: pressure, altitude: lastAltitude, azimuth: lastAzimuth)
  }
}

extension ComposedPredictor {
  /// True when the predicted path's velocity at the end of the horizon points against its
  /// velocity at the start (Chromium's Kalman direction cut-off tests `v · (v + a·h) ≤ 0` on its
  /// own state; we take both velocities from the family's path by finite differences over h/16,
  /// which is the same test for a quadratic path and works for every family).
  fileprivate func reversesWithin(_ horizon: Double, endingAtX endX: Double, y endY: Double) -> Bool {
    guard horizon > 0 else { return false }
    let step = horizon / 16
    guard let early = base.predict(at: lastTime + step),
      let late = base.predict(at: lastTime + horizon - step)
    else { return false }
    let startX = early.x - lastX
    let startY = early.y - lastY
    let lateX = endX - late.x
    let lateY = endY - late.y
    if startX == 0, startY == 0 { return false }
    return startX * lateX + startY * lateY <= 0
  }
}

/// What a predictor says about pressure.
public enum PressurePolicy: String, Codable, Sendable, CaseIterable {
  /// The family's value: the newest sample's pressure (or the Kalman pressure filter's).
  case hold
  /// Linear from the last two pressure reports, clamped to 0…1.
  case extrapolate
}

/// The stages around a family predictor (see ``ComposedPredictor``).
public struct PredictorStages: PredictorParameters {
  /// A gap longer than this resets the predictor, seconds; 0 = never. Default 0.020 (Chromium).
  public var gapLimitSeconds: Double
  public var pressure: PressurePolicy
  /// 1€ filter on the input positions, or nil.
  public var prefilter: OneEuroParameters?
  /// 1€ filter on the predicted offset, or nil.
  public var postfilter: OneEuroParameters?
  /// Horizon at which the post-filter watches the predicted offset, seconds.
  public var postfilterReferenceHorizonSeconds: Double
  public var gates: PredictionGateParameters

  public init(
    gapLimitSeconds: Double = 0.020, pressure: PressurePolicy = .hold,
    prefilter: OneEuroParameters? = nil, postfilter: OneEuroParameters? = nil,
    postfilterReferenceHorizonSeconds: Double = 0.016,
    gates: PredictionGateParameters = PredictionGateParameters()
  ) {
    self.gapLimitSeconds = gapLimitSeconds
    self.pressure = pressure
    self.prefilter = prefilter
    self.postfilter = postfilter
    self.postfilterReferenceHorizonSeconds = postfilterReferenceHorizonSeconds
    self.gates = gates
  }

  public func validate() throws(PredictorParameterError) {
    try validateFields()
    do { try prefilter?.validate() } catch { throw error.located(replacing: "oneEuro.", with: "stages.prefilter.") }
    do { try postfilter?.validate() } catch { throw error.located(replacing: "oneEuro.", with: "stages.postfilter.") }
    do { try gates.validate() } catch { throw error.located(replacing: "gates.", with: "stages.gates.") }
  }
}

extension PredictorStages: ParameterFieldTable {
  package static let fieldPrefix = "stages."
  /// The stages' own scalar fields; `prefilter`, `postfilter` (``OneEuroParameters``) and
  /// `gates` (``PredictionGateParameters``) have tables of their own.
  package static let fields: [ParameterField<PredictorStages>] = [
    .real(
      "gapLimitSeconds", \.gapLimitSeconds, key: "gap-limit", unit: "s", range: 0...10,
      "a gap longer than this starts a new stroke (0 = never; Chromium uses 0.020)"),
    .choice(
      "pressure", \.pressure, key: "pressure",
      "hold the last pressure, or extrapolate it linearly (clamped to 0…1)"),
    .real(
      "postfilterReferenceHorizonSeconds", \.postfilterReferenceHorizonSeconds, key: "postfilter-reference",
      unit: "s", range: 0.001...0.1, scale: .log, "horizon at which the post-filter watches the predicted offset"),
  ]
}
