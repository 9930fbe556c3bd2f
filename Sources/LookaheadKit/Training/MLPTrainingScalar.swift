import CLinearAlgebra
import Foundation

/// The number type of a training run's batched passes (``MLPNetwork``): `Double` (`dgemm`, the
/// default) or `Float` (`sgemm`, `train --training-precision single`). The master weights, Adam's
/// moments, the loss and every score stay `Double` whatever the passes use; single precision only
/// halves the memory the matrix products stream and doubles the lanes of each vector instruction.
///
/// With `Double` every conversion below hands the array through untouched, so a double-precision
/// run is the same bits as before this type existed.
public protocol MLPTrainingScalar: BinaryFloatingPoint, SIMDScalar, Sendable {
  /// `c ← α·op(a)·op(b) + β·c`, row-major, one OpenBLAS thread (`cblas_dgemm` or `cblas_sgemm`).
  static func gemm(
    transposeA: Bool, transposeB: Bool, m: Int, n: Int, k: Int, alpha: Self, a: UnsafePointer<Self>, lda: Int,
    b: UnsafePointer<Self>, ldb: Int, beta: Self, c: UnsafeMutablePointer<Self>, ldc: Int)
  /// The hyperbolic tangent (libm's, as the runtime uses).
  static func hyperbolicTangent(_ x: Self) -> Self
  /// The vector the ReLU loops work in (``MLPNetwork/rectify(_:count:)``).
  associatedtype Lanes: SIMD where Lanes.Scalar == Self
  /// `values` with every lane whose `key` is ≤ 0 set to 0: one select on the concrete vector type
  /// (the generic `SIMD` operations run lane by lane, which made the ReLU loops twice as slow).
  static func zeroing(_ values: Lanes, whereNotPositive key: Lanes) -> Lanes
  /// `weights` as this type: the array itself for `Double`, else converted into `buffer`, which is
  /// returned (so a run reuses one buffer instead of allocating per batch).
  static func narrowed(_ weights: [Double], reusing buffer: inout [Self]) -> [Self]
  /// `values` as `Double`: the array itself for `Double`, else converted into `buffer`.
  static func widened(_ values: [Self], reusing buffer: inout [Double]) -> [Double]
}

private func cblasTranspose(_ transpose: Bool) -> CBLAS_TRANSPOSE { transpose ? CblasTrans : CblasNoTrans }

extension Double: MLPTrainingScalar {
  public static func gemm(
    transposeA: Bool, transposeB: Bool, m: Int, n: Int, k: Int, alpha: Double, a: UnsafePointer<Double>, lda: Int,
    b: UnsafePointer<Double>, ldb: Int, beta: Double, c: UnsafeMutablePointer<Double>, ldc: Int
  ) {
    cblas_dgemm(
      CblasRowMajor, cblasTranspose(transposeA), cblasTranspose(transposeB), Int32(m), Int32(n), Int32(k), alpha, a,
      Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
  }

  public static func hyperbolicTangent(_ x: Double) -> Double { tanh(x) }

  public static func zeroing(_ values: SIMD8<Double>, whereNotPositive key: SIMD8<Double>) -> SIMD8<Double> {
    values.replacing(with: 0, where: key .<= 0)
  }

  public static func narrowed(_ weights: [Double], reusing buffer: inout [Double]) -> [Double] { weights }

  public static func widened(_ values: [Double], reusing buffer: inout [Double]) -> [Double] { values }
}

extension Float: MLPTrainingScalar {
  public static func gemm(
    transposeA: Bool, transposeB: Bool, m: Int, n: Int, k: Int, alpha: Float, a: UnsafePointer<Float>, lda: Int,
    b: UnsafePointer<Float>, ldb: Int, beta: Float, c: UnsafeMutablePointer<Float>, ldc: Int
  ) {
    cblas_sgemm(
      CblasRowMajor, cblasTranspose(transposeA), cblasTranspose(transposeB), Int32(m), Int32(n), Int32(k), alpha, a,
      Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
  }

  public static func hyperbolicTangent(_ x: Float) -> Float { tanhf(x) }

  public static func zeroing(_ values: SIMD16<Float>, whereNotPositive key: SIMD16<Float>) -> SIMD16<Float> {
    values.replacing(with: 0, where: key .<= 0)
  }

  public static func narrowed(_ weights: [Double], reusing buffer: inout [Float]) -> [Float] {
    if buffer.count != weights.count { buffer = [Float](repeating: 0, count: weights.count) }
    buffer.withUnsafeMutableBufferPointer { out in
      weights.withUnsafeBufferPointer { source in
        for i in 0..<source.count { out[i] = Float(source[i]) }
      }
    }
    return buffer
  }

  public static func widened(_ values: [Float], reusing buffer: inout [Double]) -> [Double] {
    if buffer.count != values.count { buffer = [Double](repeating: 0, count: values.count) }
    buffer.withUnsafeMutableBufferPointer { out in
      values.withUnsafeBufferPointer { source in
        for i in 0..<source.count { out[i] = Double(source[i]) }
      }
    }
    return buffer
  }
}
