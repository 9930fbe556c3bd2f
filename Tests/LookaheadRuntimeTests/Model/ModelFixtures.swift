import Foundation
import LookaheadRuntime

/// Model files for the runtime tests, built from plain configurations (the runtime tests cannot
/// see the workbench's catalog).
enum ModelFixtures {
  /// One configuration per exportable family, each with non-default stages somewhere, so every
  /// code path of the loader and the composed predictor is reached.
  static let configurations: [PredictorConfiguration] = [
    PredictorConfiguration(family: .hold(HoldParameters())),
    PredictorConfiguration(family: .linear(LinearParameters(order: 2))),
    PredictorConfiguration(family: .polynomial(PolynomialParameters())),
    PredictorConfiguration(family: .kalman(.chromium)),
    PredictorConfiguration(
      family: .kalman(.androidx), stages: PredictorStages(pressure: .extrapolate)),
    PredictorConfiguration(family: .doubleExponential(DoubleExponentialParameters())),
    PredictorConfiguration(
      family: .alphaBetaGamma(AlphaBetaGammaParameters()),
      stages: PredictorStages(postfilter: OneEuroParameters(minCutoffHz: 1, beta: 0.01, derivativeCutoffHz: 1))),
    PredictorConfiguration(
      family: .learnedLinear(.constantVelocity(historyCount: 4)),
      stages: PredictorStages(prefilter: OneEuroParameters(minCutoffHz: 2, beta: 0.007, derivativeCutoffHz: 1))),
    PredictorConfiguration(family: .mlp(mlp), stages: PredictorStages(gapLimitSeconds: 0.05)),
  ]

  /// ``configurations`` plus the MLP with every optional input stage on (mirror averaging, speed
  /// normalisation with the speed input, late-report re-timing), a version-5 file, and a learned
  /// linear model that re-times late reports, a version-6 file: what the hostile-input suites feed,
  /// so those stages meet the same streams as every family.
  static let withInputStages: [PredictorConfiguration] = configurations + [
    PredictorConfiguration(family: .mlp({
      var p = MLPPredictor.Parameters.linearStart(
        historyCount: 4, hiddenSizes: [5], activation: .relu, speedNormalized: true, speedInput: true)
      p.weights = p.weights.indices.map { 0.3 * sin(1.1 * Double($0)) }
      p.inputScale = p.inputScale.indices.map { 20 + Double($0) }
      p.outputScale = 30
      p.mirrorAveraged = true
      p.lateReportFraction = 0.25
      return p
    }())),
    PredictorConfiguration(family: .learnedLinear({
      var p = LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 6)
      p.weights = p.weights.indices.map { 0.2 * cos(0.9 * Double($0)) }
      p.lateReportFraction = 0.25
      return p
    }())),
  ]

  /// A small MLP (K = 3, 6×5 tanh) with non-trivial weights and standardisation.
  static let mlp: MLPPredictor.Parameters = {
    var p = MLPPredictor.Parameters.linearStart(historyCount: 3, hiddenSizes: [6, 5], activation: .tanh)
    p.weights = p.weights.indices.map { 0.3 * sin(1.7 * Double($0)) }
    p.inputMean = p.inputMean.indices.map { 0.1 * Double($0) }
    p.inputScale = p.inputScale.indices.map { 50 + Double($0) }
    p.outputScale = 40
    p.maximumGapSeconds = 0.05
    return p
  }()

  static func file(
    _ configuration: PredictorConfiguration, millimetresPerUnit: Double? = 0.1,
    horizonPolicy: ModelHorizonPolicy = .presentationTime
  ) -> ModelFile {
    ModelFile(
      predictor: ModelPredictorDescription(catalogName: configuration.family.name, configuration: configuration),
      coordinates: ModelCoordinates(unit: "px", millimetresPerUnit: millimetresPerUnit),
      tunedFor: ModelTuningTarget(
        deviceProfileName: "test", deviceProfile: .object(["name": .string("test")]), digitizerRateHz: 240,
        horizonPolicy: horizonPolicy),
      provenance: ModelProvenance(
        datasets: [.init(name: "synthetic", files: [.init(path: "a.csv", sha256: String(repeating: "0", count: 64))])], split: "none",
        objective: "error_mean_mm", seed: 7, score: ["error_mean_mm": 1.5], command: "test",
        lookaheadVersion: "test"))
  }

  /// The whole file with `body` edited by `edit` and the checksum recomputed, so the edit
  /// reaches the body checks instead of being caught by the checksum.
  static func resealed(_ file: ModelFile, edit: (inout String) -> Void) throws -> Data {
    let data = try file.fileData()
    let newline = data.firstIndex(of: UInt8(ascii: "\n"))!
    var body = String(decoding: data[(newline + 1)...], as: UTF8.self)
    edit(&body)
    return ModelFileEnvelope.wrap(body: Data(body.utf8), version: file.version)
  }

  /// A curved, accelerating stroke sampled at 240 Hz with pressure, in model units.
  static func stroke(count: Int = 120) -> [PointerSample] {
    (0..<count).map { i in
      let t = Double(i) / 240
      return PointerSample(
        time: 1 + t, x: 100 + 800 * t * t + 50 * sin(9 * t), y: 200 + 300 * t - 40 * cos(7 * t),
        pressure: 0.3 + 0.2 * sin(5 * t), altitude: 1.0, azimuth: 0.5)
    }
  }
}
