import Foundation

/// A one-line description of a profile, for `lookahead replay profiles`.
extension DeviceProfile {
  /// One line for listings: name, display, decimation, delays and pipeline.
  public var listing: String {
    var parts = ["display \(Self.number(display.rateHz)) Hz"]
    if !display.schedule.isEmpty {
      parts.append("schedule " + display.schedule.map { "\(Self.number($0.rateHz)) Hz at \(Self.number($0.atSeconds)) s" }.joined(separator: ", "))
    }
    if digitizer.decimation > 1 { parts.append("decimated 1/\(digitizer.decimation)") }
    parts.append("delivery delay \(Self.number(deliveryDelaySeconds * 1000)) ms")
    parts.append("pipeline \(Self.number(pipeline.frames)) frames" + (pipeline.extraSeconds > 0 ? " + \(Self.number(pipeline.extraSeconds * 1000)) ms" : ""))
    if missedFrames.probability > 0 { parts.append("missed p = \(Self.number(missedFrames.probability))") }
    return name.padding(toLength: 24, withPad: " ", startingAt: 0) + parts.joined(separator: "; ") + "\n    " + summary
  }

  static func number(_ value: Double) -> String {
    value.isFinite && abs(value) < 1e15 && value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
  }
}
