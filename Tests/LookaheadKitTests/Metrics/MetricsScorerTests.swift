import Foundation
@testable import LookaheadKit
import Testing

/// The scorer as a whole: joining parallel runs, units across traces, bad input, JSON and CSV.
@Suite struct MetricsScorerTests {
  static let strokes = [
    MetricTestStrokes.line(samples: 40),
    MetricTestStrokes.stroke((0..<30).map { (Double($0 * $0) / 8, Double($0)) }),
    MetricTestStrokes.stroke((0..<50).map { (Double(min($0, 30)), Double($0 % 3) / 4) }),
  ]

  static func events(_ stroke: Stroke) -> [PredictionEvent] {
    MetricTestStrokes.events(
      for: stroke, horizonSamples: 3.5, anchors: 0...(stroke.samples.count - 1), predict: MetricTestStrokes.linear)
  }

  static func scorer(_ range: Range<Int>) throws -> MetricsScorer {
    var scorer = try MetricsScorer()
    for index in range {
      try scorer.beginStroke(
        strokes[index], metadata: MetricTestStrokes.metadata(),
        reference: StrokeReference(source: "synthetic", strokeIndex: index))
      for event in events(strokes[index]) { try scorer.accumulate(event) }
      try scorer.endStroke()
    }
    return scorer
  }

  @Test func joiningPartialRunsGivesTheSameScorecardToTheBit() throws {
    let whole = try Self.scorer(0..<3).scorecard()
    var first = try Self.scorer(0..<1)
    first.append(contentsOf: try Self.scorer(1..<3))
    #expect(first.scorecard() == whole)
    // Families aggregated concurrently: the same cells in the same order.
    #expect(first.scorecard(parts: 3) == whole)
    var other = try Self.scorer(0..<2)
    other.append(contentsOf: try Self.scorer(2..<3))
    #expect(other.scorecard() == whole)
    #expect(whole.strokes.count == 3)
    #expect(whole.predictionCount == 40 + 30 + 50)
  }

  /// Pooled statistics against the per-prediction outcomes, computed here independently: means
  /// and maxima from all outcomes, and the p95 of lateness and over-anticipation (which the scorer
  /// derives from the lag's order statistics) from their own values, to the bit. The linear
  /// extrapolation overshoots the bends and reversals of these strokes and trails elsewhere, so
  /// both tails are non-zero.
  @Test func pooledStatisticsMatchTheOutcomes() throws {
    var scorer = try MetricsScorer()
    var outcomes: [PredictionOutcome] = []
    for (index, stroke) in Self.strokes.enumerated() {
      try scorer.beginStroke(
        stroke, metadata: MetricTestStrokes.metadata(), reference: StrokeReference(source: "synthetic", strokeIndex: index))
      for event in Self.events(stroke) { outcomes.append(try scorer.accumulate(event)) }
      try scorer.endStroke()
    }
    let card = scorer.scorecard()
    var lateness = outcomes.map { max(0, $0.remainingLag) }
    var overAnticipation = outcomes.map { max(0, -$0.remainingLag) }
    let latenessP95 = try #require(Percentile.type7(95, of: &lateness))
    let overAnticipationP95 = try #require(Percentile.type7(95, of: &overAnticipation))
    #expect(latenessP95 > 0)
    #expect(overAnticipationP95 > 0)
    #expect(card.value("lateness_p95_ms") == latenessP95 * 1000)
    #expect(card.value("over_anticipation_p95_ms") == overAnticipationP95 * 1000)
    var errors = outcomes.map(\.error)
    #expect(card.value("error_p95_native") == Percentile.type7(95, of: &errors))
    #expect(card.value("error_max_native") == errors.max())
    let meanError = try #require(card.value("error_mean_native"))
    #expect(abs(meanError - errors.reduce(0, +) / Double(errors.count)) < 1e-12 * meanError)
  }

  @Test func everyRowHasOneCellPerColumn() throws {
    let card = try Self.scorer(0..<3).scorecard()
    #expect(card.aggregate.count == card.columns.count)
    for stroke in card.strokes { #expect(stroke.values.count == card.columns.count) }
    #expect(Set(card.columns.map(\.name)).count == card.columns.count)
  }

  @Test func pooledAndStrokeAveragedMeansDiffer() throws {
    // Hold on two lines at 1 and 3 units per sample, horizon 2 samples: errors 2 (×10) and 6 (×30).
    // Pooled over predictions: (20 + 180)/40 = 5; averaged over strokes: (2 + 6)/2 = 4.
    let slow = MetricTestStrokes.line(samples: 13, unitsPerSample: 1)
    let fast = MetricTestStrokes.line(samples: 33, unitsPerSample: 3)
    let hold: ([TraceSample], Double) -> PredictedPosition? = { _, _ in nil }
    let card = try MetricsScorer.score(
      Trace(metadata: MetricTestStrokes.metadata(), strokes: [slow, fast]),
      events: [
        MetricTestStrokes.events(for: slow, horizonSamples: 2, anchors: 1...10, predict: hold),
        MetricTestStrokes.events(for: fast, horizonSamples: 2, anchors: 1...30, predict: hold),
      ])
    #expect(card.value("error_mean_native") == 5)
    #expect(card.value("error_stroke_mean_native") == 4)
    let column = try #require(card.columnIndex("error_stroke_mean_native"))
    #expect(card.columns[column].aggregation == .averagedOverStrokes)
  }

  @Test func strokesOfDifferentUnitsPoolOnlyInMillimetres() throws {
    // The same hold (error 4 units) on a px trace at 1 mm/unit and a pt trace at 0.5 mm/unit.
    let line = MetricTestStrokes.line(samples: 20)
    let events = MetricTestStrokes.events(for: line, horizonSamples: 4, anchors: 1...15) { _, _ in nil }
    var scorer = try MetricsScorer()
    for (index, metadata) in [
      MetricTestStrokes.metadata(millimetresPerUnit: 1, unit: "px"),
      MetricTestStrokes.metadata(millimetresPerUnit: 0.5, unit: "pt"),
    ].enumerated() {
      try scorer.beginStroke(line, metadata: metadata, reference: StrokeReference(source: "s", strokeIndex: index))
      for event in events { try scorer.accumulate(event) }
      try scorer.endStroke()
    }
    let card = scorer.scorecard()
    #expect(card.uniformUnits == false)
    #expect(card.value("error_mean_native") == nil)
    #expect(card.value("error_mean_mm") == 3)
    #expect(card.value("error_max_mm") == 4)
    #expect(card.value("error_stroke_mean_mm") == 3)
    #expect(card.value("error_mean_mm", stroke: 1) == 2)
    #expect(card.value("latency_saved_mean_ms") == 0)
  }

  @Test func predictionsPastTheEndScoreAgainstTheLastSample() throws {
    // A line that ends while moving, at x = 19. A perfect-looking prediction past the end
    // (beyond 19) is scored against the held last sample: ahead by the excess, and it lands
    // on the held end, so it saves up to the target (no over-anticipation is measurable on a
    // path that stops).
    let line = MetricTestStrokes.line(samples: 20)
    let event = PredictionEvent(
      issueTime: 18 * MetricTestStrokes.period, newestSampleIndex: 18, targetTime: 22 * MetricTestStrokes.period,
      predicted: PredictedPosition(x: 22, y: 0))
    var scorer = try MetricsScorer()
    try scorer.beginStroke(line, metadata: MetricTestStrokes.metadata(), reference: StrokeReference(source: "s", strokeIndex: 0))
    let outcome = try scorer.accumulate(event)
    #expect(outcome.truthX == 19)
    #expect(outcome.error == 3)
    #expect(outcome.alongTrack == 3)
    #expect(outcome.landedTime == 22 * MetricTestStrokes.period)
    #expect(outcome.trueSpeed == 0)
  }

  @Test func aPenAtRestLosesNothing() throws {
    // The pen rests at x = 5 from sample 5 to 15; a hold during the rest is exactly right, and it
    // lands at the target itself (ties on the resting path go to the time nearest the target).
    let stroke = MetricTestStrokes.stroke((0..<20).map { (Double(min(max($0, 0), 5) + max($0 - 15, 0)), 0) })
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 3, anchors: 7...12) { _, _ in nil }
    let card = try MetricTestStrokes.score(stroke, events)
    #expect(card.value("error_max_native") == 0)
    #expect(card.value("latency_saved_mean_ms") == 3.0 / 256 * 1000)
    #expect(card.value("lateness_mean_ms") == 0)
  }

  // MARK: - Bad input

  static func expectError(field: String, _ body: () throws -> Void) {
    do {
      try body()
      Issue.record("expected an error for \(field)")
    } catch let error as MetricInputError {
      #expect(error.field == field, "\(error)")
      #expect(!error.description.isEmpty)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  static func openScorer(_ stroke: Stroke = MetricTestStrokes.line(samples: 10)) throws -> MetricsScorer {
    var scorer = try MetricsScorer()
    try scorer.beginStroke(stroke, metadata: MetricTestStrokes.metadata(), reference: StrokeReference(source: "bad", strokeIndex: 3))
    return scorer
  }

  @Test func badEventsNameTheirField() throws {
    var scorer = try Self.openScorer()
    Self.expectError(field: "newestSampleIndex") {
      try scorer.accumulate(PredictionEvent(issueTime: 0, newestSampleIndex: 10, targetTime: 0.1, predicted: nil))
    }
    Self.expectError(field: "newestSampleIndex") {
      try scorer.accumulate(PredictionEvent(issueTime: 0, newestSampleIndex: -1, targetTime: 0.1, predicted: nil))
    }
    Self.expectError(field: "targetTime") {
      try scorer.accumulate(PredictionEvent(issueTime: 0, newestSampleIndex: 1, targetTime: .nan, predicted: nil))
    }
    Self.expectError(field: "predicted") {
      try scorer.accumulate(
        PredictionEvent(issueTime: 0, newestSampleIndex: 1, targetTime: 0.01, predicted: PredictedPosition(x: .infinity, y: 0)))
    }
    Self.expectError(field: "predicted.pressure") {
      try scorer.accumulate(
        PredictionEvent(
          issueTime: 0, newestSampleIndex: 1, targetTime: 0.01, predicted: PredictedPosition(x: 0, y: 0, pressure: .nan)))
    }
    try scorer.accumulate(PredictionEvent(issueTime: 0.02, newestSampleIndex: 1, targetTime: 0.03, predicted: nil))
    Self.expectError(field: "issueTime") {
      try scorer.accumulate(PredictionEvent(issueTime: 0.01, newestSampleIndex: 1, targetTime: 0.03, predicted: nil))
    }
    Self.expectError(field: "beginStroke") {
      try scorer.beginStroke(
        MetricTestStrokes.line(samples: 3), metadata: MetricTestStrokes.metadata(),
        reference: StrokeReference(source: "bad", strokeIndex: 4))
    }
  }

  @Test func badStrokesNameTheirSample() throws {
    Self.expectError(field: "samples") { _ = try Self.openScorerTyped(Stroke(samples: [])) }
    var points = (0..<5).map { (Double($0), 0.0) }
    points[2].0 = .nan
    Self.expectError(field: "samples[2].x") { _ = try Self.openScorerTyped(MetricTestStrokes.stroke(points)) }
    var backwards = MetricTestStrokes.line(samples: 5)
    backwards.samples[3].time = 0
    Self.expectError(field: "samples[3].time") { _ = try Self.openScorerTyped(backwards) }
  }

  static func openScorerTyped(_ stroke: Stroke) throws -> MetricsScorer {
    var scorer = try MetricsScorer()
    try scorer.beginStroke(stroke, metadata: MetricTestStrokes.metadata(), reference: StrokeReference(source: "bad", strokeIndex: 0))
    return scorer
  }

  @Test func callsOutOfOrderAreErrors() throws {
    var scorer = try MetricsScorer()
    Self.expectError(field: "accumulate") {
      try scorer.accumulate(PredictionEvent(issueTime: 0, newestSampleIndex: 0, targetTime: 0, predicted: nil))
    }
    Self.expectError(field: "endStroke") { try scorer.endStroke() }
  }

  @Test func badSettingsNameTheirField() {
    Self.expectError(field: "MetricSettings.highSpeedPercentile") {
      _ = try MetricsScorer(settings: MetricSettings(highSpeedPercentile: 120))
    }
    Self.expectError(field: "MetricSettings.latencySearchMarginSeconds") {
      _ = try MetricsScorer(settings: MetricSettings(latencySearchMarginSeconds: -1))
    }
    Self.expectError(field: "MetricSettings.jumpThreshold") {
      _ = try MetricsScorer(settings: MetricSettings(jumpThreshold: .millimetres(.nan)))
    }
  }

  // MARK: - Output

  @Test func scorecardRoundTripsThroughJSON() throws {
    let card = try Self.scorer(0..<3).scorecard()
    let data = try JSONEncoder().encode(card)
    let decoded = try JSONDecoder().decode(Scorecard.self, from: data)
    #expect(decoded == card)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"error_p95_mm\""))
  }

  @Test func csvRowsMatchTheHeader() throws {
    let card = try Self.scorer(0..<3).scorecard()
    let width = card.csvHeader.split(separator: ",", omittingEmptySubsequences: false).count
    #expect(width == 5 + card.columns.count)
    for row in card.csvStrokeRows + [card.csvAggregateRow(label: "linear")] {
      #expect(row.split(separator: ",", omittingEmptySubsequences: false).count == width)
    }
    #expect(card.csvAggregateRow(label: "a,b").hasPrefix("\"a,b\",all,"))
    let errorIndex = try #require(card.columnIndex("error_mean_native"))
    let cells = card.csvAggregateRow(label: "x").split(separator: ",", omittingEmptySubsequences: false)
    #expect(Double(String(cells[5 + errorIndex])) == card.value("error_mean_native"))
  }
}

@Suite struct PredictionRecordTests {
  @Test func recordRowMatchesHeaderAndValues() throws {
    let line = MetricTestStrokes.line(samples: 20)
    var scorer = try MetricsScorer()
    try scorer.beginStroke(line, metadata: MetricTestStrokes.metadata(), reference: StrokeReference(source: "s", strokeIndex: 0))
    let outcome = try scorer.accumulate(
      PredictionEvent(issueTime: 10.0 / 256, newestSampleIndex: 10, targetTime: 14.0 / 256, predicted: nil))
    let header = PredictionOutcome.csvHeader.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let cells = outcome.csvRow.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    #expect(cells.count == header.count)
    let record = Dictionary(uniqueKeysWithValues: zip(header, cells))
    #expect(record["error"] == "4.0")
    #expect(record["along_track"] == "-4.0")
    #expect(record["declined"] == "1.0")
    #expect(record["latency_saved_s"] == "0.0")
    #expect(record["shown_pressure"] == "")
  }
}

/// Every column the workbench reads by name is one the scorer produces.
@Suite struct ScorecardColumnTests {
  @Test func everyNamedColumnExists() throws {
    let names = Set(try MetricsScorer().columns.map(\.name))
    for name in ScorecardColumn.all { #expect(names.contains(name), "\(name)") }
  }
}
