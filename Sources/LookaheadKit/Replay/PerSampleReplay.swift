import LookaheadRuntime

/// The second replay mode: a prediction issued at every sample with a fixed horizon, scored
/// against the recorded path. It runs the per-sample anchor protocol of
/// `../shared/design/ANCHOR-PROTOCOL.md` §1 exactly (on ``IssuePointLoop``, the one per-sample
/// loop, with its anchor settings), so that numbers compare with published per-sample results
/// and with the reference rows there:
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
  public static let endTolerance = IssuePointLoop.endTolerance

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
  /// and horizon order: ``IssuePointLoop/anchorProtocol(horizons:)``, stroke by stroke.
  ///
  /// - Returns: what R1–R3 changed over all strokes (the ``StrokeCleaner`` rule names).
  @discardableResult
  public func forEachIssuePoint<P: Predictor>(
    _ predictor: P, on strokes: [Stroke], _ visit: (IssuePoint) -> Void
  ) -> CleaningReport {
    var predictor = predictor
    var loop = IssuePointLoop.anchorProtocol(horizons: horizons)
    var report = CleaningReport()
    StrokeCleaner().declare(in: &report)
    for (strokeIndex, stroke) in strokes.enumerated() {
      loop.run(&predictor, on: stroke, report: &report) { point in
        // Never nil: a declined prediction is the newest sample under the anchor protocol.
        let predicted = point.predicted
        visit(
          IssuePoint(
            strokeIndex: strokeIndex, sampleIndex: point.sampleIndex, horizonIndex: point.horizonIndex,
            targetTime: point.targetTime, truthX: point.truthX, truthY: point.truthY,
            predictedX: predicted?.x ?? .nan, predictedY: predicted?.y ?? .nan))
      }
    }
    return report
  }

  /// Mean and p95 error per horizon, pooled over all strokes (in ``horizons`` order), and each
  /// stroke's mean error (``PerSampleScore/strokeMeanErrors``, in the order of `strokes`).
  public func score<P: Predictor>(_ predictor: P, on strokes: [Stroke]) -> [PerSampleScore] {
    var errors = [[Double]](repeating: [], count: horizons.count)
    var strokeSums = [[Double]](repeating: [Double](repeating: 0, count: strokes.count), count: horizons.count)
    var strokeCounts = [[Int]](repeating: [Int](repeating: 0, count: strokes.count), count: horizons.count)
    forEachIssuePoint(predictor, on: strokes) { point in
      let error = point.error
      errors[point.horizonIndex].append(error)
      strokeSums[point.horizonIndex][point.strokeIndex] += error
      strokeCounts[point.horizonIndex][point.strokeIndex] += 1
    }
    return horizons.indices.map { h in
      let means: [Double?] = strokes.indices.map { s in
        strokeCounts[h][s] > 0 ? strokeSums[h][s] / Double(strokeCounts[h][s]) : nil
      }
      return PerSampleScore(horizon: horizons[h], errors: &errors[h], strokeMeanErrors: means)
    }
  }

}
