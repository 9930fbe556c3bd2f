import Foundation
import LookaheadRuntime

extension PredictorCatalog {
  /// The `learned-linear` entry: ``LearnedLinearPredictor`` with the stages every exported
  /// predictor shares.
  ///
  /// Its tunable parameters are `history-count`, `rotate-to-motion` and `maximum-gap`; its
  /// weights are data (a trainer's output), never searched. Without `weights` the entry uses
  /// ``LearnedLinearPredictor/Parameters/constantVelocity(historyCount:rotateToMotion:)`` for
  /// whatever history length is asked for, a known, exactly linear starting point. With trained
  /// `weights` the history length and rotation are those the weights were trained for, so only
  /// `maximum-gap` and the stages remain free (asking for another history length is an unknown
  /// parameter).
  ///
  /// - Parameter weights: trained parameters, or nil for constant-velocity weights.
  public static func learnedLinearEntry(weights: LearnedLinearPredictor.Parameters? = nil) -> PredictorCatalogEntry {
    let gap = PredictorParameterSpec(
      "maximum-gap", unit: "s", default: .number(weights?.maximumGapSeconds ?? 0.1),
      domain: .real(0.001...1, scale: .log), "a longer gap between samples starts a new history")
    let source = "Henze et al., MobileHCI 2016 and 2017 (learned extrapolation); ridge regression in the workbench"
    if let weights {
      return exportable(
        "learned-linear",
        "learned linear extrapolation of recent velocities (trained weights, K = \(weights.historyCount))",
        source: source, [gap]
      ) { v in
        var parameters = weights
        parameters.maximumGapSeconds = v.number("maximum-gap")
        return .learnedLinear(parameters)
      }
    }
    return exportable(
      "learned-linear", "learned linear extrapolation of recent velocities (constant-velocity weights until trained)",
      source: source,
      [
        .init("history-count", unit: "samples", default: .number(4), domain: .integer(1...16),
              "recent velocities the model reads"),
        .init("rotate-to-motion", unit: "", default: .number(1), domain: .flag,
              "express the velocities in the frame of the newest motion (rotation-invariant)"),
        gap,
      ]
    ) { v in
      var parameters = LearnedLinearPredictor.Parameters.constantVelocity(
        historyCount: v.integer("history-count"), rotateToMotion: v.flag("rotate-to-motion"))
      parameters.maximumGapSeconds = v.number("maximum-gap")
      return .learnedLinear(parameters)
    }
  }

  /// This catalog with its `learned-linear` entry using the trained weights of `url`: a
  /// predictor configuration JSON of family `learnedLinear` (the shape of
  /// ``PredictorConfiguration``) or a model file holding one.
  public func withLearnedLinearWeights(contentsOf url: URL) throws(PredictorCatalogError) -> PredictorCatalog {
    let configuration: PredictorConfiguration
    do {
      configuration = try PredictorConfigurationFile.read(url)
    } catch {
      throw .configFile(path: url.path, jsonPath: error.jsonPath, problem: error.problem)
    }
    guard case .learnedLinear(let weights) = configuration.family else {
      throw .configFile(
        path: url.path, jsonPath: "$.family",
        problem: "expected family \"learnedLinear\", found \"\(configuration.family.name)\"")
    }
    return adding([Self.learnedLinearEntry(weights: weights)])
  }
}
