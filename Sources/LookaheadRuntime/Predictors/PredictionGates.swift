/// Gates that shorten or cancel a prediction when it is likely to be wrong.
///
/// Each gate restates a published heuristic in our terms:
/// - horizon cap: never predict further than a fixed time (Chromium's `kMaxPredictionTime`,
///   25 ms, in `ui/base/prediction/input_predictor.h`);
/// - speed floor: no prediction while the pointer is (almost) still, where extrapolation only
///   amplifies jitter (the speed gate of TurboTouch, Nancel et al., CHI 2018, and AndroidX's
///   speed confidence);
/// - turn-angle and jerk confidence: shrink the horizon linearly from full at `low` to zero at
///   `high` (AndroidX `SinglePointerPredictor`'s jerk confidence; the turn angle is the same idea
///   on curvature);
/// - direction cut-off: no prediction through a reversal: neither one whose path turns back
///   within the horizon (Chromium's `kDirectionCutOffEnabled` Kalman option, applied by
///   ``ComposedPredictor``) nor one that ends behind the newest sample along the latest movement;
/// - stroke end: no prediction while the speed is falling below a fraction of the stroke's peak
///   speed, the typical sign of a pen about to stop (spring-back at stroke ends);
/// - stopping horizon: while the pen decelerates, predict no further ahead than a fraction of the
///   time it would take to stop at the current deceleration (v / a). The "predicted trajectory
///   length" control of recent stylus work in our terms: the ink should not run past where the
///   pen will come to rest, the spring effect of Nancel et al., UIST 2016;
/// - smoothed speed gate: TurboTouch's (Nancel et al., UIST 2018) way of switching prediction on
///   and off. At every sample a gate value moves a fraction `gain` of the way towards 1 when the
///   speed is above the threshold and towards 0 when it is not, and the horizon is scaled by the
///   gate value (TurboTouch scales its prediction vector the same way). Unlike the speed floor it
///   fades prediction in and out over a few samples rather than switching it. TurboTouch measures
///   speed with its differentiator; we use the mean speed of the last interval.
///
/// The gates watch the last four samples the predictor saw; their estimates use divided
/// differences, so irregular intervals are exact and repeated time stamps are skipped.
package struct PredictionGates: Sendable, Equatable {
  package let parameters: PredictionGateParameters
  private var times = SIMD4<Double>.zero  // newest first
  private var xs = SIMD4<Double>.zero
  private var ys = SIMD4<Double>.zero
  private var count = 0
  private var peakSpeed = 0.0
  /// The smoothed speed gate, 0 (off) … 1 (on), and its value before the newest sample moved it
  /// (so that a repeated time stamp, which replaces the newest sample, moves it only once).
  private var speedGate = 0.0
  private var speedGateBeforeNewest = 0.0

  package init(parameters: PredictionGateParameters) {
    self.parameters = parameters
  }

  package mutating func reset() {
    count = 0
    peakSpeed = 0
    speedGate = 0
    speedGateBeforeNewest = 0
  }

  package mutating func observe(time: Double, x: Double, y: Double) {
    if count > 0, time <= times[0] {
      xs[0] = x
      ys[0] = y
      speedGate = speedGateBeforeNewest
    } else {
      times = SIMD4(time, times[0], times[1], times[2])
      xs = SIMD4(x, xs[0], xs[1], xs[2])
      ys = SIMD4(y, ys[0], ys[1], ys[2])
      count = min(count + 1, 4)
    }
    if let speed = speed(0) { peakSpeed = max(peakSpeed, speed) }
    if parameters.speedGateThreshold > 0 {
      speedGateBeforeNewest = speedGate
      let target: Double = (speed(0) ?? 0) > parameters.speedGateThreshold ? 1 : 0
      speedGate += parameters.speedGateGain * (target - speedGate)
    }
  }

  /// Speed over the interval ending `k` samples back, units/s.
  private func speed(_ k: Int) -> Double? {
    guard count >= k + 2 else { return nil }
    let dt = times[k] - times[k + 1]
    guard dt > 0 else { return nil }
    let dx = xs[k] - xs[k + 1]
    let dy = ys[k] - ys[k + 1]
    return (dx * dx + dy * dy).squareRoot() / dt
  }

  /// Turn angle between the last two displacements, radians in 0…π.
  private var turnAngle: Double? {
    guard count >= 3 else { return nil }
    let ax = xs[1] - xs[2]
    let ay = ys[1] - ys[2]
    let bx = xs[0] - xs[1]
    let by = ys[0] - ys[1]
    let cross = ax * by - ay * bx
    let dot = ax * bx + ay * by
    guard cross != 0 || dot != 0 else { return nil }
    return abs(cAtan2(cross, dot))
  }

  /// Jerk magnitude from the third divided difference of the last four samples, units/s³.
  private var jerk: Double? {
    guard count >= 4 else { return nil }
    let t = times
    let d10 = t[0] - t[1]
    let d21 = t[1] - t[2]
    let d32 = t[2] - t[3]
    let d20 = t[0] - t[2]
    let d31 = t[1] - t[3]
    let d30 = t[0] - t[3]
    guard d10 > 0, d21 > 0, d32 > 0 else { return nil }
    func third(_ v: SIMD4<Double>) -> Double {
      let f01 = (v[0] - v[1]) / d10
      let f12 = (v[1] - v[2]) / d21
      let f23 = (v[2] - v[3]) / d32
      let f012 = (f01 - f12) / d20
      let f123 = (f12 - f23) / d31
      return 6 * (f012 - f123) / d30
    }
    let jx = third(xs)
    let jy = third(ys)
    return (jx * jx + jy * jy).squareRoot()
  }

  /// The horizon to predict for instead of `horizon` seconds, or nil to cancel.
  package func effectiveHorizon(_ horizon: Double) -> Double? {
    let p = parameters
    var h = horizon
    if p.horizonCapSeconds > 0 { h = min(h, p.horizonCapSeconds) }
    if p.speedFloor > 0 {
      guard let speed = speed(0), speed >= p.speedFloor else { return nil }
    }
    if p.speedGateThreshold > 0 {
      guard speedGate > 0 else { return nil }
      h *= speedGate
    }
    if p.turnAngleHigh > 0, let angle = turnAngle {
      h *= 1 - rampUp(angle, p.turnAngleLow, p.turnAngleHigh)
    }
    if p.jerkHigh > 0, let jerk {
      h *= 1 - rampUp(jerk, p.jerkLow, p.jerkHigh)
    }
    if p.stoppingHorizonFactor > 0, let now = speed(0), let before = speed(1), now < before {
      // Speeds are the mean speeds of the last two intervals, so their difference over the
      // time between the intervals' midpoints is the deceleration (exact when it is constant).
      let between = (times[0] - times[2]) / 2
      if between > 0 { h = min(h, p.stoppingHorizonFactor * now * between / (before - now)) }
    }
    if p.strokeEndSpeedRatio > 0, let now = speed(0), let before = speed(1), now < before,
      now < p.strokeEndSpeedRatio * peakSpeed
    {
      return nil
    }
    return h
  }

  /// False when the direction cut-off is on and `(x, y)` lies behind the newest sample with
  /// respect to the latest movement.
  package func allows(x: Double, y: Double) -> Bool {
    guard parameters.directionCutOff, count >= 2 else { return true }
    let mx = xs[0] - xs[1]
    let my = ys[0] - ys[1]
    return (x - xs[0]) * mx + (y - ys[0]) * my >= 0
  }
}

/// Parameters of ``PredictionGates``. Every gate is off at its default (0 / false; the speed
/// gate's gain defaults to 1 but does nothing while its threshold is 0).
public struct PredictionGateParameters: PredictorParameters {
  /// Longest horizon predicted, seconds; 0 = no cap. Sensible 0.008–0.05.
  public var horizonCapSeconds: Double
  /// No prediction below this speed, units/s; 0 = off.
  public var speedFloor: Double
  /// Turn angle (radians) where the horizon starts to shrink …
  public var turnAngleLow: Double
  /// … and where it reaches 0; 0 = off. 0…π.
  public var turnAngleHigh: Double
  /// Jerk (units/s³) where the horizon starts to shrink …
  public var jerkLow: Double
  /// … and where it reaches 0; 0 = off.
  public var jerkHigh: Double
  /// Cancel predictions pointing back against the latest movement.
  public var directionCutOff: Bool
  /// Cancel while speed falls and is below this fraction of the stroke's peak; 0 = off. 0…1.
  public var strokeEndSpeedRatio: Double
  /// While decelerating, predict at most this fraction of the time to stop (v / a); 0 = off.
  /// 0.5 lands a constant-velocity extrapolation where a constantly decelerating pen stops. 0…10.
  public var stoppingHorizonFactor: Double
  /// TurboTouch's smoothed speed gate: the speed above which the gate moves towards on, units/s;
  /// 0 = off. TurboTouch64 uses 2000 px/s.
  public var speedGateThreshold: Double
  /// The fraction of the way the gate moves towards on or off at each sample; 1 switches at once
  /// (then the gate is a speed floor). 0.01…1; TurboTouch64 uses 0.72.
  public var speedGateGain: Double

  public init(
    horizonCapSeconds: Double = 0, speedFloor: Double = 0, turnAngleLow: Double = 0,
    turnAngleHigh: Double = 0, jerkLow: Double = 0, jerkHigh: Double = 0,
    directionCutOff: Bool = false, strokeEndSpeedRatio: Double = 0, stoppingHorizonFactor: Double = 0,
    speedGateThreshold: Double = 0, speedGateGain: Double = 1
  ) {
    self.horizonCapSeconds = horizonCapSeconds
    self.speedFloor = speedFloor
    self.turnAngleLow = turnAngleLow
    self.turnAngleHigh = turnAngleHigh
    self.jerkLow = jerkLow
    self.jerkHigh = jerkHigh
    self.directionCutOff = directionCutOff
    self.strokeEndSpeedRatio = strokeEndSpeedRatio
    self.stoppingHorizonFactor = stoppingHorizonFactor
    self.speedGateThreshold = speedGateThreshold
    self.speedGateGain = speedGateGain
  }

  private enum CodingKeys: String, CodingKey {
    case horizonCapSeconds, speedFloor, turnAngleLow, turnAngleHigh, jerkLow, jerkHigh, directionCutOff
    case strokeEndSpeedRatio, stoppingHorizonFactor, speedGateThreshold, speedGateGain
  }

  /// Model files written before ``stoppingHorizonFactor`` or the speed gate existed read with
  /// them off: a field the file leaves out keeps the default `init()` gives it, so each default
  /// is written once, in the initializer's parameter list.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    horizonCapSeconds = try c.decode(Double.self, forKey: .horizonCapSeconds)
    speedFloor = try c.decode(Double.self, forKey: .speedFloor)
    turnAngleLow = try c.decode(Double.self, forKey: .turnAngleLow)
    turnAngleHigh = try c.decode(Double.self, forKey: .turnAngleHigh)
    jerkLow = try c.decode(Double.self, forKey: .jerkLow)
    jerkHigh = try c.decode(Double.self, forKey: .jerkHigh)
    directionCutOff = try c.decode(Bool.self, forKey: .directionCutOff)
    strokeEndSpeedRatio = try c.decode(Double.self, forKey: .strokeEndSpeedRatio)
    stoppingHorizonFactor = try c.decodeIfPresent(Double.self, forKey: .stoppingHorizonFactor) ?? stoppingHorizonFactor
    speedGateThreshold = try c.decodeIfPresent(Double.self, forKey: .speedGateThreshold) ?? speedGateThreshold
    speedGateGain = try c.decodeIfPresent(Double.self, forKey: .speedGateGain) ?? speedGateGain
  }

  /// True when at least one gate is on (with all off, ``PredictionGates/effectiveHorizon(_:)``
  /// returns every horizon unchanged and ``PredictionGates/allows(x:y:)`` allows everything).
  public var isActive: Bool {
    horizonCapSeconds > 0 || speedFloor > 0 || turnAngleHigh > 0 || jerkHigh > 0 || directionCutOff
      || strokeEndSpeedRatio > 0 || stoppingHorizonFactor > 0 || speedGateThreshold > 0
  }

  public func validate() throws(PredictorParameterError) {
    try validateFields()
    try validateRamps()
  }
}

extension PredictionGateParameters: ParameterFieldTable {
  package static let fieldPrefix = "gates."
  package static let ramps = [
    ParameterRamp(low: "turnAngleLow", high: "turnAngleHigh"), ParameterRamp(low: "jerkLow", high: "jerkHigh"),
  ]
  package static let fields: [ParameterField<PredictionGateParameters>] = [
    .real(
      "horizonCapSeconds", \.horizonCapSeconds, key: "horizon-cap", unit: "s", range: 0...1,
      "never predict further ahead than this (0 = no cap; Chromium caps at 0.025)"),
    .real(
      "speedFloor", \.speedFloor, key: "speed-floor", unit: "units/s", range: 0...1e9,
      "no prediction below this speed (0 = off)"),
    .real(
      "turnAngleLow", \.turnAngleLow, key: "turn-low", unit: "rad", range: 0...Double.pi,
      "turn angle where the horizon starts to shrink"),
    .real(
      "turnAngleHigh", \.turnAngleHigh, key: "turn-high", unit: "rad", range: 0...Double.pi,
      "turn angle where the horizon reaches 0 (0 = off)"),
    .real(
      "jerkLow", \.jerkLow, key: "jerk-low", unit: "units/s³", range: 0...1e15,
      "jerk where the horizon starts to shrink"),
    .real(
      "jerkHigh", \.jerkHigh, key: "jerk-high", unit: "units/s³", range: 0...1e15,
      "jerk where the horizon reaches 0 (0 = off)"),
    .flag(
      "directionCutOff", \.directionCutOff, key: "direction-cutoff",
      "no prediction pointing back against the latest movement (Chromium's direction cut-off)"),
    .real(
      "strokeEndSpeedRatio", \.strokeEndSpeedRatio, key: "stroke-end-ratio", unit: "", range: 0...1,
      "no prediction while speed falls below this fraction of the stroke's peak (0 = off)"),
    .real(
      "stoppingHorizonFactor", \.stoppingHorizonFactor, key: "stop-factor", unit: "", range: 0...10,
      "while decelerating, predict at most this fraction of the time to stop, v/a (0 = off; 0.5 lands linear where the pen stops)"),
    .real(
      "speedGateThreshold", \.speedGateThreshold, key: "speed-gate", unit: "units/s", range: 0...1e9,
      "TurboTouch's smoothed speed gate: the horizon is scaled by a gate moving towards 1 above this speed, towards 0 below (0 = off)"),
    .real(
      "speedGateGain", \.speedGateGain, key: "speed-gate-gain", unit: "", range: 0.01...1,
      "fraction of the way the speed gate moves per sample (1 = switch at once; TurboTouch64 0.72)"),
  ]
}
