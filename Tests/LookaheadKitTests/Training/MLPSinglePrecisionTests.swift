import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// `train --training-precision single`: the batched passes in `Float` (`sgemm`), the weights,
/// Adam and the scores in `Double`. The passes must compute the same function and gradient as
/// the double-precision ones up to `Float` rounding, and a run must still be deterministic and
/// learn what the double-precision run learns.
@Suite("MLP training in single precision")
struct MLPSinglePrecisionTests {
  @Test("the single-precision objective and gradient equal the double-precision ones to Float rounding", arguments: [
    MLPPredictor.Activation.relu, .tanh,
  ])
  func gradientMatchesDouble(activation: MLPPredictor.Activation) {
    let network = MLPNetwork(layerSizes: [5, 9, 11, 2], activation: activation)
    var rng = SeededGenerator(seed: 5)
    let weights = (0..<network.weightCount).map { _ in Double.random(in: -0.8...0.8, using: &rng) }
    let rows = MLPTrainerTests.randomRows(inputCount: 5, count: 19, using: &rng)
    let loss = MLPLoss(overshootWeight: 0.5)
    var double = [Double](repeating: 0, count: network.weightCount)
    let objective = MLPTrainer.testObjective(
      network: network, weights: weights, rows: rows, outputScale: 1.3, loss: loss, gradient: &double)
    var single = [Float](repeating: 0, count: network.weightCount)
    let singleObjective = MLPTrainer.testObjective(
      network: network, weights: weights.map(Float.init), rows: rows, outputScale: 1.3, loss: loss, gradient: &single)
    #expect(abs(singleObjective - objective) <= 1e-5 * abs(objective), "\(singleObjective) against \(objective)")
    let largest = double.map(abs).max() ?? 0
    #expect(largest > 0)
    let worst = zip(single, double).map { abs(Double($0) - $1) }.max() ?? .infinity
    #expect(worst <= 1e-5 * largest, "worst gradient difference \(worst) of \(largest)")
    // Not the same numbers: the passes really ran in Float.
    #expect(zip(single, double).contains { Double($0) != $1 })
  }

  @Test("single precision learns the arcs as double precision does, deterministically, and never resumes a double run")
  func trainsLikeDouble() throws {
    let data = try MLPTrainerTests.arcs()
    var options = MLPTrainerTests.options(epochs: 8)
    let double = try MLPTrainer(options: options).train(data: data)
    options.precision = .single
    let single = try MLPTrainer(options: options).train(data: data)
    let again = try MLPTrainer(options: options).train(data: data)
    #expect(single.parameters.weights == again.parameters.weights)
    #expect(single.parameters.weights != double.parameters.weights)
    let bestSingle = try #require(single.epochs.first { $0.epoch == single.bestEpoch }).validationError
    let bestDouble = try #require(double.epochs.first { $0.epoch == double.bestEpoch }).validationError
    #expect(bestSingle < 0.4 * single.linearValidationError)
    // Other rounding, other networks: as good within a quarter after eight epochs (measured: 12 %).
    #expect(abs(bestSingle - bestDouble) < 0.25 * bestDouble, "single \(bestSingle), double \(bestDouble)")
    #expect(options.fingerprint.hasSuffix(" single-precision"))
    #expect(!MLPTrainerTests.options().fingerprint.contains("precision"))
  }
}
