import Foundation
import LookaheadRuntime
import Testing

@Suite("Predictor configuration")
struct PredictorConfigurationTests {
  static let families: [PredictorFamily] = [
    .hold(HoldParameters()),
    .linear(LinearParameters(order: 2)),
    .polynomial(PolynomialParameters(order: 3, windowSamples: 9, windowSeconds: 0.05, recencyHalfLifeSeconds: 0.02, uniformTime: true, origin: .model)),
    .kalman(.androidx),
    .kalman(KalmanParameters(stateModel: .velocity, processNoise: 3, timeStep: .measured, speedConfidenceLow: 10, speedConfidenceHigh: 200)),
    .doubleExponential(DoubleExponentialParameters(alpha: 0.3)),
    .alphaBetaGamma(AlphaBetaGammaParameters(alpha: 0.7, beta: 0.2, gamma: 0, origin: .model)),
  ]

  @Test("JSON round trip keeps every field", arguments: 0..<7)
  func roundTrip(index: Int) throws {
    let configuration = PredictorConfiguration(
      family: Self.families[index],
      stages: PredictorStages(
        gapLimitSeconds: 0.03, pressure: .extrapolate, prefilter: OneEuroParameters(minCutoffHz: 2),
        postfilter: nil, gates: PredictionGateParameters(horizonCapSeconds: 0.02, directionCutOff: true)))
    try configuration.validate()
    let data = try JSONEncoder().encode(configuration)
    let decoded = try JSONDecoder().decode(PredictorConfiguration.self, from: data)
    #expect(decoded == configuration)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["family"] as? String == Self.families[index].name)
    #expect(Set(object.keys) == ["family", "parameters", "stages"])
  }

  @Test("the model fixtures, which the loader, fuzz and field-table tests run over, cover every family")
  func fixturesCoverEveryFamily() {
    #expect(Set(ModelFixtures.configurations.map(\.family.name)) == Set(PredictorFamily.names))
  }

  @Test("the documented shape decodes")
  func documentedShape() throws {
    let json = """
      {"family": "linear", "parameters": {"order": 2}}
      """
    let decoded = try JSONDecoder().decode(PredictorConfiguration.self, from: Data(json.utf8))
    #expect(decoded == PredictorConfiguration(family: .linear(LinearParameters(order: 2))))
  }

  @Test("an unknown family is an error naming the known ones")
  func unknownFamily() {
    let json = #"{"family": "magic", "parameters": {}}"#
    do {
      _ = try JSONDecoder().decode(PredictorConfiguration.self, from: Data(json.utf8))
      Issue.record("decoded an unknown family")
    } catch {
      #expect("\(error)".contains("magic") && "\(error)".contains("kalman"))
    }
  }

  @Test("validation names the field out of range")
  func validation() {
    let cases: [(PredictorConfiguration, String)] = [
      (PredictorConfiguration(family: .kalman(KalmanParameters(processNoise: -1))), "kalman.processNoise"),
      (PredictorConfiguration(family: .linear(LinearParameters(order: 3))), "linear.order"),
      (PredictorConfiguration(family: .doubleExponential(DoubleExponentialParameters(alpha: 1))), "doubleExponential.alpha"),
      (PredictorConfiguration(family: .hold(HoldParameters()), stages: PredictorStages(gapLimitSeconds: .nan)), "stages.gapLimitSeconds"),
      (PredictorConfiguration(
        family: .hold(HoldParameters()),
        stages: PredictorStages(gates: PredictionGateParameters(jerkLow: 5, jerkHigh: 4))), "stages.gates.jerkLow"),
      (PredictorConfiguration(
        family: .hold(HoldParameters()), stages: PredictorStages(prefilter: OneEuroParameters(minCutoffHz: 0))),
        "stages.prefilter.minCutoffHz"),
      (PredictorConfiguration(
        family: .hold(HoldParameters()), stages: PredictorStages(postfilter: OneEuroParameters(beta: 11))),
        "stages.postfilter.beta"),
    ]
    for (configuration, field) in cases {
      do {
        try configuration.validate()
        Issue.record("\(field): accepted")
      } catch {
        #expect(error.parameter == field)
      }
    }
  }
}
