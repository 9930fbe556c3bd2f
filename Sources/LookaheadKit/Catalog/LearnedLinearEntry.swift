import Foundation
import LookaheadRuntime

extension PredictorCatalog {
  /// The `learned-linear` entry: ``LearnedLinearPredictor`` with the stages every exported
  /// predictor shares.
  ///
  /// Its tunable parameters are `history-count` and `rotate-to-motion`, beside the stages; its
  /// weights are data (a trainer's output), never searched. Without `weights` the entry uses
  /// ``LearnedLinearPredictor/Parameters/constantVelocity(historyCount:rotateToMotion:)`` for
  /// whatever history length is asked for, a known, exactly linear starting point. With trained
  /// `weights` the history length and rotation are those the weights were trained for, so only
  /// the stages remain free (asking for another history length is an unknown parameter).
  ///
  /// The model has one gap rule, the stages' `gap-limit`: the family's own history break
  /// (`maximumGapSeconds`) is set from it (``LearnedLinearTrainer/gapSeconds(for:)``), as the
  /// trainer does, so a model is trained, scored and shipped under the same rule.
  ///
  /// - Parameter weights: trained parameters, or nil for constant-velocity weights.
  public static func learnedLinearEntry(weights: LearnedLinearPredictor.Parameters? = nil) -> PredictorCatalogEntry {
    let source = "Henze et al., MobileHCI 2016 and 2017 (learned extrapolation); ridge regression in the workbench"
    @Sendable func gapSeconds(_ v: ParameterValues) -> Double {
      LearnedLinearTrainer.gapSeconds(for: StageParameterSpecs.stages(v))
    }
    if let weights {
      return exportable(
        "learned-linear",
        "learned linear extrapolation of recent velocities (trained weights, K = \(weights.historyCount))",
        source: source, []
      ) { v in
        var parameters = weights
        parameters.maximumGapSeconds = gapSeconds(v)
        return .learnedLinear(parameters)
      }
    }
    return exportable(
      "learned-linear", "learned linear extrapolation of recent velocities (constant-velocity weights until trained)",
      source: source,
      // The field table's keys with the defaults of K = 4 constant-velocity weights; the builder
      // makes the weights for the history length asked for.
      LearnedLinearPredictor.Parameters.fields.map {
        PredictorParameterSpec($0, default: LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 4))
      }, keys: LearnedLinearPredictor.Parameters.catalogKeys
    ) { v in
      var parameters = LearnedLinearPredictor.Parameters.constantVelocity(
        historyCount: v.integer("history-count"), rotateToMotion: v.flag("rotate-to-motion"))
      parameters.maximumGapSeconds = gapSeconds(v)
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
