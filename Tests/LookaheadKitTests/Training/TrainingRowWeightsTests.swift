import Foundation
@testable import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// Rows weighed in the training loss (``MLPTrainingRows/weights``; `train --henze2017
/// --henze-task-weight-power`).
@Suite("Training rows weighed in the loss")
struct TrainingRowWeightsTests {
  /// The trainer uses the weights over their mean, so a row of weight 2 among rows of weight 1 is
  /// the objective of that row given twice, and so is the gradient.
  @Test("a row weighed 2 is that row twice: the same objective and gradient")
  func weightTwoIsTheRowTwice() {
    let network = MLPNetwork(layerSizes: [4, 7, 2], activation: .relu)
    var rng = SeededGenerator(seed: 21)
    let weights = (0..<network.weightCount).map { _ in Double.random(in: -0.8...0.8, using: &rng) }
    let rows = MLPTrainerTests.randomRows(inputCount: 4, count: 6, using: &rng)
    var weighed = rows
    weighed.weights = [1, 1, 2, 1, 1, 1]
    var twice = rows
    twice.inputs += rows.inputs[8..<12]
    twice.targets += rows.targets[4..<6]
    twice.horizons.append(rows.horizons[2])
    var a = [Double](repeating: 0, count: network.weightCount), b = a, c = a
    let weighedObjective = MLPTrainer.testObjective(
      network: network, weights: weights, rows: weighed, outputScale: 1.1, loss: MLPLoss(), gradient: &a)
    let twiceObjective = MLPTrainer.testObjective(
      network: network, weights: weights, rows: twice, outputScale: 1.1, loss: MLPLoss(), gradient: &b)
    let plainObjective = MLPTrainer.testObjective(
      network: network, weights: weights, rows: rows, outputScale: 1.1, loss: MLPLoss(), gradient: &c)
    #expect(abs(weighedObjective - twiceObjective) <= 1e-12 * abs(twiceObjective))
    #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 1e-12 * max(1, abs($1)) })
    #expect(weighedObjective != plainObjective)
  }

  /// Weights of 1 multiply each row's loss by exactly 1: the same network to the bit as rows with
  /// no weights.
  @Test("every row weighed 1 trains the same network to the bit as unweighed rows")
  func weightsOfOneChangeNothing() throws {
    var rng = SeededGenerator(seed: 3)
    let fit = MLPTrainerTests.randomRows(inputCount: MLPTrainer(options: .init(horizons: [0.01])).shape.inputCount, count: 300, using: &rng)
    let validation = MLPTrainerTests.randomRows(inputCount: fit.inputCount, count: 60, using: &rng)
    var options = MLPTrainer.Options(horizons: [0.01])
    (options.epochs, options.batchSize, options.hiddenSizes) = (3, 32, [6])
    var ones = fit
    ones.weights = Array(repeating: 1, count: fit.count)
    var uneven = fit
    uneven.weights = (0..<fit.count).map { $0 % 3 == 0 ? 3 : 1 }
    let plain = try MLPTrainer(options: options).train(fitRows: fit, validationRows: validation)
    let weighedOne = try MLPTrainer(options: options).train(fitRows: ones, validationRows: validation)
    let weighedUneven = try MLPTrainer(options: options).train(fitRows: uneven, validationRows: validation)
    #expect(weighedOne.parameters.weights == plain.parameters.weights)
    #expect(weighedOne.epochs.map(\.validationError) == plain.epochs.map(\.validationError))
    #expect(weighedUneven.parameters.weights != plain.parameters.weights)
  }

  @Test("appending weighed rows to unweighed ones weighs the earlier rows 1")
  func appendFillsOnes() {
    var rng = SeededGenerator(seed: 8)
    var rows = MLPTrainerTests.randomRows(inputCount: 2, count: 3, using: &rng)
    rows.append(MLPTrainerTests.randomRows(inputCount: 2, count: 2, using: &rng))
    #expect(rows.weights.isEmpty)
    rows.append(MLPTrainerTests.randomRows(inputCount: 2, count: 2, using: &rng), weight: 2.5)
    #expect(rows.weights == [1, 1, 1, 1, 1, 2.5, 2.5])
    rows.append(MLPTrainerTests.randomRows(inputCount: 2, count: 1, using: &rng))
    #expect(rows.weights == [1, 1, 1, 1, 1, 2.5, 2.5, 1] && rows.count == 8)
  }

  /// With power 1 every task's rows together weigh as much as the largest task's; power 0 leaves
  /// the rows unweighed; ½ is the geometric middle.
  @Test("task weights: power 1 evens the tasks, 0 leaves rows unweighed, ½ is the geometric middle")
  func taskWeights() throws {
    let counts = ["Write": 900, "Paint": 450, "Fitts": 100]
    let most = counts.values.max()!
    for (_, own) in counts {
      let even = try #require(Henze2017MLPComparison.taskWeight(mostRows: most, ownRows: own, power: 1))
      #expect(abs(even * Double(own) - Double(most)) < 1e-9)
      #expect(Henze2017MLPComparison.taskWeight(mostRows: most, ownRows: own, power: 0) == nil)
      let half = try #require(Henze2017MLPComparison.taskWeight(mostRows: most, ownRows: own, power: 0.5))
      #expect(abs(half * half - even) < 1e-9)
    }
    #expect(Henze2017MLPComparison.taskWeight(mostRows: 900, ownRows: 100, power: 0.5) == 3)
  }
}
