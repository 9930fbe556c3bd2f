import LookaheadRuntime

/// The two reference predictors of the per-sample anchor protocol
/// (`../shared/design/ANCHOR-PROTOCOL.md` §1.5), written here so that the protocol can be checked
/// against its golden rows independently of the runtime's own predictor families.
///
/// Hold: the newest sample, whatever the time asked for.
public struct ReferenceHoldPredictor: Predictor {
  private var newest: PointerSample?

  public init() {}
  public mutating func reset() { newest = nil }
  public mutating func observe(_ sample: PointerSample) { newest = sample }
  public func predict(at time: Double) -> PredictedPoint? {
    guard let newest else { return nil }
    return PredictedPoint(time: time, x: newest.x, y: newest.y, pressure: newest.pressure)
  }
}

/// Linear extrapolation through the last two samples: pᵢ + (pᵢ − pᵢ₋₁)·(T − tᵢ)/(tᵢ − tᵢ₋₁).
/// With a single sample, or two at the same time, it holds the newest.
public struct ReferenceLinearPredictor: Predictor {
  private var previous: PointerSample?
  private var newest: PointerSample?

  public init() {}
  public mutating func reset() {
    previous = nil
    newest = nil
  }
  public mutating func observe(_ sample: PointerSample) {
    previous = newest
    newest = sample
  }
  public func predict(at time: Double) -> PredictedPoint? {
    guard let newest else { return nil }
    guard let previous, newest.time > previous.time else {
      return PredictedPoint(time: time, x: newest.x, y: newest.y)
    }
    let f = (time - newest.time) / (newest.time - previous.time)
    return PredictedPoint(
      time: time, x: newest.x + f * (newest.x - previous.x), y: newest.y + f * (newest.y - previous.y))
  }
}
