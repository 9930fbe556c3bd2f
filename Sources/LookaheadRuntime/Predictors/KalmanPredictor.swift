/// Kalman-filter prediction: one ``KalmanAxisFilter`` per axis estimates velocity, acceleration
/// (and jerk), and the prediction extrapolates that state from the newest sample.
///
/// Two presets restate published predictors from their source (read, not copied):
/// - ``KalmanParameters/chromium``: Chromium `ui/base/prediction/kalman_predictor.cc` with
///   `kalman_filter.cc`. Constant-acceleration state in milliseconds, q = 0.01, r = 1, stable
///   after 4 measurements; the interval between samples is itself smoothed by a second Kalman
///   filter on dt (`time_filter_`); prediction is `p + v·h + a·h²/2` from the newest raw sample.
/// - ``KalmanParameters/androidx``: AndroidX `input/input-motionprediction`
///   (`PointerKalmanFilter`, `SinglePointerPredictor`). Jerk state with time counted in samples
///   (dt = 1 per report; the report interval is the mean of the stroke's first 20 intervals),
///   q = 0.01, r = 1, 4 measurements of warm-up; the prediction steps the state one report at a
///   time with influences 0.1 (jerk → acceleration), 0.5 (acceleration → velocity) and 1 (velocity
///   → position), which we evaluate in closed form (see ``KalmanExtrapolation/androidSteps``);
///   the horizon is scaled by a jerk-based confidence (1 at |jerk| ≤ 0.2, 0 at ≥ 1, per sample³,
///   the stylus ranges) and, when pressure is filtered, cut where the predicted pressure falls
///   below 0.1 (a pen about to lift). A report with the same position as the previous one within
///   20 ms is skipped, as AndroidX does. AndroidX writes 0.16 for 1/6 in its jerk model; we use
///   1/6.
///
/// Gaps are not handled here: ``ComposedPredictor`` resets every predictor on a gap.
public struct KalmanPredictor: Predictor, Equatable {
  public let parameters: KalmanParameters
  /// x and y are measured together, so they share one covariance (see ``KalmanCovariance``).
  private var covariance: KalmanCovariance
  private var xState = SIMD4<Double>.zero
  private var yState = SIMD4<Double>.zero
  private var pressureFilter: KalmanAxisFilter
  /// Chromium's smoother of the sample interval (its own 3-state Kalman filter, fed with dt = 0).
  private var intervalFilter: KalmanAxisFilter
  private var last: PointerSample?
  private var intervalSum = 0.0
  private var intervalCount = 0

  public init(parameters: KalmanParameters = .chromium) {
    self.parameters = parameters
    let n = parameters.stateModel.dimension
    covariance = KalmanCovariance(
      dimension: n, processNoise: parameters.processNoise,
      measurementNoise: parameters.measurementNoise)
    pressureFilter = KalmanAxisFilter(
      dimension: n, processNoise: parameters.processNoise,
      measurementNoise: parameters.measurementNoise)
    intervalFilter = KalmanAxisFilter(dimension: 3, processNoise: 0.01, measurementNoise: 1)
  }

  public mutating func reset() {
    covariance.reset()
    xState = .zero
    yState = .zero
    pressureFilter.reset()
    intervalFilter.reset()
    last = nil
    intervalSum = 0
    intervalCount = 0
  }

  /// The filtered state of x and y: (position, velocity, acceleration, jerk) in the filter's
  /// time unit; unused derivatives are 0.
  public var state: (x: SIMD4<Double>, y: SIMD4<Double>) { (xState, yState) }

  public mutating func observe(_ sample: PointerSample) {
    var dt = 0.0
    if let last {
      let seconds = max(0, sample.time - last.time)
      if parameters.timeStep == .perSample {
        if sample.x == last.x, sample.y == last.y, seconds <= 0.020 { return }
        if intervalCount < 20, seconds > 0 {
          intervalSum += seconds
          intervalCount += 1
        }
      }
      switch parameters.timeStep {
      case .measured: dt = seconds / parameters.timeUnitSeconds
      case .smoothed:
        intervalFilter.update(observation: seconds / parameters.timeUnitSeconds, dt: 0)
        dt = intervalFilter.position
      case .perSample: dt = 1
      }
      if !dt.isFinite { dt = 0 }
    }
    if let gain = covariance.step(dt: dt) {
      xState = KalmanCovariance.transition(xState, dt: dt)
      yState = KalmanCovariance.transition(yState, dt: dt)
      xState += gain * (sample.x - xState[0])
      yState += gain * (sample.y - yState[0])
    } else {
      xState = SIMD4(sample.x, 0, 0, 0)
      yState = SIMD4(sample.y, 0, 0, 0)
    }
    if parameters.pressureFilter, let pressure = sample.pressure, pressure.isFinite {
      pressureFilter.update(observation: pressure, dt: dt)
    }
    last = sample
  }

  /// Seconds per unit of the filters' time.
  private var unitSeconds: Double {
    if parameters.timeStep == .perSample {
      return intervalCount > 0 ? intervalSum / Double(intervalCount) : 0
    }
    return parameters.timeUnitSeconds
  }

  @inline(__always)
  public func predict(at time: Double) -> PredictedPoint? {
    guard let last, time.isFinite, covariance.iterations >= parameters.warmUpSamples else {
      return nil
    }
    let unit = unitSeconds
    guard unit > 0 else { return nil }
    let h = max(0, time - last.time)
    var k = h / unit
    let velocity = SIMD2(xState[1], yState[1])
    if parameters.speedConfidenceHigh > 0 {
      let speed = (velocity * velocity).sum().squareRoot() / unit
      k *= rampUp(speed, parameters.speedConfidenceLow, parameters.speedConfidenceHigh)
    }
    if parameters.jerkConfidenceHigh > 0 {
      let jerk = SIMD2(xState[3], yState[3])
      let magnitude = (jerk * jerk).sum().squareRoot()
      k *= 1 - rampUp(magnitude, parameters.jerkConfidenceLow, parameters.jerkConfidenceHigh)
    }
    var pressure = last.pressure
    if parameters.pressureFilter, pressureFilter.iterations > 0 {
      let p0 = pressureFilter.position
      let slope = pressureFilter.velocity
      if slope < 0 {
        let lift = (0.1 - p0) / slope  // steps until the pressure reaches 0.1
        if lift <= 0 { return nil }
        k = min(k, lift)
      }
      pressure = min(1, max(0, p0 + slope * k))
    }
    let originX = parameters.origin == .lastSample ? last.x : xState[0]
    let originY = parameters.origin == .lastSample ? last.y : yState[0]
    let x = originX + displacement(xState, k)
    let y = originY + displacement(yState, k)
    guard x.isFinite, y.isFinite else { return nil }
    return PredictedPoint(
      time: last.time + h, x: x, y: y,
      pressure: pressure, altitude: last.altitude, azimuth: last.azimuth)
  }

  @inline(__always)
  private func displacement(_ s: SIMD4<Double>, _ k: Double) -> Double {
    switch parameters.extrapolation {
    case .taylor:
      return k * (s[1] + k * (0.5 * s[2] + k * (s[3] / 6)))
    case .androidSteps:
      // Σ_{i=1..k} v_i with a_i = a + 0.1·i·j and v_i = v + 0.5·Σ_{m≤i} a_m, in closed form.
      return k * s[1] + 0.25 * s[2] * k * (k + 1) + (0.025 / 3) * s[3] * k * (k + 1) * (k + 2)
    }
  }
}

/// 0 at or below `low`, 1 at or above `high`, linear between (AndroidX `normalizeRange`).
@inline(__always)
func rampUp(_ value: Double, _ low: Double, _ high: Double) -> Double {
  guard high > low else { return value >= high ? 1 : 0 }
  let r = (value - low) / (high - low)
  return r.isNaN ? 0 : min(1, max(0, r))
}

/// Which derivatives a ``KalmanAxisFilter`` keeps.
public enum KalmanStateModel: String, Codable, Sendable, CaseIterable {
  case velocity, acceleration, jerk
  public var dimension: Int {
    switch self {
    case .velocity: 2
    case .acceleration: 3
    case .jerk: 4
    }
  }
}

/// How the interval between two samples enters the filter.
public enum KalmanTimeStep: String, Codable, Sendable, CaseIterable {
  /// The real interval, in ``KalmanParameters/timeUnitSeconds``.
  case measured
  /// The real interval smoothed by a Kalman filter on dt (Chromium).
  case smoothed
  /// One step per sample; the time unit is the mean of the first 20 intervals (AndroidX).
  case perSample
}

/// How the filtered state is carried to the target time.
public enum KalmanExtrapolation: String, Codable, Sendable, CaseIterable {
  /// `v·k + a·k²/2 + j·k³/6` with k the horizon in time units.
  case taylor
  /// AndroidX's per-report stepping with influences 0.1 / 0.5 / 1, in closed form.
  case androidSteps
}

/// Parameters of ``KalmanPredictor``.
public struct KalmanParameters: PredictorParameters {
  public var stateModel: KalmanStateModel
  /// Process noise variance q, in (units / time unit^(n−1))²; lower = smoother.
  public var processNoise: Double
  /// Measurement noise variance r, in units²; higher = smoother.
  public var measurementNoise: Double
  /// Seconds per filter time unit (the unit of the noise values): 0.001 = milliseconds.
  public var timeUnitSeconds: Double
  public var timeStep: KalmanTimeStep
  /// Measurements before the first prediction.
  public var warmUpSamples: Int
  public var extrapolation: KalmanExtrapolation
  public var origin: PredictionOrigin
  /// Magnitude of the filtered jerk (the state's third derivative, trace units per filter time
  /// unit³: per ms³ at the default `timeUnitSeconds`, per report³ with `perSample`) where the
  /// horizon starts to shrink; see `…High`. Only a `jerk` state has a jerk (otherwise it is 0 and
  /// the confidence never acts). AndroidX input-motionprediction's stylus confidence is 0.2…1 per
  /// report³ in pixels.
  ///
  /// Sensible range, measured (filtered |jerk| after warm-up, 1st…99.9th percentile): per ms³,
  /// Inkable-ApplePencil (pt) 8e-4…0.035 and Henze 2017 (px) 3.5e-5…0.088; per report³, 0.006…0.64
  /// and 0.03…20. A default tune (in a jerk state; in the others the ramp is inert and left out,
  /// ``inertFields(in:)``) searches 1e-6…100 (log) for the low end and 1e-5…100 for the high
  /// end, which holds both time conventions and a decade either side; the declared 0…1e12 is
  /// what a user may set, and searched linearly it put every trial's ramp far above any jerk.
  public var jerkConfidenceLow: Double
  /// Jerk magnitude at which the horizon shrinks to 0; 0 disables the jerk confidence. Units and
  /// sensible range as `jerkConfidenceLow`.
  public var jerkConfidenceHigh: Double
  /// Filtered speed (trace units/s, whatever the time unit) below which the horizon is 0 …
  ///
  /// Sensible range, measured (filtered speed after warm-up, 1st…99.9th percentile):
  /// Inkable-ApplePencil 86…3,050 pt/s, Henze 2017 22…16,000 px/s; AndroidX's finger confidence
  /// is 0…2000 px/s. A default tune searches 0.1…10⁴ (log) for the low end and 1…10⁴ for the high
  /// end: a high end near 1 is the confidence practically off, one near 10⁴ cuts nearly every
  /// horizon; the low end starts a decade lower so it always has room below the high end. The
  /// declared 0…1e9, searched linearly, put every trial's high end above 10⁷ units/s, so every
  /// prediction was cut to the newest sample and every trial scored the same.
  public var speedConfidenceLow: Double
  /// … and above which it is full; 0 disables the speed confidence. Units and sensible range as
  /// `speedConfidenceLow`.
  public var speedConfidenceHigh: Double
  /// Filter pressure with the same model and extrapolate it (clamped to 0…1, cut below 0.1).
  public var pressureFilter: Bool

  public init(
    stateModel: KalmanStateModel = .acceleration, processNoise: Double = 0.01,
    measurementNoise: Double = 1, timeUnitSeconds: Double = 0.001,
    timeStep: KalmanTimeStep = .smoothed, warmUpSamples: Int = 4,
    extrapolation: KalmanExtrapolation = .taylor, origin: PredictionOrigin = .lastSample,
    jerkConfidenceLow: Double = 0, jerkConfidenceHigh: Double = 0,
    speedConfidenceLow: Double = 0, speedConfidenceHigh: Double = 0,
    pressureFilter: Bool = false
  ) {
    self.stateModel = stateModel
    self.processNoise = processNoise
    self.measurementNoise = measurementNoise
    self.timeUnitSeconds = timeUnitSeconds
    self.timeStep = timeStep
    self.warmUpSamples = warmUpSamples
    self.extrapolation = extrapolation
    self.origin = origin
    self.jerkConfidenceLow = jerkConfidenceLow
    self.jerkConfidenceHigh = jerkConfidenceHigh
    self.speedConfidenceLow = speedConfidenceLow
    self.speedConfidenceHigh = speedConfidenceHigh
    self.pressureFilter = pressureFilter
  }

  /// Chromium's `KalmanPredictor` (see ``KalmanPredictor``).
  public static let chromium = KalmanParameters()

  /// AndroidX `input-motionprediction`'s stylus predictor (see ``KalmanPredictor``).
  public static let androidx = KalmanParameters(
    stateModel: .jerk, timeStep: .perSample, extrapolation: .androidSteps,
    jerkConfidenceLow: 0.2, jerkConfidenceHigh: 1, pressureFilter: true)

  public func validate() throws(PredictorParameterError) {
    try validateFields()
    try validateRamps()
  }
}

extension KalmanParameters: ParameterFieldTable {
  package static let fieldPrefix = "kalman."
  package static let ramps = [
    ParameterRamp(low: "jerkConfidenceLow", high: "jerkConfidenceHigh"),
    ParameterRamp(low: "speedConfidenceLow", high: "speedConfidenceHigh"),
  ]
  /// Only a `jerk` state has a jerk: in the others the filter never moves the state's jerk
  /// component from 0 (the covariance, gain and transition keep every component at and above the
  /// state's dimension at exactly 0), so the jerk confidence multiplies the horizon by
  /// 1 − ramp(0) = 1 for every valid ramp (low ≥ 0, below a high end that is on), to the bit.
  /// `KalmanJerkConfidenceInertTests` checks it on a stroke whose jerk is large.
  package static func inertFields(in parameters: Self) -> Set<String> {
    parameters.stateModel == .jerk ? [] : ["jerkConfidenceLow", "jerkConfidenceHigh"]
  }
  package static let fields: [ParameterField<KalmanParameters>] = [
    .choice("stateModel", \.stateModel, key: "state", "highest derivative in the state"),
    .real(
      "processNoise", \.processNoise, key: "process-noise", unit: "units²/time-unit^(2n−2)",
      range: 1e-9...1e6, scale: .log, "process noise variance q (lower = smoother)"),
    .real(
      "measurementNoise", \.measurementNoise, key: "measurement-noise", unit: "units²",
      range: 1e-9...1e9, scale: .log, "measurement noise variance r (higher = smoother)"),
    .real(
      "timeUnitSeconds", \.timeUnitSeconds, key: "time-unit", unit: "s", range: 1e-6...1, scale: .log,
      "seconds per filter time unit, the unit the noise is expressed in (0.001 = ms)"),
    .choice(
      "timeStep", \.timeStep, key: "time-step",
      "real interval, Kalman-smoothed interval (Chromium), or one step per sample (AndroidX)"),
    .integer(
      "warmUpSamples", \.warmUpSamples, key: "warm-up", unit: "samples", range: 1...64,
      "measurements before the first prediction"),
    .choice(
      "extrapolation", \.extrapolation, key: "extrapolation",
      "Taylor polynomial of the state, or AndroidX's per-report stepping"),
    .choice("origin", \.origin, key: "origin", PredictionOrigin.fieldSummary),
    // The default searches cover the measured jerks and speeds (see the properties); each low
    // end reaches below its high end's lowest value, so a ramp searched in order always has room.
    .real(
      "jerkConfidenceLow", \.jerkConfidenceLow, key: "jerk-confidence-low", unit: "units/time-unit³",
      range: 0...1e12, search: .real(1e-6...100, scale: .log), "filtered jerk where the horizon starts to shrink"),
    .real(
      "jerkConfidenceHigh", \.jerkConfidenceHigh, key: "jerk-confidence-high", unit: "units/time-unit³",
      range: 0...1e12, search: .real(1e-5...100, scale: .log), "filtered jerk where the horizon reaches 0 (0 = off)"),
    .real(
      "speedConfidenceLow", \.speedConfidenceLow, key: "speed-confidence-low", unit: "units/s",
      range: 0...1e9, search: .real(0.1...1e4, scale: .log), "filtered speed below which the horizon is 0"),
    .real(
      "speedConfidenceHigh", \.speedConfidenceHigh, key: "speed-confidence-high", unit: "units/s",
      range: 0...1e9, search: .real(1...1e4, scale: .log), "filtered speed above which the horizon is full (0 = off)"),
    .flag(
      "pressureFilter", \.pressureFilter, key: "pressure-filter",
      "filter and extrapolate pressure; cut the prediction where it falls below 0.1"),
  ]
}
