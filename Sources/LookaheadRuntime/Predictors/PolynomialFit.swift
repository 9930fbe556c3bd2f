/// A weighted least-squares polynomial fit of x(τ) and y(τ), order 0–3, over the newest samples
/// of a ``SampleWindow``, solved through its normal equations (Cholesky) in plain Swift.
///
/// Time is normalised before fitting, `τ = (t − t_newest) / span` with `span` the window's time
/// extent, so `τ ∈ [−1, 0]`: the normal matrix then stays well conditioned for the window sizes
/// a predictor uses (≤ 64 samples, order ≤ 3), which is why closed-form normal equations are good
/// enough here (the tests check them against a Householder QR). With `uniformTime` the samples
/// are placed at equal steps instead (τ_i = −i/(n−1)), which turns the fit into the
/// Savitzky–Golay smoother (Savitzky & Golay, Anal. Chem. 36(8), 1964): a least-squares
/// polynomial over equally spaced points.
///
/// When the normal matrix is singular (too few distinct times for the order) the order is
/// lowered until it is not, so the fit never produces NaN.
public struct PolynomialFit: Sendable, Equatable {
  /// Coefficients of x(τ) and y(τ), lowest power first; unused powers are 0.
  public var x: SIMD4<Double> = .zero
  public var y: SIMD4<Double> = .zero
  /// The order actually fitted (may be below the requested one).
  public var order = 0
  /// Seconds per unit of τ.
  public var span = 0.0

  public init() {}

  /// Fits the newest `count` samples of `window` whose age is at most `maximumAge` seconds
  /// (`0` for no age limit).
  ///
  /// - Parameters:
  ///   - order: requested order, 0…3.
  ///   - uniformTime: place samples at equal steps (Savitzky–Golay) instead of their times.
  ///   - recencyHalfLife: seconds after which a sample's weight halves; 0 weighs all equally.
  public init(
    window: SampleWindow, count requested: Int, maximumAge: Double, order requestedOrder: Int,
    uniformTime: Bool, recencyHalfLife: Double
  ) {
    var n = min(requested, window.count)
    guard n > 0 else { return }
    let newest = window[back: 0]
    if maximumAge > 0 {
      var kept = 1
      while kept < n, newest.time - window[back: kept].time <= maximumAge { kept += 1 }
      n = kept
    }
    let oldest = window[back: n - 1]
    span = newest.time - oldest.time
    var order = min(max(0, requestedOrder), n - 1)
    if !(span > 0) || !span.isFinite { order = 0 }
    let step = n > 1 ? 1.0 / Double(n - 1) : 0
    let inverseSpan = span > 0 ? 1 / span : 0
    var moments = SIMD8<Double>.zero
    var bx = SIMD4<Double>.zero
    var by = SIMD4<Double>.zero
    let useWeights = recencyHalfLife > 0
    for k in 0..<n {
      let entry = window[back: k]
      let tau: Double
      if order == 0 { tau = 0 } else if uniformTime { tau = -Double(k) * step } else {
        tau = (entry.time - newest.time) * inverseSpan
      }
      let w = useWeights ? cExp2(-(newest.time - entry.time) / recencyHalfLife) : 1
      let t2 = tau * tau
      let powers = SIMD4<Double>(1, tau, t2, t2 * tau)
      let wp = powers * w
      moments += SIMD8<Double>(lowHalf: wp, highHalf: wp * (t2 * t2))
      // (τ^4..τ^7 fill the upper half; only up to τ^6 is used.)
      bx += wp * (entry.x - newest.x)
      by += wp * (entry.y - newest.y)
    }
    // Fit displacements from the newest sample, so large coordinates lose no precision.
    while true {
      if let solution = Self.solve(moments: moments, bx: bx, by: by, order: order) {
        x = solution.0
        y = solution.1
        x[0] += newest.x
        y[0] += newest.y
        self.order = order
        return
      }
      if order == 0 { break }
      order -= 1
    }
    x = SIMD4(newest.x, 0, 0, 0)
    y = SIMD4(newest.y, 0, 0, 0)
    self.order = 0
  }

  /// Value of the fitted x and y at normalised time `tau`.
  @inline(__always)
  public func evaluate(at tau: Double) -> (x: Double, y: Double) {
    let t2 = tau * tau
    let powers = SIMD4<Double>(1, tau, t2, t2 * tau)
    return ((x * powers).sum(), (y * powers).sum())
  }

  /// Solves the (order+1)² normal equations `A·c = b` (A_jk = Σ w τ^(j+k), symmetric positive
  /// definite when the fit is determined) by a Cholesky factorisation `A = L·Lᵀ`, for both
  /// right-hand sides at once, on scalars in a stack buffer. Returns nil when a pivot vanishes
  /// relative to the matrix's scale (too few distinct times for the order).
  private static func solve(
    moments: SIMD8<Double>, bx: SIMD4<Double>, by: SIMD4<Double>, order: Int
  ) -> (SIMD4<Double>, SIMD4<Double>)? {
    let m = order + 1
    var scale = 0.0
    for j in 0..<m { scale = max(scale, moments[2 * j]) }
    guard scale > 0, scale.isFinite else { return nil }
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: 32) { buffer in
      guard let mu = buffer.baseAddress else { return nil }  // moments 0…6
      let l = mu + 8  // lower triangle of L, row-major 4×4
      let u = mu + 24  // forward-substituted x (0…3) and y (4…7)
      var inverse = SIMD4<Double>.zero  // 1 / L_ii: divide once, multiply after
      for k in 0..<7 { mu[k] = moments[k] }
      for i in 0..<m {
        for j in 0...i {
          var sum = mu[i + j]
          for k in 0..<j { sum -= l[4 * i + k] * l[4 * j + k] }
          if i == j {
            guard sum > 1e-12 * scale else { return nil }
            let root = sum.squareRoot()
            l[4 * i + i] = root
            inverse[i] = 1 / root
          } else {
            l[4 * i + j] = sum * inverse[j]
          }
        }
      }
      // L·u = b, then Lᵀ·c = u.
      for i in 0..<m {
        var sx = bx[i]
        var sy = by[i]
        for k in 0..<i {
          sx -= l[4 * i + k] * u[k]
          sy -= l[4 * i + k] * u[4 + k]
        }
        u[i] = sx * inverse[i]
        u[4 + i] = sy * inverse[i]
      }
      var cx = SIMD4<Double>.zero
      var cy = SIMD4<Double>.zero
      var i = m - 1
      while i >= 0 {
        var sx = u[i]
        var sy = u[4 + i]
        var k = i + 1
        while k < m {
          sx -= l[4 * k + i] * cx[k]
          sy -= l[4 * k + i] * cy[k]
          k += 1
        }
        cx[i] = sx * inverse[i]
        cy[i] = sy * inverse[i]
        i -= 1
      }
      guard (cx * cx + cy * cy).sum().isFinite else { return nil }
      return (cx, cy)
    }
  }
}

