/// One exportable predictor: its family with that family's parameters, plus the shared stages
/// (gap reset, filters, gates, pressure). It is the unit the workbench tunes and exports, and the
/// only factory of predictors (``makePredictor()``), so an app that decodes a configuration
/// predicts exactly as the workbench did.
///
/// JSON shape (stable; `Docs/Predictors.md` documents every field):
/// ```json
/// { "family": "kalman",
///   "parameters": { "stateModel": "acceleration", "processNoise": 0.01, … },
///   "stages": { "gapLimitSeconds": 0.02, "pressure": "hold", "gates": { … } } }
/// ```
/// `family` is one of ``PredictorFamily/name``; `parameters` holds that family's parameter
/// struct with its Swift property names as keys; `stages` holds ``PredictorStages``.
///
/// The `learnedLinear` family's parameters are ``LearnedLinearPredictor/Parameters``:
/// `{"historyCount": 4, "rotateToMotion": true, "maximumGapSeconds": 0.1, "weights": [16·2 numbers]}`,
/// the weights row-major `featureCount × 2` (`Docs/ModelFormat.md`). The weights are data a
/// trainer produced, not parameters a tuner searches.
public struct PredictorConfiguration: Codable, Equatable, Sendable {
  public var family: PredictorFamily
  public var stages: PredictorStages

  public init(family: PredictorFamily, stages: PredictorStages = PredictorStages()) {
    self.family = family
    self.stages = stages
  }

  /// Throws naming the first parameter out of range.
  public func validate() throws(PredictorParameterError) {
    try family.validate()
    try stages.validate()
  }

  /// A fresh predictor for this configuration: the family wrapped in its stages
  /// (``ComposedPredictor``). Call ``validate()`` first: out-of-range values are not rejected
  /// here (they never crash, but may predict nonsense).
  public func makePredictor() -> any Predictor {
    switch family {
    case .hold(let p): ComposedPredictor(base: HoldPredictor(parameters: p), stages: stages)
    case .linear(let p): ComposedPredictor(base: LinearPredictor(parameters: p), stages: stages)
    case .polynomial(let p): ComposedPredictor(base: PolynomialPredictor(parameters: p), stages: stages)
    case .kalman(let p): ComposedPredictor(base: KalmanPredictor(parameters: p), stages: stages)
    case .doubleExponential(let p):
      ComposedPredictor(base: DoubleExponentialPredictor(parameters: p), stages: stages)
    case .alphaBetaGamma(let p):
      ComposedPredictor(base: AlphaBetaGammaPredictor(parameters: p), stages: stages)
    case .learnedLinear(let p):
      ComposedPredictor(base: LearnedLinearPredictor(parameters: p), stages: stages)
    case .mlp(let p): ComposedPredictor(base: MLPPredictor(parameters: p), stages: stages)
    }
  }

  private enum CodingKeys: String, CodingKey { case family, parameters, stages }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .family)
    guard let kind = PredictorFamily.Kind(rawValue: name) else {
      throw DecodingError.dataCorruptedError(
        forKey: .family, in: container,
        debugDescription: "unknown predictor family \"\(name)\"; expected one of "
          + PredictorFamily.names.joined(separator: ", "))
    }
    switch kind {
    case .hold: family = .hold(try container.decode(HoldParameters.self, forKey: .parameters))
    case .linear: family = .linear(try container.decode(LinearParameters.self, forKey: .parameters))
    case .polynomial: family = .polynomial(try container.decode(PolynomialParameters.self, forKey: .parameters))
    case .kalman: family = .kalman(try container.decode(KalmanParameters.self, forKey: .parameters))
    case .doubleExponential:
      family = .doubleExponential(try container.decode(DoubleExponentialParameters.self, forKey: .parameters))
    case .alphaBetaGamma:
      family = .alphaBetaGamma(try container.decode(AlphaBetaGammaParameters.self, forKey: .parameters))
    case .learnedLinear:
      family = .learnedLinear(try container.decode(LearnedLinearPredictor.Parameters.self, forKey: .parameters))
    case .mlp: family = .mlp(try container.decode(MLPPredictor.Parameters.self, forKey: .parameters))
    }
    // Without `stages`, the default stages: `PredictorStages()`, whose defaults are written once,
    // in its initializer's parameter list.
    stages = try container.decodeIfPresent(PredictorStages.self, forKey: .stages) ?? PredictorStages()
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(family.name, forKey: .family)
    switch family {
    case .hold(let p): try container.encode(p, forKey: .parameters)
    case .linear(let p): try container.encode(p, forKey: .parameters)
    case .polynomial(let p): try container.encode(p, forKey: .parameters)
    case .kalman(let p): try container.encode(p, forKey: .parameters)
    case .doubleExponential(let p): try container.encode(p, forKey: .parameters)
    case .alphaBetaGamma(let p): try container.encode(p, forKey: .parameters)
    case .learnedLinear(let p): try container.encode(p, forKey: .parameters)
    case .mlp(let p): try container.encode(p, forKey: .parameters)
    }
    try container.encode(stages, forKey: .stages)
  }
}

/// The exportable predictor families, each with its parameters.
public enum PredictorFamily: Equatable, Sendable {
  case hold(HoldParameters)
  case linear(LinearParameters)
  case polynomial(PolynomialParameters)
  case kalman(KalmanParameters)
  case doubleExponential(DoubleExponentialParameters)
  case alphaBetaGamma(AlphaBetaGammaParameters)
  /// Weights trained on recorded strokes (``LearnedLinearPredictor``).
  case learnedLinear(LearnedLinearPredictor.Parameters)
  /// A trained multilayer perceptron (``MLPPredictor``).
  case mlp(MLPPredictor.Parameters)

  /// The `family` string of the JSON shape.
  public var name: String { kind.rawValue }

  /// Every family's `family` string.
  public static let names = Kind.allCases.map(\.rawValue)

  /// The families without their parameters: the JSON names, listed once. Every switch over it
  /// (and over ``PredictorFamily``) is exhaustive, so a new family cannot be half added.
  package enum Kind: String, CaseIterable, Sendable {
    case hold, linear, polynomial, kalman, doubleExponential, alphaBetaGamma, learnedLinear, mlp
  }

  package var kind: Kind {
    switch self {
    case .hold: .hold
    case .linear: .linear
    case .polynomial: .polynomial
    case .kalman: .kalman
    case .doubleExponential: .doubleExponential
    case .alphaBetaGamma: .alphaBetaGamma
    case .learnedLinear: .learnedLinear
    case .mlp: .mlp
    }
  }

  /// The family's parameters, with their field table.
  package var fieldTableParameters: any ParameterFieldTable {
    switch self {
    case .hold(let p): p
    case .linear(let p): p
    case .polynomial(let p): p
    case .kalman(let p): p
    case .doubleExponential(let p): p
    case .alphaBetaGamma(let p): p
    case .learnedLinear(let p): p
    case .mlp(let p): p
    }
  }

  public func validate() throws(PredictorParameterError) {
    switch self {
    case .hold(let p): try p.validate()
    case .linear(let p): try p.validate()
    case .polynomial(let p): try p.validate()
    case .kalman(let p): try p.validate()
    case .doubleExponential(let p): try p.validate()
    case .alphaBetaGamma(let p): try p.validate()
    case .learnedLinear(let p): try p.validate()
    case .mlp(let p): try p.validate()
    }
  }
}
