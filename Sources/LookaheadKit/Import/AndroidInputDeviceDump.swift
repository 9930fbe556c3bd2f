import Foundation

/// The axis ranges of Android input devices from a `getevent -lp` dump, to normalise pressure
/// and to scale positions to millimetres.
///
/// A dump lists each device after `add device N: /dev/input/eventX`, then its absolute axes as
/// `ABS_MT_POSITION_X : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 12` (the first axis
/// on the `ABS (0003):` line). Resolution is in units per millimetre for positions and units per
/// radian for tilts (`struct input_absinfo` in the kernel's `include/uapi/linux/input.h`); 0
/// means the driver does not say, which is common for phone touchscreens. Other lines (names,
/// key lists, input properties) are not needed and are skipped.
public struct AndroidInputDeviceDump: Sendable, Hashable {
  public struct Axis: Sendable, Hashable {
    public var minimum: Int
    public var maximum: Int
    /// Units per millimetre (positions) or per radian (tilts); 0 if the driver does not say.
    public var resolution: Int
  }

  /// Axes by device path (`""` when the dump names none) and label (`ABS_MT_POSITION_X`).
  public private(set) var axes: [String: [String: Axis]] = [:]

  public init() {}

  public var isEmpty: Bool { axes.isEmpty }

  /// Reads the dump lines found in `lines` (other lines, such as events, are ignored).
  /// `lineNumbers` gives each line's 1-based number in `file`, for errors.
  public mutating func read(lines: [(number: Int, text: Substring)], file: String) throws {
    var device = ""
    for (number, text) in lines {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("add device "), let colon = trimmed.firstIndex(of: ":") {
        device = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        continue
      }
      guard !trimmed.hasPrefix("["), let valueRange = trimmed.range(of: ": value ") else { continue }
      let head = trimmed[..<valueRange.lowerBound]
      guard let label = head.split(separator: " ").last(where: { $0.hasPrefix("ABS_") }) else { continue }
      var numbers: [String: Int] = [:]
      for part in trimmed[valueRange.upperBound...].split(separator: ",") {
        let pair = part.split(separator: " ")
        let key = pair.count == 2 ? String(pair[0]) : "value"
        guard let valueText = pair.last, let value = Int(valueText) else {
          throw TraceInputError(file: file, location: .line(number), field: String(label),
            problem: "'\(part.trimmingCharacters(in: .whitespaces))' is not 'NAME INTEGER' in a getevent -lp axis line")
        }
        numbers[key] = value
      }
      guard let minimum = numbers["min"], let maximum = numbers["max"] else {
        throw TraceInputError(file: file, location: .line(number), field: String(label),
          problem: "the axis line has no min or max (expected 'value V, min A, max B, fuzz F, flat L, resolution R')")
      }
      axes[device, default: [:]][String(label)] = Axis(minimum: minimum, maximum: maximum, resolution: numbers["resolution"] ?? 0)
    }
  }

  /// The axis `label` of `device`, or of the only device when the log names none.
  public func axis(_ label: String, device: String) -> Axis? {
    if let found = axes[device]?[label] { return found }
    if device.isEmpty, axes.count == 1 { return axes.values.first?[label] }
    return axes[""]?[label]
  }
}
