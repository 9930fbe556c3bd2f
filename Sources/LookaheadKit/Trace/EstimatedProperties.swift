/// Which of a sample's values the platform marked as estimates, to be refined by a later update.
///
/// Mirrors the meaning of UIKit's `UITouch.Properties` (force, azimuth, altitude, location), with
/// our own bit values; stored in the trace file as the raw integer.
public struct EstimatedProperties: OptionSet, Sendable, Hashable, Codable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let pressure = EstimatedProperties(rawValue: 1 << 0)
  public static let azimuth = EstimatedProperties(rawValue: 1 << 1)
  public static let altitude = EstimatedProperties(rawValue: 1 << 2)
  public static let location = EstimatedProperties(rawValue: 1 << 3)
}
