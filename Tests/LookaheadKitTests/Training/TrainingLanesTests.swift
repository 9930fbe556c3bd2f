import Foundation
import Testing
import _LookaheadTestSupport

@testable import LookaheadKit

/// The training loops that work eight values at a time (``AdamOptimizer/update(_:gradient:)``,
/// ``MLPNetwork/rectify(_:count:)``, ``MLPNetwork/maskInactive(_:activations:count:)``) give the
/// same bits as the plain one-value-at-a-time formulas written out here, lane bodies and tails
/// alike, so a model trained before they were vectorised is trained again to the bit.
@Suite("training loops in SIMD lanes: the same bits as the plain formulas")
struct TrainingLanesTests {
  /// Kingma & Ba's step with decoupled weight decay, one weight at a time, as the paper writes it.
  static func plainAdamStep(
    weights: inout [Double], gradient: [Double], m: inout [Double], v: inout [Double], decays: [Bool], step: Int,
    learningRate: Double, weightDecay: Double
  ) {
    let beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8
    let correction1 = 1 - pow(beta1, Double(step)), correction2 = 1 - pow(beta2, Double(step))
    for i in weights.indices {
      m[i] = beta1 * m[i] + (1 - beta1) * gradient[i]
      v[i] = beta2 * v[i] + (1 - beta2) * gradient[i] * gradient[i]
      let mHat = m[i] / correction1, vHat = v[i] / correction2
      if decays[i] { weights[i] -= learningRate * weightDecay * weights[i] }
      weights[i] -= learningRate * mHat / (vHat.squareRoot() + epsilon)
    }
  }

  @Test("Adam: three steps over runs of decaying and bias weights, with lane tails")
  func adamMatchesThePlainStep() {
    // Runs of 13, 3, 20 and 1 weights: each has a full lane block, a tail, or only a tail.
    let decays = [Bool](repeating: true, count: 13) + [false, false, false] + [Bool](repeating: true, count: 20) + [false]
    var rng = SeededGenerator(seed: 29)
    var weights = decays.map { _ in Double.random(in: -1...1, using: &rng) }
    weights[14] = -0.0  // a bias at −0 with no gradient keeps its sign: w − 0 is −0
    var expected = weights
    var m = [Double](repeating: 0, count: weights.count), v = m
    var optimizer = AdamOptimizer(weightCount: weights.count, decays: decays, learningRate: 3e-3, weightDecay: 1e-2)
    for step in 1...3 {
      var gradient = decays.map { _ in Double.random(in: -2...2, using: &rng) }
      gradient[14] = 0
      optimizer.update(&weights, gradient: gradient)
      Self.plainAdamStep(
        weights: &expected, gradient: gradient, m: &m, v: &v, decays: decays, step: step, learningRate: 3e-3,
        weightDecay: 1e-2)
    }
    #expect(weights.map(\.bitPattern) == expected.map(\.bitPattern))
    #expect(optimizer.firstMoment.map(\.bitPattern) == m.map(\.bitPattern))
    #expect(optimizer.secondMoment.map(\.bitPattern) == v.map(\.bitPattern))
    #expect(weights[14].sign == .minus && weights[14] == 0)
  }

  /// 19 values (two lane blocks and a tail of 3) with NaN, both zeros, negatives and positives
  /// in lanes and in the tail.
  static let awkward: [Double] = [
    1.5, -2, 0, -0.0, .nan, 3e-300, -3e-300, .infinity, -.infinity, 0.25, -0.0, 7, -7, .nan, 0, 1, -0.5, .nan, -0.0,
  ]

  @Test("ReLU forward: max(x, 0) to the bit, NaN kept, −0 made +0")
  func rectifyMatchesMax() {
    var values = Self.awkward
    values.withUnsafeMutableBufferPointer { MLPNetwork.rectify($0.baseAddress!, count: $0.count) }
    #expect(values.map(\.bitPattern) == Self.awkward.map { max($0, 0).bitPattern })
    #expect(values[4].isNaN && values[3].sign == .plus)
  }

  @Test("ReLU backward: the gradient is zeroed exactly where the activation is ≤ 0")
  func maskMatchesTheSelect() {
    var rng = SeededGenerator(seed: 31)
    let gradient = Self.awkward.map { _ in Double.random(in: -1...1, using: &rng) }
    var masked = gradient
    Self.awkward.withUnsafeBufferPointer { a in
      masked.withUnsafeMutableBufferPointer {
        MLPNetwork.maskInactive($0.baseAddress!, activations: a.baseAddress!, count: $0.count)
      }
    }
    let expected = zip(Self.awkward, gradient).map { a, g in a <= 0 ? 0 : g }
    #expect(masked.map(\.bitPattern) == expected.map(\.bitPattern))
    #expect(masked[4] == gradient[4] && masked[3] == 0 && masked[0] == gradient[0])
  }
}
