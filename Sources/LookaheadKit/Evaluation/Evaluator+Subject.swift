import LookaheadRuntime

extension Evaluator {
  /// The scorecard of `subject` over every contact stroke of `trace`, a fresh predictor per
  /// stroke built for that stroke (recorded platform predictions need it). Parallel across
  /// strokes and bit-identical for any number of cores, like
  /// ``evaluate(_:makePredictor:progress:)``.
  public func evaluate(
    _ trace: Trace, subject: EvaluationSubject, progress: (@Sendable (Int) -> Void)? = nil
  ) throws -> Scorecard {
    try evaluate(trace, predictorForStroke: { subject.makePredictor(for: $0) }, progress: progress)
  }

  /// Like ``evaluate(_:subject:progress:)`` on one core, handing every scored prediction to
  /// `record` in stroke and frame order (for `--records`).
  public func evaluate(
    _ trace: Trace, subject: EvaluationSubject, record: (Record) throws -> Void
  ) throws -> Scorecard {
    try evaluate(trace, predictorForStroke: { subject.makePredictor(for: $0) }, record: record)
  }
}
