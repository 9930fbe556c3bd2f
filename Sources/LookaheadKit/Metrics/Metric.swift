/// A family of metrics as a streaming accumulator: it sees each prediction's
/// ``PredictionOutcome`` once, reports per-stroke cells when a stroke ends, and the aggregate
/// cells at the end of the run.
///
/// Contract: ``accumulate(_:_:)`` allocates nothing once the buffers are warm; ``columns`` lists,
/// in order, the cells that ``endStroke(_:into:)`` and ``aggregate(_:into:)`` append (each appends
/// exactly `columns.count` cells, `nil` where a value is undefined); aggregation depends only on
/// the strokes in order, never on how runs were split and joined with ``append(contentsOf:)``.
/// What each column means is in `Docs/Metrics.md`.
public protocol Metric: Sendable {
  /// The columns this family reports: name, unit, which direction is better, how aggregated.
  var columns: [MetricColumn] { get }
  /// Forgets every stroke (keeps buffer capacity).
  mutating func reset()
  /// Prepares for a new stroke.
  mutating func beginStroke(_ context: StrokeContext)
  /// Takes one prediction of the current stroke.
  mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext)
  /// Closes the stroke and appends its cells.
  mutating func endStroke(_ context: StrokeContext, into row: inout [Double?])
  /// Appends the strokes another accumulator scored after this one's.
  mutating func append(contentsOf other: Self)
  /// Appends the aggregate cells over all strokes so far.
  func aggregate(_ run: RunContext, into row: inout [Double?])
}
