import LookaheadRuntime

/// Computes a ``TuningObjective`` for predictors on one ``TuningData``, using every core:
/// strokes are split into contiguous runs (``parallelChunks``; for the per-sample objectives runs
/// of about equal samples, ``TuningData/strokeRuns(parts:)``), each run scored on its own core,
/// and the runs joined in stroke order, so a score is identical to the bit for any core count.
///
/// What does not depend on the predictor (TurboTouch's no-prediction baseline) is computed once,
/// here.
public struct ObjectiveEvaluator: Sendable {
  public let objective: TuningObjective
  public let data: TuningData
  /// The device replay for replay-based objectives (`latency`, `weighted`).
  public let replay: Replay
  public let metricSettings: MetricSettings
  public let parts: Int
  private let holdComponents: TurboTouchCost.Components?
  /// Scorers of finished trials, reused by the next ones (a search scores the same data again
  /// and again).
  private let reuse = ScorerReuse()

  /// An objective's value and the metrics recorded beside it.
  public struct Score: Sendable, Hashable {
    /// Lower is better.
    public var value: Double
    public var metrics: [String: Double]
    /// The bounds a `latency` trial broke, each with its value (`stroke_end_overshoot_p95_mm
    /// 2.31 > 1`); nil when the trial is feasible or the objective has no bounds.
    public var infeasibility: String? = nil
  }

  /// The scorecard columns recorded for every replay-based trial (for Pareto fronts).
  public static let recordedColumns = [
    ScorecardColumn.errorMeanMillimetres, ScorecardColumn.errorP95Millimetres,
    ScorecardColumn.latencySavedMeanMilliseconds, ScorecardColumn.strokeEndOvershootP95Millimetres,
    ScorecardColumn.jitterRMSMillimetres, ScorecardColumn.wrongDirectionFraction,
    ScorecardColumn.wrongOrientationP95Degrees, ScorecardColumn.horizonMeanMilliseconds,
  ]

  public init(
    objective: TuningObjective, data: TuningData, replay: Replay,
    metricSettings: MetricSettings = MetricSettings(), parts: Int = availableCoreCount
  ) {
    self.objective = objective
    self.data = data
    self.replay = replay
    self.metricSettings = metricSettings
    self.parts = parts
    if case .turboTouch(let settings) = objective {
      let series = Self.errorSeries(
        data: data, horizon: settings.horizonSeconds, parts: parts,
        makePredictor: { HoldPredictor(parameters: HoldParameters()) })
      holdComponents = TurboTouchCost.components(series, cutoffHz: settings.cutoffHz)
    } else {
      holdComponents = nil
    }
  }

  /// Scores one predictor (a fresh one per stroke from `makePredictor`).
  public func score(_ makePredictor: @escaping @Sendable () -> any Predictor) throws -> Score {
    switch objective {
    case .error(let statistic, let horizons):
      let scores = perSampleScores(horizons: horizons, makePredictor: makePredictor)
      var meanSum = 0.0, p95Sum = 0.0
      for s in scores {
        meanSum += s.meanError
        p95Sum += s.p95Error
      }
      let n = Double(max(1, scores.count))
      let unit = data.inMillimetres ? "mm" : "native"
      let mean = meanSum / n, p95 = p95Sum / n
      return Score(
        value: statistic == .mean ? mean : p95, metrics: ["error_mean_\(unit)": mean, "error_p95_\(unit)": p95])
    case .frameError(let statistic):
      let card = try scorecard(makePredictor)
      let unit = data.inMillimetres ? "mm" : "native"
      let column = "error_\(statistic.rawValue)_\(unit)"
      guard card.columnIndex(column) != nil else {
        throw ObjectiveError.missingColumn(name: column, known: card.columns.map(\.name))
      }
      guard let value = card.value(column) else { throw ObjectiveError.undefinedColumn(name: column) }
      var metrics = Self.recorded(card)
      metrics[column] = value
      return Score(value: value, metrics: metrics)
    case .turboTouch(let settings):
      let series = Self.errorSeries(data: data, horizon: settings.horizonSeconds, parts: parts, makePredictor: makePredictor)
      let components = TurboTouchCost.components(series, cutoffHz: settings.cutoffHz)
      let hold = holdComponents ?? components
      return Score(
        value: TurboTouchCost.cost(components, hold: hold, settings: settings),
        metrics: [
          "turbotouch_mean_error": components.mean, "turbotouch_max_error": components.maximum,
          "turbotouch_jitter": components.jitter,
        ])
    case .latency:
      let card = try scorecard(makePredictor)
      let metrics = Self.recorded(card)
      guard let saved = card.value(ScorecardColumn.latencySavedMeanMilliseconds) else {
        throw ObjectiveError.missingColumn(name: ScorecardColumn.latencySavedMeanMilliseconds, known: card.columns.map(\.name))
      }
      var excess = 0.0
      var broken: [String] = []
      for (column, bound) in objective.bounds {
        // An undefined side effect (no stroke came to rest, say) cannot violate its bound.
        guard let value = card.value(column), value > bound else { continue }
        broken.append("\(column) \(formatNumber(value)) > \(formatNumber(bound))")
        excess += bound > 0 ? (value - bound) / bound : value
      }
      guard broken.isEmpty else {
        return Score(
          value: TuningObjective.infeasiblePenalty + excess, metrics: metrics,
          infeasibility: broken.joined(separator: ", "))
      }
      return Score(value: -saved, metrics: metrics)
    case .weighted(let columns):
      let card = try scorecard(makePredictor)
      var total = 0.0
      for item in columns {
        guard card.columnIndex(item.column) != nil else {
          throw ObjectiveError.missingColumn(name: item.column, known: card.columns.map(\.name))
        }
        guard let value = card.value(item.column) else {
          throw ObjectiveError.undefinedColumn(name: item.column)
        }
        total += item.weight * value
      }
      return Score(value: total, metrics: Self.recorded(card))
    }
  }

  public enum ObjectiveError: Error, Equatable, CustomStringConvertible {
    case missingColumn(name: String, known: [String])
    case undefinedColumn(name: String)
    public var description: String {
      switch self {
      case .missingColumn(let name, let known):
        "the scorecard has no column \(name); columns: \(known.joined(separator: ", "))"
      case .undefinedColumn(let name):
        "scorecard column \(name) is undefined on this data (no scale, or nothing to measure)"
      }
    }
  }

  static func recorded(_ card: Scorecard) -> [String: Double] {
    var metrics: [String: Double] = [:]
    for name in recordedColumns { if let v = card.value(name), v.isFinite { metrics[name] = v } }
    return metrics
  }

  /// Pooled per-sample errors (mm, or trace units) per horizon, over every stroke.
  public func perSampleErrors(
    horizons: [Double], makePredictor: @escaping @Sendable () -> any Predictor
  ) -> [[Double]] {
    Self.perSampleErrors(data: data, horizons: horizons, parts: parts, makePredictor: makePredictor)
  }

  /// Pooled per-sample errors (mm, or trace units) per horizon over every stroke of `data`, with
  /// the strokes split across `parts` cores and joined in stroke order.
  public static func perSampleErrors(
    data: TuningData, horizons: [Double], parts: Int, makePredictor: @escaping @Sendable () -> any Predictor
  ) -> [[Double]] {
    let runs = data.strokeRuns(parts: parts)
    let chunks = parallelRuns(runs) { range -> ChunkErrors in
      collectErrors(makePredictor(), data: data, strokes: range, horizons: horizons)
    }
    var pooled = [[Double]](repeating: [], count: horizons.count)
    for h in horizons.indices {
      pooled[h].reserveCapacity(chunks.reduce(0) { $0 + $1.counts[h] })
      for chunk in chunks { pooled[h] += chunk.column(h) }
    }
    return pooled
  }

  /// The per-sample scores (count, mean, p95) per horizon over every stroke, equal to the bit to
  /// ``PerSampleScore`` on ``perSampleErrors(horizons:makePredictor:)``'s pooled errors, but
  /// computed without pooling: each core sorts its own errors and the sorted runs are merged
  /// while summing (``SortedErrorRuns``). This is the `error` objective's inner loop.
  public func perSampleScores(
    horizons: [Double], makePredictor: @escaping @Sendable () -> any Predictor
  ) -> [PerSampleScore] {
    Self.perSampleScores(data: data, horizons: horizons, parts: parts, makePredictor: makePredictor)
  }

  /// ``perSampleScores(horizons:makePredictor:)`` on `data` over `parts` cores.
  public static func perSampleScores(
    data: TuningData, horizons: [Double], parts: Int, makePredictor: @escaping @Sendable () -> any Predictor
  ) -> [PerSampleScore] {
    let runs = data.strokeRuns(parts: parts)
    let chunks = parallelRuns(runs) { range -> [SortedErrorRuns]? in
      let errors = collectErrors(makePredictor(), data: data, strokes: range, horizons: horizons)
      var sorted: [SortedErrorRuns] = []
      for h in horizons.indices {
        var runs = SortedErrorRuns()
        guard errors.column(h).withUnsafeBufferPointer({ runs.append(sorting: $0) }) else { return nil }
        sorted.append(runs)
      }
      return sorted
    }
    var merged = [SortedErrorRuns](repeating: SortedErrorRuns(), count: horizons.count)
    for chunk in chunks {
      // A NaN error has no place in an ascending order; the pooled list's own sort decides
      // where it lands, so such a (rare, broken) predictor is scored the original way.
      guard let chunk else {
        var errors = perSampleErrors(data: data, horizons: horizons, parts: parts, makePredictor: makePredictor)
        return horizons.indices.map { PerSampleScore(horizon: .seconds(horizons[$0]), errors: &errors[$0]) }
      }
      for h in horizons.indices { merged[h].append(contentsOf: chunk[h]) }
    }
    return horizons.indices.map { merged[$0].score(horizon: .seconds(horizons[$0])) }
  }

  /// One core's errors (scaled) per horizon, in stroke order: horizon `h`'s `counts[h]` errors
  /// start at `h × stride` in `values`.
  struct ChunkErrors {
    var values: [Double]
    var stride: Int
    var counts: [Int]
    func column(_ h: Int) -> ArraySlice<Double> { values[(h * stride)..<(h * stride + counts[h])] }
  }

  /// One core's errors over `range`, written straight into one block sized up front for the
  /// most issue points the strokes can give (every sample past the warm-up, per horizon), so
  /// that the loop neither grows arrays nor checks their uniqueness.
  private static func collectErrors<P: Predictor>(
    _ predictor: P, data: TuningData, strokes range: Range<Int>, horizons: [Double]
  ) -> ChunkErrors {
    var stride = 0
    for s in range { stride += max(0, data.cleanedStarts[s + 1] - data.cleanedStarts[s] - PerSampleReplay.warmUpSamples) }
    var counts = [Int](repeating: 0, count: horizons.count)
    let scales = data.scales
    let values = [Double](unsafeUninitializedCapacity: horizons.count * stride) { block, initialized in
      var finished = [Int](repeating: 0, count: horizons.count)
      counts.withUnsafeMutableBufferPointer { counts in
        // The loop stores squared lengths; at each stroke's end they become lengths in mm, in
        // a loop without calls that the compiler vectorises (the same operations on the same
        // numbers as `(ex * ex + ey * ey).squareRoot() * scale` in one go, so the same bits).
        forEachIssuePoint(
          predictor, data: data, strokes: range, horizons: horizons,
          strokeEnded: { stroke in
            let scale = scales[stroke]
            for h in counts.indices {
              for i in (h * stride + finished[h])..<(h * stride + counts[h]) { block[i] = block[i].squareRoot() * scale }
              finished[h] = counts[h]
            }
          }
        ) { _, h, _, ex, ey in
          let slot = counts[h]
          // Never false (at most one point per sample and horizon); keeps any slip in bounds.
          guard slot < stride else { return }
          block[h * stride + slot] = ex * ex + ey * ey
          counts[h] = slot + 1
        }
        // The unused tail of each horizon's part, so that the whole block is initialised.
        for h in counts.indices {
          let tail = UnsafeMutableBufferPointer(rebasing: block[(h * stride + counts[h])..<((h + 1) * stride)])
          tail.initialize(repeating: 0)
        }
      }
      initialized = horizons.count * stride
    }
    return ChunkErrors(values: values, stride: stride, counts: counts)
  }

  /// The per-sample anchor protocol over prepared strokes (``TuningData/cleanedSamples``):
  /// ``IssuePointLoop/anchorProtocol(horizons:)`` run on the samples ``TuningData`` cleaned once,
  /// instead of cleaning and converting them again for every trial (a test checks the two paths
  /// give the same points to the bit). `visit` gets the stroke's index in `data`, the horizon's
  /// index, the target time and the error vector (prediction − truth) in trace units;
  /// `strokeEnded` the stroke's index after its last point.
  @inline(__always)
  static func forEachIssuePoint<P: Predictor>(
    _ predictor: P, data: TuningData, strokes range: Range<Int>, horizons: [Double],
    strokeEnded: (Int) -> Void, _ visit: (Int, Int, Double, Double, Double) -> Void
  ) {
    var predictor = predictor
    var loop = IssuePointLoop.anchorProtocol(horizons: horizons.map { .seconds($0) })
    data.cleanedSamples.withUnsafeBufferPointer { all in
      for strokeIndex in range {
        let samples = UnsafeBufferPointer(
          rebasing: all[data.cleanedStarts[strokeIndex]..<data.cleanedStarts[strokeIndex + 1]])
        loop.run(&predictor, onPrepared: samples) { point in
          // Never nil: a declined prediction is the newest sample under the anchor protocol.
          let predicted = point.predicted
          visit(
            strokeIndex, point.horizonIndex, point.targetTime, (predicted?.x ?? .nan) - point.truthX,
            (predicted?.y ?? .nan) - point.truthY)
        }
        strokeEnded(strokeIndex)
      }
    }
  }

  /// Each stroke's error vectors (scaled) at one horizon, for TurboTouch's cost.
  static func errorSeries(
    data: TuningData, horizon: Double, parts: Int, makePredictor: @escaping @Sendable () -> any Predictor
  ) -> [[TurboTouchCost.ErrorPoint]] {
    let chunks = parallelChunks(count: data.strokes.count, parts: parts) { range -> [[TurboTouchCost.ErrorPoint]] in
      var series = [[TurboTouchCost.ErrorPoint]](repeating: [], count: range.count)
      forEachIssuePoint(makePredictor(), data: data, strokes: range, horizons: [horizon], strokeEnded: { _ in }) {
        stroke, _, target, ex, ey in
        let scale = data.scales[stroke]
        series[stroke - range.lowerBound].append(.init(time: target, dx: ex * scale, dy: ey * scale))
      }
      return series
    }
    return chunks.flatMap { $0 }
  }

  /// The scorecard of a predictor over every stroke through the device replay, pooled across
  /// traces (a replay-based objective's input).
  public func scorecard(_ makePredictor: @escaping @Sendable () -> any Predictor) throws -> Scorecard {
    let data = self.data
    let settings = metricSettings
    let replay = self.replay
    let reuse = self.reuse
    let runs = data.strokeRuns(parts: parts)
    let results = parallelRuns(runs) { range -> Result<MetricsScorer, Error> in
      Result {
        var scorer = try reuse.take(settings: settings)
        for position in range {
          try Evaluator.score(
            strokeIndex: data.strokeIndices[position], of: data.traces[data.traceIndices[position]],
            replay: replay, predictor: makePredictor(), scorer: &scorer, record: nil)
        }
        return scorer
      }
    }
    return try reuse.scorecard(joining: consume results, settings: settings, parts: parts)
  }
}
