/// The per-sample protocol's result for one horizon over a set of strokes: how many issue points
/// were scored and the mean and 95th percentile of the Euclidean error, in the trace's unit.
public struct PerSampleScore: Sendable, Hashable {
  public var horizon: FixedHorizon
  /// Issue points scored (skipped points, whose target lies after the stroke's end, excluded).
  public var issuePoints: Int
  /// Mean Euclidean error, trace units; 0 when there are no issue points.
  public var meanError: Double
  /// 95th percentile of the error with linear interpolation between order statistics (Hyndman &
  /// Fan type 7, numpy's default `percentile` method); 0 when there are no issue points.
  public var p95Error: Double
  /// Per stroke, in the order scored, the mean error of its issue points at this horizon (`nil`
  /// for a stroke with none): what a paired comparison of two predictors resamples, since the
  /// strokes, not the correlated points within one, are the independent units. Empty when
  /// not recorded.
  public var strokeMeanErrors: [Double?]

  public init(
    horizon: FixedHorizon, issuePoints: Int, meanError: Double, p95Error: Double, strokeMeanErrors: [Double?] = []
  ) {
    self.horizon = horizon
    self.issuePoints = issuePoints
    self.meanError = meanError
    self.p95Error = p95Error
    self.strokeMeanErrors = strokeMeanErrors
  }

  /// Scores pooled errors (sorted in place).
  init(horizon: FixedHorizon, errors: inout [Double], strokeMeanErrors: [Double?] = []) {
    errors.sort()
    var sum = 0.0
    for e in errors { sum += e }
    self.init(
      horizon: horizon, issuePoints: errors.count,
      meanError: errors.isEmpty ? 0 : sum / Double(errors.count),
      p95Error: Percentile.type7(quantile: 0.95, ofSorted: errors) ?? 0, strokeMeanErrors: strokeMeanErrors)
  }
}
