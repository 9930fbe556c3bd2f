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

  /// Two dimensions of one kind (both real or both whole numbers) whose low end must lie below
  /// the high end while the high end is above the low's lower bound (``ParameterRamp``: a ramp's
  /// ends, a polynomial's order and window), searched so that every point keeps the rule: the high
  /// end over its own range, the low end over the part of its range below it (for whole numbers,
  /// up to the high end − 1). Drawn independently, a ramp's ends break the rule in half the trials.
  public struct OrderedPair: Sendable, Hashable, Codable {
    /// The dimensions' names.
    public var low: String
    public var high: String

    public init(low: String, high: String) {
      self.low = low
      self.high = high
    }
  }

  public var dimensions: [Dimension]
  /// Empty unless the space was made so (a default tune's ramps); a journal written before
  /// pairs existed has none, and its points map as they did.
  public var orderedPairs: [OrderedPair]

  public init(_ dimensions: [Dimension], orderedPairs: [OrderedPair] = []) {
    for pair in orderedPairs {
      precondition(
        Set([pair.low, pair.high].map { name in dimensions.first { $0.name == name }?.isInteger }).count == 1
          && [pair.low, pair.high].allSatisfy { name in dimensions.contains { $0.name == name } },
        "ordered pair \(pair.low)…\(pair.high) names no two dimensions of one kind")
    }
    self.dimensions = dimensions
    self.orderedPairs = orderedPairs
  }

  public var count: Int { dimensions.count }

  /// Parameter values for a unit-cube point.
  public func values(atUnit point: [Double]) -> [Double] {
    var values = zip(dimensions, point).map { $0.value(atUnit: $1) }
    for pair in orderedPairs {
      guard let (low, high) = indices(of: pair), low < point.count, high < point.count,
        let below = range(of: low, below: values[high])
      else { continue }
      // At the top of the narrowed range the ends meet; a step just below the high end keeps the rule.
      values[low] = min(below.value(atUnit: point[low]), below.justBelow(values[high]))
    }
    return values
  }

  /// The unit-cube point of parameter `values` (inverse of ``values(atUnit:)`` up to rounding).
  public func unitPoint(of values: [Double]) -> [Double] {
    var point = zip(dimensions, values).map { $0.unit(of: $1) }
    for pair in orderedPairs {
      guard let (low, high) = indices(of: pair), low < values.count, high < values.count,
        let below = range(of: low, below: values[high])
      else { continue }
      point[low] = min(max(below.unit(of: values[low]), 0), 1)
    }
    return point
  }

  private func indices(of pair: OrderedPair) -> (low: Int, high: Int)? {
    guard let low = dimensions.firstIndex(where: { $0.name == pair.low }),
      let high = dimensions.firstIndex(where: { $0.name == pair.high })
    else { return nil }
    return (low, high)
  }

  /// Dimension `index` cut to end at `high` (a whole-number dimension at `high` − 1); nil when
  /// `high` is not above its lower bound (a high end of 0 turns a ramp off, and the low end is
  /// then free).
  private func range(of index: Int, below high: Double) -> Dimension? {
    var dimension = dimensions[index]
    guard high > dimension.lowerBound else { return nil }
    dimension.upperBound = min(dimension.upperBound, dimension.isInteger ? dimension.justBelow(high) : high)
    return dimension
  }
}

extension SearchSpace.Dimension {
  /// The dimension's nearest value strictly below `value`: the whole number below it for a
  /// whole-number dimension, else the next double down.
  package func justBelow(_ value: Double) -> Double { isInteger ? value.nextDown.rounded(.down) : value.nextDown }
  /// The dimension's nearest value strictly above `value` (as ``justBelow(_:)``).
  package func justAbove(_ value: Double) -> Double { isInteger ? value.nextUp.rounded(.up) : value.nextUp }
}

extension SearchSpace {
  private enum CodingKeys: String, CodingKey { case dimensions, orderedPairs }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    dimensions = try container.decode([Dimension].self, forKey: .dimensions)
    orderedPairs = try container.decodeIfPresent([OrderedPair].self, forKey: .orderedPairs) ?? []
  }

  /// Without pairs the space is written as before pairs existed, so journals of other searches
  /// are unchanged to the byte.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(dimensions, forKey: .dimensions)
    if !orderedPairs.isEmpty { try container.encode(orderedPairs, forKey: .orderedPairs) }
  }
}

extension Double {
  fileprivate var logarithm: Double { Foundation.log(self) }
  fileprivate var exponential: Double { Foundation.exp(self) }
}

import Foundation
