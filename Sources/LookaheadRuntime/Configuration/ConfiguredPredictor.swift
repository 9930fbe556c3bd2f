/// The predictor a ``PredictorConfiguration`` makes: one concrete type for every family, so that
/// calls stay specialised and direct.
///
/// `ComposedPredictor<Family>` is generic; called from another module (the workbench, an app)
/// through the generic type or `any Predictor`, every call would run its unspecialised generic
/// body. This wrapper switches over the concrete `ComposedPredictor<…>` types inside this
/// module, where the compiler specialises each one, and costs one switch per call.
public struct ConfiguredPredictor: Predictor {
  private enum Storage: Sendable {
    case empty
    case hold(ComposedPredictor<HoldPredictor>)
    case linear(ComposedPredictor<LinearPredictor>)
    case polynomial(ComposedPredictor<PolynomialPredictor>)
    case kalman(ComposedPredictor<KalmanPredictor>)
    case doubleExponential(ComposedPredictor<DoubleExponentialPredictor>)
    case alphaBetaGamma(ComposedPredictor<AlphaBetaGammaPredictor>)
  }

  private var storage: Storage
  public let configuration: PredictorConfiguration

  public init(_ configuration: PredictorConfiguration) {
    self.configuration = configuration
    let stages = configuration.stages
    switch configuration.family {
    case .hold(let p): storage = .hold(ComposedPredictor(base: HoldPredictor(parameters: p), stages: stages))
    case .linear(let p): storage = .linear(ComposedPredictor(base: LinearPredictor(parameters: p), stages: stages))
    case .polynomial(let p):
      storage = .polynomial(ComposedPredictor(base: PolynomialPredictor(parameters: p), stages: stages))
    case .kalman(let p): storage = .kalman(ComposedPredictor(base: KalmanPredictor(parameters: p), stages: stages))
    case .doubleExponential(let p):
      storage = .doubleExponential(ComposedPredictor(base: DoubleExponentialPredictor(parameters: p), stages: stages))
    case .alphaBetaGamma(let p):
      storage = .alphaBetaGamma(ComposedPredictor(base: AlphaBetaGammaPredictor(parameters: p), stages: stages))
    }
  }

  // Each mutation moves the payload out (leaving `.empty`) so its storage stays uniquely
  // referenced and is updated in place, without a copy-on-write allocation.

  public mutating func reset() {
    switch storage {
    case .empty: break
    case .hold(var p): storage = .empty; p.reset(); storage = .hold(p)
    case .linear(var p): storage = .empty; p.reset(); storage = .linear(p)
    case .polynomial(var p): storage = .empty; p.reset(); storage = .polynomial(p)
    case .kalman(var p): storage = .empty; p.reset(); storage = .kalman(p)
    case .doubleExponential(var p): storage = .empty; p.reset(); storage = .doubleExponential(p)
    case .alphaBetaGamma(var p): storage = .empty; p.reset(); storage = .alphaBetaGamma(p)
    }
  }

  public mutating func observe(_ sample: PointerSample) {
    switch storage {
    case .empty: break
    case .hold(var p): storage = .empty; p.observe(sample); storage = .hold(p)
    case .linear(var p): storage = .empty; p.observe(sample); storage = .linear(p)
    case .polynomial(var p): storage = .empty; p.observe(sample); storage = .polynomial(p)
    case .kalman(var p): storage = .empty; p.observe(sample); storage = .kalman(p)
    case .doubleExponential(var p): storage = .empty; p.observe(sample); storage = .doubleExponential(p)
    case .alphaBetaGamma(var p): storage = .empty; p.observe(sample); storage = .alphaBetaGamma(p)
    }
  }

  public func predict(at time: Double) -> PredictedPoint? {
    switch storage {
    case .empty: nil
    case .hold(let p): p.predict(at: time)
    case .linear(let p): p.predict(at: time)
    case .polynomial(let p): p.predict(at: time)
    case .kalman(let p): p.predict(at: time)
    case .doubleExponential(let p): p.predict(at: time)
    case .alphaBetaGamma(let p): p.predict(at: time)
    }
  }
}
