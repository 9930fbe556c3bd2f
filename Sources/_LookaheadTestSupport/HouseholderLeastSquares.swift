/// A least-squares solver by Householder QR (Golub & Van Loan, *Matrix Computations*, 4th ed.,
/// §5.2 and §5.3.3): the test oracle for the predictors' closed-form normal equations. It is
/// slower and allocates, but it never squares the condition number, so agreement between the
/// two is evidence the normal equations are solved correctly.
public enum HouseholderLeastSquares {
  /// Minimises ‖A·c − b‖₂ for a tall `rows`×`columns` matrix A given row by row.
  /// Returns nil when A is rank-deficient.
  public static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
    let m = a.count
    guard m > 0 else { return nil }
    let n = a[0].count
    guard m >= n, b.count == m else { return nil }
    var r = a
    var y = b
    for k in 0..<n {
      var norm = 0.0
      for i in k..<m { norm += r[i][k] * r[i][k] }
      norm = norm.squareRoot()
      guard norm > 0 else { return nil }
      let alpha = r[k][k] > 0 ? -norm : norm
      var v = [Double](repeating: 0, count: m)
      v[k] = r[k][k] - alpha
      for i in (k + 1)..<max(k + 1, m) { v[i] = r[i][k] }
      var vv = 0.0
      for i in k..<m { vv += v[i] * v[i] }
      guard vv > 0 else { continue }
      for j in k..<n {
        var dot = 0.0
        for i in k..<m { dot += v[i] * r[i][j] }
        let f = 2 * dot / vv
        for i in k..<m { r[i][j] -= f * v[i] }
      }
      var dot = 0.0
      for i in k..<m { dot += v[i] * y[i] }
      let f = 2 * dot / vv
      for i in k..<m { y[i] -= f * v[i] }
    }
    var c = [Double](repeating: 0, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
      var s = y[i]
      for j in (i + 1)..<max(i + 1, n) { s -= r[i][j] * c[j] }
      guard abs(r[i][i]) > 1e-300 else { return nil }
      c[i] = s / r[i][i]
    }
    return c
  }
}
