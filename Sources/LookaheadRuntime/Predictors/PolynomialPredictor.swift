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
  // What a prediction needs besides the fit, computed once per sample in `observe` and kept field
  // by field: the newest fitted sample's time, the offset that moves the fit onto it
  // (``PredictionOrigin/lastSample``), seconds per unit of τ inverted, and the newest sample's
  // pressure, tilt and azimuth (carried forward).
  private var newestTime = 0.0
  private var originOffset = SIMD2<Double>.zero
  private var inverseSpan = 0.0
  private var lastPressure: Double?
  private var lastAltitude: Double?
  private var lastAzimuth: Double?

  public init(parameters: PolynomialParameters = PolynomialParameters()) {
    self.parameters = parameters
    window = SampleWindow(capacity: max(1, parameters.windowSamples))
  }

  public mutating func reset() {
    window.removeAll()
    fit = PolynomialFit()
    observed = 0
    lastPressure = nil
    lastAltitude = nil
    lastAzimuth = nil
  }

  public mutating func observe(_ sample: PointerSample) {
    if window.record(
      time: sample.time, x: sample.x, y: sample.y, recencyHalfLife: parameters.recencyHalfLifeSeconds)
    {
      observed += 1
    }
    lastPressure = sample.pressure
    lastAltitude = sample.altitude
    lastAzimuth = sample.azimuth
    fit = PolynomialFit(
      window: window, count: parameters.windowSamples, maximumAge: parameters.windowSeconds,
      order: parameters.order, uniformTime: parameters.uniformTime,
      recencyWeighted: parameters.recencyHalfLifeSeconds > 0)
    let newest = window[back: 0]
    newestTime = newest.time
    inverseSpan = fit.span > 0 ? 1 / fit.span : 0
    originOffset =
      parameters.origin == .lastSample ? SIMD2(newest.x - fit.x[0], newest.y - fit.y[0]) : .zero
  }

  @inline(__always)
  public func predict(at time: Double) -> PredictedPoint? {
    guard observed > parameters.order, time.isFinite else { return nil }
    let h = max(0, time - newestTime)
    let ahead = fit.evaluate(at: h * inverseSpan)
    let x = ahead.x + originOffset.x
    let y = ahead.y + originOffset.y
    guard x.isFinite, y.isFinite else { return nil }
    return PredictedPoint(
      time: newestTime + h, x: x, y: y, pressure: lastPressure, altitude: lastAltitude, azimuth: lastAzimuth)
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
  /// Polynomial order.
  public var order: Int
  /// Number of newest samples fitted, at least order + 1.
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
    try validateFields()
    // The one bound that depends on another field: a fit needs order + 1 samples. Said as that
    // rule, naming both fields: a range such as "4…64" named a lower bound the table (2…64) does
    // not list, and not where it came from. The same rule as the table's ramp (order below
    // window; a window is never 0, so it is always on), which a default tune searches so that it
    // holds; a test checks the two refuse the same pairs.
    if windowSamples <= order {
      throw PredictorParameterError(
        parameter: "polynomial.windowSamples", value: Double(windowSamples),
        problem: "must be at least polynomial.order + 1 (\(order + 1) with polynomial.order = \(order))")
    }
  }
}

extension PolynomialParameters: ParameterFieldTable {
  package static let fieldPrefix = "polynomial."
  /// A fit needs order + 1 samples: the order lies below the window (checked by `validate()`
  /// with its own message, naming the window).
  package static let ramps = [ParameterRamp(low: "order", high: "windowSamples")]
  package static let fields: [ParameterField<PolynomialParameters>] = [
    .integer("order", \.order, key: "order", unit: "", range: 1...3, "polynomial order"),
    .integer(
      "windowSamples", \.windowSamples, key: "window", unit: "samples", range: 2...64,
      "newest samples fitted (at least order + 1)"),
    .real(
      "windowSeconds", \.windowSeconds, key: "window-time", unit: "s", range: 0...1,
      "fit only samples this recent (0 = no limit)"),
    .real(
      "recencyHalfLifeSeconds", \.recencyHalfLifeSeconds, key: "half-life", unit: "s", range: 0...10,
      "recency weighting: a sample's weight halves per half-life of age (0 = equal weights)"),
    // Set by the catalog entry (polynomial or savitzky-golay), not a key of its own.
    .flag("uniformTime", \.uniformTime, key: nil, "fit on equal steps instead of the samples' times (Savitzky–Golay)"),
    .choice("origin", \.origin, key: "origin", PredictionOrigin.fieldSummary),
  ]
}

extension PredictionOrigin {
  /// The summary every family's `origin` field shows.
  package static let fieldSummary =
    "extrapolate from the newest sample (no lag) or from the model's smoothed position"
}
