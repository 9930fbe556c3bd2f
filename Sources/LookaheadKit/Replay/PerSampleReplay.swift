import LookaheadRuntime

/// The second replay mode: a prediction issued at every sample with a fixed horizon, scored
/// against the recorded path. It runs the per-sample anchor protocol of
/// `../shared/design/ANCHOR-PROTOCOL.md` §1 exactly, so that numbers compare with published
/// per-sample results and with the reference rows there:
///
/// 1. each stroke is cleaned by R1–R3 with the importers' own ``StrokeCleaner`` (so cleaning an
///    imported trace again changes nothing) and its time taken relative to its first kept sample;
/// 2. the predictor is reset at the stroke start and observes samples 0…i; the first
///    ``warmUpSamples`` samples are warm-up, so predictions are issued at i ≥ 4;
/// 3. the target time is T = tᵢ + h; a point with T more than 1 ns after the last sample is
///    skipped; the truth is the piecewise-linear interpolation of the samples at T (for an
///    event-count horizon, the sample j events later);
/// 4. the error is the Euclidean distance, pooled over all strokes per horizon: mean and p95.
///
/// No stroke-end event is sent. A predictor that returns `nil` (not ready, or gated) is scored as
/// if the app had drawn the newest sample, which is what it would show.
public struct PerSampleReplay: Sendable {
  /// Samples seen before the first prediction is issued.
  public static let warmUpSamples = 4
  /// Allowance for a target just past the last sample, seconds (the protocol's 1e-6 ms).
  public static let endTolerance = 1e-9

  public var horizons: [FixedHorizon]

  public init(horizons: [FixedHorizon] = FixedHorizon.anchorHorizons) {
    self.horizons = horizons
  }

  /// One scored issue point.
  public struct IssuePoint: Sendable, Hashable {
    public var strokeIndex: Int
    /// Index of the issuing sample in the cleaned stroke.
    public var sampleIndex: Int
    /// Index into ``PerSampleReplay/horizons``.
    public var horizonIndex: Int
    /// Target time, seconds after the stroke's first kept sample.
    public var targetTime: Double
    public var truthX: Double
    public var truthY: Double
    public var predictedX: Double
    public var predictedY: Double
    public var error: Double {
      let dx = predictedX - truthX
      let dy = predictedY - truthY
      return (dx * dx + dy * dy).squareRoot()
    }
  }

  /// Runs `predictor` over `strokes` and calls `visit` with every issue point, in stroke, sample
  /// and horizon order.
  ///
  /// - Returns: what R1–R3 changed over all strokes (the ``StrokeCleaner`` rule names).
  @discardableResult
  public func forEachIssuePoint<P: Predictor>(
    _ predictor: P, on strokes: [Stroke], _ visit: (IssuePoint) -> Void
  ) -> CleaningReport {
    var predictor = predictor
    let cleaner = StrokeCleaner()
    var report = CleaningReport()
    cleaner.declare(in: &report)
    for (strokeIndex, stroke) in strokes.enumerated() {
      // Times relative to the stroke's first kept sample (the subtraction the protocol does).
      var kept = cleaner.clean(stroke.samples, report: &report).kept
      predictor.reset()
      guard let start = kept.first?.time else { continue }
      for k in kept.indices { kept[k].time -= start }
      let n = kept.count
      let lastTime = kept[n - 1].time
      for i in 0..<n {
        let sample = kept[i]
        let t = sample.time
        predictor.observe(
          PointerSample(
            time: t, x: sample.x, y: sample.y, pressure: sample.pressure, altitude: sample.altitude,
            azimuth: sample.azimuth))
        guard i >= Self.warmUpSamples else { continue }
        for (h, horizon) in horizons.enumerated() {
          let target: Double
          let truthX: Double
          let truthY: Double
          switch horizon {
          case .events(let j):
            guard j >= 1, j <= n - 1 - i else { continue }
            target = kept[i + j].time
            truthX = kept[i + j].x
            truthY = kept[i + j].y
          case .seconds(let seconds):
            target = t + seconds
            guard target <= lastTime + Self.endTolerance else { continue }
            var segment = i
            (truthX, truthY) = PiecewiseLinearPath.position(in: kept, at: target, searchingFrom: &segment)
          }
          let predicted = predictor.predict(at: target)
          visit(
            IssuePoint(
              strokeIndex: strokeIndex, sampleIndex: i, horizonIndex: h, targetTime: target,
              truthX: truthX, truthY: truthY, predictedX: predicted?.x ?? sample.x,
              predictedY: predicted?.y ?? sample.y))
        }
      }
    }
    return report
  }

  /// Mean and p95 error per horizon, pooled over all strokes (in ``horizons`` order).
  public func score<P: Predictor>(_ predictor: P, on strokes: [Stroke]) -> [PerSampleScore] {
    var errors = [[Double]](repeating: [], count: horizons.count)
    forEachIssuePoint(predictor, on: strokes) { point in
      errors[point.horizonIndex].append(point.error)
    }
    return horizons.indices.map { PerSampleScore(horizon: horizons[$0], errors: &errors[$0]) }
  }

}
