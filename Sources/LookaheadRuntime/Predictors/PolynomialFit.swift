/// A weighted least-squares polynomial fit of x(τ) and y(τ), order 0–3, over the newest samples
/// of a ``SampleWindow``, solved through its normal equations in plain Swift.
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
    var moments = SIMD8<Double>.zero
    var bx = SIMD4<Double>.zero
    var by = SIMD4<Double>.zero
    let useWeights = recencyHalfLife > 0
    for k in 0..<n {
      let entry = window[back: k]
      let tau: Double
      if order == 0 { tau = 0 } else if uniformTime { tau = -Double(k) * step } else {
        tau = (entry.time - newest.time) / span
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

  /// Gaussian elimination with partial pivoting on the (order+1)² normal matrix, both right-hand
  /// sides at once. Returns nil when a pivot vanishes relative to the matrix's scale.
  private static func solve(
    moments: SIMD8<Double>, bx: SIMD4<Double>, by: SIMD4<Double>, order: Int
  ) -> (SIMD4<Double>, SIMD4<Double>)? {
    let m = order + 1
    // Rows of [A | bx | by], A_jk = moment(j+k).
    var rows = (SIMD8<Double>.zero, SIMD8<Double>.zero, SIMD8<Double>.zero, SIMD8<Double>.zero)
    func row(_ j: Int) -> SIMD8<Double> {
      var r = SIMD8<Double>.zero
      for k in 0..<m { r[k] = moments[j + k] }
      r[4] = bx[j]
      r[5] = by[j]
      return r
    }
    rows.0 = row(0)
    if m > 1 { rows.1 = row(1) }
    if m > 2 { rows.2 = row(2) }
    if m > 3 { rows.3 = row(3) }
    var scale = 0.0
    for j in 0..<m { scale = max(scale, moments[2 * j]) }
    guard scale > 0, scale.isFinite else { return nil }
    return withUnsafeMutablePointer(to: &rows) { tuple in
      tuple.withMemoryRebound(to: SIMD8<Double>.self, capacity: 4) { r in
        for column in 0..<m {
          var pivot = column
          for candidate in (column + 1)..<max(column + 1, m)
          where abs(r[candidate][column]) > abs(r[pivot][column]) {
            pivot = candidate
          }
          if pivot != column {
            let swap = r[pivot]
            r[pivot] = r[column]
            r[column] = swap
          }
          let p = r[column][column]
          guard abs(p) > 1e-12 * scale else { return nil }
          for below in (column + 1)..<max(column + 1, m) {
            let factor = r[below][column] / p
            r[below] -= factor * r[column]
          }
        }
        var sx = SIMD4<Double>.zero
        var sy = SIMD4<Double>.zero
        var j = m - 1
        while j >= 0 {
          var accX = r[j][4]
          var accY = r[j][5]
          for k in (j + 1)..<max(j + 1, m) {
            accX -= r[j][k] * sx[k]
            accY -= r[j][k] * sy[k]
          }
          sx[j] = accX / r[j][j]
          sy[j] = accY / r[j][j]
          j -= 1
        }
        guard sx.x.isFinite, sy.x.isFinite, (sx * sx + sy * sy).sum().isFinite else { return nil }
        return (sx, sy)
      }
    }
  }
}

