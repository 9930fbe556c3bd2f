import Foundation

/// Finished scorers kept for the next evaluation, so that their per-prediction pools (several
/// megabytes for a large dataset) are reused rather than allocated and faulted in afresh by every
/// evaluation: comparing predictors, sweeping horizons and benchmarking evaluate the same data
/// again and again, and fresh pages cost about a tenth of an evaluation's time.
///
/// Shared by the copies of one ``Evaluator`` (or ``ObjectiveEvaluator``); thread-safe. A reused
/// scorer is ``MetricsScorer/reset()`` first, so results are the same as from a new one.
final class ScorerReuse: @unchecked Sendable {
  private let lock = NSLock()
  private var idle: [MetricsScorer] = []
  /// At most this many are kept (one per core of a typical evaluation).
  private let limit: Int

  init(limit: Int = 4) { self.limit = limit }

  /// A reset scorer with `settings`: a kept one if there is one, else a new one.
  func take(settings: MetricSettings) throws(MetricInputError) -> MetricsScorer {
    let kept: MetricsScorer? = lock.withLock {
      guard let index = idle.lastIndex(where: { $0.settings == settings }) else { return nil }
      return idle.remove(at: index)
    }
    guard var scorer = kept else { return try MetricsScorer(settings: settings) }
    scorer.reset()
    return scorer
  }

  /// Keeps `scorer` for a later ``take(settings:)`` (dropped when enough are kept).
  func give(_ scorer: MetricsScorer) {
    lock.withLock {
      if idle.count < limit { idle.append(scorer) }
    }
  }

  /// The scorecard of the runs' scorers joined in run order, aggregated on `parts` cores; every
  /// scorer is kept for reuse afterwards. The first run's scorer becomes the total (moved out, so
  /// joining copies only the later runs' values).
  func scorecard(
    joining runs: consuming [Result<MetricsScorer, Error>], settings: MetricSettings, parts: Int
  ) throws -> Scorecard {
    guard !runs.isEmpty else { return try take(settings: settings).scorecard() }
    var total = try runs.removeFirst().get()
    for run in runs {
      let scorer = try run.get()
      total.append(contentsOf: scorer)
      give(scorer)
    }
    let scorecard = total.scorecard(parts: parts)
    give(total)
    return scorecard
  }
}
