import Foundation
import LookaheadRuntime

/// What `lookahead train` does, as one function a test can call: choose the learned linear
/// predictor's history length K and ridge strength λ by leave-one-writer-out cross-validation on
/// the training writers (``LearnedLinearTrainer``), fit the final model on all training writers,
/// and score it on writers it never saw with the per-sample anchor protocol
/// (`ANCHOR-PROTOCOL.md` §1), beside linear extrapolation on the same points.
///
/// Splits: holdout or explicit (train side trains, test side scores); k-fold or
/// leave-one-writer-out cross-fits (each fold chooses K, λ and fits on the other writers, and is
/// scored on its own; errors pooled; the written model is then chosen and fitted on all
/// writers); or no split with separate test data.
public enum TrainRun {
  public struct Request: Sendable {
    /// Horizons to train and score, seconds.
    public var horizons: [Double]
    public var split: WriterSplit?
    public var historyCounts: [Int]
    public var lambdas: [Double]
    public var rotateToMotion: Bool
    /// Re-time late-stamped reports (``LearnedLinearTrainer/Options/lateReportFraction``); `nil`, off.
    public var lateReportFraction: Double?
    /// The stages the model ships with; trained and scored inside them (their gap limit is the
    /// model's one gap rule).
    public var stages: PredictorStages
    public var parts: Int

    public init(
      horizons: [Double] = FixedHorizon.anchorSeconds, split: WriterSplit?,
      historyCounts: [Int] = [2, 3, 4, 6, 8], lambdas: [Double] = [1e-8, 1e-6, 1e-4, 1e-2],
      rotateToMotion: Bool = true, lateReportFraction: Double? = nil, stages: PredictorStages = PredictorStages(),
      parts: Int = availableCoreCount
    ) {
      self.horizons = horizons
      self.split = split
      self.historyCounts = historyCounts
      self.lambdas = lambdas
      self.rotateToMotion = rotateToMotion
      self.lateReportFraction = lateReportFraction
      self.stages = stages
      self.parts = parts
    }

    var trainer: LearnedLinearTrainer {
      var options = LearnedLinearTrainer.Options(horizons: horizons)
      options.historyCounts = historyCounts
      options.lambdas = lambdas
      options.rotateToMotion = rotateToMotion
      options.lateReportFraction = lateReportFraction
      options.stages = stages
      options.parts = parts
      return LearnedLinearTrainer(options: options)
    }
  }

  /// One horizon's held-out score: the model and linear extrapolation on the same issue points.
  public struct HorizonScore: Sendable, Codable {
    public var horizonMilliseconds: Double
    public var issuePoints: Int
    public var mean: Double
    public var p95: Double
    public var linearMean: Double
    public var linearP95: Double
  }

  public struct CrossValidationRow: Sendable, Codable {
    public var historyCount: Int
    public var lambda: Double
    public var meanError: Double
    public var predictionCount: Int
  }

  public struct Outcome: Sendable {
    /// The cross-validation table of the final model's choice (on all training writers).
    public var crossValidation: [CrossValidationRow]
    public var chosen: CrossValidationRow
    public var parameters: LearnedLinearPredictor.Parameters
    /// What ships: the parameters inside the request's stages.
    public var configuration: PredictorConfiguration
    public var trainWriters: [String]
    /// Writers the final model never saw, whose scores are ``heldOut`` (empty when cross-fitted).
    public var testWriters: [String]
    /// Cross-fitted without separate test data: the writers each scored by the model its fold
    /// fitted without them (the final model was fitted on all of them); empty otherwise.
    public var crossFittedWriters: [String]
    public var heldOut: [HorizonScore]
    public var lengthUnit: String
    /// Per cross-fitted fold: the chosen K and λ.
    public var folds: [CrossValidationRow]
  }

  public struct SetupError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Strokes labelled for the inner cross-validation: by writer when there are at least two;
  /// with a single training writer (WacomMSP13 cross-fitted has two writers in all), by
  /// ``singleWriterFolds`` interleaved groups of that writer's strokes, so that K and λ can
  /// still be chosen on data the fit did not see. The test writers are never involved.
  static func crossValidationGroups(_ strokes: [Stroke]) -> [Stroke] {
    let writers = Set(strokes.map { $0.writer ?? "unknown" })
    guard writers.count < 2 else { return strokes }
    return strokes.enumerated().map { index, stroke in
      var relabelled = stroke
      relabelled.writer = "\(stroke.writer ?? "unknown")#\(index % singleWriterFolds + 1)"
      return relabelled
    }
  }

  /// Folds of one writer's strokes when only one writer trains.
  public static let singleWriterFolds = 4

  /// - Parameter progress: called with a line as each stage starts (choosing K and λ on a set of
  ///   writers, scoring the held-out ones), led by the seconds since the run began: the search over
  ///   every K and λ by cross-validation takes most of a run, tens of seconds on the pooled
  ///   datasets, and printed nothing.
  public static func run(
    _ request: Request, data: TuningData, testData: TuningData? = nil, progress: (String) -> Void = { _ in }
  ) throws -> Outcome {
    guard !request.horizons.isEmpty, request.horizons.allSatisfy({ $0 > 0 && $0.isFinite }) else {
      throw SetupError(description: "--horizons must be positive milliseconds")
    }
    try HeldOutOverlap.check(test: testData, training: data)
    let trainer = request.trainer
    let started = Date()
    func report(_ stage: String) {
      progress(String(format: "[%4.0f s] ", Date().timeIntervalSince(started)) + stage)
    }
    let grid = "\(request.historyCounts.count) K × \(request.lambdas.count) λ"
    func choose(_ strokes: [Stroke], _ purpose: String) throws -> (
      LearnedLinearTrainer.CrossValidation, LearnedLinearPredictor.Parameters
    ) {
      let writers = Set(strokes.map { $0.writer ?? "unknown" }).count
      // One writer is cross-validated over folds of its strokes, which needs two strokes at least;
      // the trainer's own refusal would name leave-one-writer-out and an internal fold label.
      if writers < 2, strokes.count < 2 {
        throw SetupError(
          description: "the training data has \(strokes.count) \(strokes.count == 1 ? "stroke" : "strokes"): K and λ are "
            + "chosen by cross-validation, which with fewer than two training writers folds the strokes and needs at "
            + "least 2; give more training data")
      }
      report("\(purpose): choosing K and λ (\(grid)) by cross-validation over \(writers) \(writers == 1 ? "writer" : "writers")")
      let cv = try trainer.crossValidate(strokes: Self.crossValidationGroups(strokes))
      return (cv, try trainer.fit(strokes: strokes, historyCount: cv.best.historyCount, lambda: cv.best.lambda))
    }
    func row(_ s: LearnedLinearTrainer.CrossValidationScore) -> CrossValidationRow {
      CrossValidationRow(historyCount: s.historyCount, lambda: s.lambda, meanError: s.meanError, predictionCount: s.predictionCount)
    }
    var foldRows: [CrossValidationRow] = []
    let finalTrain: TuningData
    var model = [[Double]](repeating: [], count: request.horizons.count)
    var linear = [[Double]](repeating: [], count: request.horizons.count)
    var testWriters: [String] = []
    var crossFittedWriters: [String] = []
    var chosenForShipping: (LearnedLinearTrainer.CrossValidation, LearnedLinearPredictor.Parameters)?
    func score(_ parameters: LearnedLinearPredictor.Parameters, on test: TuningData) {
      report("scoring \(test.writers.count) held-out \(test.writers.count == 1 ? "writer" : "writers")")
      let stages = request.stages
      let m = ObjectiveEvaluator.perSampleErrors(data: test, horizons: request.horizons, parts: request.parts) {
        LearnedLinearTrainer.shipped(parameters, stages: stages)
      }
      let l = ObjectiveEvaluator.perSampleErrors(data: test, horizons: request.horizons, parts: request.parts) {
        LinearPredictor(parameters: LinearParameters(order: 1))
      }
      for h in request.horizons.indices {
        model[h] += m[h]
        linear[h] += l[h]
      }
    }
    switch request.split {
    case nil:
      guard let testData else {
        throw SetupError(description: "the model must be scored on writers it never saw: give --split, or --test data")
      }
      finalTrain = data
      testWriters = testData.writers
    case .some(let split):
      let parts = try split.refusingTestWriters(testDataGiven: testData != nil).parts(of: data.strokes)
      if parts.count == 1 {
        guard !parts[0].testWriters.isEmpty || testData != nil else {
          throw SetupError(description: "split \(split) has no test writers: name them with test=, or give --test data")
        }
        finalTrain = try data.restricted(to: Set(parts[0].trainWriters))
        if testData == nil {
          let test = try data.restricted(to: Set(parts[0].testWriters))
          let chosen = try choose(finalTrain.strokes, "the training writers")
          chosenForShipping = chosen
          score(chosen.1, on: test)
          testWriters = parts[0].testWriters
        }
      } else {
        for (index, part) in parts.enumerated() {
          let (cv, parameters) = try choose(
            try data.restricted(to: Set(part.trainWriters)).strokes, "fold \(index + 1) of \(parts.count)")
          foldRows.append(row(cv.best))
          // With separate test data the held-out table is that data's alone (as `tune` does):
          // pooling the folds' scores into it would mix two different estimates.
          guard testData == nil else { continue }
          score(parameters, on: try data.restricted(to: Set(part.testWriters)))
          crossFittedWriters += part.testWriters
        }
        finalTrain = data
      }
    }
    // One split without separate test data trains the shipped model on the writers it just chose
    // on: the same (deterministic) search, so it is not run twice.
    let (cv, parameters) = try chosenForShipping ?? choose(finalTrain.strokes, "the model shipped")
    if let testData {
      score(parameters, on: testData)
      testWriters = testData.writers
    }
    let heldOut = request.horizons.indices.map { h -> HorizonScore in
      let m = PerSampleScore(horizon: .seconds(request.horizons[h]), errors: &model[h])
      let l = PerSampleScore(horizon: .seconds(request.horizons[h]), errors: &linear[h])
      return HorizonScore(
        horizonMilliseconds: request.horizons[h] * 1000, issuePoints: m.issuePoints, mean: m.meanError,
        p95: m.p95Error, linearMean: l.meanError, linearP95: l.p95Error)
    }
    return Outcome(
      crossValidation: cv.scores.map(row), chosen: row(cv.best), parameters: parameters,
      configuration: PredictorConfiguration(family: .learnedLinear(parameters), stages: request.stages),
      trainWriters: finalTrain.writers, testWriters: testWriters, crossFittedWriters: crossFittedWriters,
      heldOut: heldOut, lengthUnit: data.lengthUnit, folds: foldRows)
  }
}
