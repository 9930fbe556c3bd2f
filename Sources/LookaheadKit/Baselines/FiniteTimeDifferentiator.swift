import Foundation

/// The homogeneous finite-time differentiator at the heart of the TurboTouch predictor: a chain of
/// five integrators driven by a power of the tracking error, whose states converge in finite time
/// to the signal and its first four derivatives.
///
/// Source: M. Nancel, S. Aranovskiy, R. Ushirobira, D. Efimov, S. Poulmane, N. Roussel, G. Casiez,
/// "Next-Point Prediction for Direct Touch Using Finite-Time Derivative Estimation", UIST 2018
/// (doi:10.1145/3242587.3242646), §"Differentiator", after Perruquetti, Floquet & Moulay's
/// homogeneous differentiators. The discretisation (explicit Euler over a *fixed* assumed sampling
/// period split into sub-steps, gains `5α, 10α², 10α³, 5α⁴, α⁵`, exponents `1 + kλ`) follows the
/// authors' reference implementation, `LokiResearch/TurboTouchPredictor`,
/// `cpp/lag/predictor/TurbotouchPredictor.cpp` (`D_DiffHOMD4`, `updateHOM`), restated here.
///
/// With `λ = 0` the differentiator is linear (a high-gain observer with a five-fold pole at `-α`);
/// with `λ < 0` it converges in finite time. The state is in the caller's (scaled) signal unit and
/// the derivatives per second of *assumed* time: the step is the configured period, not the real
/// time between samples, exactly as in the reference implementation.
///
/// Value type, no allocation.
public struct FiniteTimeDifferentiator: Sendable, Hashable {
  /// Observer bandwidth α, 1/s. The UIST 2018 gains are about 110; sensible range 10…500.
  public let alpha: Double
  /// Homogeneity degree λ, in `(-0.2, 0]`; 0 gives a linear observer.
  public let lambda: Double

  private let k1: Double, k2: Double, k3: Double, k4: Double, k5: Double

  /// Estimates of the signal and its first four derivatives (signal units, per second^k).
  public private(set) var value = 0.0
  public private(set) var velocity = 0.0
  public private(set) var acceleration = 0.0
  public private(set) var jerk = 0.0
  public private(set) var snap = 0.0

  public init(alpha: Double, lambda: Double) {
    self.alpha = alpha
    self.lambda = lambda
    // Binomial coefficients of (s + α)^5: the pole placement of the linear case.
    k1 = 5 * alpha
    k2 = 10 * pow(alpha, 2)
    k3 = 10 * pow(alpha, 3)
    k4 = 5 * pow(alpha, 4)
    k5 = pow(alpha, 5)
  }

  /// Sets the estimate to `value` with all derivatives zero (a contact starting or ending).
  public mutating func restart(at value: Double) {
    self.value = value
    velocity = 0
    acceleration = 0
    jerk = 0
    snap = 0
  }

  /// Integrates the observer towards the measurement `measured` over `period` seconds, in
  /// `substeps` explicit Euler steps (at least one).
  public mutating func advance(toward measured: Double, period: Double, substeps: Int) {
    let count = max(substeps, 1)
    let step = period / Double(count)
    for _ in 0..<count {
      let error = value - measured
      // sign(e)·|e|^(1+kλ), written with the magnitude so that a fractional power never sees a
      // negative base, and as |e|·(|e|^λ)^k so that one `pow` serves the five exponents.
      let magnitude = abs(error)
      let sign: Double = error > 0 ? -1 : 1
      let r = magnitude > 0 ? pow(magnitude, lambda) : 0
      let p1 = magnitude * r
      let p2 = p1 * r
      let p3 = p2 * r
      let p4 = p3 * r
      let p5 = p4 * r
      let d1 = sign * k1 * p1 + velocity
      let d2 = sign * k2 * p2 + acceleration
      let d3 = sign * k3 * p3 + jerk
      let d4 = sign * k4 * p4 + snap
      let d5 = sign * k5 * p5
      value += d1 * step
      velocity += d2 * step
      acceleration += d3 * step
      jerk += d4 * step
      snap += d5 * step
    }
  }
}
