import CLinearAlgebra

/// The sufficient statistics of a linear least-squares problem, `G = XᵀX` and `B = XᵀY`, kept so
/// that ridge solutions for many λ, and for cross-validation folds, cost one small solve each.
///
/// Folds come cheap by subtraction: the statistics of "all but fold f" are `total − fold[f]`, so
/// k-fold cross-validation accumulates every row once (the trick in Hastie, Tibshirani & Friedman,
/// *The Elements of Statistical Learning*, §3.4.1 and §7.10, applied to sums of outer products).
///
/// Accumulation is batched through OpenBLAS: `dsyrk` for `XᵀX` and `dgemm` for `XᵀY` over row
/// blocks, with the rows split across cores by us and OpenBLAS held to one thread, as the
/// conventions ask. `G` and `B` are column-major, `G` symmetric with its upper triangle filled.
public struct NormalEquations: Sendable, Equatable {
  /// Number of features (columns of X).
  public let featureCount: Int
  /// Number of targets (columns of Y).
  public let targetCount: Int
  /// Number of rows accumulated.
  public private(set) var rowCount: Int = 0
  /// `XᵀX`, featureCount × featureCount, column-major, upper triangle valid.
  public private(set) var gram: [Double]
  /// `XᵀY`, featureCount × targetCount, column-major.
  public private(set) var cross: [Double]

  public init(featureCount: Int, targetCount: Int) {
    precondition(featureCount > 0 && targetCount > 0, "a least-squares problem needs features and targets")
    self.featureCount = featureCount
    self.targetCount = targetCount
    gram = Array(repeating: 0, count: featureCount * featureCount)
    cross = Array(repeating: 0, count: featureCount * targetCount)
  }

  /// Adds rows given row-major: `features` is rows × featureCount, `targets` rows × targetCount.
  public mutating func accumulate(features: [Double], targets: [Double]) {
    let rows = features.count / featureCount
    precondition(features.count == rows * featureCount, "features must be a whole number of rows")
    precondition(targets.count == rows * targetCount, "targets must have one row per feature row")
    guard rows > 0 else { return }
    Self.useOneBLASThread
    features.withUnsafeBufferPointer { x in
      targets.withUnsafeBufferPointer { y in
        gram.withUnsafeMutableBufferPointer { g in
          cross.withUnsafeMutableBufferPointer { b in
            Self.addBlock(
              x: x.baseAddress!, y: y.baseAddress!, rows: rows, k: featureCount, m: targetCount,
              gram: g.baseAddress!, cross: b.baseAddress!)
          }
        }
      }
    }
    rowCount += rows
  }

  /// Accumulates row-major `features`/`targets` split into `parts` contiguous row blocks, one per
  /// core, and sums the partial statistics in block order (so the result is deterministic).
  public static func accumulated(
    features: [Double], targets: [Double], featureCount: Int, targetCount: Int, parts: Int = 2
  ) -> NormalEquations {
    let rows = features.count / featureCount
    let partials = parallelChunks(count: rows, parts: parts) { range in
      var partial = NormalEquations(featureCount: featureCount, targetCount: targetCount)
      partial.accumulate(
        features: Array(features[(range.lowerBound * featureCount)..<(range.upperBound * featureCount)]),
        targets: Array(targets[(range.lowerBound * targetCount)..<(range.upperBound * targetCount)]))
      return partial
    }
    var total = NormalEquations(featureCount: featureCount, targetCount: targetCount)
    for partial in partials { total += partial }
    return total
  }

  public static func += (lhs: inout NormalEquations, rhs: NormalEquations) {
    precondition(lhs.featureCount == rhs.featureCount && lhs.targetCount == rhs.targetCount)
    for i in lhs.gram.indices { lhs.gram[i] += rhs.gram[i] }
    for i in lhs.cross.indices { lhs.cross[i] += rhs.cross[i] }
    lhs.rowCount += rhs.rowCount
  }

  public static func - (lhs: NormalEquations, rhs: NormalEquations) -> NormalEquations {
    precondition(lhs.featureCount == rhs.featureCount && lhs.targetCount == rhs.targetCount)
    var out = lhs
    for i in out.gram.indices { out.gram[i] -= rhs.gram[i] }
    for i in out.cross.indices { out.cross[i] -= rhs.cross[i] }
    out.rowCount -= rhs.rowCount
    return out
  }

  /// The solve failed: the regularised Gram matrix is not positive definite (λ = 0 with
  /// collinear or too few rows).
  public struct SingularSystem: Error, CustomStringConvertible {
    public var lambda: Double
    public var description: String {
      "the normal equations are singular at λ = \(lambda): add ridge regularisation or more varied training rows"
    }
  }

  /// Ridge weights `W = (XᵀX + λ·rowCount·I)⁻¹ XᵀY`, featureCount × targetCount, row-major
  /// (`W[feature * targetCount + target]`). λ is per row, so its meaning does not change with
  /// the amount of data. Solved by Cholesky (`LAPACKE_dposv`).
  public func solve(lambda: Double) throws -> [Double] {
    precondition(lambda >= 0 && lambda.isFinite, "λ must be finite and non-negative")
    var a = gram
    let shift = lambda * Double(max(rowCount, 1))
    for i in 0..<featureCount { a[i * featureCount + i] += shift }
    var b = cross
    let k = Int32(featureCount)
    let info = LAPACKE_dposv(
      LAPACK_COL_MAJOR, Int8(UInt8(ascii: "U")), k, Int32(targetCount), &a, k, &b, k)
    guard info == 0 else { throw SingularSystem(lambda: lambda) }
    // b is column-major k × m; return row-major.
    var weights = Array(repeating: 0.0, count: featureCount * targetCount)
    for feature in 0..<featureCount {
      for target in 0..<targetCount {
        weights[feature * targetCount + target] = b[target * featureCount + feature]
      }
    }
    return weights
  }

  /// G += XᵀX (upper), B += XᵀY for one row-major block, through CBLAS.
  private static func addBlock(
    x: UnsafePointer<Double>, y: UnsafePointer<Double>, rows: Int, k: Int, m: Int,
    gram: UnsafeMutablePointer<Double>, cross: UnsafeMutablePointer<Double>
  ) {
    // Row-major X (rows × k) is column-major Xᵀ (k × rows) with leading dimension k.
    cblas_dsyrk(
      CblasColMajor, CblasUpper, CblasNoTrans, Int32(k), Int32(rows), 1.0, x, Int32(k), 1.0,
      gram, Int32(k))
    // B (k × m, col-major) += Xᵀ (k × rows) · Y (rows × m); row-major Y is col-major Yᵀ (m × rows).
    cblas_dgemm(
      CblasColMajor, CblasNoTrans, CblasTrans, Int32(k), Int32(m), Int32(rows), 1.0, x, Int32(k),
      y, Int32(m), 1.0, cross, Int32(k))
  }

  /// OpenBLAS runs single-threaded: we split work across cores ourselves, and nested threading
  /// would oversubscribe the two cores.
  private static let useOneBLASThread: Void = { openblas_set_num_threads(1) }()
}
