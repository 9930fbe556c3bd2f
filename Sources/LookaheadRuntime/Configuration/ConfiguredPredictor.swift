/// The predictor a ``PredictorConfiguration`` makes: one concrete type for every family, so that
/// calls stay specialised and direct.
///
/// `ComposedPredictor<Family>` is generic; called from another module (the workbench, an app)
/// through the generic type or `any Predictor`, every call would run its unspecialised generic
/// body. This wrapper switches over the concrete `ComposedPredictor<…>` types inside this
/// module, where the compiler specialises each one, and costs one switch per call.
public struct ConfiguredPredictor: Predictor {
  // Exactly one of these is set. Optional chaining (`hold?.observe(…)`) mutates the payload in
  // place; an enum payload would have to be copied out and back on every call.
  private var hold: ComposedPredictor<HoldPredictor>?
  private var linear: ComposedPredictor<LinearPredictor>?
  private var polynomial: ComposedPredictor<PolynomialPredictor>?
  private var kalman: ComposedPredictor<KalmanPredictor>?
  private var doubleExponential: ComposedPredictor<DoubleExponentialPredictor>?
  private var alphaBetaGamma: ComposedPredictor<AlphaBetaGammaPredictor>?
  public let configuration: PredictorConfiguration
  /// Which one is set; switching on this small tag avoids touching the large optionals.
  private let kind: Kind
  private enum Kind: Sendable { case hold, linear, polynomial, kalman, doubleExponential, alphaBetaGamma }

  public init(_ configuration: PredictorConfiguration) {
    self.configuration = configuration
    switch configuration.family {
    case .hold: kind = .hold
    case .linear: kind = .linear
    case .polynomial: kind = .polynomial
    case .kalman: kind = .kalman
    case .doubleExponential: kind = .doubleExponential
    case .alphaBetaGamma: kind = .alphaBetaGamma
    }
    let stages = configuration.stages
    switch configuration.family {
    case .hold(let p): hold = ComposedPredictor(base: HoldPredictor(parameters: p), stages: stages)
    case .linear(let p): linear = ComposedPredictor(base: LinearPredictor(parameters: p), stages: stages)
    case .polynomial(let p): polynomial = ComposedPredictor(base: PolynomialPredictor(parameters: p), stages: stages)
    case .kalman(let p): kalman = ComposedPredictor(base: KalmanPredictor(parameters: p), stages: stages)
    case .doubleExponential(let p):
      doubleExponential = ComposedPredictor(base: DoubleExponentialPredictor(parameters: p), stages: stages)
    case .alphaBetaGamma(let p):
      alphaBetaGamma = ComposedPredictor(base: AlphaBetaGammaPredictor(parameters: p), stages: stages)
    }
  }

  public mutating func reset() {
    switch kind {
    case .hold: hold?.reset()
    case .linear: linear?.reset()
    case .polynomial: polynomial?.reset()
    case .kalman: kalman?.reset()
    case .doubleExponential: doubleExponential?.reset()
    case .alphaBetaGamma: alphaBetaGamma?.reset()
    }
  }

  public mutating func observe(_ sample: PointerSample) {
    switch kind {
    case .hold: hold?.observe(sample)
    case .linear: linear?.observe(sample)
    case .polynomial: polynomial?.observe(sample)
    case .kalman: kalman?.observe(sample)
    case .doubleExponential: doubleExponential?.observe(sample)
    case .alphaBetaGamma: alphaBetaGamma?.observe(sample)
    }
  }

  public func predict(at time: Double) -> PredictedPoint? {
    switch kind {
    case .hold: hold?.predict(at: time)
    case .linear: linear?.predict(at: time)
    case .polynomial: polynomial?.predict(at: time)
    case .kalman: kalman?.predict(at: time)
    case .doubleExponential: doubleExponential?.predict(at: time)
    case .alphaBetaGamma: alphaBetaGamma?.predict(at: time)
    }
  }
}
