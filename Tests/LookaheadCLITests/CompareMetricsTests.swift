import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// `compare`'s text fits a 100-column terminal by default, and `--metrics` gives every metric or
/// the ones named (issue 20).
@Suite("compare --metrics and the 100-column default")
struct CompareMetricsTests {
  static let predictors = [
    "hold", "linear", "polynomial", "savitzky-golay", "kalman", "kalman-androidx", "desp", "alpha-beta-gamma",
    "recorded", "turbotouch64",
  ]

  /// The words of each table header line (`predictor` then the metric columns), over every block.
  static func headerColumns(_ text: String) -> [String] {
    text.split(separator: "\n").filter { $0.hasPrefix("predictor ") }
      .flatMap { $0.split(separator: " ").dropFirst().map(String.init) }
  }

  @Test("by default every line, heading and paired table included, fits 100 columns")
  func defaultFitsHundredColumns() throws {
    let result = try DatasetsCommandTests.run(["compare"] + Self.predictors + ["Inkable-ApplePencil", "--resamples", "200"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count > 30)
    for line in lines { #expect(line.count <= 100, "\(line.count) wide: \(line)") }
    // The key metrics, each once.
    let columns = Self.headerColumns(result.stdout)
    #expect(columns.count == ComparisonTable.keyMetrics.count && Set(columns).count == columns.count, "\(columns)")
  }

  @Test("--metrics all shows every metric of the scorecard, each length once, still in 100-column blocks")
  func allMetrics() throws {
    let arguments = ["compare", "hold", "linear", "Inkable-ApplePencil", "--resamples", "200"]
    let text = try DatasetsCommandTests.run(arguments + ["--metrics", "all"])
    #expect(text.status == 0, "\(text.stderr)")
    for line in text.stdout.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
    let json = try DatasetsCommandTests.run(arguments + ["--json"])
    let result = try EvaluationCommandTests.decode(EvaluationResult.self, json.stdout)
    let scorecard = try #require(result.datasets.first?.subjects.first?.scorecard)
    let shown = Set(Self.headerColumns(text.stdout))
    for column in scorecard.columns.map(\.name) {
      // A length metric shows once, in mm when every row has it, else in trace units.
      let twins = [column, column.replacingOccurrences(of: "_native", with: "_mm"), column.replacingOccurrences(of: "_mm", with: "_native")]
      #expect(twins.contains { shown.contains($0) }, "\(column) missing")
    }
    #expect(shown.count == Self.headerColumns(text.stdout).count, "a column shown twice")
  }

  @Test("--metrics NAME,… shows those, in that order, with or without the unit")
  func namedMetrics() throws {
    let result = try DatasetsCommandTests.run(
      ["compare", "hold", "linear", "Inkable-ApplePencil", "--resamples", "200", "--metrics", "jitter_rms,error_mean_mm"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.headerColumns(result.stdout) == ["jitter_rms_mm", "error_mean_mm"])
  }

  @Test("an unknown metric is refused before any work, naming the option")
  func unknownMetric() throws {
    let result = try DatasetsCommandTests.run(["compare", "hold", "linear", "Inkable-ApplePencil", "--metrics", "eror_mean"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("--metrics: \"eror_mean\" is not a scorecard metric"), "\(result.stderr)")
  }

  /// The per-sample protocols' tables (a column per horizon, long reference labels and their
  /// provenance) were up to 300 wide; now their horizons come in blocks and the provenance wraps.
  @Test("--protocol anchor fits 100 columns too, every horizon still shown")
  func anchorFitsHundredColumns() throws {
    let result = try DatasetsCommandTests.run(["compare", "hold", "linear", "recorded", "--protocol", "anchor", "Inkable-ApplePencil"])
    #expect(result.status == 0, "\(result.stderr)")
    for line in result.stdout.split(separator: "\n") { #expect(line.count <= 100, "\(line.count) wide: \(line)") }
    // The first native-unit table (ours; the recorded predictions' tables follow), block by block.
    let ours = try #require(result.stdout.components(separatedBy: "Recorded predictions").first)
    let header = "mean / p95, native (pt)"
    let horizons = ours.split(separator: "\n").filter { $0.hasPrefix(header) }
      .flatMap { $0.dropFirst(header.count).split(separator: " ").filter { $0 != "ms" }.map(String.init) }
    #expect(horizons == ["4.17", "8.33", "12.5", "16.67", "20.83", "25", "33.33"], "\(horizons)")
  }
}
