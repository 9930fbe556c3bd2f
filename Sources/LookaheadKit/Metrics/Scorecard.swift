/// The scores of one stroke: one cell per scorecard column, `nil` where undefined.
public struct StrokeScore: Sendable, Hashable, Codable {
  public var reference: StrokeReference
  public var predictionCount: Int
  /// `nil` when the trace's scale is unknown (the stroke's mm cells are then empty).
  public var millimetresPerUnit: Double?
  public var values: [Double?]
}

/// Per-stroke and aggregate values of every metric for one predictor on one set of strokes.
///
/// The aggregate row pools every prediction of every stroke (``MetricAggregation``
/// `.pooledOverPredictions`) except the `stroke_mean` columns (each stroke's mean, averaged over
/// strokes) and the per-stroke metrics such as overshoot (pooled over strokes); each column says
/// which in ``MetricColumn/aggregation``. Lengths come in millimetres (`_mm`, empty when a scale
/// is unknown) and trace units (`_native`, empty when strokes of different units are mixed).
/// Definitions: `Docs/Metrics.md`.
public struct Scorecard: Sendable, Hashable, Codable {
  public var columns: [MetricColumn]
  public var strokes: [StrokeScore]
  public var aggregate: [Double?]
  public var predictionCount: Int
  /// Every stroke had the same coordinate unit and scale (else `_native` aggregates are empty).
  public var uniformUnits: Bool
  public var settings: MetricSettings

  /// Index of the column called `name`.
  public func columnIndex(_ name: String) -> Int? { columns.firstIndex { $0.name == name } }

  /// The aggregate value of column `name`, `nil` if undefined or no such column.
  public func value(_ name: String) -> Double? {
    guard let index = columnIndex(name), index < aggregate.count else { return nil }
    return aggregate[index]
  }

  /// The value of column `name` for the stroke at `position` in ``strokes``.
  public func value(_ name: String, stroke position: Int) -> Double? {
    guard let index = columnIndex(name), strokes.indices.contains(position),
      index < strokes[position].values.count
    else { return nil }
    return strokes[position].values[index]
  }

  // MARK: - CSV

  /// The CSV header: stroke identification, then every column name.
  public var csvHeader: String {
    (["source", "stroke", "origin", "writer", "predictions"] + columns.map(\.name)).joined(separator: ",")
  }

  /// One CSV row per stroke (empty cells for undefined values), matching ``csvHeader``.
  public var csvStrokeRows: [String] {
    strokes.map { stroke in
      let identity = [
        Self.csvField(stroke.reference.source), "\(stroke.reference.strokeIndex)",
        Self.csvField(stroke.reference.origin ?? ""), Self.csvField(stroke.reference.writer ?? ""),
        "\(stroke.predictionCount)",
      ]
      return (identity + stroke.values.map(Self.csvNumber)).joined(separator: ",")
    }
  }

  /// The aggregate as one flat CSV row matching ``csvHeader`` (`source` is `label`, `stroke` is
  /// `all`), for tables of predictors side by side.
  public func csvAggregateRow(label: String) -> String {
    ([Self.csvField(label), "all", "", "", "\(predictionCount)"] + aggregate.map(Self.csvNumber))
      .joined(separator: ",")
  }

  static func csvNumber(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "" }
    return "\(value)"
  }

  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
