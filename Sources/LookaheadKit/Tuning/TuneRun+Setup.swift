import Foundation
import LookaheadRuntime

/// The parts of a tune that are fixed before any trial runs: the predictor and search space, the
/// searches (one per fold, then one over all training writers) with their journal headers, the
/// trial points of the strategies that do not look at scores, and how one trial is scored.
///
/// ``TuneRun/run(_:data:testData:catalog:progress:)`` and `lookahead worker` (which scores
/// trials for a search spread over many processes or machines, `Docs/Distributed.md`) both go
/// through these, so a trial scored by a worker is the tune's trial to the bit and a journal
/// written from workers' records is the journal `tune` writes.
extension TuneRun {
  /// The catalog entry a request tunes, its fixed values and its search space.
  public struct Setup: Sendable {
    public var specification: PredictorSpecification
    public var entry: PredictorCatalogEntry
    public var space: CatalogSearchSpace

    public init(_ request: Request, catalog: PredictorCatalog = .exported) throws {
      specification = try PredictorSpecification(parsing: request.predictor)
      entry = try catalog.entry(named: specification.name)
      var fixed: [String: ParameterValue] = [:]
      for (key, value) in specification.assignments {
        guard let spec = entry.parameter(named: key) else {
          throw PredictorCatalogError.unknownParameter(predictor: entry.name, parameter: key, known: entry.parameters.map(\.name))
        }
        fixed[key] = try spec.parse(value, predictor: entry.name)
      }
      space = try CatalogSearchSpace(entry: entry, parameters: request.parameters, fixed: fixed)
      guard request.trials > 0 else { throw SetupError(description: "--trials must be at least 1") }
    }

    /// The searched or fixed parameters whose values are lengths in the data's coordinate unit
    /// (their unit names "units": a speed floor in units/s, a noise in units²), when `data` holds
    /// datasets whose units differ in size: one value then means a different length on each (100
    /// px/s on one, 100 mm/s on another), and a result records the first dataset's unit only.
    /// Empty when the units agree or no such parameter is in play.
    func lengthParameters(over data: [TuningData]) -> [PredictorParameterSpec] {
      let sizes = Set(data.flatMap { $0.traces.compactMap(\.metadata.millimetresPerUnit) })
      guard sizes.count > 1 else { return [] }
      let names = Set(space.space.dimensions.map(\.name) + specification.assignments.map(\.key))
      return entry.parameters.filter { names.contains($0.name) && $0.unit.contains("units") }
    }

    /// The note `tune` prints when ``lengthParameters(over:)`` is not empty: each dataset's unit and
    /// size, and the parameters whose one value means a different size on each.
    public func mixedUnitNote(over data: [TuningData]) -> String? {
      let lengths = lengthParameters(over: data)
      guard !lengths.isEmpty else { return nil }
      let units = data.flatMap(\.traces).map {
        "\($0.metadata.source): \($0.metadata.coordinateUnit), \($0.metadata.millimetresPerUnit.map { "\($0) mm" } ?? "?")"
      }
      return "note: the datasets' units differ in size (\(units.joined(separator: "; "))): "
        + lengths.map { "\($0.name) (\($0.unit))" }.joined(separator: ", ")
        + " is in each dataset's own length unit, so one value means a different size on each; "
        + "the result and a model exported from it record the first dataset's unit"
    }

    /// The request's provenance completed with the split, writers, objective and values.
    public func provenance(_ request: Request, trainWriters: [String], testWriters: [String]?) -> ResultProvenance? {
      guard var record = request.provenance else { return nil }
      record.split = request.split?.description ?? "none (separate test data)"
      record.trainWriters = trainWriters + (record.weightsTrainWriters ?? []).filter { !trainWriters.contains($0) }
      record.testWriters = testWriters
      record.objective = request.objective.description
      record.fixed = specification.assignments.reduce(into: [:]) { $0[$1.key] = $1.value }
      record.searched = space.space.dimensions.map(\.name)
      record.horizonPolicy = request.objective.horizonPolicy
      record.seed = request.seed
      record.profile = request.profile.name
      record.profileDefinition = request.profile
      return record
    }

    /// The journal header of the search `label` over `searchData`; `testWriters` are the writers its
    /// best configuration is scored on (``SearchSet/testWriters``), recorded in the provenance so
    /// that a model exported from the journal says what it was tested on, as one exported from the
    /// `.tune.json` does.
    public func header(
      _ request: Request, label: String, searchData: TuningData, testWriters: [String]? = nil
    ) -> TuningJournal.Header {
      var context = request.context
      context["split"] = request.split?.description ?? "none"
      context["search"] = label
      context["train-writers"] = searchData.writers.joined(separator: ",")
      context["fixed"] = specification.assignments.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
      if request.objective.usesReplay { context["profile"] = request.profile.name }
      return TuningJournal.Header(
        predictor: entry.name, space: space.space, strategy: strategyDescription(request, space: space),
        seed: request.seed, objective: request.objective.description, context: context,
        provenance: provenance(request, trainWriters: searchData.writers, testWriters: testWriters))
    }
  }

  /// One search of a tune: its label (`fold N` or `all`), the suffix of its journal after the
  /// `--journal` path (`.foldN`, or nothing), and the writers it searches on. The data is cut to
  /// those writers only when asked, so a worker holds one copy per search it is scoring, not one
  /// per fold of a leave-one-writer-out split.
  public struct SearchSet: Sendable {
    public var label: String
    public var journalSuffix: String
    /// The writers searched on; nil for all of the data.
    public var writers: Set<String>?
    /// The writers the search's best configuration is scored on, never searched on: a fold's
    /// held-out writers, a single split's test writers, or the `--test` data's; nil for the final
    /// search of a cross-fitted split without `--test` (its best configuration is tuned on every
    /// writer; the held-out table pools the folds' searches instead).
    public var testWriters: [String]?

    /// The search's part of `data` (the data the sets were made from).
    public func data(from data: TuningData) throws -> TuningData {
      guard let writers else { return data }
      return try data.restricted(to: writers)
    }
  }

  /// The searches `run` makes, in its order: for a k-fold or leave-one-writer-out split one per
  /// fold on the other writers, then one on every writer; for a holdout or explicit split one on
  /// the train side; without a split one on all the data. `separateTestWriters` are the writers
  /// of the `--test` data, if any (``SearchSet/testWriters``).
  public static func searchSets(
    _ request: Request, data: TuningData, separateTestWriters separateTest: [String]? = nil
  ) throws -> [SearchSet] {
    guard let split = request.split else {
      return [SearchSet(label: "all", journalSuffix: "", writers: nil, testWriters: separateTest)]
    }
    let parts = try split.parts(of: data.strokes)
    if parts.count == 1 {
      return [
        SearchSet(
          label: "all", journalSuffix: "", writers: Set(parts[0].trainWriters), testWriters: separateTest ?? parts[0].testWriters)
      ]
    }
    var sets = parts.enumerated().map { f, part in
      SearchSet(label: "fold \(f + 1)", journalSuffix: ".fold\(f + 1)", writers: Set(part.trainWriters), testWriters: part.testWriters)
    }
    sets.append(SearchSet(label: "all", journalSuffix: "", writers: nil, testWriters: separateTest))
    return sets
  }

  /// One trial's score: the configuration at `values` (in the space's order) through `evaluator`.
  public static func scoreTrial(
    _ values: [Double], space: CatalogSearchSpace, evaluator: ObjectiveEvaluator
  ) throws -> ObjectiveEvaluator.Score {
    let predictor = try space.configure(values)
    return try evaluator.score(predictor.makePredictor)
  }

  static func gridSearch(_ request: Request, space: CatalogSearchSpace) -> GridSearch {
    GridSearch(dimensionCount: space.space.count, pointsPerDimension: gridPoints(trials: request.trials, dimensions: space.space.count))
  }

  static func latinHypercubeSearch(_ request: Request, space: CatalogSearchSpace) -> LatinHypercubeSearch {
    LatinHypercubeSearch(dimensionCount: space.space.count, count: request.trials, seed: request.seed)
  }

  /// Trials of the Latin hypercube phase of `lhs-nelder-mead`: half the budget, at least one.
  static func exploreCount(_ request: Request) -> Int { max(1, (request.trials + 1) / 2) }

  /// The request's search strategy, fresh (nothing proposed or told yet): the one ``run`` asks for
  /// points, and the one ``nextTrialPoint(_:space:after:)`` replays for `lookahead worker`.
  static func searchStrategy(_ request: Request, space: CatalogSearchSpace) -> any SearchStrategy {
    switch request.strategy {
    case .grid: return gridSearch(request, space: space)
    case .lhs: return latinHypercubeSearch(request, space: space)
    case .nelderMead: return NelderMeadSearch(start: space.defaultUnitPoint, step: 0.25, budget: request.trials)
    case .lhsNelderMead:
      let explore = exploreCount(request)
      return ExploreThenRefineSearch(
        dimensionCount: space.space.count, exploreCount: explore, refineBudget: request.trials - explore, seed: request.seed)
    }
  }

  /// Whether the strategy chooses some trials from the scores of the trials before them
  /// (`nelder-mead`, and `lhs-nelder-mead` after its hypercube): those come one at a time from
  /// ``nextTrialPoint(_:space:after:)``, after the ``independentTrialPoints(_:space:)``.
  public static func choosesFromScores(_ strategy: Strategy) -> Bool {
    switch strategy {
    case .grid, .lhs: false
    case .nelderMead, .lhsNelderMead: true
    }
  }

  /// The leading trial points of the search that do not depend on any score, in order: every
  /// point of `grid` and `lhs`, the Latin hypercube of `lhs-nelder-mead`, none of `nelder-mead`
  /// (its first point is told before the second is proposed). These trials can all run at once.
  public static func independentTrialPoints(_ request: Request, space: CatalogSearchSpace) -> [[Double]] {
    let count: Int
    switch request.strategy {
    case .grid, .lhs: count = request.trials
    case .lhsNelderMead: count = exploreCount(request)
    case .nelderMead: count = 0
    }
    var strategy = searchStrategy(request, space: space)
    var points: [[Double]] = []
    while points.count < count, let point = strategy.next() { points.append(point) }
    return points
  }

  /// A list of trials that is not the start of this tune's search: trial `index` is not where the
  /// strategy puts it (or not numbered `index`).
  public struct TrialHistoryMismatch: Error, CustomStringConvertible {
    public var index: Int
    public var detail: String
    public var description: String { "trial \(index): \(detail)" }
  }

  /// The point of the search's next trial (number `trials.count`), chosen by the tune's own
  /// strategy from the trials so far exactly as ``Tuner`` does when it resumes a journal (each
  /// trial's point checked against the strategy's proposal, its objective told, a failed trial as
  /// +∞), or nil when the search is done (its budget used, or the strategy ended). What lets a
  /// driver on many machines run `nelder-mead` and write `tune`'s journal (`Docs/Distributed.md`).
  public static func nextTrialPoint(
    _ request: Request, space: CatalogSearchSpace, after trials: [TuningJournal.Trial]
  ) throws -> [Double]? {
    var strategy = searchStrategy(request, space: space)
    for (index, trial) in trials.enumerated() {
      guard trial.index == index else {
        throw TrialHistoryMismatch(index: index, detail: "numbered \(trial.index); trials must be given in order from 0")
      }
      guard let point = strategy.next() else {
        throw TrialHistoryMismatch(index: index, detail: "the search ends before this trial")
      }
      guard point.count == trial.unit.count, zip(point, trial.unit).allSatisfy({ abs($0 - $1) <= 1e-12 }) else {
        throw TrialHistoryMismatch(index: index, detail: "was proposed at a different point")
      }
      strategy.tell(point, score: trial.objective ?? .infinity)
    }
    guard trials.count < request.trials else { return nil }
    return strategy.next()
  }
}
