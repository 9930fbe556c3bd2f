import LookaheadRuntime

/// Fits a ``LookaheadRuntime/LearnedLinearPredictor`` to recorded strokes by ridge regression,
/// and chooses its history length K and ridge strength λ by leave-one-writer-out
/// cross-validation.
///
/// Training rows come from driving the predictor exactly as it ships — the family inside the
/// ``ComposedPredictor`` with the model's ``Options/stages`` (input hygiene, gap reset,
/// pre-filter) — through each stroke, sample by sample, and asking the family for its features
/// (``LearnedLinearPredictor/writeFeatures(horizon:into:)``), so the model is trained on exactly
/// the inputs it will see at run time (gap resets, repeated times and all). Cross-validation
/// scores that same composed predictor. There is one gap rule: the stages' `gapLimitSeconds`,
/// which also sets the family's own history break (``gapSeconds(for:)``). Each row is weighted by its horizon, so the fit minimises the squared Euclidean error of
/// the predicted displacement itself rather than of displacement per second.
public struct LearnedLinearTrainer: Sendable {
  public struct Options: Sendable {
    /// Prediction horizons to train on, seconds (the model takes the horizon as an input).
    public var horizons: [Double]
    /// Candidate history lengths K.
    public var historyCounts: [Int] = [2, 3, 4, 6, 8]
    /// Candidate ridge strengths λ (per training row).
    public var lambdas: [Double] = [1e-8, 1e-6, 1e-4, 1e-2]
    public var rotateToMotion = true
    /// Re-time late-stamped reports, steps shorter than this fraction of the window's median step,
    /// before the velocities are read (``LookaheadRuntime/LearnedLinearPredictor/Parameters/lateReportFraction``;
    /// `train --retime-late-reports`); `nil`, off. The rows are read through it, so the weights are
    /// fitted for it.
    public var lateReportFraction: Double? = nil
    /// The stages the model ships with (their gap limit is the model's one gap rule).
    public var stages = PredictorStages()
    /// Predictions are issued from sample `warmUpSamples` on (0-based), as in the anchor protocol.
    public var warmUpSamples = PerSampleReplay.warmUpSamples
    /// Cores to split the rows across.
    public var parts = availableCoreCount

    public init(horizons: [Double]) { self.horizons = horizons }

    /// The model these options fit, with `weights`: every setting that changes what the model
    /// reads comes from here, for the rows, the cross-validation and the shipped model alike.
    func parameters(historyCount: Int, weights: [Double]) -> LearnedLinearPredictor.Parameters {
      LearnedLinearPredictor.Parameters(
        historyCount: historyCount, rotateToMotion: rotateToMotion, weights: weights,
        maximumGapSeconds: LearnedLinearTrainer.gapSeconds(for: stages), lateReportFraction: lateReportFraction)
    }
  }

  public var options: Options
  public init(options: Options) { self.options = options }

  /// Normal equations of all training rows from `strokes` for history length `historyCount`.
  public func normalEquations(strokes: [Stroke], historyCount: Int) -> NormalEquations {
    let featureCount = LearnedLinearFeatures.featureCount(historyCount: historyCount)
    let options = self.options
    let partials = parallelChunks(count: strokes.count, parts: options.parts) { range in
      var equations = NormalEquations(featureCount: featureCount, targetCount: 2)
      var features: [Double] = []
      var targets: [Double] = []
      for stroke in strokes[range] {
        Self.appendRows(
          of: stroke, historyCount: historyCount, options: options, features: &features, targets: &targets)
        if features.count > 400_000 {
          equations.accumulate(features: features, targets: targets)
          features.removeAll(keepingCapacity: true)
          targets.removeAll(keepingCapacity: true)
        }
      }
      equations.accumulate(features: features, targets: targets)
      return equations
    }
    var total = NormalEquations(featureCount: featureCount, targetCount: 2)
    for partial in partials { total += partial }
    return total
  }

  /// Appends one row per (issue point, horizon) of `stroke`: horizon-weighted features and
  /// horizon-weighted `Δ/h` targets.
  ///
  /// Not on ``IssuePointLoop``'s walk, on purpose: here the target is `h` after the *family's
  /// newest sample* (which the stages may have held back or dropped, on strokes as recorded with
  /// repeated times), and only targets within the stroke from there issue; the loop's target is
  /// `h` after the issuing sample. Moving it would change the rows, and so every model trained.
  static func appendRows(
    of stroke: Stroke, historyCount: Int, options: Options,
    features: inout [Double], targets: inout [Double]
  ) {
    let featureCount = LearnedLinearFeatures.featureCount(historyCount: historyCount)
    // Constant-velocity weights: only the features are read, never a prediction.
    let parameters = options.parameters(
      historyCount: historyCount,
      weights: LearnedLinearPredictor.Parameters.constantVelocity(historyCount: historyCount).weights)
    var predictor = ComposedPredictor(base: LearnedLinearPredictor(parameters: parameters), stages: options.stages)
    let samples = stroke.samples
    guard let lastTime = samples.last?.time else { return }
    var row = Array(repeating: 0.0, count: featureCount)
    var truth = PiecewiseLinearPath(samples: samples)
    for (i, sample) in samples.enumerated() {
      predictor.observe(PointerSample(time: sample.time, x: sample.x, y: sample.y))
      guard i >= options.warmUpSamples, let newest = predictor.base.newestSample else { continue }
      for horizon in options.horizons where horizon > 0 && newest.time + horizon <= lastTime + IssuePointLoop.endTolerance {
        let rotation = row.withUnsafeMutableBufferPointer {
          predictor.base.writeFeatures(horizon: horizon, into: $0)
        }
        guard let rotation else { continue }
        let future = truth.position(at: newest.time + horizon)
        let target = LearnedLinearFeatures.target(from: newest, to: future, horizon: horizon, rotation: rotation)
        for value in row { features.append(value * horizon) }
        targets.append(target.x * horizon)
        targets.append(target.y * horizon)
      }
    }
  }

  /// The fitted parameters for a given K and λ.
  public func fit(strokes: [Stroke], historyCount: Int, lambda: Double) throws -> LearnedLinearPredictor.Parameters {
    let equations = normalEquations(strokes: strokes, historyCount: historyCount)
    guard equations.rowCount > 0 else { throw NoTrainingRows(historyCounts: [historyCount], longestHorizon: options.horizons.max() ?? 0) }
    return options.parameters(historyCount: historyCount, weights: try equations.solve(lambda: lambda))
  }

  /// The training strokes give no row at all: none is long enough for a history and a horizon.
  /// Said as that, not as the singular system an empty fit also is (which advised ridge
  /// regularisation that was already on).
  public struct NoTrainingRows: Error, CustomStringConvertible {
    public var historyCounts: [Int]
    /// The longest horizon trained for, seconds.
    public var longestHorizon: Double
    public var description: String {
      let k = historyCounts.count == 1 ? "K = \(historyCounts[0])" : "K = \(historyCounts.min()!)…\(historyCounts.max()!)"
      return "too little data to train: 0 training rows (a row needs K + 1 samples of a stroke, \(k) here, and the "
        + "stroke still going a horizon later, up to \(String(format: "%g", longestHorizon * 1000)) ms here)"
    }
  }

  /// One cell of the cross-validation table.
  public struct CrossValidationScore: Sendable, Hashable {
    public var historyCount: Int
    public var lambda: Double
    /// Mean Euclidean error over all held-out issue points and horizons, trace units.
    public var meanError: Double
    public var predictionCount: Int
  }

  /// The outcome of ``crossValidate(strokes:)``: every (K, λ) scored, and the best.
  public struct CrossValidation: Sendable {
    public var scores: [CrossValidationScore]
    public var best: CrossValidationScore
    /// The writers that formed the folds.
    public var folds: [String]
  }

  public struct NotEnoughWriters: Error, CustomStringConvertible {
    public var writers: [String]
    public var description: String {
      "leave-one-writer-out needs at least two writers; found \(writers.count) (\(writers.joined(separator: ", ")))"
    }
  }

  /// Leave-one-writer-out cross-validation over the K × λ grid. Each fold's model is solved from
  /// the total statistics minus the fold's own, so every row is accumulated once per K.
  public func crossValidate(strokes: [Stroke]) throws -> CrossValidation {
    var writers: [String] = []
    for writer in strokes.map({ $0.writer ?? "unknown" }) where !writers.contains(writer) { writers.append(writer) }
    guard writers.count >= 2 else { throw NotEnoughWriters(writers: writers) }
    let byWriter = writers.map { writer in strokes.filter { ($0.writer ?? "unknown") == writer } }
    // Each held-out stroke as the scoring loop feeds it, prepared once for the whole K × λ grid.
    let scoring = Self.scoringLoop(options: options)
    var unchanged = CleaningReport()
    let heldOutSamples = byWriter.map { $0.map { scoring.prepared($0, report: &unchanged) } }
    var scores: [CrossValidationScore] = []
    var anyRows = false
    for k in options.historyCounts {
      let folds = byWriter.map { normalEquations(strokes: $0, historyCount: k) }
      var total = NormalEquations(featureCount: folds[0].featureCount, targetCount: 2)
      for fold in folds { total += fold }
      anyRows = anyRows || total.rowCount > 0
      for lambda in options.lambdas {
        var errorSum = 0.0, count = 0
        for (f, heldOut) in heldOutSamples.enumerated() {
          guard let weights = try? (total - folds[f]).solve(lambda: lambda) else { continue }
          let parameters = options.parameters(historyCount: k, weights: weights)
          let (sum, n) = Self.errorSum(parameters: parameters, samples: heldOut, options: options)
          errorSum += sum
          count += n
        }
        if count > 0 {
          scores.append(CrossValidationScore(historyCount: k, lambda: lambda, meanError: errorSum / Double(count), predictionCount: count))
        }
      }
    }
    guard anyRows else { throw NoTrainingRows(historyCounts: options.historyCounts, longestHorizon: options.horizons.max() ?? 0) }
    guard let best = scores.min(by: { $0.meanError < $1.meanError }) else {
      throw NormalEquations.SingularSystem(lambda: options.lambdas.max() ?? 0)
    }
    return CrossValidation(scores: scores, best: best, folds: writers)
  }

  /// The family's own history break for `stages`: their gap limit, so a gap resets the history
  /// exactly when it resets the composed predictor; with the gap reset off (0), the longest gap
  /// limit the stages allow (10 s), since the family needs a positive bound.
  public static func gapSeconds(for stages: PredictorStages) -> Double {
    stages.gapLimitSeconds > 0 ? stages.gapLimitSeconds : 10
  }

  /// The predictor as it ships: `parameters` inside the composed predictor with `stages`.
  public static func shipped(
    _ parameters: LearnedLinearPredictor.Parameters, stages: PredictorStages
  ) -> ComposedPredictor<LearnedLinearPredictor> {
    ComposedPredictor(base: LearnedLinearPredictor(parameters: parameters), stages: stages)
  }

  /// The loop cross-validation scores on: ``IssuePointLoop`` with the trainer's own settings,
  /// ``IssuePointLoop/Cleaning/asRecorded`` (the rows it fits are built from the strokes as
  /// recorded, so K and λ are chosen on the same samples) and
  /// ``IssuePointLoop/DeclinedPrediction/skipped`` (only the predictions made are averaged; the
  /// count is of those). Both differ from the held-out score (``TrainRun``, the anchor protocol's
  /// settings) and are kept so that the chosen K and λ, and every trained model, stay as they were.
  static func scoringLoop(options: Options) -> IssuePointLoop {
    IssuePointLoop(
      horizons: options.horizons.map { .seconds($0) }, cleaning: .asRecorded, warmUpSamples: options.warmUpSamples,
      declined: .skipped)
  }

  /// Sum of Euclidean errors and count over the issue points and horizons of the strokes
  /// `samples` (prepared by ``scoringLoop(options:)``), of the predictor as it ships
  /// (``shipped(_:stages:)``).
  static func errorSum(
    parameters: LearnedLinearPredictor.Parameters, samples strokes: [[PointerSample]], options: Options
  ) -> (Double, Int) {
    var sum = 0.0, count = 0
    var predictor = shipped(parameters, stages: options.stages)
    var loop = scoringLoop(options: options)
    for samples in strokes {
      samples.withUnsafeBufferPointer { samples in
        loop.run(&predictor, onPrepared: samples) { point in
          guard let p = point.predicted else { return }
          let dx = p.x - point.truthX
          let dy = p.y - point.truthY
          sum += (dx * dx + dy * dy).squareRoot()
          count += 1
        }
      }
    }
    return (sum, count)
  }
}
