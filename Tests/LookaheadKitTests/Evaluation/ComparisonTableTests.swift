@testable import LookaheadKit
import Testing

@Suite("Comparison table")
struct ComparisonTableTests {
  /// A scorecard holding only aggregate error and declined fraction.
  static func card(error: Double, declined: Double) -> Scorecard {
    let columns = [
      MetricColumn(name: "error_mean_mm", family: "error", unit: .millimetres, better: .lower, aggregation: .pooledOverPredictions),
      MetricColumn(name: "declined_fraction", family: "error", unit: .fraction, better: .none, aggregation: .pooledOverPredictions),
    ]
    return Scorecard(
      columns: columns, strokes: [], aggregate: [error, declined], predictionCount: 100, uniformUnits: true,
      settings: MetricSettings())
  }

  @Test("a row that declined most of its predictions is never starred best and is named in a warning")
  func mostlyDeclinedIsNotBest() throws {
    // "broken" has the lowest error only because it declined 90 % (scored as a hold on data
    // where the pen rests, say, or with times in ms read as seconds).
    let table = ComparisonTable([
      ("broken", Self.card(error: 0.01, declined: 0.9)), ("kalman", Self.card(error: 1.5, declined: 0.02)),
      ("linear", Self.card(error: 2.0, declined: 0.5)),
    ])
    let error = try #require(table.columns.firstIndex { $0.name == "error_mean_mm" })
    #expect(table.bestRows(column: error) == [1])
    #expect(table.rows[0].isMostlyDeclined && !table.rows[2].isMostlyDeclined)
    let warning = try #require(table.declinedWarning)
    #expect(warning.hasPrefix("warning: broken declined 90 % of its predictions"))
    #expect(!warning.contains("linear"))
    #expect(table.text.contains(warning))
    #expect(ComparisonTable([("kalman", Self.card(error: 1.5, declined: 0.02))]).declinedWarning == nil)
  }

  @Test("the side-by-side table is laid out in blocks that fit 100 columns, every metric once, each block naming the predictors")
  func blocksFitTheWidth() throws {
    let run = EvaluationRun(
      subjects: try ["hold", "linear", "kalman", "turbotouch64"].map { try EvaluationSubject.resolve($0) },
      datasets: [try EvaluationDataset.load("Inkable-ApplePencil")], profile: .pencil240ProMotion120, bootstrapResamples: 10)
    let subjects = try #require(try run.run(commandLine: ["lookahead", "compare"], command: "compare").datasets.first?.subjects)
    let table = ComparisonTable(subjects.map { ($0.label, $0.scorecard) })
    #expect(table.columns.count == 11)
    let text = table.text()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 100 }, "\(lines.map(\.count).max() ?? 0) wide")
    let headers = lines.filter { $0.hasPrefix("predictor ") }
    for column in table.columns {
      #expect(headers.filter { $0.split(separator: " ").contains(Substring(column.name)) }.count == 1, "\(column.name)")
    }
    #expect(headers.count >= 2)
    #expect(lines.filter { $0.hasPrefix("kalman ") }.count == headers.count)
    // The whole width on request: one block.
    #expect(table.text(width: 1000).split(separator: "\n").filter { $0.hasPrefix("predictor ") }.count == 1)
  }

  @Test("the warning does not swallow the key")
  func warningAndKey() {
    let table = ComparisonTable([("broken", Self.card(error: 0.01, declined: 0.9)), ("kalman", Self.card(error: 1.5, declined: 0.02))])
    #expect(table.text.contains("warning: broken declined"))
    #expect(table.text.contains("* best in column: lower is better"))
  }
}
