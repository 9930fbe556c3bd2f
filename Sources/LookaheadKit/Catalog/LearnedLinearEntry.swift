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
  /// `weights` the history length and rotation are those the weights were trained for (a
  /// different value is refused, as the weights would not fit), and only `maximum-gap` and the
  /// stages remain free.
  ///
  /// - Parameter weights: trained parameters, or nil for constant-velocity weights.
  public static func learnedLinearEntry(weights: LearnedLinearPredictor.Parameters? = nil) -> PredictorCatalogEntry {
    let historyDomain: ClosedRange<Int> = weights.map { $0.historyCount...$0.historyCount } ?? 1...16
    let own: [PredictorParameterSpec] = [
      .init("history-count", unit: "samples", default: .number(Double(weights?.historyCount ?? 4)),
            domain: .integer(historyDomain),
            "recent velocities the model reads (1–16); fixed by trained weights"),
      .init("rotate-to-motion", unit: "", default: .number((weights?.rotateToMotion ?? true) ? 1 : 0),
            domain: .flag, "express the velocities in the frame of the newest motion (rotation-invariant)"),
      .init("maximum-gap", unit: "s", default: .number(weights?.maximumGapSeconds ?? 0.1),
            domain: .real(0.001...1, scale: .log), "a longer gap between samples starts a new history"),
    ]
    let specs = own + StageParameterSpecs.all
    let name = "learned-linear"
    return PredictorCatalogEntry(
      name: name,
      summary: weights == nil
        ? "learned linear extrapolation of recent velocities (constant-velocity weights until trained)"
        : "learned linear extrapolation of recent velocities (trained weights)",
      source: "Henze et al., MobileHCI 2016 and 2017 (learned extrapolation); ridge regression in the workbench",
      isExportable: true, parameters: specs
    ) { values throws(PredictorCatalogError) in
      let historyCount = values.integer("history-count")
      let rotate = values.flag("rotate-to-motion")
      var parameters: LearnedLinearPredictor.Parameters
      if let weights {
        guard rotate == weights.rotateToMotion else {
          throw .inconsistentParameters(
            predictor: name,
            error: PredictorParameterError(
              parameter: "learnedLinear.rotateToMotion", value: rotate ? 1 : 0,
              problem: "the trained weights need rotateToMotion = \(weights.rotateToMotion)"))
        }
        parameters = weights
      } else {
        parameters = .constantVelocity(historyCount: historyCount, rotateToMotion: rotate)
      }
      parameters.maximumGapSeconds = values.number("maximum-gap")
      let configuration = PredictorConfiguration(
        family: .learnedLinear(parameters), stages: StageParameterSpecs.stages(values))
      do throws(PredictorParameterError) { try configuration.validate() } catch {
        throw .inconsistentParameters(predictor: name, error: error)
      }
      let ordered = specs.map { spec -> (name: String, value: ParameterValue) in
        if case .choice = spec.domain { return (spec.name, .choice(values.choice(spec.name))) }
        return (spec.name, .number(values.number(spec.name)))
      }
      return CatalogPredictor(name: name, values: ordered, configuration: configuration)
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
