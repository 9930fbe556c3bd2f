import Foundation
import LookaheadRuntime
import Testing

/// The defaults a decoder fills in for fields an older model file leaves out are the declared
/// ones (written once, in the initializers), compared stored property by stored property so a
/// field added later is covered without editing this test.
@Suite("Codable defaults")
struct CodableDefaultsTests {
  /// Each stored property of `decoded` against the same one of `declared`, by name and exact
  /// value (a Double's description round-trips its bits).
  static func expectSameFields<T>(_ decoded: T, _ declared: T, _ context: String) {
    let expected = Dictionary(
      uniqueKeysWithValues: Mirror(reflecting: declared).children.map { ($0.label ?? "?", "\($0.value)") })
    let children = Array(Mirror(reflecting: decoded).children)
    #expect(children.count == expected.count && !children.isEmpty, "\(context)")
    for child in children {
      let name = child.label ?? "?"
      #expect("\(child.value)" == expected[name], "\(context).\(name): decoded \(child.value), declared \(expected[name] ?? "nothing")")
    }
  }

  /// The gate fields every model file has carried; the later ones (the stopping horizon, the
  /// speed gate) are left out, as in a file written before they existed.
  static let gatesFirstFields = #"""
    {"horizonCapSeconds": 0, "speedFloor": 0, "turnAngleLow": 0, "turnAngleHigh": 0, "jerkLow": 0,
     "jerkHigh": 0, "directionCutOff": false, "strokeEndSpeedRatio": 0}
    """#

  @Test("gates missing from a model file take the declared defaults")
  func gatesDecodeToDeclaredDefaults() throws {
    let decoded = try JSONDecoder().decode(PredictionGateParameters.self, from: Data(Self.gatesFirstFields.utf8))
    Self.expectSameFields(decoded, PredictionGateParameters(), "gates")
    #expect(decoded == PredictionGateParameters())
  }

  @Test("a configuration without stages takes the declared stages, gates and all")
  func configurationWithoutStagesDecodesToDeclaredStages() throws {
    let json = #"{"family": "hold", "parameters": {}}"#
    let decoded = try JSONDecoder().decode(PredictorConfiguration.self, from: Data(json.utf8))
    Self.expectSameFields(decoded.stages, PredictorStages(), "stages")
    Self.expectSameFields(decoded.stages.gates, PredictionGateParameters(), "stages.gates")
    #expect(decoded == PredictorConfiguration(family: .hold(HoldParameters())))
  }

  @Test("stages written with the first gate fields only decode to the declared gates")
  func stagesWithFirstGateFields() throws {
    let stages = PredictorStages()
    let json = """
      {"family": "linear", "parameters": {"order": 1},
       "stages": {"gapLimitSeconds": \(stages.gapLimitSeconds), "pressure": "hold",
                  "postfilterReferenceHorizonSeconds": \(stages.postfilterReferenceHorizonSeconds),
                  "gates": \(Self.gatesFirstFields)}}
      """
    let decoded = try JSONDecoder().decode(PredictorConfiguration.self, from: Data(json.utf8))
    Self.expectSameFields(decoded.stages, stages, "stages")
    Self.expectSameFields(decoded.stages.gates, PredictionGateParameters(), "stages.gates")
  }
}
