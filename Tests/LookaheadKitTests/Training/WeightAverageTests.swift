import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@Suite("Weight average: the corrected moving average, and training with it")
struct WeightAverageTests {
  /// Decay d over steps w₁ … wₙ weighs wₛ by (1 − d)·d^(n−s); the correction divides by the sum of
  /// those weights, 1 − dⁿ. Written out by hand here, not through the type's recurrence.
  @Test("the average is the decay-weighted mean of the steps, normalised by its weights")
  func knownAnswers() {
    var half = WeightAverage(decay: 0.5, weightCount: 1)
    half.add([2])
    half.add([4])
    // Weights 0.25 and 0.5 on 2 and 4: (0.5 + 2) / 0.75.
    #expect(abs(half.average(orIfEmpty: [0])[0] - 10.0 / 3) < 1e-14)

    let steps: [[Double]] = [[1, -2], [3, 0.5], [-1, 7], [0.25, 2]]
    var average = WeightAverage(decay: 0.9, weightCount: 2)
    for w in steps { average.add(w) }
    let n = steps.count
    let weights = (1...n).map { s in 0.1 * pow(0.9, Double(n - s)) }
    let total = weights.reduce(0, +)
    for i in 0..<2 {
      let expected = zip(weights, steps).map { $0 * $1[i] }.reduce(0, +) / total
      #expect(abs(average.average(orIfEmpty: [0, 0])[i] - expected) < 1e-14)
    }
  }

  @Test("unchanging weights average to themselves; before any step the fallback is returned")
  func constantAndEmpty() {
    var average = WeightAverage(decay: 0.999, weightCount: 3)
    #expect(average.average(orIfEmpty: [7, 8, 9]) == [7, 8, 9])
    for _ in 0..<5 { average.add([1.5, -0.25, 3]) }
    let result = average.average(orIfEmpty: [0, 0, 0])
    for (a, b) in zip(result, [1.5, -0.25, 3]) { #expect(abs(a - b) < 1e-12 * max(1, abs(b))) }
  }

  /// The average lives in the checkpoint, so a resumed run ships the same average; without it a
  /// resumed run would restart the average from the resumed epoch and ship other weights.
  @Test("training with the average: other weights than without, and a resumed run ends as an uninterrupted one")
  func trainingWithTheAverage() throws {
    let data = try MLPTrainerTests.arcs()
    var options = MLPTrainerTests.options(epochs: 4)
    let plain = try MLPTrainer(options: options).train(data: data)
    options.weightAverageDecay = 0.9
    let averaged = try MLPTrainer(options: options).train(data: data)
    #expect(averaged.parameters.weights != plain.parameters.weights)
    #expect(averaged.parameters.weights.allSatisfy { $0.isFinite })
    #expect(averaged.epochs.map(\.validationError) != plain.epochs.map(\.validationError))

    let resumed = try MLPTrainerTests.interruptedAndResumed(options, data: data)
    #expect(resumed.parameters == averaged.parameters)
    #expect(resumed.epochs.map(\.validationError) == averaged.epochs.map(\.validationError))

    // A checkpoint of the plain run is not resumed by the averaged one: the refusal names it.
    options.weightAverageDecay = nil
    let plainURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("lookahead-weight-average-\(UInt64.random(in: 0...UInt64.max)).json.plain")
    defer { try? FileManager.default.removeItem(at: plainURL) }
    _ = try MLPTrainer(options: options).train(data: data, checkpoint: plainURL)
    options.weightAverageDecay = 0.9
    #expect { try MLPTrainer(options: options).train(data: data, checkpoint: plainURL) } throws: { error in
      "\(error)".contains("weight-average: checkpoint none, this run 0.9")
    }
  }
}
