/// A linear Kalman filter on one axis with a polynomial motion model: state (position,
/// velocity), (…, acceleration) or (…, jerk); only the position is measured.
///
/// The model is the one Chromium's `ui/base/prediction/kalman_filter.cc` uses for its
/// constant-acceleration filter and AndroidX `input-motionprediction`'s `PointerKalmanFilter`
/// uses with a jerk state: the transition is the Taylor expansion of the motion over `dt`, and
/// the process noise is a random force entering through the highest derivative,
/// `Q = q·g·gᵀ` with `g = (dt^(n−1)/(n−1)!, …, dt, 1)`. The first measurement sets the position
/// with zero derivatives and unit covariance, as both do. `dt` is in whatever time unit the
/// caller chose (Chromium: milliseconds; AndroidX: one sample), which is also the unit of the
/// noise parameters. A `dt` of 0 is a second measurement of the same instant.
package struct KalmanAxisFilter: Sendable, Equatable {
  private var covariance: KalmanCovariance
  /// (position, velocity, acceleration, jerk); unused components stay 0.
  package private(set) var state = SIMD4<Double>.zero

  package init(dimension: Int, processNoise: Double, measurementNoise: Double) {
    covariance = KalmanCovariance(dimension: dimension, processNoise: processNoise, measurementNoise: measurementNoise)
  }

  package var dimension: Int { covariance.dimension }
  /// Measurements taken since the last reset.
  package var iterations: Int { covariance.iterations }
  package var position: Double { state[0] }
  package var velocity: Double { state[1] }
  package var acceleration: Double { state[2] }
  package var jerk: Double { state[3] }

  package mutating func reset() {
    covariance.reset()
    state = .zero
  }

  /// Takes one measurement `dt` time units after the previous one.
  package mutating func update(observation z: Double, dt: Double) {
    guard let gain = covariance.step(dt: dt) else {
      state = SIMD4(z, 0, 0, 0)
      return
    }
    state = KalmanCovariance.transition(state, dt: dt)
    state += gain * (z - state[0])
  }
}

/// The covariance half of a ``KalmanAxisFilter``: it depends only on the time steps, not on the
/// measurements, so axes measured at the same times (x and y of a pointer) share one and pay for
/// the 4×4 propagation once. Storage is four `SIMD4<Double>` columns; nothing allocates.
package struct KalmanCovariance: Sendable, Equatable {
  /// Number of state components: 2 (velocity), 3 (acceleration) or 4 (jerk).
  package let dimension: Int
  /// Process noise variance q (lower = smoother, slower).
  package let processNoise: Double
  /// Measurement noise variance r (higher = smoother, slower).
  package let measurementNoise: Double
  /// Measurements taken since the last reset.
  package private(set) var iterations = 0
  fileprivate var c0 = SIMD4<Double>.zero
  fileprivate var c1 = SIMD4<Double>.zero
  fileprivate var c2 = SIMD4<Double>.zero
  fileprivate var c3 = SIMD4<Double>.zero

  package init(dimension: Int, processNoise: Double, measurementNoise: Double) {
    self.dimension = min(4, max(2, dimension))
    self.processNoise = processNoise
    self.measurementNoise = measurementNoise
  }

  package mutating func reset() {
    iterations = 0
    c0 = .zero
    c1 = .zero
    c2 = .zero
    c3 = .zero
  }

  /// Accounts for one measurement `dt` after the previous one: returns nil for the first
  /// measurement (which sets the state directly), else the Kalman gain of this measurement, to
  /// apply to each axis's state after ``transition(_:dt:)``.
  ///
  /// The transition F is upper triangular with `F[i][i+k] = dt^k/k!`, so F·v is `v` plus its
  /// components shifted up and scaled (see ``transition(_:dt:)``); the propagation
  /// `P ← F·P·Fᵀ + q·g·gᵀ` is written that way instead of as full 4×4 products, which skips the
  /// zeros of F and of the unused components. Components at and above ``dimension`` stay 0. The
  /// acceleration and jerk states (dimensions 3 and 4) propagate the distinct entries of the
  /// symmetric covariance in scalars; the velocity state uses the column form.
  package mutating func step(dt: Double) -> SIMD4<Double>? {
    if iterations == 0 {
      iterations = 1
      c0 = SIMD4(1, 0, 0, 0)
      c1 = SIMD4(0, 1, 0, 0)
      c2 = dimension > 2 ? SIMD4(0, 0, 1, 0) : .zero
      c3 = dimension > 3 ? SIMD4(0, 0, 0, 1) : .zero
      return nil
    }
    iterations += 1
    if dt == 0 {
      // F = I and g = e_(n−1): only the highest derivative's variance grows (a repeated time
      // stamp, or Chromium's filter on dt, which it runs with dt = 0).
      switch dimension {
      case 2: c1[1] += processNoise
      case 3: c2[2] += processNoise
      default: c3[3] += processNoise
      }
      return measure()
    }
    switch dimension {
    case 3: return stepAcceleration(dt: dt)
    case 4: return stepJerk(dt: dt)
    default: return stepVelocity(dt: dt)
    }
  }

  /// F·x, the state carried `dt` time units ahead by its Taylor expansion (x itself when dt = 0).
  @inline(__always)
  package static func transition(_ x: SIMD4<Double>, dt: Double) -> SIMD4<Double> {
    guard dt != 0 else { return x }
    let d2 = 0.5 * dt * dt
    let d3 = d2 * dt * (1.0 / 3.0)
    return x + SIMD4(x[1], x[2], x[3], 0) * dt + SIMD4(x[2], x[3], 0, 0) * d2 + SIMD4(x[3], 0, 0, 0) * d3
  }
}

extension KalmanCovariance {
  /// ``step(dt:)`` for the velocity state, in the column form: M = F·P column by column, then
  /// column j of M·Fᵀ is `m_j + dt·m_(j+1)`, plus the noise `q·g·gᵀ` through g = (dt, 1).
  fileprivate mutating func stepVelocity(dt: Double) -> SIMD4<Double> {
    let m0 = Self.transition(c0, dt: dt)
    let m1 = Self.transition(c1, dt: dt)
    let g = SIMD4<Double>(dt, 1, 0, 0)
    let q = g * processNoise
    c0 = m0 + m1 * dt + q * g[0]
    c1 = m1 + q * g[1]
    return measure()
  }

  /// ``step(dt:)`` for the jerk state (AndroidX's model) on the ten distinct entries of the
  /// symmetric 4×4 covariance, in scalars, as ``stepAcceleration(dt:)`` does for three.
  fileprivate mutating func stepJerk(dt t: Double) -> SIMD4<Double> {
    let h = 0.5 * t * t
    let u = h * t * (1.0 / 3.0)
    // P (upper triangle) p_ij; rows i of F·P at the columns j ≥ i that (F·P)·Fᵀ needs, with
    // F = [1 t h u; 0 1 t h; 0 0 1 t; 0 0 0 1].
    let (p00, p01, p02, p03) = (c0[0], c1[0], c2[0], c3[0])
    let (p11, p12, p13) = (c1[1], c2[1], c3[1])
    let (p22, p23, p33) = (c2[2], c3[2], c3[3])
    let r00 = p00 + t * p01 + h * p02 + u * p03
    let r01 = p01 + t * p11 + h * p12 + u * p13
    let r02 = p02 + t * p12 + h * p22 + u * p23
    let r03 = p03 + t * p13 + h * p23 + u * p33
    let r11 = p11 + t * p12 + h * p13
    let r12 = p12 + t * p22 + h * p23
    let r13 = p13 + t * p23 + h * p33
    let r22 = p22 + t * p23
    let r23 = p23 + t * p33
    // P' = (F·P)·Fᵀ + q·g·gᵀ, g = (u, h, t, 1); P'_ij = Σ_(k≥j) r_ik·F_jk.
    let q = processNoise
    let a00 = r00 + t * r01 + h * r02 + u * r03 + q * u * u
    let a01 = r01 + t * r02 + h * r03 + q * u * h
    let a02 = r02 + t * r03 + q * u * t
    let a03 = r03 + q * u
    let a11 = r11 + t * r12 + h * r13 + q * h * h
    let a12 = r12 + t * r13 + q * h * t
    let a13 = r13 + q * h
    let a22 = r22 + t * r23 + q * t * t
    let a23 = r23 + q * t
    let a33 = p33 + q
    // Measurement of the position: k = P'·e₀ / (P'₀₀ + r), P ← P' − k·(row 0 of P').
    let innovationVariance = a00 + measurementNoise
    guard innovationVariance > 0, innovationVariance.isFinite else {
      c0 = SIMD4(a00, a01, a02, a03)
      c1 = SIMD4(a01, a11, a12, a13)
      c2 = SIMD4(a02, a12, a22, a23)
      c3 = SIMD4(a03, a13, a23, a33)
      return .zero
    }
    let inverse = 1 / innovationVariance
    let k = SIMD4(a00, a01, a02, a03) * inverse
    let n00 = a00 - k[0] * a00, n01 = a01 - k[0] * a01, n02 = a02 - k[0] * a02, n03 = a03 - k[0] * a03
    let n11 = a11 - k[1] * a01, n12 = a12 - k[1] * a02, n13 = a13 - k[1] * a03
    let n22 = a22 - k[2] * a02, n23 = a23 - k[2] * a03
    let n33 = a33 - k[3] * a03
    c0 = SIMD4(n00, n01, n02, n03)
    c1 = SIMD4(n01, n11, n12, n13)
    c2 = SIMD4(n02, n12, n22, n23)
    c3 = SIMD4(n03, n13, n23, n33)
    return k
  }

  /// ``step(dt:)`` for the acceleration state (the default, Chromium's model) on the six distinct
  /// entries of the symmetric 3×3 covariance, in scalars: the same propagation and measurement
  /// with about half the arithmetic of the 4-lane form, on the path every sample takes.
  fileprivate mutating func stepAcceleration(dt t: Double) -> SIMD4<Double> {
    let h = 0.5 * t * t
    // P = [a b c; b d e; c e f]; rows of F·P, then (F·P)·Fᵀ with F = [1 t h; 0 1 t; 0 0 1].
    let (a, b, c, d, e, f) = (c0[0], c1[0], c2[0], c1[1], c2[1], c2[2])
    let r00 = a + t * b + h * c, r01 = b + t * d + h * e, r02 = c + t * e + h * f
    let r11 = d + t * e, r12 = e + t * f
    // Process noise q·g·gᵀ with g = (h, t, 1).
    let q = processNoise
    let pa = r00 + t * r01 + h * r02 + q * h * h
    let pb = r01 + t * r02 + q * h * t
    let pc = r02 + q * h
    let pd = r11 + t * r12 + q * t * t
    let pe = r12 + q * t
    let pf = f + q
    // Measurement of the position: gain k = P·e₀ / (P₀₀ + r), P ← P − k·(row 0 of P).
    let innovationVariance = pa + measurementNoise
    guard innovationVariance > 0, innovationVariance.isFinite else {
      c0 = SIMD4(pa, pb, pc, 0)
      c1 = SIMD4(pb, pd, pe, 0)
      c2 = SIMD4(pc, pe, pf, 0)
      return .zero
    }
    let inverse = 1 / innovationVariance
    let k0 = pa * inverse, k1 = pb * inverse, k2 = pc * inverse
    let na = pa - k0 * pa, nb = pb - k0 * pb, nc = pc - k0 * pc
    let nd = pd - k1 * pb, ne = pe - k1 * pc, nf = pf - k2 * pc
    c0 = SIMD4(na, nb, nc, 0)
    c1 = SIMD4(nb, nd, ne, 0)
    c2 = SIMD4(nc, ne, nf, 0)
    return SIMD4(k0, k1, k2, 0)
  }

  /// Measurement of the position only (H = [1 0 0 0]): S = P₀₀ + r, K = P Hᵀ / S, and
  /// P = (I − K H) P. Returns the gain.
  @inline(__always)
  fileprivate mutating func measure() -> SIMD4<Double> {
    let innovationVariance = c0[0] + measurementNoise
    guard innovationVariance > 0, innovationVariance.isFinite else { return .zero }
    let gain = c0 * (1 / innovationVariance)
    let row0 = SIMD4(c0[0], c1[0], c2[0], c3[0])
    c0 -= gain * row0[0]
    c1 -= gain * row0[1]
    c2 -= gain * row0[2]
    c3 -= gain * row0[3]
    return gain
  }
}
