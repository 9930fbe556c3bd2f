import CLinearAlgebra
import Foundation
import LookaheadRuntime

/// The batched forward and backward passes of ``LookaheadRuntime/MLPPredictor``'s network, on
/// OpenBLAS (`cblas_dgemm`, or `cblas_sgemm` in single precision: ``MLPTrainingScalar``; one
/// thread, so results depend only on the inputs), for training.
///
/// The weights have the runtime's layout (``LookaheadRuntime/MLPPredictor/Parameters/weights``:
/// per layer the `out × in` matrix row-major, then the biases), so trained weights ship as they
/// are. The forward pass computes exactly the runtime's function; its rounding differs (a
/// different summation order), which does not matter for training: the shipped model is scored
/// by the runtime type itself.
public struct MLPNetwork: Sendable {
  public let layerSizes: [Int]
  public let activation: MLPPredictor.Activation
  /// Where each layer's matrix starts in the weights (its biases follow it).
  let offsets: [Int]
  public var weightCount: Int { offsets.last ?? 0 }

  public init(layerSizes: [Int], activation: MLPPredictor.Activation) {
    self.layerSizes = layerSizes
    self.activation = activation
    var offsets = [0]
    for (input, output) in zip(layerSizes, layerSizes.dropFirst()) { offsets.append(offsets.last! + output * (input + 1)) }
    self.offsets = offsets
    Self.useOneBLASThread
  }

  private static let useOneBLASThread: Void = { openblas_set_num_threads(1) }()

  /// Buffers for a batch of up to `capacity` rows, reused across batches (no allocation per batch),
  /// in the passes' number type.
  public struct Workspace<Scalar: MLPTrainingScalar> {
    /// Per layer (inputs first): `capacity × width` activations.
    var activations: [[Scalar]]
    /// Per layer: the gradient of the loss with respect to that layer's pre-activations.
    var deltas: [[Scalar]]
    public let capacity: Int

    public init(network: MLPNetwork, capacity: Int) {
      self.capacity = capacity
      activations = network.layerSizes.map { [Scalar](repeating: 0, count: capacity * $0) }
      deltas = network.layerSizes.map { [Scalar](repeating: 0, count: capacity * $0) }
    }

    /// The standardised inputs of the batch: fill `rows × layerSizes[0]` values before a pass.
    public mutating func withInputs<R>(_ body: (UnsafeMutableBufferPointer<Scalar>) -> R) -> R {
      activations[0].withUnsafeMutableBufferPointer { body($0) }
    }

    /// The network's two outputs of row `r` after ``MLPNetwork/forward(_:rows:workspace:)``.
    public func output(_ r: Int) -> (Double, Double) {
      let last = activations[activations.count - 1]
      return (Double(last[2 * r]), Double(last[2 * r + 1]))
    }
  }

  /// The forward pass over the first `rows` rows of the workspace's inputs.
  public func forward<Scalar>(_ weights: [Scalar], rows: Int, workspace: inout Workspace<Scalar>) {
    var none: HiddenDropout? = nil
    forward(weights, rows: rows, workspace: &workspace, dropout: &none)
  }

  /// The forward pass, with each hidden layer's output passed through `dropout` when there is one
  /// (a fitting pass; ReLU only, see ``HiddenDropout``).
  func forward<Scalar>(_ weights: [Scalar], rows: Int, workspace: inout Workspace<Scalar>, dropout: inout HiddenDropout?) {
    precondition(rows <= workspace.capacity && weights.count == weightCount)
    precondition(dropout == nil || activation == .relu, "dropout is for ReLU layers only")
    weights.withUnsafeBufferPointer { w in
      for layer in 0..<(layerSizes.count - 1) {
        let inWidth = layerSizes[layer], outWidth = layerSizes[layer + 1]
        let isHidden = layer < layerSizes.count - 2
        let matrix = w.baseAddress! + offsets[layer]
        let biases = matrix + outWidth * inWidth
        workspace.activations[layer].withUnsafeBufferPointer { input in
          workspace.activations[layer + 1].withUnsafeMutableBufferPointer { output in
            for r in 0..<rows {
              for o in 0..<outWidth { output[r * outWidth + o] = biases[o] }
            }
            // output (rows × out) += input (rows × in) · matrixᵀ (in × out)
            Scalar.gemm(
              transposeA: false, transposeB: true, m: rows, n: outWidth, k: inWidth, alpha: 1, a: input.baseAddress!,
              lda: inWidth, b: matrix, ldb: inWidth, beta: 1, c: output.baseAddress!, ldc: outWidth)
            if isHidden {
              let count = rows * outWidth
              switch activation {
              case .relu: Self.rectify(output.baseAddress!, count: count)
              case .tanh: for i in 0..<count { output[i] = Scalar.hyperbolicTangent(output[i]) }
              }
              dropout?.apply(output.baseAddress!, count: count)
            }
          }
        }
      }
    }
  }

  /// `x = max(x, 0)` for `count` values, a vector at a time: the standard library's `max(x, 0)` is
  /// `0 >= x ? 0 : x`, and so is each lane's select (a NaN stays, −0 becomes +0), so the values are
  /// the same bits as a plain loop's, without a compare-and-branch per value.
  static func rectify<Scalar: MLPTrainingScalar>(_ x: UnsafeMutablePointer<Scalar>, count: Int) {
    typealias Lanes = Scalar.Lanes
    var i = 0
    while i + Lanes.scalarCount <= count {
      let lanes = UnsafeRawPointer(x + i).loadUnaligned(as: Lanes.self)
      UnsafeMutableRawPointer(x + i).storeBytes(of: Scalar.zeroing(lanes, whereNotPositive: lanes), as: Lanes.self)
      i += Lanes.scalarCount
    }
    while i < count {
      x[i] = max(x[i], 0)
      i += 1
    }
  }

  /// The gradient through a ReLU layer: `gradient = activation <= 0 ? 0 : gradient`, a vector at a
  /// time as a select (half the units are off, so a branch per value mispredicts; the compiler
  /// made one of the plain loop's select).
  static func maskInactive<Scalar: MLPTrainingScalar>(
    _ gradient: UnsafeMutablePointer<Scalar>, activations a: UnsafePointer<Scalar>, count: Int
  ) {
    typealias Lanes = Scalar.Lanes
    var i = 0
    while i + Lanes.scalarCount <= count {
      let active = UnsafeRawPointer(a + i).loadUnaligned(as: Lanes.self)
      let lanes = UnsafeRawPointer(gradient + i).loadUnaligned(as: Lanes.self)
      UnsafeMutableRawPointer(gradient + i).storeBytes(
        of: Scalar.zeroing(lanes, whereNotPositive: active), as: Lanes.self)
      i += Lanes.scalarCount
    }
    while i < count {
      if a[i] <= 0 { gradient[i] = 0 }
      i += 1
    }
  }

  /// `sums[c] = Σ_r matrix[r][c]` of a row-major `rows × columns` matrix, each column summed from
  /// 0 in row order (the order a plain double loop adds in), four columns at a time.
  static func columnSums<Scalar: MLPTrainingScalar>(
    _ matrix: UnsafePointer<Scalar>, rows: Int, columns: Int, into sums: UnsafeMutablePointer<Scalar>
  ) {
    var c = 0
    while c + 4 <= columns {
      var lanes = SIMD4<Scalar>(repeating: 0)
      for r in 0..<rows {
        let p = matrix + r * columns + c
        lanes += SIMD4(p[0], p[1], p[2], p[3])
      }
      for k in 0..<4 { sums[c + k] = lanes[k] }
      c += 4
    }
    while c < columns {
      var sum: Scalar = 0
      for r in 0..<rows { sum += matrix[r * columns + c] }
      sums[c] = sum
      c += 1
    }
  }

  /// The backward pass after ``forward(_:rows:workspace:)``: `outputGradient` (rows × 2, the
  /// loss's gradient with respect to the network outputs, in `Double` as the loss computes it) in;
  /// the gradient with respect to every weight written to `gradient` (overwritten, the weights'
  /// layout). After a forward pass with dropout, `keptScale` is its ``HiddenDropout/keptScale``:
  /// a dropped value is 0 in the stored activations, so the ReLU mask drops its gradient too, and
  /// a kept one passes its gradient times that scale.
  public func backward<Scalar>(
    _ weights: [Scalar], rows: Int, outputGradient: UnsafeBufferPointer<Double>, workspace: inout Workspace<Scalar>,
    gradient: inout [Scalar], keptScale: Double = 1
  ) {
    let last = layerSizes.count - 1
    workspace.deltas[last].withUnsafeMutableBufferPointer { delta in
      for i in 0..<(rows * 2) { delta[i] = Scalar(outputGradient[i]) }
    }
    weights.withUnsafeBufferPointer { w in
      gradient.withUnsafeMutableBufferPointer { g in
        for layer in stride(from: last - 1, through: 0, by: -1) {
          let inWidth = layerSizes[layer], outWidth = layerSizes[layer + 1]
          let matrixGradient = g.baseAddress! + offsets[layer]
          let biasGradient = matrixGradient + outWidth * inWidth
          workspace.deltas[layer + 1].withUnsafeBufferPointer { delta in
            workspace.activations[layer].withUnsafeBufferPointer { input in
              // dW (out × in) = deltaᵀ (out × rows) · input (rows × in)
              Scalar.gemm(
                transposeA: true, transposeB: false, m: outWidth, n: inWidth, k: rows, alpha: 1, a: delta.baseAddress!,
                lda: outWidth, b: input.baseAddress!, ldb: inWidth, beta: 0, c: matrixGradient, ldc: inWidth)
            }
            Self.columnSums(delta.baseAddress!, rows: rows, columns: outWidth, into: biasGradient)
            guard layer > 0 else { return }
            workspace.deltas[layer].withUnsafeMutableBufferPointer { below in
              // d(input) (rows × in) = delta (rows × out) · W (out × in)
              Scalar.gemm(
                transposeA: false, transposeB: false, m: rows, n: inWidth, k: outWidth, alpha: 1, a: delta.baseAddress!,
                lda: outWidth, b: w.baseAddress! + offsets[layer], ldb: inWidth, beta: 0, c: below.baseAddress!,
                ldc: inWidth)
              // Through the hidden layer's activation: relu' = [a > 0], tanh' = 1 − a².
              workspace.activations[layer].withUnsafeBufferPointer { a in
                let count = rows * inWidth
                switch activation {
                case .relu: Self.maskInactive(below.baseAddress!, activations: a.baseAddress!, count: count)
                case .tanh: for i in 0..<count { below[i] *= 1 - a[i] * a[i] }
                }
                if keptScale != 1 {
                  let scale = Scalar(keptScale)
                  for i in 0..<count { below[i] *= scale }
                }
              }
            }
          }
        }
      }
    }
  }
}
