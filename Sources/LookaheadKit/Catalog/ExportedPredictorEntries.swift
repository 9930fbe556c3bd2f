import LookaheadRuntime

extension PredictorCatalog {
  /// Every predictor implemented in `LookaheadRuntime`, each exportable.
  public static let exported = PredictorCatalog(entries: [
    exportable(
      "hold", "no prediction: the newest sample, held (the baseline)",
      source: "Henze et al., MobileHCI 2017 (hold row)", preset: HoldParameters(), family: PredictorFamily.hold),
    exportable(
      "linear", "extrapolates the velocity of the last two samples (order 2 adds acceleration)",
      source: "Chromium ui/base/prediction/linear_predictor.cc", preset: LinearParameters(),
      family: PredictorFamily.linear),
    exportable(
      "polynomial", "least-squares polynomial (order 1–3) over the newest samples, extrapolated",
      source: "Chromium ui/base/prediction/least_squares_predictor.cc, generalised",
      preset: polynomialPreset, family: PredictorFamily.polynomial),
    exportable(
      "savitzky-golay", "least-squares polynomial on equal steps (Savitzky–Golay), extrapolated",
      source: "Savitzky & Golay, Anal. Chem. 36(8), 1964",
      preset: savitzkyGolayPreset, family: PredictorFamily.polynomial),
    exportable(
      "kalman", "Kalman filter (velocity / acceleration / jerk state), extrapolated from the newest sample",
      source: "Chromium ui/base/prediction/kalman_predictor.cc; AndroidX input-motionprediction",
      preset: KalmanParameters.chromium, family: PredictorFamily.kalman),
    // Presets named after a platform carry that platform's limits as stage defaults (each read
    // again from its source; Docs/Baselines.md says what was found).
    exportable(
      "kalman-chromium", "Chromium's Kalman predictor: acceleration state in ms, smoothed dt, 20 ms gap reset, 25 ms cap",
      source: "Chromium ui/base/prediction/kalman_predictor.cc, kalman_filter.cc, input_predictor.h",
      preset: KalmanParameters.chromium,
      // kMaxTimeDelta (20 ms) resets the filter; predicted events reach at most
      // kMaxPredictionTime (25 ms) past the newest real event (blink InputEventPrediction).
      stageDefaults: ["gap-limit": .number(0.020), "horizon-cap": .number(0.025)], family: PredictorFamily.kalman),
    exportable(
      "kalman-androidx", "AndroidX's stylus Kalman predictor: jerk state per sample, jerk confidence, pressure filter, 32 ms cap",
      source: "AndroidX input/input-motionprediction (SinglePointerPredictor, PointerKalmanFilter, PredictionEstimator)",
      preset: KalmanParameters.androidx,
      // PredictionEstimator never asks for more than MAX_PREDICTION_MS (32 ms); nothing resets
      // the filter within a stroke (a new pointer gets a new predictor).
      stageDefaults: ["gap-limit": .number(0), "horizon-cap": .number(0.032)], family: PredictorFamily.kalman),
    exportable(
      "desp", "double exponential smoothing prediction (level and trend per sample)",
      source: "LaViola, IPT/EGVE 2003", preset: DoubleExponentialParameters(),
      family: PredictorFamily.doubleExponential),
    exportable(
      "alpha-beta-gamma", "fixed-gain α-β-γ tracker with the real sample interval",
      source: "Kalata, IEEE Trans. AES 20(2), 1984", preset: AlphaBetaGammaParameters(),
      family: PredictorFamily.alphaBetaGamma),
    learnedLinearEntry(),
  ])

  /// The defaults of the `polynomial` entry: Chromium's least-squares predictor (order 2 over
  /// the last three samples).
  static let polynomialPreset = PolynomialParameters(order: 2, windowSamples: 3)
  /// The defaults of the `savitzky-golay` entry: order 2 on five equal steps.
  static let savitzkyGolayPreset = PolynomialParameters(order: 2, windowSamples: 5, uniformTime: true)

  /// An exportable entry for a family whose parameters declare a field table: one catalog
  /// parameter per field with a key, its default read from `preset`, and a builder that starts
  /// from `preset` and sets every keyed field (fields without a key keep the preset's value).
  static func exportable<Parameters: ParameterFieldTable>(
    _ name: String, _ summary: String, source: String, preset: Parameters,
    stageDefaults: [String: ParameterValue] = [:],
    family: @escaping @Sendable (Parameters) -> PredictorFamily
  ) -> PredictorCatalogEntry {
    let keyed = Parameters.fields.filter { $0.key != nil }
    @Sendable func parameters(_ values: ParameterValues) -> Parameters {
      var parameters = preset
      for field in keyed {
        if let key = field.key, let value = values.value(key) { field.assign(value, to: &parameters) }
      }
      return parameters
    }
    var entry = exportable(
      name, summary, source: source, keyed.map { PredictorParameterSpec($0, default: preset) },
      stageDefaults: stageDefaults, keys: Parameters.catalogKeys
    ) { values in family(parameters(values)) }
    entry.ramps = Parameters.catalogRamps + PredictionGateParameters.catalogRamps
    entry.inertParameters = { values in
      Set(Parameters.inertFields(in: parameters(values)).compactMap { Parameters.field($0)?.key })
    }
    return entry
  }

  /// An exportable entry whose family parameters come from `family`, followed by the stage
  /// parameters every exported predictor shares.
  ///
  /// `keys` gives the catalog key of each family field by its JSON path (`kalman.jerkConfidenceLow`
  /// → `jerk-confidence-low`), so that a rule between values names the keys the user typed.
  static func exportable(
    _ name: String, _ summary: String, source: String, _ own: [PredictorParameterSpec],
    stageDefaults: [String: ParameterValue] = [:], keys: [String: String] = [:],
    family: @escaping @Sendable (ParameterValues) -> PredictorFamily
  ) -> PredictorCatalogEntry {
    let keys = keys.merging(StageParameterSpecs.keysByPath) { own, _ in own }
    let stages = StageParameterSpecs.all.map { spec in stageDefaults[spec.name].map { spec.withDefault($0) } ?? spec }
    precondition(Set(stageDefaults.keys).isSubset(of: Set(StageParameterSpecs.all.map(\.name))), "unknown stage in \(name)")
    let specs = own + stages
    return PredictorCatalogEntry(
      name: name, summary: summary, source: source, isExportable: true, parameters: specs
    ) { values throws(PredictorCatalogError) in
      let configuration = PredictorConfiguration(
        family: family(values), stages: StageParameterSpecs.stages(values))
      do throws(PredictorParameterError) { try configuration.validate() } catch {
        throw .inconsistentParameters(predictor: name, error: error.naming(keys))
      }
      let ordered = specs.map { spec -> (name: String, value: ParameterValue) in
        if case .choice = spec.domain { return (spec.name, .choice(values.choice(spec.name))) }
        return (spec.name, .number(values.number(spec.name)))
      }
      return CatalogPredictor(name: name, values: ordered, configuration: configuration)
    }
  }
}

extension ParameterFieldTable {
  /// Each keyed field's catalog key by its JSON path (`fieldPrefix` + property).
  static var catalogKeys: [String: String] {
    Dictionary(uniqueKeysWithValues: fields.compactMap { field in field.key.map { (fieldPrefix + field.property, $0) } })
  }

  /// The table's ramps named by catalog key (`jerk-confidence-low`, not `jerkConfidenceLow`).
  static var catalogRamps: [ParameterRamp] {
    ramps.map { ramp in
      guard let low = field(ramp.low)?.key, let high = field(ramp.high)?.key else {
        preconditionFailure("\(fieldPrefix): ramp \(ramp.low)…\(ramp.high) has no catalog keys")
      }
      return ParameterRamp(low: low, high: high)
    }
  }
}

extension PredictorParameterSpec {
  /// The same parameter with another default (presets).
  func withDefault(_ value: ParameterValue) -> PredictorParameterSpec {
    var copy = self
    copy.defaultValue = value
    return copy
  }
}

extension PredictorParameterError {
  /// The same error with each field path of `keys` (`kalman.jerkConfidenceLow`) replaced by its
  /// catalog key (`jerk-confidence-low`), in the field and in the problem text; the longest paths
  /// first, so that no path is replaced inside a longer one.
  func naming(_ keys: [String: String]) -> PredictorParameterError {
    let paths = keys.keys.sorted { ($0.count, $0) > ($1.count, $1) }
    func rename(_ text: String) -> String {
      paths.reduce(text) { text, path in text.replacing(path, with: keys[path]!) }
    }
    return PredictorParameterError(parameter: rename(parameter), value: value, problem: rename(problem))
  }
}
