import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@Suite("Dropout: the gradient through a dropped pass, and training with it")
struct HiddenDropoutTests {
  /// A pass with dropout is a fixed function of the weights once its mask is fixed, and the same
  /// seed fixes the mask; so its backward pass must equal central finite differences of that
  /// function. The network is wide enough (12 and 9 units) for the rate to drop some of each layer.
  @Test("the batched gradient of a dropped pass equals central finite differences of the same pass")
  func gradientCheck() throws {
    let network = MLPNetwork(layerSizes: [5, 12, 9, 2], activation: .relu)
    var rng = SeededGenerator(seed: 5)
    let weights = (0..<network.weightCount).map { _ in Double.random(in: -0.8...0.8, using: &rng) }
    let raw = MLPTrainerTests.randomRows(inputCount: 5, count: 9, using: &rng)
    let dropout = (rate: 0.3, seed: UInt64(77))
    func objective(_ w: [Double], dropout: (rate: Double, seed: UInt64)?, gradient: inout [Double]) -> Double {
      MLPTrainer.testObjective(
        network: network, weights: w, rows: raw, outputScale: 1.3, loss: MLPLoss(), dropout: dropout, gradient: &gradient)
    }
    var gradient = [Double](repeating: 0, count: network.weightCount)
    let dropped = objective(weights, dropout: dropout, gradient: &gradient)
    let plain = objective(weights, dropout: nil, gradient: &gradient)
    #expect(dropped != plain, "a rate of 0.3 over 21 hidden units of 9 rows changed nothing")
    let (worst, _) = MLPTrainerTests.worstRelativeGradientError(at: weights) { w, gradient in
      objective(w, dropout: dropout, gradient: &gradient)
    }
    #expect(worst < 1e-5, "worst relative gradient error \(worst)")
  }

  /// Rate 0 keeps every value as it is: the same objective and gradient as no dropout, to the bit.
  @Test("a rate of 0 is the plain pass to the bit")
  func rateZeroIsPlain() {
    let network = MLPNetwork(layerSizes: [3, 8, 2], activation: .relu)
    var rng = SeededGenerator(seed: 9)
    let weights = (0..<network.weightCount).map { _ in Double.random(in: -1...1, using: &rng) }
    var raw = MLPTrainingRows(inputCount: 3)
    for _ in 0..<5 {
      raw.inputs += (0..<3).map { _ in Double.random(in: -2...2, using: &rng) }
      raw.targets += [1, -1]
      raw.horizons.append(0.01)
    }
    var a = [Double](repeating: 0, count: network.weightCount), b = a
    let plain = MLPTrainer.testObjective(network: network, weights: weights, rows: raw, outputScale: 1, loss: MLPLoss(), gradient: &a)
    let zero = MLPTrainer.testObjective(
      network: network, weights: weights, rows: raw, outputScale: 1, loss: MLPLoss(), dropout: (0, 3), gradient: &b)
    #expect(plain == zero)
    #expect(a == b)
  }

  /// A one-layer network whose hidden units all pass 1 (zero input weights, bias 1) and whose output
  /// sums them: the output counts the kept units times 1/(1 − rate), so over many rows the fraction
  /// dropped is the rate (binomial: 32 000 draws, 4.5 standard deviations ≈ 0.011) and every kept
  /// value is exactly the scale.
  @Test("values are dropped at the rate and the kept ones scaled by 1/(1 − rate)")
  func dropsAtTheRate() {
    let width = 32, rows = 1000, rate = 0.25
    let network = MLPNetwork(layerSizes: [1, width, 2], activation: .relu)
    var weights = [Double](repeating: 0, count: network.weightCount)
    // Layer 0: the 32 × 1 matrix (zeros), then 32 biases of 1. Layer 1: a 2 × 32 matrix of ones in
    // its first row, zeros in its second; zero biases.
    for u in 0..<width { weights[width + u] = 1 }
    for u in 0..<width { weights[2 * width + u] = 1 }
    var raw = MLPTrainingRows(inputCount: 1)
    for _ in 0..<rows {
      raw.inputs.append(0)
      raw.targets += [0, 0]
      raw.horizons.append(1)
    }
    // Each row's error is h·|(along + outputScale·y) − target| with h = 1, along = input 0 = 0 and
    // target 0, so the loss is the mean of the first output: the kept units' count / (1 − rate).
    var gradient = [Double](repeating: 0, count: network.weightCount)
    let mean = MLPTrainer.testObjective(
      network: network, weights: weights, rows: raw, outputScale: 1, loss: MLPLoss(), dropout: (rate, 11),
      gradient: &gradient)
    let keptFraction = mean * (1 - rate) / Double(width)
    #expect(abs(keptFraction - (1 - rate)) < 0.011, "kept \(keptFraction)")
    // Without dropout every unit passes 1: the output is exactly the width.
    let plain = MLPTrainer.testObjective(
      network: network, weights: weights, rows: raw, outputScale: 1, loss: MLPLoss(), gradient: &gradient)
    #expect(plain == Double(width))
  }

  @Test("training with dropout: other weights than without, the same for the same seed, a resumed run as an uninterrupted one")
  func trainingWithDropout() throws {
    let data = try MLPTrainerTests.arcs()
    var options = MLPTrainerTests.options(epochs: 4)
    let plain = try MLPTrainer(options: options).train(data: data)
    #expect(!options.fingerprint.contains("dropout"))
    options.dropout = 0.2
    #expect(options.fingerprint.contains("dropout=0.2"))
    let dropped = try MLPTrainer(options: options).train(data: data)
    let again = try MLPTrainer(options: options).train(data: data)
    #expect(dropped.parameters.weights != plain.parameters.weights)
    #expect(dropped.parameters == again.parameters)
    #expect(dropped.parameters.weights.allSatisfy { $0.isFinite })
    // Still learns the arcs' curvature: below constant velocity on the early-stopping writer.
    #expect(dropped.epochs.map(\.validationError).min()! < dropped.linearValidationError)

    let resumed = try MLPTrainerTests.interruptedAndResumed(options, data: data)
    #expect(resumed.parameters == dropped.parameters)
  }
}
