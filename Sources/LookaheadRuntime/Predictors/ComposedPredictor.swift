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
  public private(set) var base: Base
  public let stages: PredictorStages
  private var gates: PredictionGates
  private var prefilter: OneEuroFilter?
  private var postfilter: OneEuroFilter?
  private var last: PointerSample?
  private var lastPressure = SIMD2<Double>(.nan, .nan)  // (time, pressure)
  private var previousPressure = SIMD2<Double>(.nan, .nan)
  private var rawOffset = SIMD2<Double>.zero
  private var filteredOffset = SIMD2<Double>.zero
  private var hasOffset = false

  public init(base: Base, stages: PredictorStages = PredictorStages()) {
    self.base = base
    self.stages = stages
    gates = PredictionGates(parameters: stages.gates)
    prefilter = stages.prefilter.map { OneEuroFilter(parameters: $0) }
    postfilter = stages.postfilter.map { OneEuroFilter(parameters: $0) }
  }

  public mutating func reset() {
    base.reset()
    gates.reset()
    prefilter?.reset()
    postfilter?.reset()
    last = nil
    lastPressure = SIMD2(.nan, .nan)
    previousPressure = SIMD2(.nan, .nan)
    rawOffset = .zero
    filteredOffset = .zero
    hasOffset = false
  }

  public mutating func observe(_ input: PointerSample) {
    guard input.time.isFinite, input.x.isFinite, input.y.isFinite else { return }
    if let last {
      if input.time < last.time { return }
      if stages.gapLimitSeconds > 0, input.time - last.time > stages.gapLimitSeconds { reset() }
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
    if let p = sample.pressure {
      if sample.time > lastPressure.x || lastPressure.x.isNaN {
        previousPressure = lastPressure
      }
      lastPressure = SIMD2(sample.time, p)
    }
    base.observe(sample)
    gates.observe(time: sample.time, x: sample.x, y: sample.y)
    last = sample
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

  public func predict(at time: Double) -> PredictedPoint? {
    guard let last, time.isFinite else { return nil }
    let horizon = max(0, time - last.time)
    guard let effective = gates.effectiveHorizon(horizon),
      var point = base.predict(at: last.time + effective)
    else { return nil }
    if stages.gates.directionCutOff {
      guard gates.allows(x: point.x, y: point.y), !reversesWithin(effective, endingAt: point, from: last)
      else { return nil }
    }
    if hasOffset {
      let correction = (filteredOffset - rawOffset) * (effective / stages.postfilterReferenceHorizonSeconds)
      point.x += correction.x
      point.y += correction.y
    }
    if stages.pressure == .extrapolate, !lastPressure.y.isNaN {
      var pressure = lastPressure.y
      let dt = lastPressure.x - previousPressure.x
      if !previousPressure.y.isNaN, dt > 0 {
        pressure += (lastPressure.y - previousPressure.y) / dt * (last.time + effective - lastPressure.x)
      }
      point.pressure = min(1, max(0, pressure))
    }
    point.altitude = last.altitude
    point.azimuth = last.azimuth
    point.time = last.time + horizon
    guard point.x.isFinite, point.y.isFinite else { return nil }
    return point
  }
}

extension ComposedPredictor {
  /// True when the predicted path's velocity at the end of the horizon points against its
  /// velocity at the start (Chromium's Kalman direction cut-off tests `v · (v + a·h) ≤ 0` on its
  /// own state; we take both velocities from the family's path by finite differences over h/16,
  /// which is the same test for a quadratic path and works for every family).
  fileprivate func reversesWithin(_ horizon: Double, endingAt end: PredictedPoint, from last: PointerSample) -> Bool {
    guard horizon > 0 else { return false }
    let step = horizon / 16
    guard let early = base.predict(at: last.time + step),
      let late = base.predict(at: last.time + horizon - step)
    else { return false }
    let startX = early.x - last.x
    let startY = early.y - last.y
    let endX = end.x - late.x
    let endY = end.y - late.y
    if startX == 0, startY == 0 { return false }
    return startX * endX + startY * endY <= 0
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
  /// Horizon at which the post-filter watches the predicted offset, seconds (0.001–0.1).
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
    try PredictorParameterError.check("stages.gapLimitSeconds", gapLimitSeconds, in: 0...10)
    try PredictorParameterError.check(
      "stages.postfilterReferenceHorizonSeconds", postfilterReferenceHorizonSeconds, in: 0.001...0.1)
    try prefilter?.validate()
    try postfilter?.validate()
    try gates.validate()
  }
}
