import Foundation
import LookaheadRuntime

/// Extra training strokes made from recorded ones, so that a learned model carries across devices
/// and writers: a mirror image (left-handed writing, the other turning sense), faster and slower
/// versions of the same path, and the same stroke at a lower sample rate.
///
/// Rotation is not offered: the learned models read their inputs in the frame of the newest
/// motion (``LookaheadRuntime/MLPFeatures``), so a rotated stroke gives the very same rows.
public struct StrokeAugmentation: Sendable, Hashable, Codable {
  /// Add each stroke mirrored (y → −y).
  public var reflect: Bool
  /// Add each stroke replayed this many times faster (time ÷ factor); 1 is the stroke itself.
  /// Sensible range 0.5…2.
  public var speedFactors: [Double]
  /// Add each stroke keeping every n-th sample (n ≥ 2): the same motion at 1/n of the rate.
  public var decimations: [Int]

  public init(reflect: Bool = false, speedFactors: [Double] = [], decimations: [Int] = []) {
    self.reflect = reflect
    self.speedFactors = speedFactors
    self.decimations = decimations
  }

  /// No extra strokes.
  public static let none = StrokeAugmentation()

  /// How many strokes each recorded stroke becomes (itself included).
  public var multiplicity: Int { (1 + speedFactors.count + decimations.count) * (reflect ? 2 : 1) }

  public struct Invalid: Error, CustomStringConvertible {
    public var description: String
  }

  /// Parses `reflect,speed=0.8;1.25,decimate=2;3` (any subset, in any order; `none` for none).
  public init(parsing text: String) throws(Invalid) {
    self.init()
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed != "none", !trimmed.isEmpty else { return }
    for item in trimmed.split(separator: ",") {
      let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      switch parts[0] {
      case "reflect" where parts.count == 1: reflect = true
      case "speed" where parts.count == 2:
        let values = parts[1].split(separator: ";").map { Double($0) }
        guard !values.isEmpty, values.allSatisfy({ $0.map { $0 >= 0.25 && $0 <= 4 } ?? false }) else {
          throw Invalid(description: "augmentation speed=\(parts[1]): expected factors in 0.25…4 separated by ';'")
        }
        speedFactors = values.compactMap { $0 }
      case "decimate" where parts.count == 2:
        let values = parts[1].split(separator: ";").map { Int($0) }
        guard !values.isEmpty, values.allSatisfy({ $0.map { (2...8).contains($0) } ?? false }) else {
          throw Invalid(description: "augmentation decimate=\(parts[1]): expected whole numbers 2…8 separated by ';'")
        }
        decimations = values.compactMap { $0 }
      default:
        throw Invalid(description: "augmentation \"\(item)\": expected reflect, speed=F;F… or decimate=N;N…")
      }
    }
  }

  /// The stroke itself first, then its variants (mirrored variants after the unmirrored ones).
  public func variants(of samples: ArraySlice<PointerSample>) -> [[PointerSample]] {
    let original = Array(samples)
    var unmirrored = [original]
    for factor in speedFactors {
      unmirrored.append(original.map { var s = $0; s.time /= factor; return s })
    }
    for n in decimations {
      unmirrored.append(original.enumerated().compactMap { $0.offset % n == 0 ? $0.element : nil })
    }
    guard reflect else { return unmirrored }
    return unmirrored + unmirrored.map { stroke in stroke.map { var s = $0; s.y = -s.y; return s } }
  }
}

extension StrokeAugmentation: CustomStringConvertible {
  public var description: String {
    var items: [String] = []
    if reflect { items.append("reflect") }
    if !speedFactors.isEmpty { items.append("speed=" + speedFactors.map { "\($0)" }.joined(separator: ";")) }
    if !decimations.isEmpty { items.append("decimate=" + decimations.map { "\($0)" }.joined(separator: ";")) }
    return items.isEmpty ? "none" : items.joined(separator: ",")
  }
}
