import Foundation

/// An exponential moving average of the weights over the optimiser's steps (Polyak & Juditsky,
/// "Acceleration of stochastic approximation by averaging", SIAM J. Control Optim. 1992, in the
/// exponential form most training code uses): Adam's weights move around a minimum at the batch
/// noise's scale, and their average sits nearer its centre than any one step does.
///
/// Started at zero and divided by `1 − decay^steps` (as Adam corrects its moments), so the
/// average is of the steps taken, not pulled towards zero, however few steps an epoch has.
public struct WeightAverage: Sendable, Codable, Equatable {
  /// Weight of the previous average per step, 0 < decay < 1; about `1 / (1 − decay)` steps are
  /// averaged.
  public var decay: Double
  /// The running sum `Σ (1 − decay) decay^(t−s) w_s`, before the correction.
  public var sum: [Double]
  public var steps = 0

  public init(decay: Double, weightCount: Int) {
    precondition(decay > 0 && decay < 1, "the weight average's decay must be inside (0, 1)")
    self.decay = decay
    sum = Array(repeating: 0, count: weightCount)
  }

  /// Adds the weights after one optimiser step.
  public mutating func add(_ weights: [Double]) {
    precondition(weights.count == sum.count)
    steps += 1
    let keep = decay, take = 1 - decay
    sum.withUnsafeMutableBufferPointer { sum in
      weights.withUnsafeBufferPointer { w in
        for i in 0..<sum.count { sum[i] = keep * sum[i] + take * w[i] }
      }
    }
  }

  /// The average so far (the weights themselves before any step: `fallback`).
  public func average(orIfEmpty fallback: [Double]) -> [Double] {
    guard steps > 0 else { return fallback }
    let correction = 1 - pow(decay, Double(steps))
    return sum.map { $0 / correction }
  }
}
