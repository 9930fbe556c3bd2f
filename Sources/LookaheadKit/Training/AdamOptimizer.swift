import CLinearAlgebra
import Foundation

/// Adam with decoupled weight decay (Kingma & Ba, "Adam", ICLR 2015; Loshchilov & Hutter,
/// "Decoupled Weight Decay Regularization", ICLR 2019): per-weight step sizes from running means
/// of the gradient and its square; the decay shrinks the decayed weights (not biases) directly.
public struct AdamOptimizer: Sendable, Codable, Equatable {
  /// Step size; sensible range 1e-4…1e-2.
  public var learningRate: Double
  /// Shrink per step, as a fraction of the learning rate (each decayed weight loses
  /// `learningRate · weightDecay` of itself a step); 0 or more: 1e-4 by default, 5e-2 for the Henze
  /// 2017 headline (Docs/Results.md, "That decay within 25 epochs").
  public var weightDecay: Double
  public var beta1 = 0.9
  public var beta2 = 0.999
  public var epsilon = 1e-8
  /// Running means of the gradient and of its square.
  public var firstMoment: [Double]
  public var secondMoment: [Double]
  public var step = 0
  /// Which weights decay (the matrices; biases do not).
  public var decays: [Bool]

  public init(weightCount: Int, decays: [Bool], learningRate: Double, weightDecay: Double) {
    self.learningRate = learningRate
    self.weightDecay = weightDecay
    firstMoment = Array(repeating: 0, count: weightCount)
    secondMoment = Array(repeating: 0, count: weightCount)
    self.decays = decays
  }

  /// One step against `gradient`.
  ///
  /// Eight weights at a time in SIMD lanes over each run of weights that decay alike (a layer's
  /// matrix, then its biases), then one at a time for the run's tail: every lane does the scalar
  /// step's operations in the same order, so the weights are the same bits as a plain loop's.
  public mutating func update(_ weights: inout [Double], gradient: [Double]) {
    step += 1
    let constants = StepConstants(
      beta1: beta1, beta2: beta2, epsilon: epsilon, correction1: 1 - pow(beta1, Double(step)),
      correction2: 1 - pow(beta2, Double(step)), rate: learningRate, decay: learningRate * weightDecay)
    precondition(gradient.count == weights.count && firstMoment.count == weights.count && secondMoment.count == weights.count && decays.count == weights.count)
    // Raw pointers let the loop run without bounds checks; the arithmetic is the same per weight.
    weights.withUnsafeMutableBufferPointer { w in
      gradient.withUnsafeBufferPointer { g in
        firstMoment.withUnsafeMutableBufferPointer { m in
          secondMoment.withUnsafeMutableBufferPointer { v in
            decays.withUnsafeBufferPointer { decays in
              var start = 0
              while start < w.count {
                let decaying = decays[start]
                var end = start + 1
                while end < w.count, decays[end] == decaying { end += 1 }
                Self.step(
                  start..<end, decaying: decaying, constants: constants, weights: w.baseAddress!,
                  gradient: g.baseAddress!, firstMoment: m.baseAddress!, secondMoment: v.baseAddress!)
                start = end
              }
            }
          }
        }
      }
    }
  }

  /// What every weight's step shares.
  private struct StepConstants {
    var beta1, beta2, epsilon, correction1, correction2, rate, decay: Double
  }

  /// The step of the weights in `range`, all decaying or all not.
  private static func step(
    _ range: Range<Int>, decaying: Bool, constants c: StepConstants, weights w: UnsafeMutablePointer<Double>,
    gradient g: UnsafePointer<Double>, firstMoment m: UnsafeMutablePointer<Double>,
    secondMoment v: UnsafeMutablePointer<Double>
  ) {
    typealias Lanes = SIMD8<Double>
    let width = Lanes.scalarCount
    var i = range.lowerBound
    while i + width <= range.upperBound {
      let gi = UnsafeRawPointer(g + i).loadUnaligned(as: Lanes.self)
      let mi = c.beta1 * UnsafeRawPointer(m + i).loadUnaligned(as: Lanes.self) + (1 - c.beta1) * gi
      let vi = c.beta2 * UnsafeRawPointer(v + i).loadUnaligned(as: Lanes.self) + (1 - c.beta2) * gi * gi
      let mHat = mi / c.correction1, vHat = vi / c.correction2
      var wi = UnsafeRawPointer(w + i).loadUnaligned(as: Lanes.self)
      if decaying { wi -= c.decay * wi }
      wi -= c.rate * mHat / (lookahead_square_root8(vHat) + c.epsilon)
      UnsafeMutableRawPointer(m + i).storeBytes(of: mi, as: Lanes.self)
      UnsafeMutableRawPointer(v + i).storeBytes(of: vi, as: Lanes.self)
      UnsafeMutableRawPointer(w + i).storeBytes(of: wi, as: Lanes.self)
      i += width
    }
    while i < range.upperBound {
      let gi = g[i]
      m[i] = c.beta1 * m[i] + (1 - c.beta1) * gi
      v[i] = c.beta2 * v[i] + (1 - c.beta2) * gi * gi
      let mHat = m[i] / c.correction1, vHat = v[i] / c.correction2
      if decaying { w[i] -= c.decay * w[i] }
      w[i] -= c.rate * mHat / (vHat.squareRoot() + c.epsilon)
      i += 1
    }
  }
}
