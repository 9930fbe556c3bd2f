import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `tune --params NAME=LOW..HIGH` searched a range given as given, each end of a rule between two
/// fields on its own: `--params order,window=2..3` (polynomial, order 1…3) tried order 2 and 3
/// over 2 and 3 samples and failed 3 of 6 trials, and a range with no valid value at all failed
/// every trial. Now a range given keeps the rule as the default search does: both ends searched
/// as a pair (the high end above the low end's lowest value), one end against the other's fixed
/// or default value cut to its side, and a range with no such part refused before any trial,
/// naming both keys.
@Suite("tune --params ranges keep the rules between fields")
struct ParamsRangeRuleTests {
  static func space(_ name: String, _ parameters: [String], fixed: [String: Double] = [:]) throws -> CatalogSearchSpace {
    try CatalogSearchSpace(
      entry: PredictorCatalog.exported.entry(named: name), parameters: parameters, fixed: fixed.mapValues { .number($0) })
  }

  @Test(
    "every search point configures, and the ranges are cut to their valid part",
    arguments: [
      // (predictor, --params, fixed, the high end's (window's) range searched, paired)
      ("polynomial", ["order", "window=2..3"], [:], 2, 3, true),
      ("polynomial", ["order=2..3", "window=2..3"], [:], 3, 3, true),
      ("polynomial", ["order", "window=2..16", "half-life=0..0.05"], [:], 2, 16, true),  // Tools/results.sh, golden_outputs.sh, bench tuning
      ("polynomial", ["window=2..3"], [:], 3, 3, false),  // against the default order 2
      ("polynomial", ["window=2..8"], ["order": 3], 4, 8, false),
      ("polynomial", ["order=1..3", "window"], [:], 2, 64, true),
      ("savitzky-golay", ["order=2..3", "window=2..5"], [:], 3, 5, true),
    ] as [(String, [String], [String: Double], Double, Double, Bool)])
  func rangesKeepTheRule(
    name: String, parameters: [String], fixed: [String: Double], lower: Double, upper: Double, paired: Bool
  ) throws {
    let space = try Self.space(name, parameters, fixed: fixed)
    let window = try #require(space.space.dimensions.first { $0.name == "window" })
    #expect(window.lowerBound == lower && window.upperBound == upper, "\(window)")
    #expect(space.space.orderedPairs == (paired ? [.init(low: "order", high: "window")] : []))
    let (points, failures) = RampSearchTests.configureSearchPoints(space)
    #expect(failures.isEmpty, "\(failures.count) of \(points) failed, first: \(failures.first ?? "")")
  }

  @Test("a kalman ramp given ranges: the high end searched only above the low end's lowest value")
  func kalmanRamp() throws {
    let space = try Self.space("kalman", ["speed-confidence-low=10..100", "speed-confidence-high=1..50"])
    let high = try #require(space.space.dimensions.first { $0.name == "speed-confidence-high" })
    #expect(high.lowerBound == 10.0.nextUp && high.upperBound == 50)
    let (points, failures) = RampSearchTests.configureSearchPoints(space)
    #expect(failures.isEmpty, "\(failures.count) of \(points) failed, first: \(failures.first ?? "")")
  }

  @Test(
    "a range with no valid value is refused before any trial, naming both keys",
    arguments: [
      ("polynomial", ["order=3..3", "window=2..3"], [:],
       "--params: window=2..3 has no value above 3, the lowest of order=3..3, so every trial would break order < window; "
        + "give window a range reaching above 3, or order one starting below 3"),
      ("polynomial", ["window=2..3"], ["order": 3],
       "--params: window=2..3 has no value above order, fixed at 3 on --predictor, so every trial would break order < window; "
        + "give window a range above 3, or order another value"),
      ("polynomial", ["window=2..2"], [:],
       "--params: window=2..2 has no value above order, at its default 2, so every trial would break order < window; "
        + "give window a range above 2, or fix order (--predictor polynomial:order=VALUE) or search it too"),
      ("polynomial", ["order=3..3"], ["window": 3],
       "--params: order=3..3 has no value below window, fixed at 3 on --predictor, so every trial would break order < window; "
        + "give order a range below 3, or window another value"),
      ("kalman", ["speed-confidence-low=10..100", "speed-confidence-high=1..10"], [:],
       "--params: speed-confidence-high=1..10 has no value above 10, the lowest of speed-confidence-low=10..100, so every "
        + "trial would break speed-confidence-low < speed-confidence-high; give speed-confidence-high a range reaching above "
        + "10, or speed-confidence-low one starting below 10"),
    ] as [(String, [String], [String: Double], String)])
  func refused(name: String, parameters: [String], fixed: [String: Double], message: String) throws {
    #expect(throws: CatalogSearchSpace.Problem.rangeHasNoRoom(message)) { try Self.space(name, parameters, fixed: fixed) }
  }
}
