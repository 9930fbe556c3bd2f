import Foundation

/// Runs a search: asks the strategy for points, evaluates them, journals each finished trial,
/// and resumes from an existing journal so that an interrupted tune ends exactly where an
/// uninterrupted one with the same seed would.
public struct Tuner<Strategy: SearchStrategy> {
  public var header: TuningJournal.Header
  public var strategy: Strategy
  public var journal: TuningJournal?

  public init(header: TuningJournal.Header, strategy: Strategy, journal: TuningJournal?) {
    self.header = header
    self.strategy = strategy
    self.journal = journal
  }

  /// What evaluating one point gives: the objective (lower is better) and metrics to record.
  public struct Outcome: Sendable {
    public var objective: Double
    public var metrics: [String: Double]
    /// The bounds broken, when the configuration is infeasible (see ``TuningJournal/Trial/infeasible``).
    public var infeasible: String?
    public init(objective: Double, metrics: [String: Double] = [:], infeasible: String? = nil) {
      self.objective = objective
      self.metrics = metrics
      self.infeasible = infeasible
    }
  }

  /// Progress after each trial: the trial, the best so far, and how many are done.
  public struct Progress: Sendable {
    public var trial: TuningJournal.Trial
    public var best: TuningJournal.Trial?
    public var done: Int
    public var resumed: Int
  }

  /// Runs until the strategy is exhausted or `maximumTrials` are done (counting resumed ones).
  ///
  /// - Parameters:
  ///   - fresh: ignore an existing journal and start over (the CLI's `--restart-journal`).
  ///   - announce: called once, with the count, when a journal held finished trials (replayed
  ///     before any new trial).
  ///   - evaluate: scores parameter values (in the space's order); a thrown error marks the trial
  ///     failed (objective ∞ for the strategy) and the search goes on.
  /// - Returns: every trial, resumed ones first.
  public mutating func run(
    maximumTrials: Int = .max, fresh: Bool = false,
    resumed announce: (Int) -> Void = { _ in },
    evaluate: ([Double]) throws -> Outcome,
    progress: (Progress) -> Void = { _ in }
  ) throws -> [TuningJournal.Trial] {
    var trials: [TuningJournal.Trial] = []
    var best: TuningJournal.Trial?
    func consider(_ trial: TuningJournal.Trial) {
      guard let objective = trial.objective else { return }
      if best?.objective.map({ objective < $0 }) ?? true { best = trial }
    }

    // Held until this run returns: a second tune on the journal refuses instead of interleaving.
    let lock = try journal?.lock()
    defer { withExtendedLifetime(lock) {} }
    if let journal, !fresh, let existing = try journal.read() {
      guard existing.header.resumes(header) else {
        throw TuningJournal.Mismatch(path: journal.url.path, detail: existing.header.differences(resumedBy: header))
      }
      for recorded in existing.trials {
        guard let point = strategy.next() else { break }
        guard point.count == recorded.unit.count,
          zip(point, recorded.unit).allSatisfy({ abs($0 - $1) <= 1e-12 })
        else {
          throw TuningJournal.Mismatch(path: journal.url.path, detail: "trial \(recorded.index) was proposed at a different point")
        }
        strategy.tell(point, score: recorded.objective ?? .infinity)
        trials.append(recorded)
        consider(recorded)
      }
      if existing.droppedPartialLine || trials.count != existing.trials.count {
        try journal.rewrite(header: header, trials: trials)
      }
    } else if let journal {
      try journal.start(with: header)
    }
    let resumed = trials.count
    if resumed > 0 { announce(resumed) }

    while trials.count < maximumTrials, let point = strategy.next() {
      let values = header.space.values(atUnit: point)
      let trial = TuningJournal.Trial(index: trials.count, unit: point, values: values) {
        let outcome = try evaluate(values)
        return (outcome.objective, outcome.metrics, outcome.infeasible)
      }
      strategy.tell(point, score: trial.objective ?? .infinity)
      try journal?.append(trial)
      trials.append(trial)
      consider(trial)
      progress(Progress(trial: trial, best: best, done: trials.count, resumed: resumed))
    }
    return trials
  }
}

extension TuningJournal.Trial {
  /// The record of one trial at `unit` (parameter `values`) scored by `score`, exactly as
  /// ``Tuner`` journals it: a thrown error is a failed trial with its reason; a non-finite
  /// objective is a failed one too (null in the journal, +∞ for the strategy, the same live and
  /// resumed); a finite one may still be infeasible (bounds broken). `lookahead worker` builds its
  /// results with this too, so a remote trial's record is the tuner's to the bit.
  public init(
    index: Int, unit: [Double], values: [Double],
    scoredBy score: () throws -> (objective: Double, metrics: [String: Double], infeasible: String?)
  ) {
    self.init(index: index, unit: unit, values: values, objective: nil, metrics: [:])
    do {
      let outcome = try score()
      objective = outcome.objective.isFinite ? outcome.objective : nil
      metrics = outcome.metrics
      infeasible = outcome.infeasible
      if !outcome.objective.isFinite { failure = "objective is not finite (\(outcome.objective))" }
    } catch {
      failure = "\(error)"
    }
  }
}
