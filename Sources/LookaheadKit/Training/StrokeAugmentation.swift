import Foundation
import LookaheadRuntime

/// Extra training strokes made from recorded ones, so that a learned model carries across devices
/// and writers: a mirror image (left-handed writing, the other turning sense), faster and slower
/// versions of the same path, larger and smaller versions of it at the same tempo, the same
/// stroke at a lower sample rate, and the same stroke
/// re-recorded at other rates (up or down) with a real digitizer's timing noise
/// (``StrokeResampler``).
///
/// Rotation is not offered: the learned models read their inputs in the frame of the newest
/// motion (``LookaheadRuntime/MLPFeatures``), so a rotated stroke gives the very same rows.
public struct StrokeAugmentation: Sendable, Hashable, Codable {
  /// Add each stroke mirrored (y → −y).
  public var reflect: Bool
  /// Add each stroke replayed this many times faster (time ÷ factor); 1 is the stroke itself.
  /// Sensible range 0.5…2.
  public var speedFactors: [Double]
  /// Add each stroke scaled in space by these factors (x, y × factor; time unchanged): the same
  /// movement made larger or smaller at the same tempo, as aimed movements of other amplitudes
  /// are (Fitts's law: their duration grows only with the logarithm of the distance). Speeds and
  /// accelerations scale with it. Sensible range 0.5…2.
  public var scaleFactors: [Double]
  /// Add each stroke keeping every n-th sample (n ≥ 2): the same motion at 1/n of the rate.
  public var decimations: [Int]
  /// Add each stroke re-recorded at each of these rates, Hz (``StrokeResampler``); a range
  /// gives one variant at a rate drawn log-uniformly from it for each stroke (seeded), so the
  /// fit sees every rate between its bounds, not a few.
  public var resampleRates: [ClosedRange<Double>]
  /// Add each stroke replayed this many times faster and then re-recorded at each of
  /// ``resampleRates`` (`fast=1.5` with `resample=240;120`): a faster writer on the devices the
  /// model is for. ``speedFactors`` alone keeps the recorded instants, so a 100 Hz stroke played
  /// 1.5 times faster arrives at 150 Hz, a rate no target device has. Needs ``resampleRates``.
  public var fastFactors: [Double]
  /// The resampled strokes' sampling-instant error, standard deviation in seconds.
  public var resampleJitter: Double
  /// The resampled strokes' timestamp resolution, seconds: 1 ms, as in every shared dataset.
  public var resampleTick: Double
  /// The resampled strokes' position resolution, millimetres where the data knows its scale (else
  /// its own unit): 0, exact positions, by default (``StrokeResampler/resolution``).
  public var resampleResolution: Double

  public init(
    reflect: Bool = false, speedFactors: [Double] = [], scaleFactors: [Double] = [], decimations: [Int] = [],
    resampleRates: [ClosedRange<Double>] = [], fastFactors: [Double] = [], resampleJitter: Double = 0.000_25,
    resampleTick: Double = 0.001, resampleResolution: Double = 0
  ) {
    self.fastFactors = fastFactors
    self.reflect = reflect
    self.speedFactors = speedFactors
    self.scaleFactors = scaleFactors
    self.decimations = decimations
    self.resampleRates = resampleRates
    self.resampleJitter = resampleJitter
    self.resampleTick = resampleTick
    self.resampleResolution = resampleResolution
  }

  /// No extra strokes.
  public static let none = StrokeAugmentation()

  /// How many strokes each recorded stroke becomes (itself included).
  public var multiplicity: Int {
    (1 + speedFactors.count + scaleFactors.count + decimations.count + resampleRates.count * (1 + fastFactors.count))
      * (reflect ? 2 : 1)
  }

  public struct Invalid: Error, CustomStringConvertible {
    public var description: String
  }

  /// Parses `reflect,speed=0.8;1.25,scale=0.8;1.25,decimate=2;3,resample=240;120,fast=1.5,jitter=0.25,tick=1,resolution=0.1`
  /// (any subset, in any order, `fast` and `resolution` only with `resample`; `none` for none).
  /// `jitter` and `tick` are milliseconds, `resolution` millimetres.
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
      case "fast" where parts.count == 2:
        let values = parts[1].split(separator: ";").map { Double($0) }
        guard !values.isEmpty, values.allSatisfy({ $0.map { $0 >= 0.25 && $0 <= 4 } ?? false }) else {
          throw Invalid(description: "augmentation fast=\(parts[1]): expected factors in 0.25…4 separated by ';'")
        }
        fastFactors = values.compactMap { $0 }
      case "scale" where parts.count == 2:
        let values = parts[1].split(separator: ";").map { Double($0) }
        guard !values.isEmpty, values.allSatisfy({ $0.map { $0 >= 0.25 && $0 <= 4 } ?? false }) else {
          throw Invalid(description: "augmentation scale=\(parts[1]): expected factors in 0.25…4 separated by ';'")
        }
        scaleFactors = values.compactMap { $0 }
      case "decimate" where parts.count == 2:
        let values = parts[1].split(separator: ";").map { Int($0) }
        guard !values.isEmpty, values.allSatisfy({ $0.map { (2...8).contains($0) } ?? false }) else {
          throw Invalid(description: "augmentation decimate=\(parts[1]): expected whole numbers 2…8 separated by ';'")
        }
        decimations = values.compactMap { $0 }
      case "resample" where parts.count == 2:
        let values = parts[1].split(separator: ";").map { item -> ClosedRange<Double>? in
          let bounds = item.split(separator: "-", maxSplits: 1).map { Double($0) }
          guard let low = bounds.first ?? nil, let high = bounds.last ?? nil, low >= 10, high <= 2000, low <= high else {
            return nil
          }
          return low...high
        }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
          throw Invalid(
            description: "augmentation resample=\(parts[1]): expected rates or ranges (LOW-HIGH) in 10…2000 Hz separated by ';'")
        }
        resampleRates = values.compactMap { $0 }
      case "jitter" where parts.count == 2:
        guard let value = Double(parts[1]), value >= 0, value <= 10 else {
          throw Invalid(description: "augmentation jitter=\(parts[1]): expected 0…10 milliseconds")
        }
        resampleJitter = value / 1000
      case "tick" where parts.count == 2:
        guard let value = Double(parts[1]), value >= 0, value <= 10 else {
          throw Invalid(description: "augmentation tick=\(parts[1]): expected 0…10 milliseconds")
        }
        resampleTick = value / 1000
      case "resolution" where parts.count == 2:
        guard let value = Double(parts[1]), value >= 0, value <= 10 else {
          throw Invalid(description: "augmentation resolution=\(parts[1]): expected 0…10 millimetres")
        }
        resampleResolution = value
      default:
        throw Invalid(
          description:
            "augmentation \"\(item)\": expected reflect, speed=F;F…, scale=F;F…, decimate=N;N…, resample=HZ;HZ…, fast=F;F…, jitter=MS, tick=MS or resolution=MM")
      }
    }
    if !fastFactors.isEmpty, resampleRates.isEmpty {
      throw Invalid(description: "augmentation fast=…: re-records the faster strokes at the resample rates; give resample=HZ;HZ… too")
    }
    if resampleResolution > 0, resampleRates.isEmpty {
      throw Invalid(description: "augmentation resolution=…: is the re-recorded strokes' position grid; give resample=HZ;HZ… too")
    }
  }

  /// The stroke itself first, then its variants (mirrored variants after the unmirrored ones).
  ///
  /// - Parameters:
  ///   - seed: draws the resampled variants' timing noise; the same seed gives the same variants
  ///     (training passes the stroke's index, so rows do not depend on the core count).
  ///   - lengthScale: millimetres (the network's length unit) per coordinate unit, which
  ///     ``resampleResolution`` is converted by.
  public func variants(of samples: ArraySlice<PointerSample>, seed: UInt64 = 0, lengthScale: Double = 1) -> [[PointerSample]] {
    let original = Array(samples)
    var unmirrored = [original]
    for factor in speedFactors {
      unmirrored.append(original.map { var s = $0; s.time /= factor; return s })
    }
    for factor in scaleFactors {
      unmirrored.append(original.map { var s = $0; s.x *= factor; s.y *= factor; return s })
    }
    for n in decimations {
      unmirrored.append(original.enumerated().compactMap { $0.offset % n == 0 ? $0.element : nil })
    }
    for (r, range) in resampleRates.enumerated() {
      var generator = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(r + 1))
      var rate = range.lowerBound
      if range.upperBound > range.lowerBound {
        rate = Foundation.exp(
          Foundation.log(range.lowerBound) + generator.nextUnit() * Foundation.log(range.upperBound / range.lowerBound))
      }
      let resampler = StrokeResampler(rate: rate, jitter: resampleJitter, tick: resampleTick, resolution: resampleResolution)
      unmirrored.append(resampler.resample(original, lengthScale: lengthScale, using: &generator))
      for factor in fastFactors {
        // Drawn after the rate variant's, so adding `fast` leaves every other variant as it was.
        let faster = original.map { var s = $0; s.time /= factor; return s }
        unmirrored.append(resampler.resample(faster, lengthScale: lengthScale, using: &generator))
      }
    }
    guard reflect else { return unmirrored }
    return unmirrored + unmirrored.map { stroke in stroke.map(Self.mirrored) }
  }
}

extension StrokeAugmentation {
  /// `sample` mirrored in the x axis (y → −y), its azimuth with it (→ −azimuth, written as
  /// 2π − azimuth when positive, so a tablet's [0, 2π) stays so). Exact for an azimuth measured
  /// from +x towards +y of the trace's coordinates (UIKit's convention); for a device measuring
  /// from another zero direction the mirrored azimuth is off by twice that direction's angle, a
  /// constant per device.
  static func mirrored(_ sample: PointerSample) -> PointerSample {
    var s = sample
    s.y = -s.y
    if let azimuth = s.azimuth {
      s.azimuth = azimuth > 0 ? 2 * Double.pi - azimuth : -azimuth
    }
    return s
  }
}

extension StrokeAugmentation: CustomStringConvertible {
  public var description: String {
    var items: [String] = []
    if reflect { items.append("reflect") }
    if !speedFactors.isEmpty { items.append("speed=" + speedFactors.map { "\($0)" }.joined(separator: ";")) }
    if !scaleFactors.isEmpty { items.append("scale=" + scaleFactors.map { "\($0)" }.joined(separator: ";")) }
    if !decimations.isEmpty { items.append("decimate=" + decimations.map { "\($0)" }.joined(separator: ";")) }
    if !resampleRates.isEmpty {
      items.append("resample=" + resampleRates.map {
        $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
      }.joined(separator: ";"))
      if !fastFactors.isEmpty { items.append("fast=" + fastFactors.map { "\($0)" }.joined(separator: ";")) }
      items.append("jitter=" + String(format: "%g", resampleJitter * 1000))
      items.append("tick=" + String(format: "%g", resampleTick * 1000))
      if resampleResolution > 0 { items.append("resolution=" + String(format: "%g", resampleResolution)) }
    }
    return items.isEmpty ? "none" : items.joined(separator: ",")
  }
}
