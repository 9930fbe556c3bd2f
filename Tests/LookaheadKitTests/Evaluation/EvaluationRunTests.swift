import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@Suite("Evaluation runs: comparison table, recorded predictions, sweep, provenance")
struct EvaluationRunTests {
  /// A straight line along +x at 1 unit per 1/256 s (256 units/s), 1 mm per unit, 400 samples.
  static func lineTrace() -> Trace {
    var stroke = MetricTestStrokes.line(samples: 400)
    stroke.origin = "line"
    return Trace(
      metadata: TraceMetadata(
        source: "synthetic-line", digitizerRateHz: 256, coordinateUnit: "px", millimetresPerUnit: 1),
      strokes: [stroke, MetricTestStrokes.line(samples: 300, unitsPerSample: 0.5)])
  }

  static func dataset(_ trace: Trace) -> EvaluationDataset {
    EvaluationDataset(reference: "synthetic", trace: trace, files: [], anchorDataset: nil)
  }

  /// On a constant-speed line linear extrapolation beats hold on error and latency saved, hold
  /// never overshoots the end; the table marks exactly those, and the paired comparison
  /// calls linear better on both strokes.
  @Test func lineTableMarksTheBestPerColumn() throws {
    let run = EvaluationRun(
      subjects: [try EvaluationSubject.resolve("hold"), try EvaluationSubject.resolve("linear")],
      datasets: [Self.dataset(Self.lineTrace())], profile: .pencil240ProMotion120, bootstrapResamples: 200)
    let result = try run.run(commandLine: ["lookahead", "compare"], command: "compare")
    let subjects = try #require(result.datasets.first?.subjects)
    #expect(subjects.map(\.label) == ["hold", "linear"])
    let table = ComparisonTable(subjects.map { ($0.label, $0.scorecard) })
    func column(_ name: String) throws -> Int { try #require(table.columns.firstIndex { $0.name == name }) }
    #expect(table.bestRows(column: try column("error_mean_mm")) == [1])
    #expect(table.bestRows(column: try column("latency_saved_mean_ms")) == [1])
    #expect(table.bestRows(column: try column("stroke_end_overshoot_p95_mm")) == [0])
    #expect(table.bestRows(column: try column("horizon_mean_ms")).isEmpty)
    let holdError = try #require(subjects[0].scorecard.value("error_mean_mm"))
    let linearError = try #require(subjects[1].scorecard.value("error_mean_mm"))
    #expect(linearError < holdError / 4)
    let comparison = try #require(result.datasets.first?.comparisons.first)
    #expect(comparison.candidate == "linear" && comparison.baseline == "hold")
    // Two strokes cannot support a verdict, however large the difference.
    #expect(comparison.verdict == .inconclusive)
    #expect(comparison.limitation == "only 2 strokes")
    #expect(comparison.upper < 0)
    #expect(comparison.pairedStrokes == 2)
    // The text marks the best error with a star on linear's row.
    let linearLine = try #require(result.text.split(separator: "\n").first { $0.hasPrefix("linear") })
    #expect(linearLine.contains("*"))
  }

  /// Parallel evaluation through subjects is bit-identical to one core.
  @Test func subjectEvaluationIsIdenticalOnAnyCoreCount() throws {
    let trace = Self.lineTrace()
    let subject = try EvaluationSubject.resolve("kalman")
    let replay = try Replay(profile: .pencil240ProMotion120, seed: 3)
    let one = try Evaluator(replay: replay, parts: 1).evaluate(trace, subject: subject)
    let two = try Evaluator(replay: replay, parts: 2).evaluate(trace, subject: subject)
    #expect(one == two)
    var records = 0
    let recorded = try Evaluator(replay: replay, parts: 1).evaluate(trace, subject: subject) { _ in records += 1 }
    #expect(recorded == one)
    #expect(records == one.predictionCount)
  }

  /// Hand-made recorded predictions: anchored at samples 4 and 6 (two points each), none at 5.
  @Test func recordedFramePredictorReadsTheLatestPredictions() throws {
    let samples = (0..<10).map { TraceSample(time: Double($0) * 0.01, x: Double($0), y: 0, phase: .move) }
    let stroke = Stroke(
      samples: samples,
      recordedPredictions: [
        RecordedPrediction(anchorIndex: 6, time: 0.08, x: 10, y: 4),
        RecordedPrediction(anchorIndex: 4, time: 0.05, x: 6, y: 0),
        RecordedPrediction(anchorIndex: 4, time: 0.06, x: 8, y: 2),
        RecordedPrediction(anchorIndex: 6, time: 0.07, x: 8, y: 2),
      ])
    var predictor = RecordedFramePredictor(stroke: stroke)
    func observe(_ i: Int) { predictor.observe(PointerSample(time: samples[i].time, x: samples[i].x, y: samples[i].y)) }
    for i in 0...3 { observe(i) }
    #expect(predictor.predict(at: 0.05) == nil)  // nothing anchored yet: the app holds
    observe(4)
    // Along anchor (0.04; 4, 0) → (0.05; 6, 0) → (0.06; 8, 2).
    let halfway = try #require(predictor.predict(at: 0.045))
    #expect(abs(halfway.x - 5) < 1e-12 && halfway.y == 0)
    let second = try #require(predictor.predict(at: 0.055))
    #expect(abs(second.x - 7) < 1e-12 && abs(second.y - 1) < 1e-12)
    let past = try #require(predictor.predict(at: 0.09))  // past the last point: the tip
    #expect(past.x == 8 && past.y == 2 && past.time == 0.09)
    observe(5)  // no prediction at 5: anchor 4's points stay
    #expect(predictor.predict(at: 0.09)?.x == 8)
    observe(6)
    // Anchor 6: (0.06; 6, 0) → (0.07; 8, 2) → (0.08; 10, 4).
    let later = try #require(predictor.predict(at: 0.075))
    #expect(abs(later.x - 9) < 1e-12 && abs(later.y - 3) < 1e-12)
    predictor.reset()
    #expect(predictor.predict(at: 0.075) == nil)
  }

  /// On a line at 256 units/s, linear extrapolation is exact wherever the target is inside the
  /// stroke, so its sweep error is 0 and it saves the whole horizon; hold's error is 256·h.
  @Test func sweepOnALine() throws {
    var trace = Self.lineTrace()
    trace.strokes.removeLast()
    let step = try #require(HorizonSweep.step(for: trace, profile: .pencil240ProMotion120))
    #expect(step == 1.0 / 256)
    let horizons = HorizonSweep.horizons(step: step)
    #expect(horizons.count == 9)  // 0 … 8/256 s = 31.25 ms ≤ 35 ms
    let sweep = HorizonSweep(horizons: horizons, parts: 2)
    let linear = try sweep.run(trace, subject: try EvaluationSubject.resolve("linear"))
    let hold = try sweep.run(trace, subject: try EvaluationSubject.resolve("hold"))
    for (h, horizon) in horizons.enumerated() {
      let expectedCount = 400 - PerSampleReplay.warmUpSamples - h
      #expect(linear[h].predictionCount == expectedCount)
      #expect(abs(linear[h].value("error_mean_mm") ?? .nan) < 1e-9, "linear at \(horizon)")
      #expect(abs((linear[h].value("latency_saved_mean_ms") ?? .nan) - horizon * 1000) < 1e-6)
      #expect(abs((hold[h].value("error_mean_mm") ?? .nan) - 256 * horizon) < 1e-9, "hold at \(horizon)")
    }
    #expect(try sweep.run(trace, subject: try EvaluationSubject.resolve("kalman")).count == horizons.count)
    let point = SweepResult.Point(horizonSeconds: horizons[2], scorecard: hold[2])
    #expect(point.lengthUnit == "mm" && point.horizonMilliseconds == 2000.0 / 256)
  }

  /// Unknown names list what is known, `recorded` included; labels are made unique.
  @Test func subjectsResolveAndNameTheirErrors() throws {
    #expect(try EvaluationSubject.resolve("recorded").kind == .recorded)
    #expect(try EvaluationSubject.resolve("turbotouch64").isExportable == false)
    #expect(try EvaluationSubject.resolve("kalman").isExportable)
    do {
      _ = try EvaluationSubject.resolve("kalmann")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains("kalmann") && error.description.contains("recorded"))
    }
    let unique = EvaluationSubject.uniquingLabels([
      try EvaluationSubject.resolve("hold"), try EvaluationSubject.resolve("hold"),
    ])
    #expect(unique.map(\.label) == ["hold", "hold#2"])
  }

  /// Provenance: CSV comment lines carry every fact; JSON round-trips.
  @Test func provenanceRecordsWhatProducedTheResult() throws {
    let provenance = ResultProvenance(
      commandLine: ["lookahead", "compare", "hold", "a b"], command: "compare", predictors: ["hold"], seed: 9,
      profile: .pencil240ProMotion120, evaluationProtocol: "frame",
      datasets: [.init(reference: "X", source: "x", strokes: 2, files: [.init(path: "f.json", sha256: "ab12")])],
      settings: ["paired_column": "error_mean_mm"])
    let lines = provenance.csvCommentLines
    #expect(lines.allSatisfy { $0.hasPrefix("# ") })
    #expect(lines.contains("# command: lookahead compare hold 'a b'"))
    #expect(lines.contains("# seed: 9"))
    #expect(lines.contains("# profile: pencil240-promotion120"))
    #expect(lines.contains("# sha256: ab12  X/f.json"))
    #expect(lines.contains("# setting: paired_column=error_mean_mm"))
    let decoded = try JSONDecoder().decode(ResultProvenance.self, from: try JSONEncoder().encode(provenance))
    #expect(decoded == provenance)
  }

  /// Numbers print with three significant digits.
  @Test(arguments: [
    (3.7649, "3.76"), (0.51549, "0.515"), (22.6, "22.6"), (-0.134, "-0.134"), (130476.0, "1.30e5"), (0.0, "0"),
    (0.000123, "1.23e-4"), (999.4, "999"),
  ])
  func threeSignificantDigits(value: Double, text: String) {
    #expect(ComparisonTable.format(value) == text)
  }
}
