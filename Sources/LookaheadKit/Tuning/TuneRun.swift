import Foundation
import LookaheadRuntime

/// What `lookahead tune` does, as one function a test can call: search a catalog predictor's
/// parameters for the best objective on the training writers, journal every trial, score the
/// result on writers the search never saw, and report the Pareto front of error against
/// effective latency saved (`Docs/Tuning.md`).
///
/// Splits: a holdout or explicit split searches the train side and scores the test side; a
/// k-fold or leave-one-writer-out split *cross-fits* (each fold searched on the other writers and
/// scored on its own, the held-out errors pooled, so every writer is scored by a configuration
/// that never saw them) and then searches all writers once more for the configuration it writes;
/// separate test data (`--test`) is scored by the configuration searched on all of the data.
public enum TuneRun {
  /// The search strategy and its budget.
  public enum Strategy: String, Sendable, Hashable, CaseIterable {
    case grid
    case lhs
    case nelderMead = "nelder-mead"
    /// Latin hypercube for half the trials, then Nelder–Mead from its best point.
    case lhsNelderMead = "lhs-nelder-mead"
  }

  public struct Request: Sendable {
    /// `name` or `name:key=value,…` (the values given are held fixed).
    public var predictor: String
    /// `--params` items (`name` or `name=LOW..HIGH`), or nil for the entry's own numeric ones.
    public var parameters: [String]?
    public var objective: TuningObjective
    /// How writers are divided; nil needs ``TuneRun/run(_:data:testData:catalog:progress:)``'s
    /// `testData`.
    public var split: WriterSplit?
    public var strategy: Strategy
    /// Trials per search (a grid uses the largest full grid that fits).
    public var trials: Int
    public var seed: UInt64
    /// Device profile for replay-based objectives and the Pareto front.
    public var profile: DeviceProfile
    /// Journal of the (final) search; folds use `<journal>.fold<N>`.
    public var journal: URL?
    /// Start journals afresh instead of resuming (`--restart-journal`).
    public var fresh: Bool
    /// Recorded in every journal header (datasets and checksums, command line).
    public var context: [String: String]
    public var parts: Int
    /// For per-sample objectives: how many of the best distinct trials are replayed through
    /// the device profile for the Pareto front (default 8; 0 skips the front).
    public var paretoCandidates = 8
    /// What the tune reads (datasets, unit, command line), completed by the run with the split,
    /// writers, objective and values and recorded in every journal header and the outcome.
    public var provenance: ResultProvenance?

    public init(
      predictor: String, parameters: [String]? = nil, objective: TuningObjective, split: WriterSplit?,
      strategy: Strategy, trials: Int, seed: UInt64, profile: DeviceProfile = .pencil240ProMotion120,
      journal: URL? = nil, fresh: Bool = false, context: [String: String] = [:], parts: Int = availableCoreCount
    ) {
      self.predictor = predictor
      self.parameters = parameters
      self.objective = objective
      self.split = split
      self.strategy = strategy
      self.trials = trials
      self.seed = seed
      self.profile = profile
      self.journal = journal
      self.fresh = fresh
      self.context = context
      self.parts = parts
    }
  }

  /// One search's outcome.
  public struct Search: Sendable {
    /// Which search: "all" or "fold N".
    public var label: String
    public var trainWriters: [String]
    public var trials: [TuningJournal.Trial]
    public var best: TuningJournal.Trial
    public var bestPredictor: CatalogPredictor
  }

  /// A point of the Pareto front: a trial and its error and latency saved on the search data.
  public struct ParetoPoint: Sendable {
    public var trial: Int
    public var specification: String
    public var errorMeanMillimetres: Double
    public var latencySavedMilliseconds: Double
  }

  /// A point of the side-effect front: a trial that no other trial beats on latency saved, stroke-end
  /// overshoot p95 and jitter RMS at once (through the device replay, on the search data), with
  /// the other side effects beside it for reading.
  public struct TradeOffPoint: Sendable, Hashable {
    public var trial: Int
    public var specification: String
    public var latencySavedMilliseconds: Double
    /// Latency saved over the mean horizon: the share of the latency the prediction hides.
    public var latencyHiddenFraction: Double?
    public var overshootP95Millimetres: Double
    public var jitterRMSMillimetres: Double
    public var wrongDirectionFraction: Double?
    public var wrongOrientationP95Degrees: Double?
    public var errorMeanMillimetres: Double?
    /// Whether the trial met the objective's bounds.
    public var feasible: Bool
  }

  /// The held-out scores, per anchor horizon, in mm (or trace units).
  public struct HeldOut: Sendable {
    public var writers: [String]
    public var scores: [PerSampleScore]
    /// The objective on the held-out data (single searches only; nil when cross-fitted).
    public var objective: Double?
    /// Each writer was scored by the configuration its fold searched without it, not by the final
    /// configuration (searched on every writer).
    public var crossFitted = false
  }

  public struct Outcome: Sendable {
    public var searchSpace: SearchSpace
    /// The search whose best configuration is written.
    public var final: Search
    /// Cross-validation folds (empty for a single search).
    public var folds: [Search]
    public var heldOut: HeldOut
    public var pareto: [ParetoPoint]
    /// Latency saved against stroke-end overshoot p95 and jitter (``TradeOffPoint``), by latency
    /// saved, most first.
    public var tradeOff: [TradeOffPoint]
    public var lengthUnit: String
    /// The request's provenance completed for the written configuration (nil without one).
    public var provenance: ResultProvenance?
  }

  public struct Progress: Sendable {
    public var label: String
    public var done: Int
    public var total: Int
    public var resumed: Int
    public var bestObjective: Double?
    /// The search's journal (a fold's is `JOURNAL.foldN`), if it has one.
    public var journal: URL?
    /// True for the one report made before any new trial when the journal held `resumed`
    /// finished trials (then `done == resumed`); false for a report after each new trial.
    public var isResume = false
  }

  public struct SetupError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Runs the tune.
  public static func run(
    _ request: Request, data: TuningData, testData: TuningData? = nil,
    catalog: PredictorCatalog = .exported, progress: (Progress) -> Void = { _ in }
  ) throws -> Outcome {
    let setup = try Setup(request, catalog: catalog)
    try HeldOutOverlap.check(test: testData, training: data)
    let space = setup.space
    let replay = try Replay(profile: request.profile, seed: request.seed)

    func provenance(trainWriters: [String], testWriters: [String]?, crossFittedWriters: [String]? = nil)
      -> ResultProvenance?
    {
      var record = setup.provenance(request, trainWriters: trainWriters, testWriters: testWriters)
      record?.crossFittedWriters = crossFittedWriters
      return record
    }

    // Each search's test writers go into its journal header, as `lookahead worker` writes them.
    let testWritersBySearch = Dictionary(
      uniqueKeysWithValues: try Self.searchSets(request, data: data, separateTestWriters: testData?.writers).map { ($0.label, $0.testWriters) })

    func search(_ label: String, on searchData: TuningData, journal: URL?) throws -> Search {
      let evaluator = ObjectiveEvaluator(objective: request.objective, data: searchData, replay: replay, parts: request.parts)
      let header = setup.header(request, label: label, searchData: searchData, testWriters: testWritersBySearch[label] ?? nil)
      let evaluate: ([Double]) throws -> ObjectiveEvaluator.Score = { values in
        try scoreTrial(values, space: space, evaluator: evaluator)
      }
      let report: (Int, Int, TuningJournal.Trial?) -> Void = { done, resumed, best in
        progress(Progress(
          label: label, done: done, total: request.trials, resumed: resumed, bestObjective: best?.objective, journal: journal))
      }
      let announce: (Int) -> Void = { resumed in
        progress(Progress(
          label: label, done: resumed, total: request.trials, resumed: resumed, bestObjective: nil, journal: journal, isResume: true))
      }
      let trials = try runTuner(
        header, searchStrategy(request, space: space), journal.map(TuningJournal.init(url:)), request, evaluate, announce, report)
      guard let best = bestTrial(trials) else {
        let reasons = Set(trials.compactMap(\.failure)).sorted().prefix(3).joined(separator: "; ")
        if trials.contains(where: { $0.infeasible != nil }) {
          throw SetupError(
            description: "no trial of the \(label) search met the objective's bounds "
              + "(\(trials.filter { $0.infeasible != nil }.count) infeasible, \(trials.filter { $0.failure != nil }.count) failed): "
              + unmetBounds(trials, objective: request.objective)
              + "; loosen the bounds (--objective latency:overshoot=MM,…) or search other parameters")
        }
        // Typically a rule between two searched fields (a ramp's low below its high), which
        // independent ranges break in most trials and, with few trials, in all of them.
        throw SetupError(
          description: "every trial of the \(label) search failed (\(reasons)); search fewer parameters or narrower "
            + "ranges (--params NAME=LOW..HIGH,…), fix one of the fields a rule ties together (--predictor NAME:KEY=VALUE), "
            + "or run more trials")
      }
      return Search(label: label, trainWriters: searchData.writers, trials: trials, best: best, bestPredictor: try space.configure(best.values))
    }

    var folds: [Search] = []
    let final: Search
    let heldOut: HeldOut
    let anchor = FixedHorizon.anchorSeconds
    switch request.split {
    case nil:
      guard let testData else {
        throw SetupError(description: "a tuned score must come from writers the search never saw: give --split, or --test data")
      }
      final = try search("all", on: data, journal: request.journal)
      heldOut = try score(final.bestPredictor, on: testData, request: request, replay: replay, anchor: anchor)
    case .some(let split):
      let splitParts = try split.refusingTestWriters(testDataGiven: testData != nil).parts(of: data.strokes)
      if splitParts.count == 1 {
        let part = splitParts[0]
        guard !part.testWriters.isEmpty || testData != nil else {
          throw SetupError(description: "split \(split) has no test writers: name them with test=, or give --test data")
        }
        let train = try data.restricted(to: Set(part.trainWriters))
        final = try search("all", on: train, journal: request.journal)
        let test = try testData ?? data.restricted(to: Set(part.testWriters))
        heldOut = try score(final.bestPredictor, on: test, request: request, replay: replay, anchor: anchor)
      } else {
        var pooled = [[Double]](repeating: [], count: anchor.count)
        var scoredWriters: [String] = []
        for (f, part) in splitParts.enumerated() {
          let journal = request.journal.map { URL(fileURLWithPath: $0.path + ".fold\(f + 1)") }
          let fold = try search("fold \(f + 1)", on: try data.restricted(to: Set(part.trainWriters)), journal: journal)
          folds.append(fold)
          // With separate test data the held-out score is the final search's on it, so a fold's
          // own writers are not scored (their errors were computed and dropped).
          guard testData == nil else { continue }
          let test = try data.restricted(to: Set(part.testWriters))
          let errors = ObjectiveEvaluator(objective: request.objective, data: test, replay: replay, parts: request.parts)
            .perSampleErrors(horizons: anchor, makePredictor: fold.bestPredictor.makePredictor)
          for h in anchor.indices { pooled[h] += errors[h] }
          scoredWriters += part.testWriters
        }
        final = try search("all", on: data, journal: request.journal)
        if let testData {
          heldOut = try score(final.bestPredictor, on: testData, request: request, replay: replay, anchor: anchor)
        } else {
          heldOut = HeldOut(
            writers: scoredWriters,
            scores: anchor.indices.map { PerSampleScore(horizon: .seconds(anchor[$0]), errors: &pooled[$0]) },
            objective: nil, crossFitted: true)
        }
      }
    }
    let searchData = request.split.flatMap { split in
      (try? split.parts(of: data.strokes)).flatMap { $0.count == 1 ? try? data.restricted(to: Set($0[0].trainWriters)) : nil }
    } ?? data
    let candidates = try paretoCandidates(final, space: space, data: searchData, request: request, replay: replay)
    return Outcome(
      searchSpace: space.space, final: final, folds: folds, heldOut: heldOut,
      pareto: paretoFront(candidates, space: space), tradeOff: tradeOffFront(candidates, space: space),
      lengthUnit: data.lengthUnit,
      provenance: heldOut.crossFitted
        ? provenance(trainWriters: final.trainWriters, testWriters: nil, crossFittedWriters: heldOut.writers)
        : provenance(trainWriters: final.trainWriters, testWriters: heldOut.writers))
  }

  /// The feasible trial with the lowest objective (the first of equals); nil when no trial
  /// finished within the objective's bounds. An infeasible trial is never "best": its objective
  /// only leads the search towards feasibility.
  public static func bestTrial(_ trials: [TuningJournal.Trial]) -> TuningJournal.Trial? {
    var best: TuningJournal.Trial?
    for trial in trials where trial.failure == nil && trial.infeasible == nil {
      guard let objective = trial.objective, objective.isFinite else { continue }
      if best?.objective.map({ objective < $0 }) ?? true { best = trial }
    }
    return best
  }

  /// For a search in which no trial was feasible: each bound of the objective that no trial met,
  /// with the closest any trial came (`stroke_end_overshoot_p95_mm ≤ 1: best 2.31 (2.31× the bound)`).
  static func unmetBounds(_ trials: [TuningJournal.Trial], objective: TuningObjective) -> String {
    guard !objective.bounds.isEmpty else { return "no bound met" }
    var lines: [String] = []
    for (column, bound) in objective.bounds {
      guard let closest = trials.compactMap({ $0.metrics[column] }).min() else { continue }
      guard closest > bound else { continue }
      let over = bound > 0 ? String(format: "%.3g× the bound", closest / bound) : "above 0"
      lines.append("\(column) ≤ \(formatNumber(bound)): best \(String(format: "%.4g", closest)) (\(over))")
    }
    return lines.isEmpty ? "no trial met every bound at once" : lines.joined(separator: "; ")
  }

  /// The largest points-per-dimension whose full grid fits in `trials` (at least 2).
  static func gridPoints(trials: Int, dimensions: Int) -> Int {
    var points = 2
    while pow(Double(points + 1), Double(dimensions)) <= Double(trials) { points += 1 }
    return points
  }

  static func strategyDescription(_ request: Request, space: CatalogSearchSpace) -> String {
    switch request.strategy {
    case .grid: "grid points=\(gridPoints(trials: request.trials, dimensions: space.space.count))"
    case .lhs: "lhs trials=\(request.trials)"
    case .nelderMead: "nelder-mead budget=\(request.trials) step=0.25"
    case .lhsNelderMead: "lhs-nelder-mead lhs=\(exploreCount(request)) budget=\(request.trials) step=0.1"
    }
  }

  private static func runTuner<S: SearchStrategy>(
    _ header: TuningJournal.Header, _ strategy: S, _ journal: TuningJournal?, _ request: Request,
    _ evaluate: ([Double]) throws -> ObjectiveEvaluator.Score,
    _ announce: (Int) -> Void,
    _ report: (Int, Int, TuningJournal.Trial?) -> Void
  ) throws -> [TuningJournal.Trial] {
    var tuner = Tuner(header: header, strategy: strategy, journal: journal)
    return try tuner.run(
      maximumTrials: request.trials, fresh: request.fresh, resumed: announce,
      evaluate: { values in
        let score = try evaluate(values)
        return .init(objective: score.value, metrics: score.metrics, infeasible: score.infeasibility)
      },
      progress: { report($0.done, $0.resumed, $0.best) })
  }

  /// The per-sample scores (anchor horizons) and the objective of `predictor` on `data`.
  static func score(
    _ predictor: CatalogPredictor, on data: TuningData, request: Request, replay: Replay, anchor: [Double]
  ) throws -> HeldOut {
    let evaluator = ObjectiveEvaluator(objective: request.objective, data: data, replay: replay, parts: request.parts)
    let scores = evaluator.perSampleScores(horizons: anchor, makePredictor: predictor.makePredictor)
    return HeldOut(writers: data.writers, scores: scores, objective: try evaluator.score(predictor.makePredictor).value)
  }

  /// The trials the fronts are drawn from, each with its replayed scorecard columns
  /// (``ObjectiveEvaluator/recordedColumns``) on the search data: every trial's recorded metrics
  /// for replay-based objectives; otherwise the best distinct trials are replayed once more (a
  /// per-sample objective records no latency): ``Request/paretoCandidates``.
  static func paretoCandidates(
    _ search: Search, space: CatalogSearchSpace, data: TuningData, request: Request, replay: Replay
  ) throws -> [(trial: TuningJournal.Trial, metrics: [String: Double])] {
    if request.objective.usesReplay {
      return search.trials.filter { $0.failure == nil }.map { ($0, $0.metrics) }
    }
    var candidates: [(trial: TuningJournal.Trial, metrics: [String: Double])] = []
    var seen = Set<[Double]>()
    let ranked = search.trials.compactMap { trial in trial.objective.map { (trial, $0) } }
      .sorted { ($0.1, $0.0.index) < ($1.1, $1.0.index) }.map(\.0)
    let evaluator = ObjectiveEvaluator(objective: request.objective, data: data, replay: replay, parts: request.parts)
    for trial in ranked where seen.insert(trial.values).inserted {
      guard seen.count <= request.paretoCandidates else { break }
      guard let predictor = try? space.configure(trial.values), let card = try? evaluator.scorecard(predictor.makePredictor)
      else { continue }
      candidates.append((trial, ObjectiveEvaluator.recorded(card)))
    }
    return candidates
  }

  /// Error against latency saved.
  static func paretoFront(
    _ candidates: [(trial: TuningJournal.Trial, metrics: [String: Double])], space: CatalogSearchSpace
  ) -> [ParetoPoint] {
    let withBoth = candidates.filter { $0.metrics["error_mean_mm"] != nil && $0.metrics["latency_saved_mean_ms"] != nil }
    let front = ParetoFront.indices(
      costs: withBoth.map { $0.metrics["error_mean_mm"]! }, benefits: withBoth.map { $0.metrics["latency_saved_mean_ms"]! })
    return front.map { i in
      ParetoPoint(
        trial: withBoth[i].trial.index,
        specification: (try? space.configure(withBoth[i].trial.values).specification) ?? "",
        errorMeanMillimetres: withBoth[i].metrics["error_mean_mm"]!,
        latencySavedMilliseconds: withBoth[i].metrics["latency_saved_mean_ms"]!)
    }
  }

  /// The side-effect front: latency saved (more is better) against stroke-end overshoot p95 and
  /// jitter RMS (less is better), in mm through the device replay; trials without all three
  /// (a trace without a mm scale, or no stroke that came to rest) are left out. Sorted by latency
  /// saved, most first, then by trial.
  static func tradeOffFront(
    _ candidates: [(trial: TuningJournal.Trial, metrics: [String: Double])], space: CatalogSearchSpace
  ) -> [TradeOffPoint] {
    let goals = [
      ScorecardColumn.latencySavedMeanMilliseconds, ScorecardColumn.strokeEndOvershootP95Millimetres,
      ScorecardColumn.jitterRMSMillimetres,
    ]
    let complete = candidates.filter { c in goals.allSatisfy { c.metrics[$0] != nil } }
    let front = ParetoFront.indices(goals: complete.map { c in
      [-c.metrics[goals[0]]!, c.metrics[goals[1]]!, c.metrics[goals[2]]!]
    })
    return front.map { i in
      let (trial, m) = complete[i]
      let saved = m[goals[0]]!
      return TradeOffPoint(
        trial: trial.index, specification: (try? space.configure(trial.values).specification) ?? "",
        latencySavedMilliseconds: saved,
        latencyHiddenFraction: m[ScorecardColumn.horizonMeanMilliseconds].flatMap { $0 > 0 ? saved / $0 : nil },
        overshootP95Millimetres: m[goals[1]]!, jitterRMSMillimetres: m[goals[2]]!,
        wrongDirectionFraction: m[ScorecardColumn.wrongDirectionFraction],
        wrongOrientationP95Degrees: m[ScorecardColumn.wrongOrientationP95Degrees],
        errorMeanMillimetres: m[ScorecardColumn.errorMeanMillimetres], feasible: trial.infeasible == nil)
    }.sorted { ($0.latencySavedMilliseconds, -$0.trial) > ($1.latencySavedMilliseconds, -$1.trial) }
  }
}
