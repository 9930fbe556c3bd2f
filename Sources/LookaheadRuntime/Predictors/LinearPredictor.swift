/// n-point linear extrapolation from the newest samples.
///
/// - First order: the velocity of the last two samples, `p + v·h` (row b of `ANCHOR-PROTOCOL.md`).
/// - Second order: adds half the acceleration `a·h²/2`, where `a` is the change between the last
///   two two-point velocities divided by the newest interval. This is the definition of
///   Chromium's `ui/base/prediction/linear_predictor.cc` (`kSecondOrder`), kept as is so that its
///   unit-test numbers hold; with only two samples it falls back to first order, as Chromium does.
///
/// A repeated time stamp replaces the newest sample (the last report of an instant wins), so a
/// zero interval never divides.
public struct LinearPredictor: Predictor, Equatable {
  public let parameters: LinearParameters
  private var window = SampleWindow(capacity: 3)
  private var last: PointerSample?

  public init(parameters: LinearParameters = LinearParameters()) {
    self.parameters = parameters
  }

  public mutating func reset() {
    window.removeAll()
    last = nil
  }

  public mutating func observe(_ sample: PointerSample) {
    window.record(time: sample.time, x: sample.x, y: sample.y)
    last = sample
  }

  @inline(__always)
  public func predict(at time: Double) -> PredictedPoint? {
    guard let last, window.count >= 2, time.isFinite else { return nil }
    let p0 = window[back: 0]
    let p1 = window[back: 1]
    let dt = p0.time - p1.time
    guard dt > 0 else { return nil }
    let h = max(0, time - p0.time)
    let vx = (p0.x - p1.x) / dt
    let vy = (p0.y - p1.y) / dt
    var x = p0.x + vx * h
    var y = p0.y + vy * h
    if parameters.order == 2, window.count >= 3 {
      let p2 = window[back: 2]
      let dtPrevious = p1.time - p2.time
      if dtPrevious > 0 {
        let ax = (vx - (p1.x - p2.x) / dtPrevious) / dt
        let ay = (vy - (p1.y - p2.y) / dtPrevious) / dt
        x += 0.5 * ax * h * h
        y += 0.5 * ay * h * h
      }
    }
    return PredictedPoint(
      time: p0.time + h, x: x, y: y,
      pressure: last.pressure, altitude: last.altitude, azimuth: last.azimuth)
  }
}

/// Parameters of ``LinearPredictor``.
public struct LinearParameters: PredictorParameters {
  /// 1: velocity from the last two samples; 2: plus acceleration from the last three (range in
  /// ``fields``).
  public var order: Int

  public init(order: Int = 1) { self.order = order }

  public func validate() throws(PredictorParameterError) { try validateFields() }
}

extension LinearParameters: ParameterFieldTable {
  package static let fieldPrefix = "linear."
  package static let fields: [ParameterField<LinearParameters>] = [
    .integer(
      "order", \.order, key: "order", unit: "", range: 1...2,
      "1: last two samples; 2: adds the acceleration of the last three (Chromium's definition)")
  ]
}
