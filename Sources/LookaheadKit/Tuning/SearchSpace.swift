/// The space a tuning search explores: one dimension per tunable parameter, each with its range,
/// scale and whether it takes whole numbers.
///
/// Strategies work in the unit cube [0, 1]ⁿ; this type maps unit coordinates to parameter values
/// (logarithmically for log-scaled parameters, so that 1e-4 … 1e-1 is searched evenly by decade)
/// and back.
public struct SearchSpace: Sendable, Hashable, Codable {
  public struct Dimension: Sendable, Hashable, Codable {
    public enum Scale: String, Sendable, Hashable, Codable { case linear, log }
    public var name: String
    public var lowerBound: Double
    public var upperBound: Double
    public var scale: Scale
    /// Round to whole numbers (history lengths, orders).
    public var isInteger: Bool

    public init(name: String, lowerBound: Double, upperBound: Double, scale: Scale = .linear, isInteger: Bool = false) {
      precondition(lowerBound <= upperBound, "\(name): lower bound above upper bound")
      precondition(scale == .linear || lowerBound > 0, "\(name): a log scale needs a positive range")
      self.name = name
      self.lowerBound = lowerBound
      self.upperBound = upperBound
      self.scale = scale
      self.isInteger = isInteger
    }

    /// The parameter value at unit coordinate `u` (clamped to [0, 1]).
    public func value(atUnit u: Double) -> Double {
      let clamped = min(max(u, 0), 1)
      // The ends are the declared bounds exactly (exp(log(b)) need not be b).
      if clamped == 0 { return lowerBound }
      if clamped == 1 { return upperBound }
      var value: Double
      switch scale {
      case .linear: value = lowerBound + clamped * (upperBound - lowerBound)
      case .log:
        let low = lowerBound.logarithm, high = upperBound.logarithm
        value = (low + clamped * (high - low)).exponential
      }
      if isInteger { value = value.rounded() }
      return min(max(value, lowerBound), upperBound)
    }

    /// The unit coordinate of `value` (inverse of ``value(atUnit:)`` up to rounding).
    public func unit(of value: Double) -> Double {
      guard upperBound > lowerBound else { return 0.5 }
      switch scale {
      case .linear: return (value - lowerBound) / (upperBound - lowerBound)
      case .log: return (value.logarithm - lowerBound.logarithm) / (upperBound.logarithm - lowerBound.logarithm)
      }
    }
  }

  public var dimensions: [Dimension]
  public init(_ dimensions: [Dimension]) { self.dimensions = dimensions }

  public var count: Int { dimensions.count }

  /// Parameter values for a unit-cube point.
  public func values(atUnit point: [Double]) -> [Double] {
    zip(dimensions, point).map { $0.value(atUnit: $1) }
  }
}

extension Double {
  fileprivate var logarithm: Double { Foundation.log(self) }
  fileprivate var exponential: Double { Foundation.exp(self) }
}

import Foundation
