/// The unit a metric column is reported in.
public enum MetricUnit: String, Sendable, Hashable, Codable {
  case millimetres = "mm"
  /// The trace's own coordinate unit (px, pt, tablet counts).
  case traceUnits = "native"
  case milliseconds = "ms"
  case degrees = "deg"
  /// The trace's pressure scale (0…1 where the source gives its maximum).
  case pressure
  case millimetresPerSecond = "mm/s"
  case traceUnitsPerSecond = "native/s"
  case count
  /// A proportion in 0…1.
  case fraction
}

/// Which way a column is better, so that tables can mark the best value.
public enum BetterDirection: String, Sendable, Hashable, Codable {
  case lower
  case higher
  /// Signed quantities whose ideal is zero (along-track mean, remaining lag).
  case closerToZero
  /// Context, not a score (horizon, thresholds).
  case none
}

/// How a column's aggregate row is formed from the strokes.
public enum MetricAggregation: String, Sendable, Hashable, Codable {
  /// Every prediction of every stroke in one pool; long strokes weigh more.
  case pooledOverPredictions
  /// The per-stroke value averaged over strokes (strokes without a value left out); every stroke
  /// weighs the same.
  case averagedOverStrokes
  /// One value per stroke, pooled over strokes (for per-stroke metrics such as overshoot).
  case pooledOverStrokes
}

/// One column of a scorecard: a metric, a statistic and a unit.
public struct MetricColumn: Sendable, Hashable, Codable {
  /// Column name, `snake_case`, ending with its unit where lengths come in two units.
  public var name: String
  /// The metric family (`error`, `track`, `latency`, …), as in `Docs/Metrics.md`.
  public var family: String
  public var unit: MetricUnit
  public var better: BetterDirection
  public var aggregation: MetricAggregation
  /// Only the aggregate row has it (the per-stroke cells are empty).
  public var aggregateOnly: Bool

  public init(
    name: String, family: String, unit: MetricUnit, better: BetterDirection,
    aggregation: MetricAggregation, aggregateOnly: Bool = false
  ) {
    self.name = name
    self.family = family
    self.unit = unit
    self.better = better
    self.aggregation = aggregation
    self.aggregateOnly = aggregateOnly
  }
}
