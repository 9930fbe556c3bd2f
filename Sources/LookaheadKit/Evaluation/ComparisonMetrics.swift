import Foundation

/// The metrics the side-by-side table shows (`compare --metrics`, `evaluate --metrics`): the key
/// ones by default (``ComparisonTable/keyMetrics``, laid out in blocks that fit 100 columns),
/// every scorecard metric on request, or a list the user names. The JSON and CSV results always
/// carry every column; this only chooses what the text table prints.
public enum ComparisonMetrics: Sendable, Hashable {
  /// ``ComparisonTable/keyMetrics``.
  case key
  /// Every metric the scorer produces, each length once (in mm when every row has it).
  case all
  /// These metrics, in this order (names with or without their `_mm` / `_native` unit).
  case named([String])

  /// Parses `key`, `all` or a comma-separated list of metric names, refusing a name that is not
  /// a scorecard column (with or without its length unit) and naming the ones that are.
  public init(parsing text: String) throws {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "key": self = .key
    case "all": self = .all
    default:
      let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      let known = Self.metricNames(of: try MetricsScorer().columns.map(\.name))
      guard !names.isEmpty else {
        throw EvaluationRun.RunError(field: "--metrics", problem: "give key, all, or metric names separated by commas")
      }
      for name in names where !known.contains(Self.metricName(of: name)) {
        throw EvaluationRun.RunError(
          field: "--metrics",
          problem: "\"\(MessageText.bounded(name))\" is not a scorecard metric; give key, all, or metric names "
            + "such as \(ComparisonTable.keyMetrics.prefix(3).joined(separator: ",")) (every name: the column headers "
            + "of --metrics all, Docs/Metrics.md)")
      }
      self = .named(names)
    }
  }

  /// The metric names to give ``ComparisonTable/init(_:metrics:)`` for tables of scorecards
  /// with these `columns`.
  public func names(columns: [String]) -> [String] {
    switch self {
    case .key: ComparisonTable.keyMetrics
    case .all: Self.metricNames(of: columns)
    case .named(let names): names
    }
  }

  /// `columns` with each length metric once, by its name without the unit, in column order.
  static func metricNames(of columns: [String]) -> [String] {
    var names: [String] = []
    for column in columns {
      let name = metricName(of: column)
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// A length column's metric (`error_mean_mm` → `error_mean`); other names unchanged.
  static func metricName(of column: String) -> String {
    for unit in ["_mm", "_native"] where column.hasSuffix(unit) { return String(column.dropLast(unit.count)) }
    return column
  }
}
