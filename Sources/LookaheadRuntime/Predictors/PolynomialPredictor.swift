/// Polynomial least-squares extrapolation: fit x(t) and y(t) with a polynomial of order 1–3 over
/// the newest samples (a sample count, optionally limited to a time window), then evaluate it at
/// the target time.
///
/// The family generalises Chromium's `ui/base/prediction/least_squares_predictor.cc` (a quadratic
/// through the last three samples, solved by normal equations) to any window, order and
/// optional recency weights; ``PolynomialFit`` explains the time normalisation and the
/// Savitzky–Golay (uniform time) special case. By default the fitted displacement is added to the
/// newest sample (``PredictionOrigin/lastSample``), so a horizon of 0 returns the last position
/// and an exact polynomial input is still extrapolated exactly.
public struct PolynomialPredictor: Predictor, Equatable {
  public let parameters: PolynomialParameters
  private var window: SampleWindow
  private var fit = PolynomialFit()
  private var observed = 0
  private var last: PointerSample?

  public init(parameters: PolynomialParameters = PolynomialParameters()) {
    self.parameters = parameters
    window = SampleWindow(capacity: max(1, parameters.windowSamples))
  }

  public mutating func reset() {
    window.removeAll()
    fit = PolynomialFit()
    observed = 0
    last = nil
  }

  public mutating func observe(_ sample: PointerSample) {
    if window.record(time: sample.time, x: sample.x, y: sample.y) { observed += 1 }
    last = sample
    fit = PolynomialFit(
      window: window, count: parameters.windowSamples, maximumAge: parameters.windowSeconds,
      order: parameters.order, uniformTime: parameters.uniformTime,
      recencyHalfLife: parameters.recencyHalfLifeSeconds)
  }

  public func predict(at time: Double) -> PredictedPoint? {
    guard let last, observed > parameters.order, time.isFinite, let newest = window.newest
    else { return nil }
    let h = max(0, time - newest.time)
    let tau = fit.span > 0 ? h / fit.span : 0
    let ahead = fit.evaluate(at: tau)
    var x = ahead.x
    var y = ahead.y
    if parameters.origin == .lastSample {
      x += newest.x - fit.x[0]
      y += newest.y - fit.y[0]
    }
    guard x.isFinite, y.isFinite else { return nil }
    return PredictedPoint(
      time: newest.time + h, x: x, y: y,
      pressure: last.pressure, altitude: last.altitude, azimuth: last.azimuth)
  }
}

/// Where a smoothing predictor starts its extrapolation.
public enum PredictionOrigin: String, Codable, Sendable, CaseIterable {
  /// The newest raw sample plus the model's predicted displacement: horizon 0 is the last
  /// sample, and no smoothing lag is drawn (Chromium's Kalman predictor does this).
  case lastSample
  /// The model's own estimate of the current position (smoother, but lags behind the pen).
  case model
}

/// Parameters of ``PolynomialPredictor``.
public struct PolynomialParameters: PredictorParameters {
  /// Polynomial order, 1–3.
  public var order: Int
  /// Number of newest samples fitted, order+1 … 64.
  public var windowSamples: Int
  /// Only samples at most this many seconds older than the newest are fitted; 0 = no limit.
  /// Sensible 0.01–0.1 s.
  public var windowSeconds: Double
  /// Seconds after which a sample's weight halves; 0 = equal weights. Sensible 0.005–0.1 s.
  public var recencyHalfLifeSeconds: Double
  /// Fit on equal steps instead of the samples' times: the Savitzky–Golay special case.
  public var uniformTime: Bool
  public var origin: PredictionOrigin

  public init(
    order: Int = 2, windowSamples: Int = 3, windowSeconds: Double = 0,
    recencyHalfLifeSeconds: Double = 0, uniformTime: Bool = false,
    origin: PredictionOrigin = .lastSample
  ) {
    self.order = order
    self.windowSamples = windowSamples
    self.windowSeconds = windowSeconds
    self.recencyHalfLifeSeconds = recencyHalfLifeSeconds
    self.uniformTime = uniformTime
    self.origin = origin
  }

  public func validate() throws(PredictorParameterError) {
    try PredictorParameterError.check("polynomial.order", order, in: 1...3)
    try PredictorParameterError.check("polynomial.windowSamples", windowSamples, in: (order + 1)...64)
    try PredictorParameterError.check("polynomial.windowSeconds", windowSeconds, in: 0...1)
    try PredictorParameterError.check(
      "polynomial.recencyHalfLifeSeconds", recencyHalfLifeSeconds, in: 0...10)
  }
}
