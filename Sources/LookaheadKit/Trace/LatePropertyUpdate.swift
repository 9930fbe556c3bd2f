/// A refinement of an estimated value that reached the app after the sample itself.
///
/// Apple Pencil reports force as an estimate and sends the final value up to tens of milliseconds
/// later (`UITouch.estimationUpdateIndex`). A replay shows the estimate until ``arrivalTime`` and
/// the final value after it, which is what an app really knew at each frame.
public struct LatePropertyUpdate: Sendable, Hashable {
  public enum Property: String, Sendable, Hashable, Codable, CaseIterable {
    case pressure, altitude, azimuth
  }

  /// Index of the refined sample within its stroke's ``Stroke/samples``.
  public var sampleIndex: Int
  public var property: Property
  /// The value first delivered with the sample (the estimate).
  public var estimatedValue: Double
  /// The final value, also stored on the sample itself.
  public var finalValue: Double
  /// When the update reached the app, seconds, on the trace's clock.
  public var arrivalTime: Double

  public init(
    sampleIndex: Int, property: Property, estimatedValue: Double, finalValue: Double,
    arrivalTime: Double
  ) {
    self.sampleIndex = sampleIndex
    self.property = property
    self.estimatedValue = estimatedValue
    self.finalValue = finalValue
    self.arrivalTime = arrivalTime
  }
}
