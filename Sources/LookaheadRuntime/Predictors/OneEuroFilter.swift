/// The 1€ filter (Casiez, Roussel & Vogel, "1€ Filter: A Simple Speed-based Low-pass Filter for
/// Noisy Input in Interactive Systems", CHI 2012), per axis.
///
/// A first-order low-pass whose cutoff rises with speed, `f_c = minCutoff + β·|ẋ|`, where `ẋ` is
/// the derivative low-passed at a fixed `derivativeCutoff`: slow movements are smoothed
/// (jitter), fast ones follow with little lag. The smoothing factor for a cutoff f over an
/// interval dt is `1 / (1 + 1/(2π f dt))`. A sample at the same or an earlier time than the
/// previous one leaves the output unchanged (there is no interval to filter over).
package struct OneEuroFilter: SampleFilter, Equatable {
  package let parameters: OneEuroParameters
  private var value = SIMD2<Double>.zero
  private var derivative = SIMD2<Double>.zero
  private var lastTime = 0.0
  private var started = false

  package init(parameters: OneEuroParameters = OneEuroParameters()) {
    self.parameters = parameters
  }

  package mutating func reset() {
    value = .zero
    derivative = .zero
    lastTime = 0
    started = false
  }

  package mutating func filter(_ input: SIMD2<Double>, at time: Double) -> SIMD2<Double> {
    guard started else {
      started = true
      value = input
      derivative = .zero
      lastTime = time
      return input
    }
    let dt = time - lastTime
    guard dt > 0, dt.isFinite else { return value }
    lastTime = time
    let rawDerivative = (input - value) / dt
    let ad = Self.smoothing(cutoff: parameters.derivativeCutoffHz, dt: dt)
    derivative += ad * (rawDerivative - derivative)
    let speed = SIMD2(abs(derivative.x), abs(derivative.y))
    let cutoff = parameters.minCutoffHz + parameters.beta * speed
    let a = SIMD2(Self.smoothing(cutoff: cutoff.x, dt: dt), Self.smoothing(cutoff: cutoff.y, dt: dt))
    value += a * (input - value)
    return value
  }

  @inline(__always)
  static func smoothing(cutoff: Double, dt: Double) -> Double {
    let r = 2 * Double.pi * cutoff * dt
    return r / (r + 1)
  }
}

/// Parameters of ``OneEuroFilter``.
public struct OneEuroParameters: PredictorParameters {
  /// Cutoff at rest, Hz (lower = less jitter, more lag at low speed).
  public var minCutoffHz: Double
  /// Cutoff increase per unit of speed, Hz per (unit/s) (higher = less lag when fast).
  public var beta: Double
  /// Cutoff for the speed estimate, Hz.
  public var derivativeCutoffHz: Double

  public init(minCutoffHz: Double = 1, beta: Double = 0.007, derivativeCutoffHz: Double = 1) {
    self.minCutoffHz = minCutoffHz
    self.beta = beta
    self.derivativeCutoffHz = derivativeCutoffHz
  }

  public func validate() throws(PredictorParameterError) { try validateFields() }
}

extension OneEuroParameters: ParameterFieldTable {
  /// The stages name the filter where it sits (``PredictorStages/validate()`` relocates this).
  package static let fieldPrefix = "oneEuro."
  package static let fields: [ParameterField<OneEuroParameters>] = [
    .real(
      "minCutoffHz", \.minCutoffHz, key: "min-cutoff", unit: "Hz", range: 0.01...100,
      "cutoff at rest"),
    .real("beta", \.beta, key: "beta", unit: "Hz/(units/s)", range: 0...10, "speed coefficient"),
    .real(
      "derivativeCutoffHz", \.derivativeCutoffHz, key: "derivative-cutoff", unit: "Hz", range: 0.01...100,
      scale: .log, "cutoff of its speed estimate"),
  ]
}
