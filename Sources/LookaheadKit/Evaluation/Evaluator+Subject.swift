import LookaheadRuntime

extension Evaluator {
  /// The scorecard of `subject` over every contact stroke of `trace`, a fresh predictor per
  /// stroke built for that stroke (recorded platform predictions need it). Parallel across
  /// strokes and bit-identical for any number of cores, like
  /// ``evaluate(_:makePredictor:progress:)``.
  public func evaluate(
    _ trace: Trace, subject: EvaluationSubject, progress: (@Sendable (Int) -> Void)? = nil
  ) throws -> Scorecard {
    let indices = trace.strokes.indices.filter { !trace.strokes[$0].isHover }
    let settings = metricSettings
    let replay = self.replay
    let results = parallelChunks(count: indices.count, parts: parts) { range -> Result<MetricsScorer, Error> in
      Result {
        var scorer = try MetricsScorer(settings: settings)
        for position in range {
          let strokeIndex = indices[position]
          try Self.score(
            strokeIndex: strokeIndex, of: trace, replay: replay,
            predictor: subject.makePredictor(for: trace.strokes[strokeIndex]), scorer: &scorer, record: nil)
        }
        progress?(range.count)
        return scorer
      }
    }
    var total = try MetricsScorer(settings: settings)
    for result in results { total.append(contentsOf: try result.get()) }
    return total.scorecard()
  }

  /// Like ``evaluate(_:subject:progress:)`` on one core, handing every scored prediction to
  /// `record` in stroke and frame order (for `--records`).
  public func evaluate(
    _ trace: Trace, subject: EvaluationSubject, record: (Record) throws -> Void
  ) throws -> Scorecard {
    var scorer = try MetricsScorer(settings: metricSettings)
    try withoutActuallyEscaping(record) { record in
      for strokeIndex in trace.strokes.indices where !trace.strokes[strokeIndex].isHover {
        try Self.score(
          strokeIndex: strokeIndex, of: trace, replay: replay,
          predictor: subject.makePredictor(for: trace.strokes[strokeIndex]), scorer: &scorer, record: record)
      }
    }
    return scorer.scorecard()
  }
}
