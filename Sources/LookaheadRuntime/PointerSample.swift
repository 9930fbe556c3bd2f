/// One input sample as a predictor sees it: what the app was told about the pointer.
///
/// Time is in seconds on any monotonic clock (only differences matter); positions are in the
/// caller's unit. Pressure is on the 0…1 scale where known; angles in radians.
public struct PointerSample: Sendable, Hashable {
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

extension PointerSample {
  /// True when pressure, altitude and azimuth are each absent or finite.
  @inlinable
  public var hasFiniteProperties: Bool {
    (pressure?.isFinite ?? true) && (altitude?.isFinite ?? true) && (azimuth?.isFinite ?? true)
  }
}
