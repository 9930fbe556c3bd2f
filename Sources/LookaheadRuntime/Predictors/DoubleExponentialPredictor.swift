/// Double exponential smoothing prediction (DESP), LaViola, "Double Exponential Smoothing: An
/// Alternative to Kalman Filter-Based Predictive Tracking", IPT/EGVE 2003.
///
/// Two exponential smoothers in series, `S′ = α·p + (1−α)·S′` and `S″ = α·S′ + (1−α)·S″`,
/// estimate level and trend; the paper's prediction τ samples ahead is
/// `(2 + ατ/(1−α))·S′ − (1 + ατ/(1−α))·S″`. LaViola's smoothing is per sample, so τ is the
/// horizon divided by the stroke's mean sample interval. With ``PredictionOrigin/lastSample``
/// (default) only the trend part `ατ/(1−α)·(S′ − S″)` is added to the newest sample, so horizon
/// 0 is the last position and the smoothing lag is not drawn. The first sample initialises both
/// smoothers.
public struct DoubleExponentialPredictor: Predictor, Equatable {
  public let parameters: DoubleExponentialParameters
  private var single = SIMD2<Double>.zero
  private var double = SIMD2<Double>.zero
  private var first: PointerSample?
  private var last: PointerSample?
  private var count = 0

  public init(parameters: DoubleExponentialParameters = DoubleExponentialParameters()) {
    self.parameters = parameters
  }

  public mutating func reset() {
    single = .zero
    double = .zero
    first = nil
    last = nil
    count = 0
  }

  public mutating func observe(_ sample: PointerSample) {
    let p = SIMD2(sample.x, sample.y)
    if first == nil {
      first = sample
      single = p
      double = p
    } else {
      let a = parameters.alpha
      single = a * p + (1 - a) * single
      double = a * single + (1 - a) * double
    }
    last = sample
    count += 1
  }

  @inline(__always)
  public func predict(at time: Double) -> PredictedPoint? {
    guard let last, let first, count >= 2, time.isFinite else { return nil }
    let interval = (last.time - first.time) / Double(count - 1)
    guard interval > 0 else { return nil }
    let h = max(0, time - last.time)
    let a = parameters.alpha
    let tau = h / interval
    let trend = (a / (1 - a)) * (single - double)
    let origin = parameters.origin == .lastSample ? SIMD2(last.x, last.y) : 2 * single - double
    let p = origin + trend * tau
    guard p.x.isFinite, p.y.isFinite else { return nil }
    return PredictedPoint(
      time: last.time + h, x: p.x, y: p.y,
      pressure: last.pressure, altitude: last.altitude, azimuth: last.azimuth)
  }
}

/// Parameters of ``DoubleExponentialPredictor``.
public struct DoubleExponentialParameters: PredictorParameters {
  /// Smoothing weight of the newest sample (higher = less smoothing, less lag).
  public var alpha: Double
  public var origin: PredictionOrigin

  public init(alpha: Double = 0.5, origin: PredictionOrigin = .lastSample) {
    self.alpha = alpha
    self.origin = origin
  }

  public func validate() throws(PredictorParameterError) { try validateFields() }
}

extension DoubleExponentialParameters: ParameterFieldTable {
  package static let fieldPrefix = "doubleExponential."
  package static let fields: [ParameterField<DoubleExponentialParameters>] = [
    .real(
      "alpha", \.alpha, key: "alpha", unit: "", range: 0.01...0.99,
      "weight of the newest sample; higher follows faster, smooths less"),
    .choice("origin", \.origin, key: "origin", PredictionOrigin.fieldSummary),
  ]
}
