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
public struct KalmanAxisFilter: Sendable, Equatable {
  private var covariance: KalmanCovariance
  /// (position, velocity, acceleration, jerk); unused components stay 0.
  public private(set) var state = SIMD4<Double>.zero

  public init(dimension: Int, processNoise: Double, measurementNoise: Double) {
    covariance = KalmanCovariance(dimension: dimension, processNoise: processNoise, measurementNoise: measurementNoise)
  }

  public var dimension: Int { covariance.dimension }
  /// Measurements taken since the last reset.
  public var iterations: Int { covariance.iterations }
  public var position: Double { state[0] }
  public var velocity: Double { state[1] }
  public var acceleration: Double { state[2] }
  public var jerk: Double { state[3] }

  public mutating func reset() {
    covariance.reset()
    state = .zero
  }

  /// Takes one measurement `dt` time units after the previous one.
  public mutating func update(observation z: Double, dt: Double) {
    guard let step = covariance.step(dt: dt) else {
      state = SIMD4(z, 0, 0, 0)
      return
    }
    state = step.transition(state)
    state += step.gain * (z - state[0])
  }
}

/// The covariance half of a ``KalmanAxisFilter``: it depends only on the time steps, not on the
/// measurements, so axes measured at the same times (x and y of a pointer) share one and pay for
/// the 4×4 propagation once. Storage is four `SIMD4<Double>` columns; nothing allocates.
public struct KalmanCovariance: Sendable, Equatable {
  /// Number of state components: 2 (velocity), 3 (acceleration) or 4 (jerk).
  public let dimension: Int
  /// Process noise variance q (lower = smoother, slower).
  public let processNoise: Double
  /// Measurement noise variance r (higher = smoother, slower).
  public let measurementNoise: Double
  /// Measurements taken since the last reset.
  public private(set) var iterations = 0
  fileprivate var c0 = SIMD4<Double>.zero
  fileprivate var c1 = SIMD4<Double>.zero
  fileprivate var c2 = SIMD4<Double>.zero
  fileprivate var c3 = SIMD4<Double>.zero

  public init(dimension: Int, processNoise: Double, measurementNoise: Double) {
    self.dimension = min(4, max(2, dimension))
    self.processNoise = processNoise
    self.measurementNoise = measurementNoise
  }

  public mutating func reset() {
    iterations = 0
    c0 = .zero
    c1 = .zero
    c2 = .zero
    c3 = .zero
  }

  /// The transition over one step (its columns) and the Kalman gain of that step's measurement.
  public struct Step: Sendable {
    public var f0, f1, f2, f3: SIMD4<Double>
    public var gain: SIMD4<Double>

    /// F·x.
    @inline(__always)
    public func transition(_ x: SIMD4<Double>) -> SIMD4<Double> { combine(f0, f1, f2, f3, x) }
  }

  /// Accounts for one measurement `dt` after the previous one: returns nil for the first
  /// measurement (which sets the state directly), else the step to apply to each axis's state.
  public mutating func step(dt: Double) -> Step? {
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
      let k = dimension - 1
      var grown = SIMD4<Double>.zero
      grown[k] = processNoise
      switch k {
      case 1: c1 += grown
      case 2: c2 += grown
      default: c3 += grown
      }
      let identity0 = SIMD4<Double>(1, 0, 0, 0)
      let gain = measure()
      return Step(
        f0: identity0, f1: SIMD4(0, 1, 0, 0), f2: SIMD4(0, 0, 1, 0), f3: SIMD4(0, 0, 0, 1), gain: gain)
    }
    // Transition F: column k holds the coefficients by which state k feeds each state.
    let d2 = 0.5 * dt * dt
    let d3 = d2 * dt * (1.0 / 3.0)
    let f0 = SIMD4<Double>(1, 0, 0, 0)
    let f1 = SIMD4<Double>(dt, 1, 0, 0)
    let f2 = dimension > 2 ? SIMD4<Double>(d2, dt, 1, 0) : .zero
    let f3 = dimension > 3 ? SIMD4<Double>(d3, d2, dt, 1) : .zero
    let g = dimension == 4 ? f3 : (dimension == 3 ? f2 : f1)
    // M = F P (column j of M is F times column j of P).
    let m0 = combine(f0, f1, f2, f3, c0)
    let m1 = combine(f0, f1, f2, f3, c1)
    let m2 = combine(f0, f1, f2, f3, c2)
    let m3 = combine(f0, f1, f2, f3, c3)
    // P = M Fᵀ + q g gᵀ (column j of M Fᵀ is M times row j of F).
    let q = g * processNoise
    let n0 = combine(m0, m1, m2, m3, SIMD4(f0[0], f1[0], f2[0], f3[0])) + q * g[0]
    let n1 = combine(m0, m1, m2, m3, SIMD4(f0[1], f1[1], f2[1], f3[1])) + q * g[1]
    let n2 = combine(m0, m1, m2, m3, SIMD4(f0[2], f1[2], f2[2], f3[2])) + q * g[2]
    let n3 = combine(m0, m1, m2, m3, SIMD4(f0[3], f1[3], f2[3], f3[3])) + q * g[3]
    c0 = n0
    c1 = n1
    c2 = n2
    c3 = n3
    let gain = measure()
    return Step(f0: f0, f1: f1, f2: f2, f3: f3, gain: gain)
  }
}

extension KalmanCovariance {
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

/// a·s₀ + b·s₁ + c·s₂ + d·s₃: a matrix (columns a…d) times the vector s.
@inline(__always)
func combine(
  _ a: SIMD4<Double>, _ b: SIMD4<Double>, _ c: SIMD4<Double>, _ d: SIMD4<Double>, _ s: SIMD4<Double>
) -> SIMD4<Double> {
  var r = a * s[0]
  r += b * s[1]
  r += c * s[2]
  r += d * s[3]
  return r
}
