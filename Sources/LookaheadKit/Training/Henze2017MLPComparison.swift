import Foundation
import LookaheadRuntime

/// The MLP predictor under the published protocol of Henze et al. 2017 (``Henze2017Protocol``),
/// trained leave-one-participant-out, beside the paper's Table 1, as
/// ``Henze2017Comparison`` does for the learned linear model.
///
/// One network per held-out participant, for all three look-aheads j ∈ {2, 4, 6} at once (the
/// horizon, j × the window's mean input interval, is an input): fitted on the windows of six
/// participants (all three tasks) and early-stopped on a seventh — the participant after the
/// held-out one in file order, fixed beforehand — then scored on the held-out participant's
/// windows of each task. The eighth participant's windows never touch the fold's model.
///
/// With several candidate configurations (``candidates(base:)``), every fold trains each of them
/// and keeps the one with the lowest error on that fold's early-stopping participant (the
/// trainer's best validation error): the choice, like the early stop, never looks at the
/// participant the fold scores. Or (``Scoring/meanOfCandidates``) every fold scores the ensemble of
/// all its candidates, the mean of their predictions (``MLPPredictor/Member``): nothing is chosen
/// at all.
public enum Henze2017MLPComparison {
  /// What a fold scores of the candidates it trained.
  public enum Scoring: String, Sendable {
    /// The candidate with the lowest error on the fold's early-stopping participant.
    case bestOnEarlyStopping = "best"
    /// All candidates as one ensemble: the mean of their predictions, no choice.
    case meanOfCandidates = "mean"
  }

  /// Which participant each candidate of a fold is early-stopped on. The held-out participant is
  /// never one of them, nor fitted on.
  public enum EarlyStopping: String, Sendable, CaseIterable {
    /// Every candidate on the participant after the held-out one in file order; all candidates
    /// fit the same six participants.
    case next
    /// Candidate c (from 0) on the (c + 1)-th participant after the held-out one, so each
    /// candidate fits a different six and the mean of the candidates has learned from all seven
    /// others: cross-validation bagging (Breiman 1996, "Bagging predictors", with participants as
    /// the resampled units). No participant is then unseen by every candidate, so the mean has no
    /// early-stopping error of its own; only with ``Scoring/meanOfCandidates``.
    case rotating
  }

  /// How a fold's early stopping weighs its participant's windows.
  public enum StoppingWeights: String, Sendable, CaseIterable {
    /// Every window alike: the plain mean error, which Write (about nine times Fitts's windows)
    /// and the longest look-ahead (the largest errors) dominate.
    case windows
    /// Each task × look-ahead cell alike, each relative to constant-velocity extrapolation's error
    /// on it (every window of a cell weighs 1 / that cell's summed extrapolation error): the
    /// weighted mean then moves, to first order, as the geometric mean of the cells that the
    /// table weighs them by, so a network stops where the table's cells are best together rather
    /// than where Write's and the long look-ahead's are.
    case cells
  }

  /// What a balanced candidate's repeats of a task's rows are (``Candidate/balanceTasks``).
  public enum BalanceRepeats: Sendable, Hashable {
    /// The same rows again: every repeat is an exact copy.
    case copies
    /// Each repeat the same files re-recorded at another clock phase (``Henze2017Rerecording``):
    /// the same movements, sampled at other instants, so every repeat gives new windows; with a
    /// `speedSpread` F > 1 each stroke also replayed between 1/F and F times as fast.
    case rerecorded(speedSpread: Double = 1)

    /// The words of the fold setup (empty for copies, so earlier fold lines still combine).
    var setupWords: String {
      switch self {
      case .copies: ""
      case .rerecorded(let spread): " balance-repeats=rerecorded" + (spread == 1 ? "" : " speed-spread=\(spread)")
      }
    }
  }

  /// The network's options (its history is at most the window's 10 input steps).
  public static func defaultOptions() -> MLPTrainer.Options {
    var options = MLPTrainer.Options(horizons: [])
    options.historyCount = 10
    options.hiddenSizes = [64, 64]
    return options
  }

  /// One configuration a fold may train.
  public struct Candidate: Sendable {
    public var name: String
    public var options: MLPTrainer.Options
    /// Also fit on every training window reflected across its motion axis (dy → −dy for the
    /// inputs and the target): a pen stroke's mirror image is a plausible stroke, so this doubles
    /// the fitting rows. The early-stopping rows are never reflected.
    public var reflect: Bool
    /// Repeat each task's fitting rows so that every task weighs about as much as the one with
    /// the most rows (Write has about nine times Fitts's windows; the table weighs each task's
    /// cells alike). The early-stopping rows are never repeated.
    public var balanceTasks: Bool
    /// Weigh each task's fitting rows in the loss by (the task with the most fitting rows' count
    /// over this task's)^P (``MLPTrainingRows/weights``): 0 (the default), every window alike, so
    /// Write's outweigh Fitts's about nine to one; 1, every task alike, what ``balanceTasks`` does by
    /// repeating rows, here without more rows or time. For candidates that do not balance.
    public var taskWeightPower: Double = 0

    public init(
      name: String, options: MLPTrainer.Options, reflect: Bool = false, balanceTasks: Bool = false,
      taskWeightPower: Double = 0
    ) {
      self.name = name
      self.options = options
      self.reflect = reflect
      self.balanceTasks = balanceTasks
      self.taskWeightPower = taskWeightPower
    }

    /// The windows it fits on, in order: as recorded and at each of its options' spatial scales
    /// (`--augment scale=…`, ``StrokeAugmentation/scaleFactors``), then all of them mirrored when
    /// it reflects.
    package var windowVariants: [WindowVariant] {
      let scales = [1] + options.augmentation.scaleFactors
      return (reflect ? [false, true] : [false]).flatMap { reflected in
        scales.map { WindowVariant(reflect: reflected, scale: $0) }
      }
    }
  }

  /// The candidate list of `train --henze2017 --family mlp --select`, fixed before the table
  /// run: the options as given; the same with the learning rate decaying by 0.9 per epoch (unless
  /// it decays already) and reflected windows added to the fit; and that with the tasks balanced.
  ///
  /// With `hiddenShapes`, the list once per hidden-layer shape, in the order given, each name
  /// followed by its shape (`as given 64x64x64`); without, once with `base`'s shape.
  public static func candidates(base: MLPTrainer.Options, hiddenShapes: [[Int]]? = nil) -> [Candidate] {
    guard let hiddenShapes else { return candidates(base: base, suffix: "") }
    return hiddenShapes.flatMap { shape in
      var options = base
      options.hiddenSizes = shape
      return candidates(base: options, suffix: " " + shape.map(String.init).joined(separator: "x"))
    }
  }

  private static func candidates(base: MLPTrainer.Options, suffix: String) -> [Candidate] {
    var decaying = base
    if decaying.learningRateDecay == 1 { decaying.learningRateDecay = 0.9 }
    let name = "lr decay \(decaying.learningRateDecay) + reflect"
    return [
      Candidate(name: "as given" + suffix, options: base),
      Candidate(name: name + suffix, options: decaying, reflect: true),
      Candidate(name: name + " + balanced" + suffix, options: decaying, reflect: true, balanceTasks: true),
    ]
  }

  /// One way the fitting windows are given to a network: as recorded, mirrored, scaled.
  package struct WindowVariant: Hashable, Sendable {
    package var reflect: Bool
    package var scale: Double
    package static let recorded = WindowVariant(reflect: false, scale: 1)

    package init(reflect: Bool, scale: Double) {
      self.reflect = reflect
      self.scale = scale
    }
  }

  /// What one fold trained and chose.
  public struct Fold: Sendable {
    public var heldOut: String
    public var validationParticipant: String
    /// With ``EarlyStopping/rotating``: each candidate's early-stopping participant, in candidate
    /// order (`nil`: every candidate stopped on ``validationParticipant``).
    public var validationParticipants: [String]? = nil
    /// Per candidate: the early-stopping participant's error, the geometric mean of its nine
    /// table cells (px; each task and j weighs alike, as in the table), and the epoch of the
    /// weights scored.
    public var validationErrors: [Double]
    public var bestEpochs: [Int]
    /// Index of the candidate with the lowest early-stopping error: the one scored, unless
    /// ``scoredMean``.
    public var chosen: Int
    /// The fold scored the mean of all candidates (``Scoring/meanOfCandidates``).
    public var scoredMean = false
    /// With ``scoredMean``: the candidates' mean's error on the early-stopping participant, as
    /// ``validationErrors`` measures each candidate's (`nil` for a choice, or a fold line written
    /// before it was recorded).
    public var meanValidationError: Double? = nil
  }

  public struct Outcome: Sendable {
    public var cells: [Henze2017Comparison.Cell]
    public var folds: [Fold]
    public var candidates: [String]
  }

  /// The comparison with one configuration (no choice).
  public static func run(
    rawStrokes: [Stroke], eventsAhead: [Int] = [2, 4, 6], options: MLPTrainer.Options = defaultOptions(),
    progress: (String) -> Void = { _ in }
  ) throws -> [Henze2017Comparison.Cell] {
    try run(
      rawStrokes: rawStrokes, eventsAhead: eventsAhead, candidates: [Candidate(name: "as given", options: options)],
      horizonRule: .meanInterval, progress: progress
    ).cells
  }

  /// The comparison with a choice per fold among `candidates` (all with the same history length).
  ///
  /// - Parameters:
  ///   - horizonRule: the time the network is asked for, in training and in scoring alike.
  ///   - folds: 0-based indices of the held-out participants to run (file order); all by default.
  ///     A subset is for quick iteration; its table pools only those participants.
  ///   - jobs: networks trained at once (each on its own thread); the table does not depend on it.
  public static func run(
    rawStrokes: [Stroke], eventsAhead: [Int] = [2, 4, 6], candidates: [Candidate],
    horizonRule: Henze2017Comparison.HorizonRule = .meanInterval, scoring: Scoring = .bestOnEarlyStopping,
    earlyStopping: EarlyStopping = .next, stoppingWeights: StoppingWeights = .windows,
    balanceRepeats: BalanceRepeats = .copies, extraFit: Henze2017ExtraFitData? = nil, folds: [Int]? = nil, jobs: Int = 1,
    progress: (String) -> Void = { _ in }
  ) throws -> Outcome {
    let results = try trainFolds(
      rawStrokes: rawStrokes, eventsAhead: eventsAhead, candidates: candidates, horizonRule: horizonRule,
      scoring: scoring, earlyStopping: earlyStopping, stoppingWeights: stoppingWeights, balanceRepeats: balanceRepeats,
      extraFit: extraFit, folds: folds, jobs: jobs, progress: progress)
    return combine(results, candidates: candidates.map(\.name), eventsAhead: eventsAhead)
  }

  /// The folds of ``run(rawStrokes:eventsAhead:candidates:horizonRule:scoring:folds:jobs:progress:)``:
  /// every fold's candidate networks trained, `jobs` at a time (``ReportingWorkers``), each fold
  /// scored once its last network is done. `progress` and `finished` are called on the calling
  /// thread, `finished` as each fold ends (`--henze-fold-lines` prints it), so with more than one
  /// job in the order the folds finish. The networks share nothing but the rows, which every file
  /// builds once for all folds, so each fold's result is the same to the bit whatever `jobs` is;
  /// the returned array is in the order the folds were given.
  public static func trainFolds(
    rawStrokes: [Stroke], eventsAhead: [Int] = [2, 4, 6], candidates: [Candidate],
    horizonRule: Henze2017Comparison.HorizonRule = .meanInterval, scoring: Scoring = .bestOnEarlyStopping,
    earlyStopping: EarlyStopping = .next, stoppingWeights: StoppingWeights = .windows,
    balanceRepeats: BalanceRepeats = .copies, extraFit: Henze2017ExtraFitData? = nil, folds: [Int]? = nil, jobs: Int = 1,
    progress: (String) -> Void = { _ in }, finished: (Henze2017MLPFoldResult) throws -> Void = { _ in }
  ) throws -> [Henze2017MLPFoldResult] {
    guard let first = candidates.first else { throw MLPTrainer.Failure(description: "no candidate configuration to train") }
    guard earlyStopping == .next || scoring == .meanOfCandidates else {
      throw MLPTrainer.Failure(
        description: "rotating early stopping scores the mean of the candidates: each stops on another participant, so their errors do not rank them")
    }
    guard candidates.allSatisfy({ $0.options.historyCount == first.options.historyCount }) else {
      throw MLPTrainer.Failure(description: "the candidate configurations must share one history length")
    }
    let files = Henze2017Comparison.files(fromRawStrokes: rawStrokes)
    let participants = participants(of: files)
    guard participants.count >= 3 else {
      throw MLPTrainer.Failure(description: "leave-one-participant-out with early stopping needs 3 participants, found \(participants.count)")
    }
    if let bad = folds?.first(where: { !participants.indices.contains($0) }) {
      throw MLPTrainer.Failure(description: "fold \(bad + 1) does not exist: there are \(participants.count) participants")
    }
    var shape = MLPTrainer(options: first.options).shape
    shape.maximumGapSeconds = 10  // a window is one unbroken run of moves
    let parameters = shape
    let parts = first.options.parts
    // Rows per file, all look-aheads pooled, for every variant of the windows a candidate fits
    // on (the first: as recorded, which early stopping uses).
    var variants = [WindowVariant.recorded]
    for candidate in candidates {
      for variant in candidate.windowVariants where !variants.contains(variant) { variants.append(variant) }
    }
    let windowVariants = variants
    let perFile = parallelChunks(count: files.count, parts: parts) { range -> [[MLPTrainingRows]] in
      range.map { f in
        windowVariants.map { variant in
          rows(
            of: files[f].rows, parameters: parameters, eventsAhead: eventsAhead, rule: horizonRule,
            reflect: variant.reflect, scale: variant.scale)
        }
      }
    }.flatMap { $0 }
    // Every variant's rows of the extra strokes, added to every fold's fitting rows alone.
    let extraFiles = Henze2017Comparison.files(fromRawStrokes: extraFit?.strokes ?? [])
    let extraRows = windowVariants.map { variant in
      let perExtraFile = parallelChunks(count: extraFiles.count, parts: parts) { range -> [MLPTrainingRows] in
        range.map { f in
          rows(
            of: extraFiles[f].rows, parameters: parameters, eventsAhead: eventsAhead, rule: horizonRule,
            reflect: variant.reflect, scale: variant.scale)
        }
      }.flatMap { $0 }
      var pooled = MLPTrainingRows(inputCount: parameters.inputCount)
      for part in perExtraFile { pooled.append(part) }
      return pooled
    }
    // Each balanced repeat past the first of every file, re-recorded (``BalanceRepeats/rerecorded``):
    // rerecordedRows[f][r][v] is file f's (r + 2)-th repeat in window variant v.
    let rowCounts = perFile.map { $0[0].count }
    let repeatCounts = Self.mostRepeats(of: files, rowCounts: rowCounts, participants: participants)
    let rerecordSeed = first.options.seed
    let speedSpread: Double
    if case .rerecorded(let spread) = balanceRepeats { speedSpread = spread } else { speedSpread = 1 }
    let rerecordedRows: [[[MLPTrainingRows]]] =
      balanceRepeats != .copies && candidates.contains(where: \.balanceTasks)
      ? parallelChunks(count: files.count, parts: parts) { range -> [[[MLPTrainingRows]]] in
        range.map { f in
          (1..<max(1, repeatCounts[f])).map { r in
            let rerecorded = Henze2017Rerecording.rerecord(
              files[f].rows, seed: rerecordSeed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(f) &* 1_000 &+ UInt64(r),
              speedSpread: speedSpread)
            return windowVariants.map { variant in
              rows(
                of: rerecorded, parameters: parameters, eventsAhead: eventsAhead, rule: horizonRule,
                reflect: variant.reflect, scale: variant.scale)
            }
          }
        }
      }.flatMap { $0 }
      : files.map { _ in [] }
    let setup = Self.setup(
      candidates: candidates, eventsAhead: eventsAhead, horizonRule: horizonRule, scoring: scoring,
      earlyStopping: earlyStopping, stoppingWeights: stoppingWeights, balanceRepeats: balanceRepeats,
      extraFit: extraFit?.description)
    let foldList = folds ?? Array(participants.indices)
    /// Fold p's participants: the held-out one, and each candidate's early-stopping one (the
    /// others in file order from the one after the held-out participant).
    @Sendable func stoppers(_ p: Int) -> [String] {
      let others = (1..<participants.count).map { participants[(p + $0) % participants.count] }
      return candidates.indices.map { earlyStopping == .rotating ? others[$0 % others.count] : others[0] }
    }
    /// The parts of the fitting rows of a candidate early-stopped on `stopper` when `participant`
    /// is held out, in order: every participant but those two, each of the candidate's window
    /// variants in turn (as recorded first), each task repeated when balanced.
    @Sendable func forEachFitPart(
      _ candidate: Candidate, heldOut participant: String, stopper: String, _ body: (MLPTrainingRows, _ weight: Double?) -> Void
    ) {
      let fitFiles = files.indices.filter { files[$0].participant != participant && files[$0].participant != stopper }
      let rowsPerTask = Self.rowsPerTask(of: files, rowCounts: rowCounts, leavingOut: [participant, stopper])
      let mostRows = rowsPerTask.values.max() ?? 0
      for variant in candidate.windowVariants {
        let v = windowVariants.firstIndex(of: variant) ?? 0
        for f in fitFiles {
          let own = rowsPerTask[files[f].task] ?? 1
          let repeats = candidate.balanceTasks ? balancedRepeats(mostRows: mostRows, ownRows: own) : 1
          let weight = taskWeight(mostRows: mostRows, ownRows: own, power: candidate.taskWeightPower)
          for r in 0..<repeats {
            body(r == 0 || rerecordedRows[f].isEmpty ? perFile[f][v] : rerecordedRows[f][r - 1][v], weight)
          }
        }
        body(extraRows[v], nil)
      }
    }
    // Each early-stopping participant's rows, built once for every fold, and with
    // ``StoppingWeights/cells`` their weights.
    var validationRows: [String: MLPTrainingRows] = [:]
    var validationWeights: [String: [Double]] = [:]
    for stopper in foldList.flatMap(stoppers) where validationRows[stopper] == nil {
      var rows = MLPTrainingRows(inputCount: parameters.inputCount)
      for (f, file) in files.enumerated() where file.participant == stopper { rows.append(perFile[f][0]) }
      validationRows[stopper] = rows
      if stoppingWeights == .cells {
        validationWeights[stopper] = cellWeights(
          files.indices.filter { files[$0].participant == stopper }, of: files, parameters: parameters,
          eventsAhead: eventsAhead, rule: horizonRule)
      }
    }
    let stoppingRows = validationRows, stoppingRowWeights = validationWeights

    /// One network: candidate `c` of the fold holding out participant `p`, trained and scored on its
    /// early-stopping participant; `post` takes its progress line (it runs on a worker thread).
    let trainCandidate: @Sendable (Int, Int, @escaping @Sendable (String) -> Void) throws -> FittedCandidate = { p, c, post in
      let started = Date()
      let participant = participants[p], stopper = stoppers(p)[c], candidate = candidates[c]
      var rows = MLPTrainingRows(inputCount: parameters.inputCount)
      forEachFitPart(candidate, heldOut: participant, stopper: stopper) { rows.append($0, weight: $1) }
      let validation = stoppingRows[stopper] ?? MLPTrainingRows(inputCount: parameters.inputCount)
      var result = try MLPTrainer(options: candidate.options).train(
        fitRows: rows, validationRows: validation, validationWeights: stoppingRowWeights[stopper])
      result.parameters.maximumGapSeconds = 10
      let validationCells = score(
        result.parameters, files: files.indices.filter { files[$0].participant == stopper },
        of: files, eventsAhead: eventsAhead, rule: horizonRule, parts: parts)
      let best = geometricMeanError(validationCells)
      post(String(
        format: "fold %d/%d (%@ held out, %@ for early stopping), %@: %d rows, best epoch %d of %d, validation %.4f px, %.0f s",
        p + 1, participants.count, participant, stopper, candidate.name, rows.count, result.bestEpoch,
        result.epochs.count, best, Date().timeIntervalSince(started)))
      return FittedCandidate(parameters: result.parameters, validationError: best, bestEpoch: result.bestEpoch)
    }

    /// Fold p's result from its candidates' networks, in candidate order: the chosen one or their
    /// mean, scored on the held-out participant.
    func finishFold(_ p: Int, _ fitted: [FittedCandidate]) throws -> Henze2017MLPFoldResult {
      let participant = participants[p], stopping = stoppers(p)
      let validationParticipant = stopping[0]
      let validationErrors = fitted.map(\.validationError)
      let chosen = validationErrors.indices.min { validationErrors[$0] < validationErrors[$1] } ?? 0
      let model: MLPPredictor.Parameters
      var meanValidationError: Double?
      switch scoring {
      case .bestOnEarlyStopping: model = fitted[chosen].parameters
      case .meanOfCandidates:
        do { model = try .ensemble(fitted.map(\.parameters)) } catch {
          throw MLPTrainer.Failure(description: "the candidates' ensemble: \(error)")
        }
        // Rotating: every other participant fitted some candidate, so the mean has no clean one.
        guard earlyStopping == .next else { break }
        // The ensemble's own early-stopping error: the number to compare candidate lists by,
        // never the held-out participant's.
        meanValidationError = geometricMeanError(score(
          model, files: files.indices.filter { files[$0].participant == validationParticipant },
          of: files, eventsAhead: eventsAhead, rule: horizonRule, parts: parts))
        progress(String(
          format: "fold %d/%d, the mean of the %d candidates: validation %.4f px", p + 1, participants.count,
          fitted.count, meanValidationError ?? .nan))
      }
      let heldOut = files.indices.filter { files[$0].participant == participant }
      let scored = score(model, files: heldOut, of: files, eventsAhead: eventsAhead, rule: horizonRule, parts: parts)
      return Henze2017MLPFoldResult(
        fold: p + 1, participants: participants, setup: setup, candidates: candidates.map(\.name), heldOut: participant,
        validationParticipant: validationParticipant,
        validationParticipants: earlyStopping == .rotating ? stopping : nil, validationErrors: validationErrors,
        bestEpochs: fitted.map(\.bestEpoch), chosen: chosen, scoredMean: scoring == .meanOfCandidates ? true : nil,
        meanValidationError: meanValidationError,
        cells: scored.map { .init(task: $0.task, eventsAhead: $0.j, sum: $0.sum, windows: $0.count) },
        linearAlgebra: LinearAlgebraLibrary.description)
    }

    // The networks are the jobs, not the folds: eight folds on two workers left one idle for up
    // to a fold's length at the end (about 65 s of a 10-minute table), while 48 networks taken
    // largest first leave it idle for at most the smallest's. Every network is trained alone on
    // its own rows, so the results are the same to the bit in any order, on any number of workers;
    // with one worker they run in fold and candidate order, as before.
    var networks = foldList.flatMap { p in candidates.indices.map { (fold: p, candidate: $0) } }
    if jobs > 1 {
      let cost = networks.map { network -> Double in
        var rows = 0
        forEachFitPart(candidates[network.candidate], heldOut: participants[network.fold],
          stopper: stoppers(network.fold)[network.candidate]) { part, _ in rows += part.count }
        let options = candidates[network.candidate].options
        let weights = MLPNetwork(
          layerSizes: [parameters.inputCount] + options.hiddenSizes + [2], activation: options.activation
        ).weightCount
        return Double(rows) * Double(weights)
      }
      networks = networks.indices.sorted { cost[$0] > cost[$1] || (cost[$0] == cost[$1] && $0 < $1) }.map { networks[$0] }
    }
    let jobList = networks
    var fitted = [[FittedCandidate?]](repeating: Array(repeating: nil, count: candidates.count), count: participants.count)
    var results: [Int: Henze2017MLPFoldResult] = [:]
    _ = try ReportingWorkers.run(
      count: jobList.count, workers: jobs, job: { try trainCandidate(jobList[$0].fold, jobList[$0].candidate, $1) }
    ) { report in
      switch report {
      case .message(let line): progress(line)
      case .finished(let index, let network):
        let (p, c) = jobList[index]
        fitted[p][c] = network
        let done = fitted[p].compactMap { $0 }
        guard done.count == candidates.count else { return }
        let result = try finishFold(p, done)
        results[p] = result
        try finished(result)
      }
    }
    return foldList.map { results[$0]! }
  }

  /// One trained candidate network of a fold, with its early-stopping participant's error.
  private struct FittedCandidate: Sendable {
    var parameters: MLPPredictor.Parameters
    var validationError: Double
    var bestEpoch: Int
  }

  /// The loss weight of each fitting row of a task with `ownRows` rows when the largest task has
  /// `mostRows` (``Candidate/taskWeightPower``): `(mostRows / ownRows)^power`, so with power 1 every
  /// task's rows weigh as much together as the largest task's; `nil` for power 0 (rows unweighed).
  static func taskWeight(mostRows: Int, ownRows: Int, power: Double) -> Double? {
    power == 0 ? nil : pow(Double(mostRows) / Double(max(ownRows, 1)), power)
  }

  /// How many times a balanced candidate fits a task's rows: the task with the most fitting rows
  /// over this task's, rounded, at least once.
  static func balancedRepeats(mostRows: Int, ownRows: Int) -> Int {
    max(1, Int((Double(mostRows) / Double(max(ownRows, 1))).rounded()))
  }

  /// Each task's fitting rows (as recorded) when the participants `leftOut` (held out, early
  /// stopping) are left out of the fit; `rowCounts` per file.
  static func rowsPerTask(
    of files: [Henze2017Comparison.File], rowCounts: [Int], leavingOut leftOut: Set<String>
  ) -> [String: Int] {
    var rows: [String: Int] = [:]
    for f in files.indices where !leftOut.contains(files[f].participant) { rows[files[f].task, default: 0] += rowCounts[f] }
    return rows
  }

  /// The most times a balanced candidate repeats each file's rows in any fold: over every pair of
  /// participants left out of the fit (held out, early stopping), the task with the most fitting
  /// rows over the file's task's (``balancedRepeats(mostRows:ownRows:)``).
  static func mostRepeats(of files: [Henze2017Comparison.File], rowCounts: [Int], participants: [String]) -> [Int] {
    var most = [Int](repeating: 1, count: files.count)
    for heldOut in participants {
      for stopper in participants where stopper != heldOut {
        let rowsPerTask = Self.rowsPerTask(of: files, rowCounts: rowCounts, leavingOut: [heldOut, stopper])
        let mostRows = rowsPerTask.values.max() ?? 0
        for f in files.indices {
          let own = rowsPerTask[files[f].task] ?? 1
          most[f] = max(most[f], balancedRepeats(mostRows: mostRows, ownRows: own))
        }
      }
    }
    return most
  }

  /// The early-stopping criterion of a fold: the geometric mean of the cells' mean errors (px),
  /// so that each task and j weighs alike, as in the table.
  static func geometricMeanError(_ cells: [(task: String, j: Int, sum: Double, count: Int)]) -> Double {
    exp(cells.map { log($0.sum / Double(max($0.count, 1))) }.reduce(0, +) / Double(max(cells.count, 1)))
  }

  /// The participants in file order: fold p (0-based) holds out the p-th.
  public static func participants(rawStrokes: [Stroke]) -> [String] {
    participants(of: Henze2017Comparison.files(fromRawStrokes: rawStrokes))
  }

  static func participants(of files: [Henze2017Comparison.File]) -> [String] {
    var participants: [String] = []
    for file in files where !participants.contains(file.participant) { participants.append(file.participant) }
    return participants
  }

  /// A model's summed error and window count per task and j over the files `chosen` (indices
  /// into `files`), each window fed to the runtime predictor as ``Henze2017Comparison`` does.
  static func score(
    _ model: MLPPredictor.Parameters, files chosen: [Int], of files: [Henze2017Comparison.File], eventsAhead: [Int],
    rule: Henze2017Comparison.HorizonRule, parts: Int
  ) -> [(task: String, j: Int, sum: Double, count: Int)] {
    let perFile = parallelChunks(count: chosen.count, parts: parts) { range -> [(task: String, j: Int, sum: Double, count: Int)] in
      range.flatMap { position -> [(task: String, j: Int, sum: Double, count: Int)] in
        let file = files[chosen[position]]
        var predictor = MLPPredictor(parameters: model)
        return eventsAhead.map { j in
          let score = Henze2017Protocol(eventsAhead: j).score(files: [file.rows]) { window in
            guard let (newest, horizon) = Henze2017Comparison.feed(window, to: &predictor, eventsAhead: j, rule: rule),
              let p = predictor.predict(at: newest.time + horizon)
            else { return (0, 0) }
            return (p.x - newest.x, p.y - newest.y)
          }
          return (file.task, j, score.meanError * Double(score.windows), score.windows)
        }
      }
    }.flatMap { $0 }
    var cells: [(task: String, j: Int, sum: Double, count: Int)] = []
    for cell in perFile {
      if let k = cells.firstIndex(where: { $0.task == cell.task && $0.j == cell.j }) {
        cells[k].sum += cell.sum
        cells[k].count += cell.count
      } else {
        cells.append(cell)
      }
    }
    return cells
  }

  /// ``StoppingWeights/cells``' weight of every row that ``rows(of:parameters:eventsAhead:rule:reflect:scale:)``
  /// builds, as recorded, for `fileIndices` in order: a row of task T and look-ahead j weighs
  /// 1 / (the summed constant-velocity extrapolation error of all of those files' rows of T and j).
  /// Built per file and look-ahead in the same order as the rows, so the weights line up with them.
  static func cellWeights(
    _ fileIndices: [Int], of files: [Henze2017Comparison.File], parameters: MLPPredictor.Parameters,
    eventsAhead: [Int], rule: Henze2017Comparison.HorizonRule
  ) -> [Double] {
    struct Cell: Hashable { var task: String, j: Int }
    var cells: [Cell] = [], sums: [Cell: Double] = [:]
    for f in fileIndices {
      for j in eventsAhead {
        let rows = rows(of: files[f].rows, parameters: parameters, eventsAhead: [j], rule: rule, reflect: false)
        let cell = Cell(task: files[f].task, j: j)
        for r in 0..<rows.count {
          cells.append(cell)
          sums[cell, default: 0] += rows.constantVelocityError(r)
        }
      }
    }
    return cells.map { cell in
      let sum = sums[cell] ?? 0
      return sum > 0 ? 1 / sum : 0
    }
  }

  /// The training rows of one file's kept windows for every j, each window fed to a reset
  /// predictor as the scoring feeds it; with `reflect`, every window mirrored across the x axis
  /// first (which in the motion frame mirrors it across the motion); with `scale`, every
  /// displacement (inputs and target) multiplied by it, times unchanged.
  package static func rows(
    of fileRows: [Henze2017Protocol.Row], parameters: MLPPredictor.Parameters, eventsAhead: [Int],
    rule: Henze2017Comparison.HorizonRule, reflect: Bool, scale: Double = 1
  ) -> MLPTrainingRows {
    var rows = MLPTrainingRows(inputCount: parameters.inputCount)
    var predictor = MLPPredictor(parameters: parameters)
    var inputs = [Double](repeating: 0, count: parameters.inputCount)
    for j in eventsAhead {
      Henze2017Protocol(eventsAhead: j).forEachWindow(in: fileRows) { recorded in
        var window = recorded
        if reflect {
          for k in window.inputs.indices { window.inputs[k].dy = -window.inputs[k].dy }
          window.targetDY = -window.targetDY
        }
        if scale != 1 {
          for k in window.inputs.indices {
            window.inputs[k].dx *= scale
            window.inputs[k].dy *= scale
          }
          window.targetDX *= scale
          window.targetDY *= scale
        }
        guard let (newest, horizon) = Henze2017Comparison.feed(window, to: &predictor, eventsAhead: j, rule: rule) else {
          return
        }
        let frame = inputs.withUnsafeMutableBufferPointer { predictor.writeFeatures(horizon: horizon, into: $0) }
        guard let frame else { return }
        let target = MLPFeatures.target(
          from: newest, to: (newest.x + window.targetDX, newest.y + window.targetDY), horizon: horizon,
          frame: frame, lengthScale: 1)
        rows.inputs += inputs
        rows.targets += [target.x, target.y]
        rows.horizons.append(horizon * frame.referenceSpeed)
      }
    }
    return rows
  }
}
