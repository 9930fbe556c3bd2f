/// Where a predictor expects the pointer to be at ``time``.
public struct PredictedPoint: Sendable, Hashable {
  /// The time the prediction is for, seconds, on the input's clock.
  public var time: Double
  public var x: Double
  public var y: Double
  public var pressure: Double?
  public var altitude: Double?
  public var azimuth: Double?

  public init(
    time: Double, x: Double, y: Double,
    pressure: Double? = nil, altitude: Double? = nil, azimuth: Double? = nil
  ) {
    self.time = time
    self.x = x
    self.y = y
    self.pressure = pressure
    self.altitude = altitude
    self.azimuth = azimuth
  }
}
