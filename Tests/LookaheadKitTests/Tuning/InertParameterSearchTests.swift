import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// A default kalman tune (acceleration state) searched the jerk confidence ramp, two of its eight
/// dimensions, although only a jerk state has a jerk: every value scored the same to the bit
/// (`KalmanJerkConfidenceInertTests`). The default search now leaves out what the field table
/// calls inert under the choices in play (`KalmanParameters.inertFields(in:)`); the values stay
/// the preset's, so every trial still configures a complete predictor.
@Suite("Inert parameters: a default tune leaves out what cannot change a prediction")
struct InertParameterSearchTests {
  static let jerkRamp: Set<String> = ["jerk-confidence-low", "jerk-confidence-high"]

  @Test(
    "the default kalman search searches the jerk confidence only in a jerk state",
    arguments: [
      ("kalman", [String: String](), false), ("kalman-chromium", [:], false), ("kalman", ["state": "velocity"], false),
      ("kalman", ["state": "jerk"], true), ("kalman-androidx", [:], true), ("kalman-androidx", ["state": "acceleration"], false),
    ] as [(String, [String: String], Bool)])
  func jerkRampOnlyInAJerkState(name: String, fixed: [String: String], searched: Bool) throws {
    let entry = try PredictorCatalog.exported.entry(named: name)
    let space = try CatalogSearchSpace(entry: entry, parameters: nil, fixed: fixed.mapValues { .choice($0) })
    let names = Set(space.space.dimensions.map(\.name))
    #expect(names.isSuperset(of: Self.jerkRamp) == searched && names.isDisjoint(with: Self.jerkRamp) == !searched, "\(names)")
    #expect(names.isSuperset(of: ["process-noise", "speed-confidence-low", "speed-confidence-high"]))
    #expect(space.space.orderedPairs.count == (searched ? 2 : 1))
    // Every point still configures the whole predictor; a ramp left out stays at the preset's values.
    let (points, failures) = RampSearchTests.configureSearchPoints(space)
    #expect(failures.isEmpty, "\(failures.count) of \(points) failed, first: \(failures.first ?? "")")
    guard !searched else { return }
    var lhs = LatinHypercubeSearch(dimensionCount: space.space.count, count: 4, seed: 2)
    while let point = lhs.next() {
      let predictor = try space.configure(space.space.values(atUnit: point))
      let values = Dictionary(uniqueKeysWithValues: predictor.values.map { ($0.name, $0.value) })
      for key in Self.jerkRamp { #expect(values[key] == entry.parameter(named: key)?.defaultValue, "\(key)") }
    }
  }

  @Test("the catalog names the inert parameters by key, from the values' state")
  func catalogInertParameters() throws {
    let kalman = try PredictorCatalog.exported.entry(named: "kalman")
    let androidx = try PredictorCatalog.exported.entry(named: "kalman-androidx")
    func inert(_ entry: PredictorCatalogEntry, _ state: String?) -> Set<String> {
      var values: [String: ParameterValue] = [:]
      for spec in entry.parameters { values[spec.name] = spec.defaultValue }
      if let state { values["state"] = .choice(state) }
      return entry.inertParameters(ParameterValues(values))
    }
    #expect(inert(kalman, nil) == Self.jerkRamp && inert(androidx, nil).isEmpty)
    #expect(inert(kalman, "jerk").isEmpty && inert(androidx, "velocity") == Self.jerkRamp)
    #expect(inert(try PredictorCatalog.exported.entry(named: "polynomial"), nil).isEmpty)
  }

  @Test("a bare name in --params is searched even where it is inert: the user asked for it")
  func namedInertParameterIsSearched() throws {
    let entry = try PredictorCatalog.exported.entry(named: "kalman")
    let space = try CatalogSearchSpace(entry: entry, parameters: ["jerk-confidence-low", "jerk-confidence-high"])
    #expect(Set(space.space.dimensions.map(\.name)) == Self.jerkRamp)
  }
}
