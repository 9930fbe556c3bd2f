import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// A polynomial fit needs a window of at least order + 1 samples. A default polynomial tune drew
/// the order (1…3) and the window (2…64) independently, so a grid corner, a Nelder–Mead step or
/// a Latin hypercube point with a small window (order 3 over 3 samples) failed as a trial. The
/// pair is declared in the field table (`PolynomialParameters.ramps`) and the default search keeps
/// it by construction, as it keeps Kalman's ramps: the order is searched below the window.
@Suite("Polynomial search: a default tune draws only windows of at least order + 1")
struct PolynomialWindowSearchTests {
  static let entries = ["polynomial", "savitzky-golay"]

  @Test("every point of a default polynomial search configures: Latin hypercube, grid edges, Nelder–Mead's start and first steps", arguments: entries)
  func everyPointConfigures(name: String) throws {
    let space = try RampSearchTests.defaultSpace(name)
    #expect(space.space.orderedPairs == [.init(low: "order", high: "window")])
    let (points, failures) = RampSearchTests.configureSearchPoints(space)
    #expect(failures.isEmpty, "\(failures.count) of \(points) failed, first: \(failures.first ?? "")")
    // Nelder–Mead from the defaults (order 2 over 3 samples), led towards the high orders and small
    // windows where the rule binds: its steps once proposed order 3 over 3 samples.
    var search = NelderMeadSearch(start: space.defaultUnitPoint, budget: 40)
    var refused: [String] = []
    while let point = search.next() {
      let values = space.space.values(atUnit: point)
      do { _ = try space.configure(values) } catch { refused.append("\(values): \(error)") }
      search.tell(point, score: zip(point, [1.0, 0, 0, 0]).map { ($0 - $1) * ($0 - $1) }.reduce(0, +))
    }
    #expect(refused.isEmpty, "\(refused.count) of 40 failed, first: \(refused.first ?? "")")
  }

  /// Worked by hand: the window takes its own unit over 2…64, the order the same share of
  /// 1…min(3, window − 1), rounded.
  @Test(
    "the window maps over its range and the order over the whole numbers below it, and back",
    arguments: [
      ([1, 0], [1, 2]),  // a window of 2 leaves only order 1
      ([1, 1.0 / 62], [2, 3]),  // a window of 3: order 1…2
      ([0, 1.0 / 62], [1, 3]),
      ([1, 1], [3, 64]),
      ([0.5, 1], [2, 64]),
    ] as [([Double], [Double])])
  func pairMapping(unit: [Double], values: [Double]) throws {
    let space = try RampSearchTests.defaultSpace("polynomial").space
    let order = try #require(space.dimensions.firstIndex { $0.name == "order" })
    let window = try #require(space.dimensions.firstIndex { $0.name == "window" })
    var point = [Double](repeating: 0, count: space.count)
    (point[order], point[window]) = (unit[0], unit[1])
    let mapped = space.values(atUnit: point)
    #expect([mapped[order], mapped[window]] == values)
    let back = space.unitPoint(of: mapped)
    #expect(abs(back[window] - unit[1]) < 1e-12 && space.values(atUnit: back) == mapped, "\(back)")
  }

  /// With the order fixed, the window was searched over 2…64 and the small ones failed; with the
  /// window fixed, the order over 1…3. Now the searched one keeps to the valid side.
  @Test(
    "an order or window fixed on --predictor leaves the other searched only where the window exceeds the order",
    arguments: [
      ("polynomial", ["order": 3], "window", 4, 64),
      ("polynomial", ["order": 1], "window", 2, 64),
      ("polynomial", ["window": 3], "order", 1, 2),
      ("polynomial", ["window": 2], "order", 1, 1),
      ("savitzky-golay", ["window": 3], "order", 1, 2),
    ] as [(String, [String: Double], String, Double, Double)])
  func fixedEndNarrowsTheOther(name: String, fixed: [String: Double], searched: String, lower: Double, upper: Double) throws {
    let entry = try PredictorCatalog.exported.entry(named: name)
    let space = try CatalogSearchSpace(entry: entry, parameters: nil, fixed: fixed.mapValues { .number($0) })
    let dimension = try #require(space.space.dimensions.first { $0.name == searched })
    #expect(dimension.lowerBound == lower && dimension.upperBound == upper && dimension.isInteger, "\(dimension)")
    let (points, failures) = RampSearchTests.configureSearchPoints(space)
    #expect(failures.isEmpty, "\(failures.count) of \(points) failed, first: \(failures.first ?? "")")
  }

  /// The declared ranges always leave room (a window of 2 still takes order 1), so the refusal is
  /// checked on an entry whose window is declared 2…3: with the order fixed at 3 no window fits.
  @Test("a fixed order that leaves the window no room is refused before any trial, naming both keys")
  func fixedEndWithNoRoomIsRefused() throws {
    var entry = try PredictorCatalog.exported.entry(named: "polynomial")
    let window = try #require(entry.parameters.firstIndex { $0.name == "window" })
    entry.parameters[window].domain = .integer(2...3)
    let problem = CatalogSearchSpace.Problem.rampHasNoRoom(
      fixed: "order", value: 3, searched: "window", side: "above", declared: "2…3")
    #expect(throws: problem) { try CatalogSearchSpace(entry: entry, parameters: nil, fixed: ["order": .number(3)]) }
    #expect(
      problem.description
        == "order is fixed at 3 on --predictor, and window has no value above it in its range 2…3, so every trial "
        + "would break order < window; fix window too, or give order another value")
  }
}
