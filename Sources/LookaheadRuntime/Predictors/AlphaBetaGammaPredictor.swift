/// The α-β-γ tracker: a fixed-gain steady-state filter for position, velocity and acceleration,
/// with the real interval between samples (Kalata, "The tracking index", IEEE Trans. AES 20(2),
/// 1984; Brookner, *Tracking and Kalman Filtering Made Easy*, 1998, ch. 1).
///
/// Each sample first extrapolates the state over dt, then corrects it by the residual r:
/// `x += α·r`, `v += β·r/dt`, `a += 2γ·r/dt²`. γ = 0 is the α-β filter. The second sample sets the
/// velocity from the first two, so a constant-speed line is tracked exactly from then on. A
/// repeated time stamp corrects the position only (no division by a zero interval). The
/// prediction is `v·h + a·h²/2` added to the newest sample (or to the filtered position).
public struct AlphaBetaGammaPredictor: Predictor, Equatable {
  public let parameters: AlphaBetaGammaParameters
  private var position = SIMD2<Double>.zero
  private var velocity = SIMD2<Double>.zero
  private var acceleration = SIMD2<Double>.zero
  private var last: PointerSample?
  private var count = 0

  public init(parameters: AlphaBetaGammaParameters = AlphaBetaGammaParameters()) {
    self.parameters = parameters
  }

  public mutating func reset() {
    position = .zero
    velocity = .zero
    acceleration = .zero
    last = nil
    count = 0
  }

  public mutating func observe(_ sample: PointerSample) {
    let z = SIMD2(sample.x, sample.y)
    defer {
      last = sample
      count += 1
    }
    guard let last else {
      position = z
      return
    }
    let dt = sample.time - last.time
    if !(dt > 0) {
      position += parameters.alpha * (z - position)
      return
    }
    if count == 1 {
      velocity = (z - position) / dt
      position = z
      return
    }
    let predicted = position + velocity * dt + acceleration * (0.5 * dt * dt)
    let predictedVelocity = velocity + acceleration * dt
    let residual = z - predicted
    position = predicted + parameters.alpha * residual
    velocity = predictedVelocity + (parameters.beta / dt) * residual
    acceleration += (2 * parameters.gamma / (dt * dt)) * residual
    if !(position.x.isFinite && position.y.isFinite && velocity.x.isFinite && velocity.y.isFinite
      && acceleration.x.isFinite && acceleration.y.isFinite)
    {
      position = z
      velocity = .zero
      acceleration = .zero
    }
  }

  @inline(__always)
  public func predict(at time: Double) -> PredictedPoint? {
    guard let last, count >= 2, time.isFinite else { return nil }
    let h = max(0, time - last.time)
    let origin = parameters.origin == .lastSample ? SIMD2(last.x, last.y) : position
    let p = origin + velocity * h + acceleration * (0.5 * h * h)
    guard p.x.isFinite, p.y.isFinite else { return nil }
    return PredictedPoint(
      time: last.time + h, x: p.x, y: p.y,
      pressure: last.pressure, altitude: last.altitude, azimuth: last.azimuth)
  }
}

/// Parameters of ``AlphaBetaGammaPredictor``. Stability needs 0 < α < 1, 0 < β < 2 and a small
/// γ; the defaults are a moderately smoothing setting.
public struct AlphaBetaGammaParameters: PredictorParameters {
  /// Position gain.
  public var alpha: Double
  /// Velocity gain.
  public var beta: Double
  /// Acceleration gain (0 gives the α-β filter).
  public var gamma: Double
  public var origin: PredictionOrigin

  public init(
    alpha: Double = 0.5, beta: Double = 0.4, gamma: Double = 0.1,
    origin: PredictionOrigin = .lastSample
  ) {
    self.alpha = alpha
    self.beta = beta
    self.gamma = gamma
    self.origin = origin
  }

  public func validate() throws(PredictorParameterError) { try validateFields() }
}

extension AlphaBetaGammaParameters: ParameterFieldTable {
  package static let fieldPrefix = "alphaBetaGamma."
  package static let fields: [ParameterField<AlphaBetaGammaParameters>] = [
    .real("alpha", \.alpha, key: "alpha", unit: "", range: 0.01...1, "position gain"),
    .real("beta", \.beta, key: "beta", unit: "", range: 0...2, "velocity gain"),
    .real("gamma", \.gamma, key: "gamma", unit: "", range: 0...1, "acceleration gain (0 = α-β filter)"),
    .choice("origin", \.origin, key: "origin", PredictionOrigin.fieldSummary),
  ]
}
