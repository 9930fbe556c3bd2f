import Foundation
import LookaheadRuntime

/// Error and effective latency saved against the horizon, for the error-versus-latency-saved
/// curve of `lookahead sweep`.
///
/// **Method: a per-sample fixed horizon**, not a modified profile (``IssuePointLoop``, the one
/// per-sample loop). At every delivered sample `i` after the warm-up
/// (``PerSampleReplay/warmUpSamples`` delivered samples), the predictor, having observed the
/// delivered samples up to `i`, is asked for `tᵢ + h`, and every metric scores that prediction
/// (``MetricsScorer``, target `tᵢ + h`, anchor `i`); targets after the stroke's last sample are
/// skipped, as in ANCHOR-PROTOCOL.md §1. The horizon is then exactly `h` for every prediction,
/// so the curve's x axis means one thing; overriding the profile's pipeline latency instead
/// would mix each frame's own horizon (coalescing, display phase) into every point. The profile
/// contributes its digitizer decimation (which samples are delivered) and the step:
/// horizons run from 0 to 35 ms in steps of one delivered-sample period (``step(for:profile:)``).
public struct HorizonSweep: Sendable {
  /// Horizons, seconds, ascending.
  public var horizons: [Double]
  public var decimation: Int
  public var metricSettings: MetricSettings
  public var parts: Int

  public init(
    horizons: [Double], decimation: Int = 1, metricSettings: MetricSettings = MetricSettings(),
    parts: Int = availableCoreCount
  ) {
    self.horizons = horizons
    self.decimation = max(1, decimation)
    self.metricSettings = metricSettings
    self.parts = parts
  }

  /// The delivered-sample period of `trace` under `profile`: the decimation over the trace's
  /// digitizer rate, or over the median sample interval when the rate is not recorded.
  public static func step(for trace: Trace, profile: DeviceProfile) -> Double? {
    let decimation = Double(max(1, profile.digitizer.decimation))
    if let rate = trace.metadata.digitizerRateHz, rate.isFinite, rate > 0 { return decimation / rate }
    var intervals: [Double] = []
    for stroke in trace.contactStrokes where stroke.samples.count > 1 {
      for k in 1..<stroke.samples.count {
        let dt = stroke.samples[k].time - stroke.samples[k - 1].time
        if dt > 0 { intervals.append(dt) }
      }
    }
    guard let median = Percentile.type7(50, of: &intervals), median > 0 else { return nil }
    return decimation * median
  }

  /// The most steps one sweep takes (horizons past 0). Every horizon scores every prediction
  /// again, so the cost grows with the count: 1,000 steps of Inkable's 289 predictions take about
  /// 4 s in a debug build, while a step of 1e-4 ms over 35 ms (350,000 steps) ran for more than
  /// ten minutes, and 1e-300 ms trapped converting the count to an integer.
  public static let maximumSteps = 1000

  /// The steps of `0, step, 2·step, …` up to `maximum` seconds, or `nil` when there would be more
  /// than ``maximumSteps`` (or `step` is not a positive finite number).
  public static func stepCount(step: Double, maximum: Double = 0.035) -> Int? {
    guard step > 0, step.isFinite, maximum >= 0, maximum.isFinite else { return nil }
    let count = (maximum / step + 1e-9).rounded(.down)
    return count <= Double(maximumSteps) ? Int(count) : nil
  }

  /// `0, step, 2·step, …` up to `maximum` seconds (35 ms by default), with a little allowance
  /// for rounding so that 35 ms itself is included when it is a multiple of the step; at most
  /// ``maximumSteps`` steps (check ``stepCount(step:maximum:)`` first to refuse more).
  public static func horizons(step: Double, maximum: Double = 0.035) -> [Double] {
    guard step > 0, step.isFinite else { return [0] }
    let count = stepCount(step: step, maximum: maximum) ?? maximumSteps
    return (0...count).map { Double($0) * step }
  }

  /// One scorecard per horizon (in ``horizons`` order) for `subject` on `trace`. Parallel across
  /// strokes, joined in stroke order: bit-identical for any number of cores.
  public func run(_ trace: Trace, subject: EvaluationSubject) throws -> [Scorecard] {
    let indices = trace.strokes.indices.filter { !trace.strokes[$0].isHover }
    let settings = metricSettings
    let horizons = self.horizons
    let decimation = self.decimation
    let results = parallelChunks(count: indices.count, parts: parts) { range -> Result<[MetricsScorer], Error> in
      Result {
        var scorers = try horizons.map { _ in try MetricsScorer(settings: settings) }
        for position in range {
          let strokeIndex = indices[position]
          let stroke = trace.strokes[strokeIndex]
          try Self.sweep(
            stroke, strokeIndex: strokeIndex, metadata: trace.metadata, predictor: subject.makePredictor(for: stroke),
            horizons: horizons, decimation: decimation, scorers: &scorers)
        }
        return scorers
      }
    }
    var totals = try horizons.map { _ in try MetricsScorer(settings: settings) }
    for result in results {
      let scorers = try result.get()
      for h in totals.indices { totals[h].append(contentsOf: scorers[h]) }
    }
    // The horizons' scorecards, shared out across the cores.
    let finished = totals
    return parallelChunks(count: finished.count, parts: parts) { range in range.map { finished[$0].scorecard() } }
      .flatMap { $0 }
  }

  /// One stroke through ``IssuePointLoop``: as recorded (``MetricsScorer`` draws the truth from
  /// the recorded stroke too), every `decimation`-th sample observed, a declined prediction passed
  /// on to the scorer as declined (its `declined_*` columns count them; it then scores the newest
  /// sample, as the app would draw it).
  static func sweep<P: Predictor>(
    _ stroke: Stroke, strokeIndex: Int, metadata: TraceMetadata, predictor: P, horizons: [Double],
    decimation: Int, scorers: inout [MetricsScorer]
  ) throws {
    var predictor = predictor
    let reference = StrokeReference(
      source: metadata.source, strokeIndex: strokeIndex, origin: stroke.origin, writer: stroke.writer)
    for h in scorers.indices { try scorers[h].beginStroke(stroke, metadata: metadata, reference: reference) }
    guard !stroke.samples.isEmpty else { return }
    var loop = IssuePointLoop(
      horizons: horizons.map { .seconds($0) }, cleaning: .asRecorded, decimation: decimation, declined: .reported)
    var unchanged = CleaningReport()
    var failure: Error?
    loop.run(&predictor, on: stroke, report: &unchanged) { point in
      guard failure == nil else { return }
      do {
        try scorers[point.horizonIndex].accumulate(
          PredictionEvent(
            issueTime: point.issueTime, newestSampleIndex: point.sampleIndex, targetTime: point.targetTime,
            predicted: point.predicted.flatMap { predicted in
              predicted.x.isFinite && predicted.y.isFinite
                ? PredictedPosition(
                  x: predicted.x, y: predicted.y, pressure: predicted.pressure.flatMap { $0.isFinite ? $0 : nil })
                : nil
            }))
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    for h in scorers.indices { try scorers[h].endStroke() }
  }
}
