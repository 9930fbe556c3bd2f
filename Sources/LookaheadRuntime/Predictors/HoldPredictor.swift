/// No prediction: the newest sample, held. The baseline every other predictor must beat (the
/// "hold" row of Henze et al., MobileHCI 2017, and of `ANCHOR-PROTOCOL.md`).
public struct HoldPredictor: Predictor, Equatable {
  private var last: PointerSample?

  public init(parameters: HoldParameters = HoldParameters()) {}

  public mutating func reset() { last = nil }

  public mutating func observe(_ sample: PointerSample) { last = sample }

  @inline(__always)
  public func predict(at time: Double) -> PredictedPoint? {
    guard let last, time.isFinite else { return nil }
    return PredictedPoint(
      time: max(time, last.time), x: last.x, y: last.y,
      pressure: last.pressure, altitude: last.altitude, azimuth: last.azimuth)
  }
}

/// The hold predictor has no parameters; the type exists so that every family exports alike.
public struct HoldParameters: PredictorParameters {
  public init() {}
  public func validate() throws(PredictorParameterError) {}
}

extension HoldParameters: ParameterFieldTable {
  package static let fieldPrefix = "hold."
  package static let fields: [ParameterField<HoldParameters>] = []
}
