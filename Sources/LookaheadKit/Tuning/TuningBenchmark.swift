import Foundation
import LookaheadRuntime

/// The speed figures issue 7 asks for, measured by `lookahead bench tuning` in a release build
/// (the nested package-benchmark package would rebuild everything; these two runs are long, single
/// measurements rather than many short iterations):
///
/// 1. a search of `configurations` polynomial configurations (Latin hypercube over order,
///    window and recency half-life) through ``Tuner`` with the per-sample `error` objective at
///    16.7 ms over the given corpus, both cores; baseline in the same run: the hold predictor
///    scored the same way, per configuration — the cost of the scoring harness itself (truth
///    interpolation, error pooling, mean and p95), since holding costs next to nothing;
/// 2. fitting the learned linear model (K = 4, rows from the corpus at the seven anchor
///    horizons, the shortest prefix of the strokes giving at least `rows` rows) by ``LearnedLinearTrainer``: feature
///    extraction + `dsyrk`/`dgemm` accumulation across cores + `dposv`; baseline in the same run:
///    the accumulation alone on the same rows, prebuilt.
public enum TuningBenchmark {
  public struct SearchFigures: Sendable {
    public var configurations: Int
    /// Wall-clock time of the whole search.
    public var seconds: Double
    /// CPU time of the process over the search, all cores summed (less sensitive than wall
    /// clock to other work on a shared machine).
    public var cpuSeconds: Double
    public var issuePointsPerConfiguration: Int
    public var holdSecondsPerConfiguration: Double
    public var holdCPUSecondsPerConfiguration: Double
    public var bestSpecification: String
    public var bestObjective: Double
  }

  public struct TrainingFigures: Sendable {
    public var rows: Int
    public var seconds: Double
    public var accumulateOnlySeconds: Double
    public var featureCount: Int
  }

  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    try measured(body).wall
  }

  /// Wall-clock and process CPU time (every thread) of `body`, seconds.
  static func measured(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
    let cpuStart = processCPUSeconds()
    let start = ContinuousClock.now
    try body()
    let d = ContinuousClock.now - start
    return (Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18, processCPUSeconds() - cpuStart)
  }

  /// CPU time consumed so far by all threads of this process (POSIX `CLOCK_PROCESS_CPUTIME_ID`).
  static func processCPUSeconds() -> Double {
    var t = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0 else { return .nan }
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
  }

  public static func search(data: TuningData, configurations: Int, parts: Int = availableCoreCount) throws -> SearchFigures {
    let entry = try PredictorCatalog.exported.entry(named: "polynomial")
    let space = try CatalogSearchSpace(entry: entry, parameters: ["order", "window=2..16", "half-life=0..0.05"])
    let objective = TuningObjective.error(statistic: .mean, horizons: [1.0 / 60])
    let evaluator = ObjectiveEvaluator(
      objective: objective, data: data, replay: try Replay(profile: .pencil240ProMotion120), parts: parts)
    let issuePoints = evaluator.perSampleScores(horizons: [1.0 / 60]) { HoldPredictor(parameters: HoldParameters()) }[0].issuePoints
    let holdRuns = 10
    let hold = try measured {
      for _ in 0..<holdRuns { _ = try evaluator.score { HoldPredictor(parameters: HoldParameters()) } }
    }
    var tuner = Tuner(
      header: .init(predictor: "polynomial", space: space.space, strategy: "lhs", seed: 1, objective: objective.description),
      strategy: LatinHypercubeSearch(dimensionCount: space.space.count, count: configurations, seed: 1), journal: nil)
    var trials: [TuningJournal.Trial] = []
    let elapsed = try measured {
      trials = try tuner.run { values in
        let predictor = try space.configure(values)
        let score = try evaluator.score(predictor.makePredictor)
        return .init(objective: score.value, metrics: score.metrics)
      }
    }
    let best = TuneRun.bestTrial(trials)
    return SearchFigures(
      configurations: trials.count, seconds: elapsed.wall, cpuSeconds: elapsed.cpu, issuePointsPerConfiguration: issuePoints,
      holdSecondsPerConfiguration: hold.wall / Double(holdRuns), holdCPUSecondsPerConfiguration: hold.cpu / Double(holdRuns),
      bestSpecification: best.flatMap { try? space.configure($0.values).specification } ?? "-",
      bestObjective: best?.objective ?? .nan)
  }

  public static func training(strokes: [Stroke], rows minimumRows: Int, parts: Int = availableCoreCount) throws -> TrainingFigures {
    var options = LearnedLinearTrainer.Options(horizons: FixedHorizon.anchorSeconds)
    options.parts = parts
    let trainer = LearnedLinearTrainer(options: options)
    let k = 4
    let featureCount = LearnedLinearFeatures.featureCount(historyCount: k)
    // Rows each stroke gives (setup, not measured); then the shortest prefix of the strokes
    // (repeated if need be) giving at least `minimumRows` rows.
    var features: [Double] = [], targets: [Double] = []
    var rowsPerStroke: [Int] = []
    for stroke in strokes {
      let before = features.count
      LearnedLinearTrainer.appendRows(of: stroke, historyCount: k, options: options, features: &features, targets: &targets)
      rowsPerStroke.append((features.count - before) / featureCount)
    }
    let once = rowsPerStroke.reduce(0, +)
    guard once > 0 else { throw TuneRun.SetupError(description: "the corpus gives no training rows") }
    var training: [Stroke] = []
    var planned = 0
    var index = 0
    while planned < minimumRows {
      training.append(strokes[index % strokes.count])
      planned += rowsPerStroke[index % strokes.count]
      index += 1
    }
    var rows = 0
    let elapsed = try seconds {
      let equations = trainer.normalEquations(strokes: training, historyCount: k)
      rows = equations.rowCount
      _ = try equations.solve(lambda: 1e-6)
    }
    // Baseline: the accumulation alone on the same rows, prebuilt (what OpenBLAS does of the work).
    var allFeatures: [Double] = [], allTargets: [Double] = []
    allFeatures.reserveCapacity(planned * featureCount)
    allTargets.reserveCapacity(planned * 2)
    for stroke in training {
      LearnedLinearTrainer.appendRows(of: stroke, historyCount: k, options: options, features: &allFeatures, targets: &allTargets)
    }
    features = []
    targets = []
    let accumulate = seconds {
      _ = NormalEquations.accumulated(
        features: allFeatures, targets: allTargets, featureCount: featureCount, targetCount: 2, parts: parts)
    }
    return TrainingFigures(rows: rows, seconds: elapsed, accumulateOnlySeconds: accumulate, featureCount: featureCount)
  }
}
