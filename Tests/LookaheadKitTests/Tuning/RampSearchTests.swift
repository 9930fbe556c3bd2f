import Foundation
import LookaheadKit
import Testing

/// A ramp's low end must lie below its high end (Kalman's jerk and speed confidence). A default
/// kalman tune drew the two independently, so 3 trials in 4 broke the rule and an 8-trial tune
/// could fail whole; the default search now keeps it by construction, and `--params` ranges
/// are searched as given.
@Suite("Ramp search: a default tune keeps each ramp's low end below its high end")
struct RampSearchTests {
  static let kalmanEntries = ["kalman", "kalman-chromium", "kalman-androidx"]

  /// Configures every point a search starts from or visits at an edge — 64 Latin hypercube
  /// points, the 2-per-dimension grid's corners, the default — and returns how many there were and
  /// each failure's message.
  static func configureSearchPoints(_ space: CatalogSearchSpace) -> (points: Int, failures: [String]) {
    var points: [[Double]] = []
    var lhs = LatinHypercubeSearch(dimensionCount: space.space.count, count: 64, seed: 1)
    while let point = lhs.next() { points.append(point) }
    var grid = GridSearch(dimensionCount: space.space.count, pointsPerDimension: 2)
    while let point = grid.next() { points.append(point) }
    points.append(space.defaultUnitPoint)
    var failures: [String] = []
    for point in points {
      do { _ = try space.configure(space.space.values(atUnit: point)) } catch { failures.append("\(error)") }
    }
    return (points.count, failures)
  }

  static func defaultSpace(_ name: String) throws -> CatalogSearchSpace {
    try CatalogSearchSpace(entry: PredictorCatalog.exported.entry(named: name), parameters: nil)
  }

  @Test("every point of a default kalman search configures: Latin hypercube, grid edges, Nelder–Mead's start", arguments: kalmanEntries)
  func everyPointConfigures(name: String) throws {
    let space = try Self.defaultSpace(name)
    // The jerk confidence is searched in a jerk state only (kalman-androidx's; InertParameterSearchTests).
    #expect(space.space.orderedPairs.count == (name == "kalman-androidx" ? 2 : 1))
    let (points, failures) = Self.configureSearchPoints(space)
    #expect(failures.count == 0, "\(failures.count) of \(points) failed, first: \(failures.first ?? "")")
  }

  /// Worked by hand on two dimensions over 0…10: the high end takes its own unit, the low end
  /// the same share of the range below the high end.
  @Test(
    "a pair maps the high end over its range and the low end below it, and back",
    arguments: [
      ([0.5, 0.8], [4.0, 8.0]),
      ([0.25, 1], [2.5, 10]),
      ([0, 0.3], [0, 3]),
      ([1, 0.5], [(5.0).nextDown, 5]),  // the ends would meet: a step just below the high end
      ([0.3, 0], [3, 0]),  // a high end of 0 turns the ramp off and leaves the low end free
    ])
  func pairMapping(unit: [Double], values: [Double]) {
    let space = SearchSpace(
      [.init(name: "low", lowerBound: 0, upperBound: 10), .init(name: "high", lowerBound: 0, upperBound: 10)],
      orderedPairs: [.init(low: "low", high: "high")])
    #expect(space.values(atUnit: unit) == values)
    let back = space.unitPoint(of: values)
    #expect(zip(back, unit).allSatisfy { abs($0 - $1) < 1e-12 }, "\(back)")
  }

  /// With one end fixed on --predictor, the other was searched over its whole range, so
  /// `kalman:jerk-confidence-high=1` broke low < high in nearly every trial. Now the searched end
  /// keeps to the side of the fixed one: inside its default search range where that has room,
  /// else in the declared range (linearly), else the search is refused.
  @Test(
    "a ramp end fixed on --predictor leaves the other end searched only where low < high",
    arguments: [
      (["jerk-confidence-high": 1.0], "jerk-confidence-low", 1e-6, (1.0).nextDown, SearchSpace.Dimension.Scale.log),
      (["speed-confidence-low": 500], "speed-confidence-high", (500.0).nextUp, 1e4, .log),
      // Below the low end's default search (0.1…1e4): the declared range's part below it.
      (["speed-confidence-high": 0.05], "speed-confidence-low", 0, (0.05).nextDown, .linear),
      // Above the high end's default search (1e-5…100): the declared range's part above it.
      (["jerk-confidence-low": 1e3], "jerk-confidence-high", (1e3).nextUp, 1e12, .linear),
      // A high end of 0 is off: the low end is searched as usual.
      (["jerk-confidence-high": 0], "jerk-confidence-low", 1e-6, 100, .log),
    ])
  func fixedEndNarrowsTheOther(
    fixed: [String: Double], searched: String, lower: Double, upper: Double, scale: SearchSpace.Dimension.Scale
  ) throws {
    let entry = try PredictorCatalog.exported.entry(named: "kalman")
    // A jerk state, where the jerk confidence acts and a default search searches it.
    let space = try CatalogSearchSpace(
      entry: entry, parameters: nil, fixed: fixed.mapValues { .number($0) }.merging(["state": .choice("jerk")]) { a, _ in a })
    let dimension = try #require(space.space.dimensions.first { $0.name == searched })
    #expect(dimension.lowerBound == lower && dimension.upperBound == upper && dimension.scale == scale, "\(dimension)")
    let (points, failures) = Self.configureSearchPoints(space)
    #expect(failures.isEmpty, "\(failures.count) of \(points) failed, first: \(failures.first ?? "")")
  }

  @Test("a fixed end that leaves the other no room is refused, naming both and what to do")
  func fixedEndWithNoRoomIsRefused() throws {
    let entry = try PredictorCatalog.exported.entry(named: "kalman")
    #expect(throws: CatalogSearchSpace.Problem.rampHasNoRoom(
      fixed: "jerk-confidence-low", value: 1e12, searched: "jerk-confidence-high", side: "above",
      declared: "0…1e+12 (linear)")
    ) { try CatalogSearchSpace(entry: entry, parameters: nil, fixed: ["jerk-confidence-low": .number(1e12), "state": .choice("jerk")]) }
    let problem = CatalogSearchSpace.Problem.rampHasNoRoom(
      fixed: "jerk-confidence-low", value: 1e12, searched: "jerk-confidence-high", side: "above",
      declared: "0…1e+12 (linear)")
    #expect(
      problem.description
        == "jerk-confidence-low is fixed at 1e+12 on --predictor, and jerk-confidence-high has no value above it in its "
        + "range 0…1e+12 (linear), so every trial would break jerk-confidence-low < jerk-confidence-high; fix "
        + "jerk-confidence-high too, or give jerk-confidence-low another value")
  }

  /// Ends given a range were searched each on its own, so a trial whose low end came out above
  /// its high end failed. They are now searched as a pair like bare names: the high end over its
  /// range, the low end the same share of the part of its range below it.
  @Test("--params ends given ranges keep a ramp's ends in order, as bare names do")
  func explicitRangesKeepRampsInOrder() throws {
    let entry = try PredictorCatalog.exported.entry(named: "kalman")
    let space = try CatalogSearchSpace(entry: entry, parameters: ["jerk-confidence-low=0..10", "jerk-confidence-high"])
    #expect(space.space.orderedPairs == [.init(low: "jerk-confidence-low", high: "jerk-confidence-high")])
    let values = space.space.values(atUnit: [0.8, 0])
    #expect(values[1] == 1e-5 && values[0] < values[1] && values[0] > 0, "\(values)")
    let both = try CatalogSearchSpace(entry: entry, parameters: ["jerk-confidence-low=0..10", "jerk-confidence-high=0..10"])
    #expect(both.space.orderedPairs.count == 1)
    #expect(both.space.values(atUnit: [0.8, 0.25]) == [2, 2.5])
    #expect(both.space.dimensions.map(\.lowerBound) == [0, 0], "a low end from 0 leaves every high end valid")
    let (points, failures) = Self.configureSearchPoints(both)
    #expect(failures.isEmpty, "\(failures.count) of \(points) failed, first: \(failures.first ?? "")")
  }

  /// A bare name in --params searched the declared range, each end on its own, so `--params
  /// speed-confidence-low,speed-confidence-high` broke low < high in about half the trials. A bare
  /// name is now searched as the default search searches it: both ends named, in order; one end
  /// named and the other fixed, on its side of the fixed one.
  @Test(
    "bare names in --params keep a ramp's (or a polynomial's order and window's) ends in order, as the default search does",
    arguments: [
      ("kalman", ["speed-confidence-low", "speed-confidence-high"], [String: Double](), 1),
      ("kalman", ["jerk-confidence-low", "jerk-confidence-high", "speed-confidence-high"], [:], 1),
      ("kalman", ["jerk-confidence-low"], ["jerk-confidence-high": 1], 0),
      ("polynomial", ["order", "window"], [:], 1),
      ("polynomial", ["window"], ["order": 3], 0),
    ] as [(String, [String], [String: Double], Int)])
  func bareNamesKeepRampsInOrder(name: String, parameters: [String], fixed: [String: Double], pairs: Int) throws {
    let entry = try PredictorCatalog.exported.entry(named: name)
    let space = try CatalogSearchSpace(entry: entry, parameters: parameters, fixed: fixed.mapValues { .number($0) })
    #expect(space.space.orderedPairs.count == pairs)
    let (points, failures) = Self.configureSearchPoints(space)
    #expect(failures.isEmpty, "\(failures.count) of \(points) failed, first: \(failures.first ?? "")")
  }

  @Test("Nelder–Mead starts at the preset's ramp (kalman-androidx: jerk confidence 0.2…1)")
  func defaultPointIsThePreset() throws {
    let space = try Self.defaultSpace("kalman-androidx")
    let values = space.space.values(atUnit: space.defaultUnitPoint)
    let names = space.space.dimensions.map(\.name)
    let low = try #require(names.firstIndex(of: "jerk-confidence-low"))
    let high = try #require(names.firstIndex(of: "jerk-confidence-high"))
    #expect(abs(values[low] - 0.2) < 1e-9 && abs(values[high] - 1) < 1e-9, "\(values[low]), \(values[high])")
  }

  @Test("a journal's space records its pairs, and a space without pairs is written as before")
  func codable() throws {
    let plain = SearchSpace([.init(name: "a", lowerBound: 0, upperBound: 1)])
    let plainJSON = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
    #expect(!plainJSON.contains("orderedPairs"))
    #expect(try JSONDecoder().decode(SearchSpace.self, from: Data(plainJSON.utf8)) == plain)
    let paired = try Self.defaultSpace("kalman-androidx").space
    let decoded = try JSONDecoder().decode(SearchSpace.self, from: JSONEncoder().encode(paired))
    #expect(decoded == paired && decoded.orderedPairs.map(\.low) == ["jerk-confidence-low", "speed-confidence-low"])
  }
}
