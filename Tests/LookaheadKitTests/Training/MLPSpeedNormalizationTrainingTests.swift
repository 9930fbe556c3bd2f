import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// Training a speed-normalised MLP (`MLPTrainer.Options.speedNormalized`): the rows' inputs and
/// targets are divided by the window's reference speed and their error weight multiplied by it, so
/// the loss is the same error in length units; and the trained model carries to arcs four times as
/// large at the same tempo (four times the speed), which training never saw, exactly.
@Suite("MLP trainer: speed normalisation")
struct MLPSpeedNormalizationTrainingTests {
  static func options(normalized: Bool, epochs: Int = 12) -> MLPTrainer.Options {
    var options = MLPTrainerTests.options(epochs: epochs)
    options.speedNormalized = normalized
    return options
  }

  /// The zero network predicts two-point linear extrapolation with or without normalisation, so
  /// its validation error (``MLPTrainer/Result/linearValidationError``, from the rows' weights)
  /// must be the same number: the weights h·s turn the normalised rows' errors back into lengths.
  @Test("the loss is the same error in length units with normalisation or without")
  func sameLinearError() throws {
    let data = try MLPTrainerTests.arcs()
    let plain = try MLPTrainer(options: Self.options(normalized: false, epochs: 1)).train(data: data)
    let normalized = try MLPTrainer(options: Self.options(normalized: true, epochs: 1)).train(data: data)
    #expect(plain.validationRows == normalized.validationRows)
    #expect(abs(normalized.linearValidationError - plain.linearValidationError) <= 1e-12 * plain.linearValidationError)
    #expect(normalized.parameters.speedNormalized == true && plain.parameters.speedNormalized == nil)
    #expect(normalized.parameters != plain.parameters)
  }

  @Test("a model trained on arcs scores arcs four times as large (four times as fast) exactly four times higher")
  func carriesToFasterStrokes() throws {
    let outcome = try MLPTrainRun.run(
      Self.options(normalized: true), split: .explicit(train: ["w0", "w1", "w2", "w3"], validation: [], test: ["w4"]),
      data: try MLPTrainerTests.arcs())
    let parameters = outcome.training.parameters
    let larger = try MLPTrainerTests.arcs(scale: 4).restricted(to: ["w4"])
    let scores = MLPTrainRun.score(
      parameters, stages: PredictorStages(), on: larger, horizons: Self.options(normalized: true).horizons, parts: 1)
    #expect(scores.count == outcome.heldOut.count)
    for (seen, fast) in zip(outcome.heldOut, scores) {
      #expect(fast.issuePoints == seen.issuePoints)
      #expect(seen.mean < 0.5 * seen.linearMean, "\(seen.horizonMilliseconds) ms: \(seen.mean) vs linear \(seen.linearMean)")
      #expect(abs(fast.mean - 4 * seen.mean) <= 1e-9 * fast.mean, "\(seen.horizonMilliseconds) ms: \(fast.mean) vs 4 × \(seen.mean)")
      #expect(abs(fast.linearMean - 4 * seen.linearMean) <= 1e-9 * fast.linearMean)
    }
  }
}
