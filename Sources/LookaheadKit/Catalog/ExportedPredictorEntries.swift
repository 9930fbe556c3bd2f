import LookaheadRuntime

extension PredictorCatalog {
  /// Every predictor implemented in `LookaheadRuntime`, each exportable.
  public static let exported = PredictorCatalog(entries: [
    exportable(
      "hold", "no prediction: the newest sample, held (the baseline)",
      source: "Henze et al., MobileHCI 2017 (hold row)", [])
    { _ in .hold(HoldParameters()) },
    exportable(
      "linear", "extrapolates the velocity of the last two samples (order 2 adds acceleration)",
      source: "Chromium ui/base/prediction/linear_predictor.cc",
      [.init("order", unit: "", default: .number(1), domain: .integer(1...2),
             "1: last two samples; 2: adds the acceleration of the last three (Chromium's definition)")])
    { v in .linear(LinearParameters(order: v.integer("order"))) },
    exportable(
      "polynomial", "least-squares polynomial (order 1–3) over the newest samples, extrapolated",
      source: "Chromium ui/base/prediction/least_squares_predictor.cc, generalised",
      polynomialSpecs(order: 2, window: 3)) { v in .polynomial(polynomial(v, uniform: false)) },
    exportable(
      "savitzky-golay", "least-squares polynomial on equal steps (Savitzky–Golay), extrapolated",
      source: "Savitzky & Golay, Anal. Chem. 36(8), 1964",
      polynomialSpecs(order: 2, window: 5)) { v in .polynomial(polynomial(v, uniform: true)) },
    exportable(
      "kalman", "Kalman filter (velocity / acceleration / jerk state), extrapolated from the newest sample",
      source: "Chromium ui/base/prediction/kalman_predictor.cc; AndroidX input-motionprediction",
      kalmanSpecs(.chromium)) { v in .kalman(kalman(v)) },
    // Presets named after a platform carry that platform's limits as stage defaults (each read
    // again from its source; Docs/Baselines.md says what was found).
    exportable(
      "kalman-chromium", "Chromium's Kalman predictor: acceleration state in ms, smoothed dt, 20 ms gap reset, 25 ms cap",
      source: "Chromium ui/base/prediction/kalman_predictor.cc, kalman_filter.cc, input_predictor.h",
      kalmanSpecs(.chromium),
      // kMaxTimeDelta (20 ms) resets the filter; predicted events reach at most
      // kMaxPredictionTime (25 ms) past the newest real event (blink InputEventPrediction).
      stageDefaults: ["gap-limit": .number(0.020), "horizon-cap": .number(0.025)]) { v in .kalman(kalman(v)) },
    exportable(
      "kalman-androidx", "AndroidX's stylus Kalman predictor: jerk state per sample, jerk confidence, pressure filter, 32 ms cap",
      source: "AndroidX input/input-motionprediction (SinglePointerPredictor, PointerKalmanFilter, PredictionEstimator)",
      kalmanSpecs(.androidx),
      // PredictionEstimator never asks for more than MAX_PREDICTION_MS (32 ms); nothing resets
      // the filter within a stroke (a new pointer gets a new predictor).
      stageDefaults: ["gap-limit": .number(0), "horizon-cap": .number(0.032)]) { v in .kalman(kalman(v)) },
    exportable(
      "desp", "double exponential smoothing prediction (level and trend per sample)",
      source: "LaViola, IPT/EGVE 2003",
      [.init("alpha", unit: "", default: .number(0.5), domain: .real(0.01...0.99, scale: .linear),
             "weight of the newest sample; higher follows faster, smooths less"),
       originSpec])
    { v in
      .doubleExponential(DoubleExponentialParameters(
        alpha: v.number("alpha"), origin: v.choice("origin", as: PredictionOrigin.self, default: .lastSample)))
    },
    exportable(
      "alpha-beta-gamma", "fixed-gain α-β-γ tracker with the real sample interval",
      source: "Kalata, IEEE Trans. AES 20(2), 1984",
      [.init("alpha", unit: "", default: .number(0.5), domain: .real(0.01...1, scale: .linear), "position gain"),
       .init("beta", unit: "", default: .number(0.4), domain: .real(0...2, scale: .linear), "velocity gain"),
       .init("gamma", unit: "", default: .number(0.1), domain: .real(0...1, scale: .linear),
             "acceleration gain (0 = α-β filter)"),
       originSpec])
    { v in
      .alphaBetaGamma(AlphaBetaGammaParameters(
        alpha: v.number("alpha"), beta: v.number("beta"), gamma: v.number("gamma"),
        origin: v.choice("origin", as: PredictionOrigin.self, default: .lastSample)))
    },
    learnedLinearEntry(),
  ])

  private static let originSpec = PredictorParameterSpec(
    "origin", unit: "", default: .choice("lastSample"),
    domain: .choice(PredictionOrigin.allCases.map(\.rawValue)),
    "extrapolate from the newest sample (no lag) or from the model's smoothed position")

  /// An exportable entry whose family parameters come from `family`, followed by the stage
  /// parameters every exported predictor shares.
  static func exportable(
    _ name: String, _ summary: String, source: String, _ own: [PredictorParameterSpec],
    stageDefaults: [String: ParameterValue] = [:],
    family: @escaping @Sendable (ParameterValues) -> PredictorFamily
  ) -> PredictorCatalogEntry {
    let stages = StageParameterSpecs.all.map { spec in stageDefaults[spec.name].map { spec.withDefault($0) } ?? spec }
    precondition(Set(stageDefaults.keys).isSubset(of: Set(StageParameterSpecs.all.map(\.name))), "unknown stage in \(name)")
    let specs = own + stages
    return PredictorCatalogEntry(
      name: name, summary: summary, source: source, isExportable: true, parameters: specs
    ) { values throws(PredictorCatalogError) in
      let configuration = PredictorConfiguration(
        family: family(values), stages: StageParameterSpecs.stages(values))
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

  private static func polynomialSpecs(order: Int, window: Int) -> [PredictorParameterSpec] {
    [
      .init("order", unit: "", default: .number(Double(order)), domain: .integer(1...3), "polynomial order"),
      .init("window", unit: "samples", default: .number(Double(window)), domain: .integer(2...64),
            "newest samples fitted (at least order + 1)"),
      .init("window-time", unit: "s", default: .number(0), domain: .real(0...1, scale: .linear),
            "fit only samples this recent (0 = no limit)"),
      .init("half-life", unit: "s", default: .number(0), domain: .real(0...10, scale: .linear),
            "recency weighting: a sample's weight halves per half-life of age (0 = equal weights)"),
      originSpec,
    ]
  }

  private static func polynomial(_ v: ParameterValues, uniform: Bool) -> PolynomialParameters {
    PolynomialParameters(
      order: v.integer("order"), windowSamples: v.integer("window"), windowSeconds: v.number("window-time"),
      recencyHalfLifeSeconds: v.number("half-life"), uniformTime: uniform,
      origin: v.choice("origin", as: PredictionOrigin.self, default: .lastSample))
  }

  private static func kalmanSpecs(_ d: KalmanParameters) -> [PredictorParameterSpec] {
    [
      .init("state", unit: "", default: .choice(d.stateModel.rawValue),
            domain: .choice(KalmanStateModel.allCases.map(\.rawValue)), "highest derivative in the state"),
      .init("process-noise", unit: "units²/time-unit^(2n−2)", default: .number(d.processNoise),
            domain: .real(1e-9...1e6, scale: .log), "process noise variance q (lower = smoother)"),
      .init("measurement-noise", unit: "units²", default: .number(d.measurementNoise),
            domain: .real(1e-9...1e9, scale: .log), "measurement noise variance r (higher = smoother)"),
      .init("time-unit", unit: "s", default: .number(d.timeUnitSeconds), domain: .real(1e-6...1, scale: .log),
            "seconds per filter time unit, the unit the noise is expressed in (0.001 = ms)"),
      .init("time-step", unit: "", default: .choice(d.timeStep.rawValue),
            domain: .choice(KalmanTimeStep.allCases.map(\.rawValue)),
            "real interval, Kalman-smoothed interval (Chromium), or one step per sample (AndroidX)"),
      .init("warm-up", unit: "samples", default: .number(Double(d.warmUpSamples)), domain: .integer(1...64),
            "measurements before the first prediction"),
      .init("extrapolation", unit: "", default: .choice(d.extrapolation.rawValue),
            domain: .choice(KalmanExtrapolation.allCases.map(\.rawValue)),
            "Taylor polynomial of the state, or AndroidX's per-report stepping"),
      originSpec.withDefault(.choice(d.origin.rawValue)),
      .init("jerk-confidence-low", unit: "units/time-unit³", default: .number(d.jerkConfidenceLow),
            domain: .real(0...1e12, scale: .linear), "filtered jerk where the horizon starts to shrink"),
      .init("jerk-confidence-high", unit: "units/time-unit³", default: .number(d.jerkConfidenceHigh),
            domain: .real(0...1e12, scale: .linear), "filtered jerk where the horizon reaches 0 (0 = off)"),
      .init("speed-confidence-low", unit: "units/s", default: .number(d.speedConfidenceLow),
            domain: .real(0...1e9, scale: .linear), "filtered speed below which the horizon is 0"),
      .init("speed-confidence-high", unit: "units/s", default: .number(d.speedConfidenceHigh),
            domain: .real(0...1e9, scale: .linear), "filtered speed above which the horizon is full (0 = off)"),
      .init("pressure-filter", unit: "", default: .number(d.pressureFilter ? 1 : 0), domain: .flag,
            "filter and extrapolate pressure; cut the prediction where it falls below 0.1"),
    ]
  }

  private static func kalman(_ v: ParameterValues) -> KalmanParameters {
    KalmanParameters(
      stateModel: v.choice("state", as: KalmanStateModel.self, default: .acceleration),
      processNoise: v.number("process-noise"), measurementNoise: v.number("measurement-noise"),
      timeUnitSeconds: v.number("time-unit"),
      timeStep: v.choice("time-step", as: KalmanTimeStep.self, default: .smoothed),
      warmUpSamples: v.integer("warm-up"),
      extrapolation: v.choice("extrapolation", as: KalmanExtrapolation.self, default: .taylor),
      origin: v.choice("origin", as: PredictionOrigin.self, default: .lastSample),
      jerkConfidenceLow: v.number("jerk-confidence-low"), jerkConfidenceHigh: v.number("jerk-confidence-high"),
      speedConfidenceLow: v.number("speed-confidence-low"),
      speedConfidenceHigh: v.number("speed-confidence-high"), pressureFilter: v.flag("pressure-filter"))
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
