import Foundation
@testable import LookaheadKit
import LookaheadRuntime
import Testing

/// Weighted early stopping (`MLPTrainer.train(…validationWeights:)`) and the Henze 2017 comparison's
/// cell weights (`--henze-stopping-weights cells`).
@Suite("Early stopping on weighted rows, and the Henze 2017 cell weights")
struct EarlyStoppingWeightsTests {
  /// Weights of 1 on the rows of a subset and 0 elsewhere stop as a run validated on the subset
  /// alone: adding a zero term and dividing by the count of ones is the plain mean, to the bit.
  @Test("zero weights leave rows out of early stopping; unit weights are the plain mean, to the bit")
  func weightsSelectRows() throws {
    let data = try MLPTrainerTests.arcs()
    let trainer = MLPTrainer(options: MLPTrainerTests.options(epochs: 3))
    let (fit, validation, _, _) = try trainer.trainingRows(data)
    let plain = try trainer.train(fitRows: fit, validationRows: validation)
    let ones = try trainer.train(
      fitRows: fit, validationRows: validation, validationWeights: Array(repeating: 1, count: validation.count))
    #expect(ones.epochs.map(\.validationError) == plain.epochs.map(\.validationError))
    #expect(ones.parameters == plain.parameters)

    // The first half of the validation rows alone, and the same through weights.
    let half = validation.count / 2
    var firstHalf = MLPTrainingRows(inputCount: validation.inputCount)
    firstHalf.inputs = Array(validation.inputs[0..<(half * validation.inputCount)])
    firstHalf.targets = Array(validation.targets[0..<(2 * half)])
    firstHalf.horizons = Array(validation.horizons[0..<half])
    let alone = try trainer.train(fitRows: fit, validationRows: firstHalf)
    let weighted = try trainer.train(
      fitRows: fit, validationRows: validation,
      validationWeights: (0..<validation.count).map { $0 < half ? 1 : 0 })
    #expect(weighted.epochs.map(\.validationError) == alone.epochs.map(\.validationError))
    #expect(weighted.linearValidationError == alone.linearValidationError)
    #expect(weighted.epochs.map(\.validationError) != plain.epochs.map(\.validationError))
  }

  @Test("weights of another length, negative, non-finite or all zero are refused")
  func badWeightsRefused() throws {
    let data = try MLPTrainerTests.arcs()
    let trainer = MLPTrainer(options: MLPTrainerTests.options(epochs: 1))
    let (fit, validation, _, _) = try trainer.trainingRows(data)
    let n = validation.count
    for weights in [[Double](repeating: 1, count: n - 1), [-1] + Array(repeating: 1, count: n - 1),
                    [.nan] + Array(repeating: 1, count: n - 1), Array(repeating: 0, count: n)] {
      #expect { try trainer.train(fitRows: fit, validationRows: validation, validationWeights: weights) } throws: { error in
        "\(error)".contains("early-stopping weights")
      }
    }
  }

  /// Each cell's weights times constant-velocity extrapolation's errors on its rows sum to 1, so
  /// every cell weighs alike relative to extrapolation; and the weights line up with the rows
  /// early stopping reads (the same count, built in the same order).
  @Test("cell weights: every task × look-ahead cell sums to 1 relative to extrapolation, one weight per row")
  func cellWeightsBalanceTheCells() throws {
    let (names, strokes) = try Henze2017RotatingEarlyStoppingTests.firstFourParticipants()
    let files = Henze2017Comparison.files(fromRawStrokes: strokes)
    let stopper = files.indices.filter { files[$0].participant == names[1] }
    #expect(Set(stopper.map { files[$0].task }).count == 3)
    var options = Henze2017MLPComparison.defaultOptions()
    options.hiddenSizes = [3]
    var parameters = MLPTrainer(options: options).shape
    parameters.maximumGapSeconds = 10
    let eventsAhead = [2, 4, 6]
    let weights = Henze2017MLPComparison.cellWeights(
      stopper, of: files, parameters: parameters, eventsAhead: eventsAhead, rule: .targetTime)
    var rows = MLPTrainingRows(inputCount: parameters.inputCount)
    var cells: [String] = []
    for f in stopper {
      let built = Henze2017MLPComparison.rows(
        of: files[f].rows, parameters: parameters, eventsAhead: eventsAhead, rule: .targetTime, reflect: false)
      rows.append(built)
      for j in eventsAhead {
        let count = Henze2017MLPComparison.rows(
          of: files[f].rows, parameters: parameters, eventsAhead: [j], rule: .targetTime, reflect: false).count
        cells += Array(repeating: "\(files[f].task) \(j)", count: count)
      }
    }
    #expect(weights.count == rows.count && cells.count == rows.count)
    var sums: [String: Double] = [:]
    for r in 0..<rows.count {
      let dx = rows.inputs[r * rows.inputCount] - rows.targets[2 * r], dy = rows.targets[2 * r + 1]
      sums[cells[r], default: 0] += weights[r] * rows.horizons[r] * (dx * dx + dy * dy).squareRoot()
    }
    #expect(sums.count == 9)
    for (cell, sum) in sums { #expect(abs(sum - 1) < 1e-9, "\(cell): \(sum)") }
  }

  /// The weights reach the folds: the setup names them (so fold lines with and without never
  /// combine), and with a fold whose early stopping they move, the network is another.
  @Test("--henze-stopping-weights cells is in the fold's setup")
  func setupNamesTheWeights() throws {
    let (_, strokes) = try Henze2017RotatingEarlyStoppingTests.firstFourParticipants()
    let candidates = Henze2017RotatingEarlyStoppingTests.tinyCandidates()
    let fold = try #require(try Henze2017MLPComparison.trainFolds(
      rawStrokes: strokes, eventsAhead: [2], candidates: candidates, horizonRule: .targetTime, scoring: .meanOfCandidates,
      earlyStopping: .rotating, stoppingWeights: .cells, folds: [0]).first)
    #expect(fold.setup.contains("scored=mean early-stopping=rotating stopping-weights=cells;"), "\(fold.setup)")
    #expect(!Henze2017MLPComparison.setup(
      candidates: candidates, eventsAhead: [2], horizonRule: .targetTime, scoring: .meanOfCandidates,
      earlyStopping: .rotating).contains("stopping-weights"))
  }
}
