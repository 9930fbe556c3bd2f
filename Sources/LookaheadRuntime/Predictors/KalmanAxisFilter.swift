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
///
/// Storage is four `SIMD4<Double>` columns, so an update allocates nothing.
public struct KalmanAxisFilter: Sendable, Equatable {
  /// Number of state components: 2 (velocity), 3 (acceleration) or 4 (jerk).
  public let dimension: Int
  /// Process noise variance q (lower = smoother, slower).
  public let processNoise: Double
  /// Measurement noise variance r (higher = smoother, slower).
  public let measurementNoise: Double

  /// (position, velocity, acceleration, jerk); unused components stay 0.
  public private(set) var state = SIMD4<Double>.zero
  private var covariance = Columns()

  /// A 4×4 matrix as four columns.
  private struct Columns: Sendable, Equatable {
    var c0 = SIMD4<Double>.zero
    var c1 = SIMD4<Double>.zero
    var c2 = SIMD4<Double>.zero
    var c3 = SIMD4<Double>.zero
  }
  /// Measurements taken since the last reset.
  public private(set) var iterations = 0

  public init(dimension: Int, processNoise: Double, measurementNoise: Double) {
    self.dimension = min(4, max(2, dimension))
    self.processNoise = processNoise
    self.measurementNoise = measurementNoise
  }

  public var position: Double { state[0] }
  public var velocity: Double { state[1] }
  public var acceleration: Double { state[2] }
  public var jerk: Double { state[3] }

  public mutating func reset() {
    state = .zero
    covariance = Columns()
    iterations = 0
  }

  /// Takes one measurement `dt` time units after the previous one.
  public mutating func update(observation z: Double, dt: Double) {
    if iterations == 0 {
      state = SIMD4(z, 0, 0, 0)
      let used = SIMD4<Double>(1, 1, dimension > 2 ? 1 : 0, dimension > 3 ? 1 : 0)
      covariance = Columns(
        c0: SIMD4(used[0], 0, 0, 0), c1: SIMD4(0, used[1], 0, 0), c2: SIMD4(0, 0, used[2], 0),
        c3: SIMD4(0, 0, 0, used[3]))
      iterations = 1
      return
    }
    iterations += 1
    // Transition F: column k holds the coefficients by which state k feeds each state.
    let d2 = 0.5 * dt * dt
    let d3 = d2 * dt * (1.0 / 3.0)
    let f0 = SIMD4<Double>(1, 0, 0, 0)
    let f1 = SIMD4<Double>(dt, 1, 0, 0)
    let f2 = dimension > 2 ? SIMD4<Double>(d2, dt, 1, 0) : .zero
    let f3 = dimension > 3 ? SIMD4<Double>(d3, d2, dt, 1) : .zero
    let g = dimension == 4 ? f3 : (dimension == 3 ? f2 : f1)
    // x = F x
    state = Self.combine(f0, f1, f2, f3, state)
    // M = F P (column j of M is F times column j of P).
    let p = covariance
    let m0 = Self.combine(f0, f1, f2, f3, p.c0)
    let m1 = Self.combine(f0, f1, f2, f3, p.c1)
    let m2 = Self.combine(f0, f1, f2, f3, p.c2)
    let m3 = Self.combine(f0, f1, f2, f3, p.c3)
    // P = M Fᵀ + q g gᵀ (column j of M Fᵀ is Σ_k M_k · F[j][k], i.e. M times row j of F).
    let q = g * processNoise
    var c0 = Self.combine(m0, m1, m2, m3, SIMD4(f0[0], f1[0], f2[0], f3[0])) + q * g[0]
    var c1 = Self.combine(m0, m1, m2, m3, SIMD4(f0[1], f1[1], f2[1], f3[1])) + q * g[1]
    var c2 = Self.combine(m0, m1, m2, m3, SIMD4(f0[2], f1[2], f2[2], f3[2])) + q * g[2]
    var c3 = Self.combine(m0, m1, m2, m3, SIMD4(f0[3], f1[3], f2[3], f3[3])) + q * g[3]
    // Measurement of position only (H = [1 0 0 0]).
    let innovationVariance = c0[0] + measurementNoise
    guard innovationVariance > 0, innovationVariance.isFinite else { return }
    let gain = c0 / innovationVariance  // P Hᵀ / S (P is symmetric, so its first column)
    let innovation = z - state[0]
    state += gain * innovation
    // P = (I − K H) P: subtract K times the first row of P (row 0 = (c0[0], c1[0], c2[0], c3[0])).
    let r0 = (c0[0], c1[0], c2[0], c3[0])
    c0 -= gain * r0.0
    c1 -= gain * r0.1
    c2 -= gain * r0.2
    c3 -= gain * r0.3
    covariance = Columns(c0: c0, c1: c1, c2: c2, c3: c3)
  }

  /// a·s₀ + b·s₁ + c·s₂ + d·s₃: a matrix (columns a…d) times the vector s.
  @inline(__always)
  private static func combine(
    _ a: SIMD4<Double>, _ b: SIMD4<Double>, _ c: SIMD4<Double>, _ d: SIMD4<Double>,
    _ s: SIMD4<Double>
  ) -> SIMD4<Double> {
    var r = a * s[0]
    r += b * s[1]
    r += c * s[2]
    r += d * s[3]
    return r
  }
}
