import LookaheadRuntime

/// Scores one predictor configuration on recorded strokes the way an app would have used it:
/// each stroke is replayed through a device profile (``Replay``); at every frame the predictor is
/// fed the samples delivered by then (with late property updates as known at the callback) and
/// asked for the pointer at the frame's target presentation time; the metrics compare what was
/// shown with where the pen really was when the frame was really presented (a missed frame is
/// shown one refresh late, and scored then).
///
/// Strokes are split into contiguous runs of about equal numbers of samples, one per core, each
/// with its own scorer; the runs are joined in stroke order, so the scorecard is identical, to the
/// bit, for any number of cores.
public struct Evaluator: Sendable {
  public var replay: Replay
  public var metricSettings: MetricSettings
  /// How many cores to use.
  public var parts: Int
  /// Scorers of finished evaluations, reused by the next ones.
  private let reuse = ScorerReuse()

  public init(replay: Replay, metricSettings: MetricSettings = MetricSettings(), parts: Int = availableCoreCount) {
    self.replay = replay
    self.metricSettings = metricSettings
    self.parts = parts
  }

  /// One scored prediction with where it came from, for per-prediction records.
  public struct Record: Sendable {
    public var strokeIndex: Int
    public var frame: ReplayFrame
    public var outcome: PredictionOutcome
  }

  /// The scorecard of `makePredictor`'s predictors over every contact stroke of `trace`
  /// (a fresh predictor per stroke).
  ///
  /// - Parameter progress: called after each finished run of strokes with the number of strokes
  ///   done so far (from the worker threads; keep it cheap and thread-safe).
  public func evaluate(
    _ trace: Trace, makePredictor: @escaping @Sendable () -> any Predictor,
    progress: (@Sendable (Int) -> Void)? = nil
  ) throws -> Scorecard {
    try evaluate(trace, predictorForStroke: { _ in makePredictor() }, progress: progress)
  }

  /// Like ``evaluate(_:makePredictor:progress:)``, on one core, also handing every scored
  /// prediction to `record` in stroke and frame order (for `--records` output and notebooks).
  public func evaluate(
    _ trace: Trace, makePredictor: () -> any Predictor, record: (Record) throws -> Void
  ) throws -> Scorecard {
    try withoutActuallyEscaping(makePredictor) { makePredictor in
      try evaluate(trace, predictorForStroke: { _ in makePredictor() }, record: record)
    }
  }

  /// The parallel core: a fresh predictor per contact stroke, built for that stroke (recorded
  /// platform predictions need the stroke), scored by one scorer per run of strokes and joined in
  /// stroke order.
  func evaluate(
    _ trace: Trace, predictorForStroke: @escaping @Sendable (Stroke) -> any Predictor,
    progress: (@Sendable (Int) -> Void)?
  ) throws -> Scorecard {
    let indices = trace.strokes.indices.filter { !trace.strokes[$0].isHover }
    let settings = metricSettings
    let replay = self.replay
    let decimation = replay.profile.digitizer.decimation
    let reuse = self.reuse
    // Runs of strokes with about equal numbers of samples, one per core.
    var cumulativeSamples = [0]
    cumulativeSamples.reserveCapacity(indices.count + 1)
    for index in indices {
      cumulativeSamples.append(cumulativeSamples[cumulativeSamples.count - 1] + trace.strokes[index].samples.count)
    }
    let runs = balancedRuns(cumulativeWeights: cumulativeSamples, parts: parts)
    let results = parallelRuns(runs) { range -> Result<MetricsScorer, Error> in
      Result {
        var scorer = try reuse.take(settings: settings)
        // The first run's scorer becomes the total, so it makes room for every run's predictions
        // and joining copies only the later runs' values once.
        let reserved = range.lowerBound == 0 ? 0..<indices.count : range
        scorer.reserveCapacity(
          predictions: Self.expectedPredictions(indices[reserved], of: trace, decimation: decimation),
          strokes: reserved.count)
        for position in range {
          let strokeIndex = indices[position]
          try Self.score(
            strokeIndex: strokeIndex, of: trace, replay: replay,
            predictor: predictorForStroke(trace.strokes[strokeIndex]), scorer: &scorer, record: nil)
        }
        progress?(range.count)
        return scorer
      }
    }
    return try reuse.scorecard(joining: consume results, settings: settings, parts: parts)
  }

  /// About how many frames the replay gives `strokes` (one per delivered kept sample, at most;
  /// more only for profiles that ask for frames without new samples), to size the buffers once.
  static func expectedPredictions(_ strokes: ArraySlice<Int>, of trace: Trace, decimation: Int) -> Int {
    let step = max(1, decimation)
    return strokes.reduce(0) { $0 + (trace.strokes[$1].samples.count + step - 1) / step }
  }

  /// The recording core: one core, every scored prediction handed to `record` in order.
  func evaluate(
    _ trace: Trace, predictorForStroke: (Stroke) -> any Predictor, record: (Record) throws -> Void
  ) throws -> Scorecard {
    var scorer = try reuse.take(settings: metricSettings)
    let indices = trace.strokes.indices.filter { !trace.strokes[$0].isHover }
    scorer.reserveCapacity(
      predictions: Self.expectedPredictions(indices[...], of: trace, decimation: replay.profile.digitizer.decimation),
      strokes: indices.count)
    try withoutActuallyEscaping(record) { record in
      for strokeIndex in trace.strokes.indices where !trace.strokes[strokeIndex].isHover {
        try Self.score(
          strokeIndex: strokeIndex, of: trace, replay: replay,
          predictor: predictorForStroke(trace.strokes[strokeIndex]), scorer: &scorer, record: record)
      }
    }
    let scorecard = scorer.scorecard()
    reuse.give(scorer)
    return scorecard
  }

  /// Replays one stroke through one predictor into the scorer. The existential is opened once
  /// per stroke, so the per-frame calls go to the concrete predictor type.
  static func score<P: Predictor>(
    strokeIndex: Int, of trace: Trace, replay: Replay, predictor: P, scorer: inout MetricsScorer,
    record: ((Record) throws -> Void)?
  ) throws {
    let stroke = trace.strokes[strokeIndex]
    var predictor = predictor
    predictor.reset()
    try scorer.beginStroke(
      stroke, metadata: trace.metadata,
      reference: StrokeReference(
        source: trace.metadata.source, strokeIndex: strokeIndex, origin: stroke.origin, writer: stroke.writer))
    var frames = try replay.frames(of: stroke, strokeIndex: strokeIndex)
    while let frame = frames.next() {
      for index in frame.deliveredSamples {
        predictor.observe(frames.pointerSample(index, knownAt: frame.callbackTime))
      }
      let predicted = predictor.predict(at: frame.targetPresentationTime)
      let event = PredictionEvent(
        issueTime: frame.callbackTime, newestSampleIndex: frame.newestSampleIndex,
        targetTime: frame.presentationTime,
        predicted: predicted.flatMap { point in
          point.x.isFinite && point.y.isFinite
            ? PredictedPosition(x: point.x, y: point.y, pressure: point.pressure.flatMap { $0.isFinite ? $0 : nil })
            : nil
        })
      let outcome = try scorer.accumulate(event)
      if let record { try record(Record(strokeIndex: strokeIndex, frame: frame, outcome: outcome)) }
    }
    _ = try scorer.endStroke()
  }
}
