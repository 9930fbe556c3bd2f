import Foundation

/// One digitizer report of a recorded trace.
///
/// Time is in seconds on the recording's own clock (only differences matter); positions stay in
/// the trace's coordinate unit (see ``TraceMetadata/millimetresPerUnit``). Pressure, altitude and
/// azimuth are `nil` where the source does not record them. Where the platform delivered an
/// estimate that was refined later (Apple Pencil force), the value here is the *final* one and the
/// estimate, with the time its refinement arrived, is kept in ``Stroke/lateUpdates``.
public struct TraceSample: Sendable, Hashable {
  /// Seconds.
  public var time: Double
  /// Horizontal position, trace units, increasing to the right.
  public var x: Double
  /// Vertical position, trace units, increasing downwards (screen orientation).
  public var y: Double
  /// Tip pressure normalised to 0…1 where the source gives its maximum, else the source's scale
  /// (documented per importer).
  public var pressure: Double?
  /// Pen altitude in radians; π/2 is perpendicular to the surface.
  public var altitude: Double?
  /// Pen azimuth in radians.
  public var azimuth: Double?
  public var phase: StrokePhase
  /// Values the platform flagged as estimates when this sample was first delivered.
  public var estimated: EstimatedProperties

  public init(
    time: Double, x: Double, y: Double,
    pressure: Double? = nil, altitude: Double? = nil, azimuth: Double? = nil,
    phase: StrokePhase = .move, estimated: EstimatedProperties = []
  ) {
    self.time = time
    self.x = x
    self.y = y
    self.pressure = pressure
    self.altitude = altitude
    self.azimuth = azimuth
    self.phase = phase
    self.estimated = estimated
  }
}

extension TraceSample {
  /// The force pressing the pen into the surface: pressure ÷ sin(altitude), where both are
  /// recorded and the pen is above the surface plane (altitude in (0, π/2]); `nil` otherwise.
  ///
  /// A pen digitizer measures force along the barrel, so the same press reads lower the flatter
  /// the pen is held; dividing by sin(altitude) is how Apple's TouchCanvas sample ("Leveraging
  /// touch input for drawing apps", `perpendicularForce`) makes strokes at any tilt comparable.
  /// At altitude π/2 it equals the pressure; it grows without bound as the pen lies flat, so a
  /// consumer that needs a bounded value should cap it.
  public var perpendicularForce: Double? {
    guard let pressure, let altitude, altitude > 0, altitude <= Double.pi / 2 else { return nil }
    return pressure / sin(altitude)
  }
}
