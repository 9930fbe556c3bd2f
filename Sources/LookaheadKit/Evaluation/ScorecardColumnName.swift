/// A scorecard column as a user names it on the command line (`--paired-column`, `--objective
/// weighted:`): the column itself, or a length metric without its unit (`error_mean`, as
/// `--metrics` takes it), which is its millimetre column. One rule and one hint for both.
public enum ScorecardColumnName {
  /// Example names for a refusal, and where every name is listed (the whole list is over 1 700
  /// characters, which a message's bound cut in the middle).
  public static let examples =
    "such as error_mean_mm (or error_mean), error_p95_native or latency_saved_mean_ms (every name: the column "
    + "headers of --metrics all, Docs/Metrics.md)"

  /// The column `name` means among `columns`: itself, or `name_mm`; nil when it means neither.
  public static func resolve(_ name: String, among columns: [String]) -> String? {
    if columns.contains(name) { return name }
    return columns.contains(name + "_mm") ? name + "_mm" : nil
  }
}
