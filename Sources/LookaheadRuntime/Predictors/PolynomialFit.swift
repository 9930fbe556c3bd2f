/// A weighted least-squares polynomial fit of x(τ) and y(τ), order 0–3, over the newest samples
/// of a ``SampleWindow``, solved through its normal equations in plain Swift (Cramer's rule for
/// orders 1–2, a square-root-free Cholesky for order 3).
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
package struct PolynomialFit: Sendable, Equatable {
  /// Coefficients of x(τ) and y(τ), lowest power first; unused powers are 0.
  package var x: SIMD4<Double> = .zero
  package var y: SIMD4<Double> = .zero
  /// The order actually fitted (may be below the requested one).
  package var order = 0
  /// Seconds per unit of τ.
  package var span = 0.0

  package init() {}

  /// Fits the newest `count` samples of `window` whose age is at most `maximumAge` seconds
  /// (`0` for no age limit).
  ///
  /// - Parameters:
  ///   - order: requested order, 0…3.
  ///   - uniformTime: place samples at equal steps (Savitzky–Golay) instead of their times.
  ///   - recencyWeighted: weigh each sample by `2^(−age/h)`, the running product of the window's
  ///     ``SampleWindow/Entry/recencyFactor``s (so the window must have been recorded with the
  ///     half-life `h`); false weighs all samples equally.
  package init(
    window: borrowing SampleWindow, count requested: Int, maximumAge: Double, order requestedOrder: Int,
    uniformTime: Bool, recencyWeighted: Bool
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
    var low = SIMD4<Double>.zero  // Σ w·τ^0…3
    var high = SIMD4<Double>.zero  // Σ w·τ^4…7, needed only for order 3
    var fourth = 0.0  // Σ w·τ^4, all that order 2 needs of `high`
    var bx = SIMD4<Double>.zero
    var by = SIMD4<Double>.zero
    let cubic = order == 3
    var w = 1.0  // the recency weight of the entry at hand: 1 for the newest
    window.forEachNewest(n) { k, entry in
      let tau: Double
      if order == 0 { tau = 0 } else if uniformTime { tau = -Double(k) * step } else {
        tau = (entry.time - newest.time) * inverseSpan
      }
      let t2 = tau * tau
      let wp = SIMD4<Double>(1, tau, t2, t2 * tau) * w
      low += wp
      if cubic { high += wp * (t2 * t2) } else { fourth += wp[0] * (t2 * t2) }
      bx += wp * (entry.x - newest.x)
      by += wp * (entry.y - newest.y)
      if recencyWeighted { w *= entry.recencyFactor }
    }
    let moments = SIMD8<Double>(lowHalf: low, highHalf: cubic ? high : SIMD4(fourth, 0, 0, 0))
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
  package func evaluate(at tau: Double) -> (x: Double, y: Double) {
    let t2 = tau * tau
    let powers = SIMD4<Double>(1, tau, t2, t2 * tau)
    return ((x * powers).sum(), (y * powers).sum())
  }

  /// Solves the (order+1)² normal equations `A·c = b` (A_jk = Σ w τ^(j+k), symmetric positive
  /// definite when the fit is determined) for both right-hand sides at once (x and y as the two
  /// lanes of a `SIMD2`). Returns nil when the fit is not determined: when a pivot of A's
  /// Cholesky factorisation, `Δ_(k+1)/Δ_k` with `Δ_k` the k-th leading principal minor, is not
  /// above 10⁻¹² of the matrix's scale (too few distinct times for the order).
  ///
  /// Orders 1 and 2 use the adjugate (Cramer's rule): every cofactor can be computed at once and
  /// there is a single division, which matters because this runs on every sample and a chain of
  /// dependent divisions is what a factorisation spends its time on; with τ normalised to
  /// [−1, 0] the 3×3 system is well enough conditioned for it (the tests compare with a
  /// Householder QR). Order 3 uses the square-root-free Cholesky factorisation `A = L·D·Lᵀ`
  /// (Golub & Van Loan, *Matrix Computations*, §4.1), written out in scalars.
  private static func solve(
    moments mu: SIMD8<Double>, bx: SIMD4<Double>, by: SIMD4<Double>, order: Int
  ) -> (SIMD4<Double>, SIMD4<Double>)? {
    var scale = mu[0]
    if order >= 1 { scale = max(scale, mu[2]) }
    if order >= 2 { scale = max(scale, mu[4]) }
    if order >= 3 { scale = max(scale, mu[6]) }
    guard scale > 0, scale.isFinite else { return nil }
    let tiny = 1e-12 * scale
    let b0 = SIMD2(bx[0], by[0]), b1 = SIMD2(bx[1], by[1])
    let b2 = SIMD2(bx[2], by[2]), b3 = SIMD2(bx[3], by[3])
    guard mu[0] > tiny else { return nil }  // Δ₁ = μ₀
    switch order {
    case 0:
      return finish(b0 / mu[0], .zero, .zero, .zero)
    case 1:
      // A = [μ0 μ1; μ1 μ2].
      let det = mu[0] * mu[2] - mu[1] * mu[1]
      guard det > tiny * mu[0] else { return nil }
      let inverse = 1 / det
      return finish((mu[2] * b0 - mu[1] * b1) * inverse, (mu[0] * b1 - mu[1] * b0) * inverse, .zero, .zero)
    case 2:
      // A = [a b c; b c d; c d e] (a Hankel matrix of the moments); its adjugate is symmetric.
      let (a, b, c, d, e) = (mu[0], mu[1], mu[2], mu[3], mu[4])
      let minor2 = a * c - b * b  // Δ₂
      let adj00 = c * e - d * d
      let adj01 = c * d - b * e
      let adj02 = b * d - c * c
      let adj11 = a * e - c * c
      let adj12 = b * c - a * d
      let det = a * adj00 + b * adj01 + c * adj02  // Δ₃
      guard minor2 > tiny * a, det > tiny * minor2 else { return nil }
      let inverse = 1 / det
      return finish(
        (adj00 * b0 + adj01 * b1 + adj02 * b2) * inverse,
        (adj01 * b0 + adj11 * b1 + adj12 * b2) * inverse,
        (adj02 * b0 + adj12 * b1 + minor2 * b2) * inverse, .zero)
    default:
      // L·D·Lᵀ, row by row: pivot d_i, multipliers l_ij (e_ij = l_ij·d_j), forward L·z = b.
      let d0 = mu[0]
      let l10 = mu[1] / d0
      let d1 = mu[2] - l10 * mu[1]
      guard d1 > tiny else { return nil }
      let z1 = b1 - l10 * b0
      let e20 = mu[2], l20 = e20 / d0
      let e21 = mu[3] - l20 * mu[1], l21 = e21 / d1
      let d2 = mu[4] - l20 * e20 - l21 * e21
      guard d2 > tiny else { return nil }
      let z2 = b2 - l20 * b0 - l21 * z1
      let e30 = mu[3], l30 = e30 / d0
      let e31 = mu[4] - l30 * mu[1], l31 = e31 / d1
      let e32 = mu[5] - l30 * e20 - l31 * e21, l32 = e32 / d2
      let d3 = mu[6] - l30 * e30 - l31 * e31 - l32 * e32
      guard d3 > tiny else { return nil }
      let z3 = b3 - l30 * b0 - l31 * z1 - l32 * z2
      // Back substitution Lᵀ·c = D⁻¹·z.
      let c3 = z3 / d3
      let c2 = z2 / d2 - l32 * c3
      let c1 = z1 / d1 - l21 * c2 - l31 * c3
      return finish(b0 / d0 - l10 * c1 - l20 * c2 - l30 * c3, c1, c2, c3)
    }
  }

  /// Regroups per-power (x, y) pairs into the x and y coefficient vectors; nil if any is not finite.
  @inline(__always)
  private static func finish(
    _ c0: SIMD2<Double>, _ c1: SIMD2<Double>, _ c2: SIMD2<Double>, _ c3: SIMD2<Double>
  ) -> (SIMD4<Double>, SIMD4<Double>)? {
    let cx = SIMD4(c0.x, c1.x, c2.x, c3.x)
    let cy = SIMD4(c0.y, c1.y, c2.y, c3.y)
    guard (cx * cx + cy * cy).sum().isFinite else { return nil }
    return (cx, cy)
  }
}

