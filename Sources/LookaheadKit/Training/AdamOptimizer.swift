import Foundation

/// Adam with decoupled weight decay (Kingma & Ba, "Adam", ICLR 2015; Loshchilov & Hutter,
/// "Decoupled Weight Decay Regularization", ICLR 2019): per-weight step sizes from running means
/// of the gradient and its square; the decay shrinks the decayed weights (not biases) directly.
public struct AdamOptimizer: Sendable, Codable, Equatable {
  /// Step size; sensible range 1e-4…1e-2.
  public var learningRate: Double
  /// Shrink per step, as a fraction of the learning rate; 0…1e-2.
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
  public mutating func update(_ weights: inout [Double], gradient: [Double]) {
    step += 1
    let correction1 = 1 - pow(beta1, Double(step)), correction2 = 1 - pow(beta2, Double(step))
    let rate = learningRate, decay = learningRate * weightDecay
    let (beta1, beta2, epsilon) = (self.beta1, self.beta2, self.epsilon)
    precondition(gradient.count == weights.count && firstMoment.count == weights.count && secondMoment.count == weights.count && decays.count == weights.count)
    // Raw pointers let the loop run without bounds checks; the arithmetic is the same per weight.
    weights.withUnsafeMutableBufferPointer { w in
      gradient.withUnsafeBufferPointer { g in
        firstMoment.withUnsafeMutableBufferPointer { m in
          secondMoment.withUnsafeMutableBufferPointer { v in
            decays.withUnsafeBufferPointer { decays in
              for i in 0..<w.count {
                let gi = g[i]
                m[i] = beta1 * m[i] + (1 - beta1) * gi
                v[i] = beta2 * v[i] + (1 - beta2) * gi * gi
                let mHat = m[i] / correction1, vHat = v[i] / correction2
                if decays[i] { w[i] -= decay * w[i] }
                w[i] -= rate * mHat / (vHat.squareRoot() + epsilon)
              }
            }
          }
        }
      }
    }
  }
}
