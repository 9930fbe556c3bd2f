import Foundation
import LookaheadRuntime

extension PredictorCatalog {
  /// The `mlp` entry: a trained ``LookaheadRuntime/MLPPredictor`` with the stages every exported
  /// predictor shares. Its weights are data (`lookahead train --family mlp`), never searched, so
  /// only the stages and `mirror-average` are free; the family's history break follows the
  /// stages' `gap-limit`, as for `learned-linear` (``LearnedLinearTrainer/gapSeconds(for:)``).
  /// `mirror-average` (default: the weights' own setting) switches the mirror-averaging stage
  /// (``LookaheadRuntime/MLPPredictor/Parameters/mirrorAveraged``), which changes the prediction but
  /// not the weights, so a tune can decide it per device. The entry exists only with trained
  /// weights: an untrained network would be linear extrapolation under another name.
  public static func mlpEntry(weights: MLPPredictor.Parameters) -> PredictorCatalogEntry {
    let mirror = PredictorParameterSpec(
      "mirror-average", unit: "", default: .number(weights.averagesMirrorImage ? 1 : 0), domain: .flag,
      "average each prediction with its mirror image's (one more forward pass; model format version 3)")
    return exportable(
      "mlp",
      "multilayer perceptron over recent velocities, steps and the horizon (trained weights, K = \(weights.historyCount), hidden \(weights.hiddenSizes.map(String.init).joined(separator: "×"))\(weights.members.count > 1 ? ", mean of \(weights.members.count) networks" : ""))",
      source: "Henze et al., MobileHCI 2017 (networks over rotated windows); trained in the workbench", [mirror]
    ) { v in
      var parameters = weights
      parameters.maximumGapSeconds = LearnedLinearTrainer.gapSeconds(for: StageParameterSpecs.stages(v))
      parameters.mirrorAveraged = v.flag("mirror-average") ? true : nil
      return .mlp(parameters)
    }
  }

  /// This catalog with the trained model of `url` (a predictor configuration JSON or a model
  /// file): family `learnedLinear` sets the `learned-linear` entry's weights
  /// (``withLearnedLinearWeights(contentsOf:)``), family `mlp` adds the `mlp` entry.
  public func withTrainedWeights(contentsOf url: URL) throws(PredictorCatalogError) -> PredictorCatalog {
    let configuration: PredictorConfiguration
    do {
      configuration = try PredictorConfigurationFile.read(url)
    } catch {
      throw .configFile(path: url.path, jsonPath: error.jsonPath, problem: error.problem)
    }
    if case .mlp(let weights) = configuration.family { return adding([Self.mlpEntry(weights: weights)]) }
    return try withLearnedLinearWeights(contentsOf: url)
  }
}
