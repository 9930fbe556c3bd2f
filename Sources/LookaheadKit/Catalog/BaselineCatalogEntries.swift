import LookaheadRuntime

extension PredictorCatalog {
  /// Research baselines that live in the workbench only (never exported): TurboTouch with the
  /// authors' 64 ms gains (Inria research-only licence, `Baselines/TurboTouchPredictor.swift`).
  /// Recorded platform predictions are not a catalog entry: they need the stroke they were
  /// recorded with (``EvaluationSubject/recorded``, ``BaselinePredictors/recorded(stroke:selection:)``).
  public static let baselineEntries: [PredictorCatalogEntry] = [
    PredictorCatalogEntry(
      name: BaselinePredictors.turboTouch64Name,
      summary: BaselinePredictors.turboTouch64Description,
      source: "Nancel et al., UIST 2018; LokiResearch/TurboTouchPredictor cpp/config/turbotouch64.cfg",
      isExportable: false, parameters: []
    ) { _ in
      CatalogPredictor(name: BaselinePredictors.turboTouch64Name, values: []) { BaselinePredictors.turboTouch64() }
    }
  ]

  /// Everything the workbench can evaluate: the exported predictors plus the baselines.
  public static let workbench: PredictorCatalog = exported.adding(baselineEntries)
}
