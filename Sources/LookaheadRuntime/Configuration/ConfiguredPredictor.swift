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

  public init(_ configuration: PredictorConfiguration) {
    self.configuration = configuration
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
    hold?.reset()
    linear?.reset()
    polynomial?.reset()
    kalman?.reset()
    doubleExponential?.reset()
    alphaBetaGamma?.reset()
  }

  public mutating func observe(_ sample: PointerSample) {
    if kalman != nil { kalman?.observe(sample) }
    else if polynomial != nil { polynomial?.observe(sample) }
    else if linear != nil { linear?.observe(sample) }
    else if hold != nil { hold?.observe(sample) }
    else if doubleExponential != nil { doubleExponential?.observe(sample) }
    else { alphaBetaGamma?.observe(sample) }
  }

  public func predict(at time: Double) -> PredictedPoint? {
    if kalman != nil { return kalman?.predict(at: time) }
    if polynomial != nil { return polynomial?.predict(at: time) }
    if linear != nil { return linear?.predict(at: time) }
    if hold != nil { return hold?.predict(at: time) }
    if doubleExponential != nil { return doubleExponential?.predict(at: time) }
    return alphaBetaGamma?.predict(at: time)
  }
}
