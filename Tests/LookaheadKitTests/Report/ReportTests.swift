import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// The report's figures and tables, parsed back as XML: every mark must carry the numbers of the
/// result it was drawn from, and the best values must be marked where the results say.
@Suite("Report: SVG builder, figures, tables, provenance, Markdown")
struct ReportTests {
  /// The evaluation tests' two straight lines (1 mm per unit, 256 Hz).
  static func lineTrace() -> Trace { EvaluationRunTests.lineTrace() }

  static let dataset = EvaluationDataset(
    reference: "synthetic <line> & \"co\"", trace: lineTrace(),
    files: [ResultProvenance.File(path: "line.csv", sha256: String(repeating: "ab", count: 32))], anchorDataset: nil)

  static func compareResult() throws -> EvaluationResult {
    let run = EvaluationRun(
      subjects: [try EvaluationSubject.resolve("hold"), try EvaluationSubject.resolve("linear")],
      datasets: [dataset], profile: .pencil240ProMotion120, seed: 7, bootstrapResamples: 200, parts: 2)
    return try run.run(commandLine: ["lookahead", "compare", "hold", "linear", "it's a <test>"], command: "compare")
  }

  static func sweepResult() throws -> SweepResult {
    let trace = lineTrace()
    let sweep = HorizonSweep(horizons: [0, 0.008, 0.016, 0.024], parts: 2)
    var curves: [SweepResult.Curve] = []
    for name in ["hold", "linear"] {
      let subject = try EvaluationSubject.resolve(name)
      let cards = try sweep.run(trace, subject: subject)
      curves.append(SweepResult.Curve(
        label: name, specification: subject.specification,
        points: zip(sweep.horizons, cards).map { SweepResult.Point(horizonSeconds: $0, scorecard: $1) }))
    }
    let provenance = ResultProvenance(
      commandLine: ["lookahead", "sweep"], command: "sweep", predictors: ["hold", "linear"], seed: 3,
      profile: .pencil240ProMotion120, evaluationProtocol: "per-sample-sweep", datasets: [])
    return SweepResult(
      provenance: provenance,
      datasets: [SweepResult.DatasetCurves(reference: "line", source: "synthetic-line", stepMilliseconds: 8, curves: curves)])
  }

  // MARK: - Builder

  @Test func escapingKeepsHostileLabelsWellFormed() throws {
    #expect(XMLEscaping.escape("a<b & \"c\" 'd' >") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos; &gt;")
    #expect(XMLEscaping.escape("bell\u{7}tab\tnl\n") == "belltab\tnl\n")
    let label = "x\"/><script>alert('&')</script>"
    let svg = SVGElement.root(
      width: 10, height: 10, title: label, figure: "t",
      children: [SVGElement.text(label, x: 1, y: 2, extra: [("data-label", label)])])
    let tree = try XMLTree(svg.xml)
    #expect(tree.root.find("script").isEmpty)
    let text = try #require(tree.root.find("text").first)
    #expect(text.attributes["data-label"] == label)
    #expect(text.text == label)
    #expect(tree.root.find("title").first?.text == label)
  }

  @Test(arguments: [(10.0, 2.0), (0.37, 0.1), (1.0, 0.2), (35.0, 10.0), (0.0, 1.0)])
  func niceSteps(span: Double, step: Double) {
    #expect(ChartAxes.niceStep(span) == step)
  }

  @Test func niceDomainAndTicks() {
    #expect(ChartAxes.niceDomain([0.3, 9.7], includingZero: false) == 0...10)
    #expect(ChartAxes.niceDomain([4.1, 4.9], includingZero: true) == 0...5)
    #expect(ChartAxes.niceDomain([], includingZero: false) == 0...1)
    // A single value widens to ±0.5, then to the 0.2 step: 1.4…2.6.
    let single = ChartAxes.niceDomain([.nan, 2, 2], includingZero: false)
    #expect(abs(single.lowerBound - 1.4) < 1e-12 && abs(single.upperBound - 2.6) < 1e-12)
    #expect(ChartAxes.ticks(0...10) == [0, 2, 4, 6, 8, 10])
    #expect(ReportFormat.number(0.17344) == "0.1734")
    #expect(ReportFormat.number(12.5) == "12.5")
    #expect(ReportFormat.number(3000) == "3000")
    #expect(ReportFormat.number(nil) == "—")
  }

  // MARK: - Figures hold the numbers of their result

  @Test func errorLatencyFigureCarriesEverySweepPoint() throws {
    let result = try Self.sweepResult()
    let dataset = try #require(result.datasets.first)
    let tree = try XMLTree(ErrorLatencyFigure.svg(dataset).xml)
    for curve in dataset.curves {
      let points = tree.root.find("circle", "data-predictor", curve.label)
      #expect(points.count == curve.points.count)
      for (node, point) in zip(points, curve.points) {
        #expect(node.double("data-horizon-ms") == point.horizonMilliseconds)
        #expect(node.double("data-error") == point.errorMean)
        #expect(node.double("data-latency-saved-ms") == point.latencySavedMeanMilliseconds)
      }
    }
    // Hold saves nothing at any horizon; linear on a line saves latency as the horizon grows.
    let hold = tree.root.find("circle", "data-predictor", "hold").compactMap { $0.double("data-latency-saved-ms") }
    #expect(hold.allSatisfy { abs($0) < 1e-9 })
    let linear = tree.root.find("circle", "data-predictor", "linear").compactMap { $0.double("data-latency-saved-ms") }
    #expect(linear.last ?? 0 > 20)
  }

  @Test func sweepTableMarksLowestErrorPerHorizon() throws {
    let result = try Self.sweepResult()
    let dataset = try #require(result.datasets.first)
    let tree = try XMLTree(ResultTables.sweep(dataset).xml)
    let rows = tree.root.find("tr").filter { $0.attributes["data-horizon-ms"] != nil }
    #expect(rows.count == 4)
    for (h, row) in rows.enumerated() {
      let errors = dataset.curves.map { $0.points[h].errorMean ?? .infinity }
      let low = try #require(errors.min())
      let best = row.find("td").filter { $0.attributes["class"] == "best" }
      #expect(!best.isEmpty)
      #expect(best.allSatisfy { $0.double("data-value") == low && $0.fullText.hasSuffix("★") })
    }
    // At horizon 0 both are exact (a tie, both marked); beyond it linear is best on a line.
    #expect(rows[0].find("td").filter { $0.attributes["class"] == "best" }.count == 2)
    #expect(rows[3].find("td").first { $0.attributes["class"] == "best" }?.attributes["data-predictor"] == "linear")
  }

  @Test func htmlReportIsXMLAndHoldsTheComparison() throws {
    let result = try Self.compareResult()
    let document = try ReportDocument(inputs: [.evaluation(result, path: "/tmp/compare.json")])
    let html = document.html
    #expect(!html.contains("<script"))
    #expect(!html.contains("http://") || !html.contains("src=\"http"))
    let tree = try XMLTree(html)
    // The table: every value cell equals the scorecard value; the best error is linear's.
    let table = try #require(tree.root.find("table", "data-table", "comparison").first)
    let subjects = try #require(result.datasets.first?.subjects)
    for subject in subjects {
      for cell in table.find("td", "data-predictor", subject.label) {
        let column = try #require(cell.attributes["data-column"])
        #expect(cell.double("data-value") == subject.scorecard.value(column))
      }
    }
    let bestError = try #require(table.find("td", "data-column", "error_mean_mm").first { $0.attributes["class"] == "best" })
    #expect(bestError.attributes["data-predictor"] == "linear")
    let bestOvershoot = table.find("td", "data-column", "stroke_end_overshoot_p95_mm").filter { $0.attributes["class"] == "best" }
    #expect(bestOvershoot.map { $0.attributes["data-predictor"] } == ["hold"])
    // The distribution: one dot per stroke value, the bar at the aggregate.
    let figure = try #require(tree.root.find("svg", "data-figure", "distribution").first)
    for metric in DistributionFigure.metrics {
      let column = try #require(DistributionFigure.column(metric, in: subjects.map(\.scorecard)))
      for subject in subjects {
        let dots = figure.find("circle", "data-metric", column).filter { $0.attributes["data-predictor"] == subject.label }
        let expected = subject.scorecard.strokes.indices.compactMap { subject.scorecard.value(column, stroke: $0) }
        #expect(dots.compactMap { $0.double("data-value") } == expected)
        let bar = figure.find("line", "data-metric", column).first { $0.attributes["data-predictor"] == subject.label }
        #expect(bar?.double("data-aggregate") == subject.scorecard.value(column))
      }
    }
    // Provenance: command line (quoted), seed, profile, dataset checksum.
    let provenance = try #require(tree.root.find("dl").first)
    #expect(provenance.find("dd", "data-field", "seed").first?.fullText == "7")
    #expect(provenance.find("dd", "data-field", "command").first?.fullText.contains("'it'\\''s a <test>'") == true)
    #expect(provenance.find("dd", "data-field", "sha256").first?.attributes["data-sha256"] == String(repeating: "ab", count: 32))
    #expect(provenance.find("dd", "data-field", "profile").first?.fullText == "pencil240-promotion120")
    // The dataset reference with markup characters arrives intact.
    #expect(tree.root.find("h2").contains { $0.text == "compare: synthetic <line> & \"co\"" })
    // The timing diagram of the profile named in the provenance is there.
    #expect(tree.root.find("svg", "data-figure", "timing").count == 1)
  }

  /// The anchor protocol's table: one per unit present; cells equal the protocol scores; on a
  /// straight constant-speed line linear extrapolation is best at every horizon.
  @Test func protocolTableHoldsTheScoresPerUnit() throws {
    let run = EvaluationRun(
      subjects: [try EvaluationSubject.resolve("hold:gap-limit=0"), try EvaluationSubject.resolve("linear:gap-limit=0")],
      datasets: [Self.dataset], profile: .pencil240ProMotion120, evaluationProtocol: .anchor, parts: 1)
    let result = try run.run(commandLine: ["lookahead", "compare"], command: "compare")
    let dataset = try #require(result.datasets.first)
    let tree = try XMLTree(try ReportDocument(inputs: [.evaluation(result, path: "anchor.json")]).html)
    let tables = tree.root.find("table", "data-table", "protocol")
    #expect(tables.compactMap { $0.attributes["data-unit"] } == ["mm", "native"])
    let millimetres = try #require(tables.first)
    for row in dataset.protocolRows {
      let cells = millimetres.find("td", "data-predictor", row.label)
      #expect(cells.compactMap { $0.double("data-value") } == row.scores.compactMap(\.meanMillimetres))
      #expect(cells.count == FixedHorizon.anchorHorizons.count)
    }
    let best = millimetres.find("td", "class", "best")
    #expect(best.count == FixedHorizon.anchorHorizons.count)
    #expect(best.allSatisfy { $0.attributes["data-predictor"] == "linear:gap-limit=0" })
    // The paired comparison, one sentence per horizon, at that horizon.
    #expect(dataset.comparisons.count == FixedHorizon.anchorHorizons.count)
    let html = try ReportDocument(inputs: [.evaluation(result, path: "anchor.json")]).html
    for comparison in dataset.comparisons {
      #expect(html.contains("Paired vs hold:gap-limit=0: linear:gap-limit=0 error_mean_mm at \(comparison.horizon ?? "?")"))
    }
  }

  /// The diagram shows ``Replay``'s own frames; on the 240 Hz pencil at 120 Hz each frame after the
  /// first receives two samples at least 4 ms old and aims two refreshes (16.67 ms) ahead.
  @Test func timingDiagramHoldsTheReplayFrames() throws {
    let profile = DeviceProfile.pencil240ProMotion120
    let svg = try TimingDiagramFigure.svg(profile: profile, seed: 5, digitizerRateHz: 240)
    let tree = try XMLTree(svg.xml)
    let (samples, frames) = try TimingDiagramFigure.frames(profile: profile, seed: 5, digitizerRateHz: 240)
    let marks = tree.root.find("g", "class", "frame")
    #expect(marks.count == frames.count && frames.count == 6)
    for (mark, frame) in zip(marks, frames) {
      #expect(mark.double("data-callback-ms") == frame.callbackTime * 1000)
      #expect(mark.double("data-target-ms") == frame.targetPresentationTime * 1000)
      #expect(mark.double("data-newest-sample-ms") == frame.newestSampleTime * 1000)
      #expect(mark.attributes["data-delivered"] == String(frame.deliveredSamples.count))
      #expect(abs(frame.targetPresentationTime - frame.callbackTime - 2.0 / 120) < 1e-9)
      for index in frame.deliveredSamples { #expect(samples[index] <= frame.callbackTime - 0.004 + 1e-9) }
    }
    #expect(frames.dropFirst().allSatisfy { $0.deliveredSamples.count == 2 })
    // A nonsense rate from a result file falls back to 240 Hz instead of trapping.
    for rate in [Double.infinity, 1e300, 0, -5, .nan] {
      let fallback = try TimingDiagramFigure.frames(profile: profile, seed: 5, digitizerRateHz: rate)
      #expect(fallback.samples == samples)
    }
  }

  // MARK: - Records

  static func record(frame: Int, anchor: (Double, Double, Double), shown: (Double, Double)?, truth: (Double, Double))
    -> PredictionRecordTable.Record
  {
    PredictionRecordTable.Record(
      dataset: "d", predictor: "p", stroke: 0, frame: frame, anchorTime: anchor.0, targetTime: anchor.0 + 0.02,
      anchorX: anchor.1, anchorY: anchor.2, shownX: shown?.0, shownY: shown?.1, truthX: truth.0, truthY: truth.1,
      error: nil, declined: shown == nil)
  }

  /// Hand-worked: a stroke along +x ending at (10, 0). In the last 50 ms a frame shows (12, 0):
  /// 2 past the end; one shows (9.5, 1): behind the end (not overshoot); one declines. An earlier
  /// frame far from the end at (8, 0) counts for nothing.
  @Test func strokePanelMeasuresOvershootPastTheEnd() throws {
    let records = [
      Self.record(frame: 0, anchor: (0.00, 0, 0), shown: (8, 0), truth: (4, 0)),
      Self.record(frame: 1, anchor: (0.10, 8, 0), shown: (11, 0), truth: (10, 0)),
      Self.record(frame: 2, anchor: (0.16, 10, 0), shown: (12, 0), truth: (10, 0)),
      Self.record(frame: 3, anchor: (0.17, 10, 0), shown: (9.5, 1), truth: (10, 0)),
      Self.record(frame: 4, anchor: (0.18, 10, 0), shown: nil, truth: (10, 0)),
    ]
    let panel = StrokeSmallMultiplesFigure.Panel(dataset: "d", predictor: "p", stroke: 0, records: records)
    #expect(panel.end.x == 10 && panel.end.y == 0)
    let direction = try #require(panel.finalDirection)
    #expect(direction.x == 1 && direction.y == 0)
    #expect(panel.overshoots.map(\.frame) == [2])
    #expect(panel.maximumOvershoot == 2)
    let tree = try XMLTree(StrokeSmallMultiplesFigure.svg([panel], title: "t").xml)
    let group = try #require(tree.root.find("g", "class", "stroke-panel").first)
    #expect(group.double("data-overshoot") == 2)
    #expect(group.attributes["data-records"] == "5")
    let segments = group.find("line").filter { $0.attributes["data-frame"] != nil }
    #expect(segments.map { $0.attributes["data-frame"] } == ["0", "1", "2", "3"])
    #expect(segments[2].double("data-shown-x") == 12)
    #expect(segments[2].attributes["stroke"] == ReportPalette.strokeEnd)
    #expect(segments[0].attributes["stroke"] == ReportPalette.provisional)
    #expect(group.find("line", "class", "overshoot").count == 1)
  }

  @Test func recordsFromEvaluateDrawEveryFrame() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = EvaluationRun(
      subjects: [try EvaluationSubject.resolve("linear")], datasets: [Self.dataset], profile: .pencil240ProMotion120,
      bootstrapResamples: 10, parts: 1)
    let result = try run.run(commandLine: ["lookahead", "evaluate"], command: "evaluate")
    let url = directory.appendingPathComponent("records.csv")
    let written = try run.writeRecords(to: url, force: false, provenance: result.provenance)
    guard case .records(let table) = try ReportInput.load(url) else {
      Issue.record("records CSV not recognised")
      return
    }
    #expect(table.records.count == written)
    #expect(table.provenanceLines.contains { $0.hasPrefix("seed: ") })
    let panels = StrokeSmallMultiplesFigure.panels(table)
    #expect(panels.count == 2)
    let tree = try XMLTree(StrokeSmallMultiplesFigure.svg(panels, title: "t").xml)
    let groups = tree.root.find("g", "class", "stroke-panel")
    #expect(groups.map { $0.attributes["data-records"] } == panels.map { String($0.records.count) })
    #expect(panels.map(\.records.count).reduce(0, +) == written)
    // Linear extrapolation on a line that stops dead shoots past its end.
    #expect(panels.allSatisfy { $0.maximumOvershoot > 0 })
  }

  @Test func badRecordsNameFileLineAndField() throws {
    let header = "dataset,predictor,stroke,frame,anchor_time_s,target_time_s,anchor_x,anchor_y,shown_x,shown_y,truth_x,truth_y,error,declined"
    let good = "d,p,0,0,0.1,0.12,1,2,3,4,5,6,0.5,0"
    #expect(throws: Never.self) { _ = try PredictionRecordTable.parse("# x: y\n\(header)\n\(good)\n", path: "r.csv") }
    do {
      _ = try PredictionRecordTable.parse("# x\n\(header)\n\(good)\nd,p,0,1,0.1,0.12,1,nan,3,4,5,6,,0\n", path: "r.csv")
      Issue.record("accepted nan")
    } catch {
      #expect(error.file == "r.csv" && error.location == .line(4) && error.field == "anchor_y")
    }
    do {
      _ = try PredictionRecordTable.parse("\(header.replacingOccurrences(of: "truth_y,", with: ""))\n", path: "r.csv")
      Issue.record("accepted a header without truth_y")
    } catch {
      #expect(error.location == .line(1) && error.field == "truth_y")
    }
    do {
      _ = try PredictionRecordTable.parse("\(header)\nd,p,0,1,0.1\n", path: "r.csv")
      Issue.record("accepted a truncated row")
    } catch {
      #expect(error.location == .line(2) && error.problem.contains("truncated"))
    }
    #expect(throws: TraceInputError.self) { _ = try ReportInput.parse(Data("hello\n".utf8), path: "x.txt") }
    do {
      _ = try ReportInput.parse(Data(#"{"provenance": 3, "datasets": []}"#.utf8), path: "s.json")
      Issue.record("accepted a bad sweep")
    } catch let error as TraceInputError {
      #expect(error.file == "s.json" && error.location == .jsonPath("$.provenance"))
    }
  }

  /// Damaged inputs (bytes replaced, lines cut) either fail with an error (bad file, or a
  /// profile definition the replay refuses) or give a report that is still well-formed XML:
  /// never a trap.
  @Test func damagedInputsFailCleanlyOrStillRender() throws {
    let header = "dataset,predictor,stroke,frame,anchor_time_s,target_time_s,anchor_x,anchor_y,shown_x,shown_y,truth_x,truth_y,error,declined"
    let rows = (0..<30).map { i in
      "d,p,\(i / 10),\(i),\(Double(i) * 0.008),\(Double(i) * 0.008 + 0.02),\(i),\(i % 7),\(i + 1),\(i % 5),\(i),\(i % 7),0.5,0"
    }
    let records = Data((["# seed: 0", header] + rows).joined(separator: "\n").utf8)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let sweep = try encoder.encode(try Self.sweepResult())
    var generator = SeededGenerator(seed: 9)
    let replacements = Array("0123456789,.-e\n\"{}[]:naif ".utf8)
    var rendered = 0
    for original in [records, sweep] {
      for _ in 0..<150 {
        var bytes = [UInt8](original)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          let position = Int.random(in: 0..<bytes.count, using: &generator)
          bytes[position] = replacements[Int.random(in: 0..<replacements.count, using: &generator)]
        }
        if Bool.random(using: &generator) { bytes.removeLast(Int.random(in: 0..<min(40, bytes.count), using: &generator)) }
        guard let input = try? ReportInput.parse(Data(bytes), path: "damaged") else { continue }
        // A damaged profile definition is refused when the timing diagram replays it.
        guard let document = try? ReportDocument(inputs: [input]) else { continue }
        _ = try XMLTree(document.html)
        rendered += 1
      }
    }
    #expect(rendered > 0)
  }

  // MARK: - Tune journal

  /// Three trials by hand, (error, saved): #0 (1.0, 5), #1 (2.0, 10), #2 (2.5, 8), #3 failed.
  /// #2 is dominated by #1 (more error, less saved); the front is #0, #1. Best objective: #0.
  @Test func journalFigureMarksParetoFrontAndBestTrial() throws {
    let header = TuningJournal.Header(
      predictor: "kalman",
      space: SearchSpace([.init(name: "process-noise", lowerBound: 0.01, upperBound: 100, scale: .log)]),
      strategy: "grid", seed: 1, objective: "error_mean_mm", context: ["datasets": "Inkable"])
    let trials = [
      TuningJournal.Trial(index: 0, unit: [0], values: [0.1], objective: 1.0, metrics: ["error_mean_mm": 1.0, "latency_saved_mean_ms": 5]),
      TuningJournal.Trial(index: 1, unit: [0.5], values: [1], objective: 2.0, metrics: ["error_mean_mm": 2.0, "latency_saved_mean_ms": 10]),
      TuningJournal.Trial(index: 2, unit: [1], values: [10], objective: 2.5, metrics: ["error_mean_mm": 2.5, "latency_saved_mean_ms": 8]),
      TuningJournal.Trial(index: 3, unit: [1], values: [100], objective: nil, metrics: [:], failure: "diverged"),
    ]
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let journal = TuningJournal(url: url)
    try journal.start(with: header)
    for trial in trials { try journal.append(trial) }
    let input = try ReportInput.load(url)
    guard case .journal(let readHeader, let readTrials, _) = input else {
      Issue.record("journal not recognised")
      return
    }
    #expect(readHeader == header && readTrials == trials)
    // The same bytes given as data (no file on disk) read the same; a damaged trial line is
    // named by the path given and its line.
    let bytes = try Data(contentsOf: url)
    guard case .journal(let parsedHeader, let parsedTrials, let path) = try ReportInput.parse(bytes, path: "given.jsonl") else {
      Issue.record("journal bytes not recognised")
      return
    }
    #expect(parsedHeader == header && parsedTrials == trials && path == "given.jsonl")
    var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    lines[2] = "{\"index\": oops}"
    let damaged = Data(lines.joined(separator: "\n").utf8)
    let error = try #require(throws: TraceInputError.self) { try ReportInput.parse(damaged, path: "given.jsonl") }
    #expect("\(error)".contains("given.jsonl:3"), "\(error)")
    #expect(TuningFigure.paretoTrials(trials) == [0, 1])
    let tree = try XMLTree(try ReportDocument(inputs: [input]).html)
    let figure = try #require(tree.root.find("svg", "data-figure", "tuning").first)
    let front = figure.find("circle", "data-pareto", "1").compactMap { $0.attributes["data-trial"] }
    #expect(front == ["0", "1"])
    let best = figure.find("circle", "class", "trial best")
    #expect(best.map { $0.attributes["data-trial"] } == ["0"])
    #expect(best.first?.double("data-objective") == 1.0)
    let sensitivity = figure.find("g", "data-parameter", "process-noise").first?.find("circle") ?? []
    #expect(sensitivity.compactMap { $0.double("data-value") } == [0.1, 1, 10])
    let table = try #require(tree.root.find("table", "data-table", "tuning").first)
    #expect(table.find("tr").filter { $0.attributes["data-trial"] != nil }.map { $0.attributes["data-trial"] } == ["0", "1", "2"])
    #expect(table.find("td", "class", "best").first?.double("data-value") == 1.0)
  }

  /// The side-effect front, by hand: (saved ms, horizon ms, overshoot p95 mm, jitter rms mm)
  /// #0 (18, 20, 3, 1), #1 (10, 20, 0.2, 0.8), #2 (9, 20, 0.3, 0.9), #3 failed. #2 is dominated by
  /// #1 (less saved, more overshoot, more jitter): the front is #0, #1, hiding 90 % and 50 %. TurboTouch
  /// from a compare result is drawn as a reference point at its own hidden share and overshoot.
  @Test func sideEffectFrontFigureJoinsTheFrontAndDrawsReferences() throws {
    let header = TuningJournal.Header(
      predictor: "linear",
      space: SearchSpace([.init(name: "stop-factor", lowerBound: 0, upperBound: 2, scale: .linear)]),
      strategy: "lhs", seed: 1, objective: "latency:overshoot=none,jitter=none,wrong-direction=none", context: [:])
    func metrics(_ saved: Double, _ overshoot: Double, _ jitter: Double) -> [String: Double] {
      ["latency_saved_mean_ms": saved, "horizon_mean_ms": 20, "stroke_end_overshoot_p95_mm": overshoot, "jitter_rms_mm": jitter]
    }
    let trials = [
      TuningJournal.Trial(index: 0, unit: [0], values: [0], objective: -18, metrics: metrics(18, 3, 1)),
      TuningJournal.Trial(index: 1, unit: [0.5], values: [1], objective: -10, metrics: metrics(10, 0.2, 0.8)),
      TuningJournal.Trial(index: 2, unit: [1], values: [2], objective: -9, metrics: metrics(9, 0.3, 0.9)),
      TuningJournal.Trial(index: 3, unit: [1], values: [2], objective: nil, metrics: [:], failure: "diverged"),
    ]
    #expect(SideEffectFrontFigure.frontTrials(trials) == [0, 1])
    let run = EvaluationRun(
      subjects: [try EvaluationSubject.resolve("hold"), try EvaluationSubject.resolve("turbotouch64")],
      datasets: [Self.dataset], profile: .pencil240ProMotion120, seed: 7, bootstrapResamples: 200, parts: 2)
    let compare = try run.run(commandLine: ["lookahead", "compare"], command: "compare")
    let card = try #require(compare.datasets.first?.subjects.last?.scorecard)
    let references = SideEffectFrontFigure.references([compare])
    #expect(references.map(\.label) == ["turbotouch64 on \(Self.dataset.reference)"])
    #expect(references.first?.hiddenFraction == card.value("latency_saved_mean_ms")! / card.value("horizon_mean_ms")!)
    #expect(references.first?.overshootP95Millimetres == card.value("stroke_end_overshoot_p95_mm"))

    let document = try ReportDocument(inputs: [.journal(header, trials, path: "j.jsonl"), .evaluation(compare, path: "c.json")])
    let tree = try XMLTree(document.html)
    let figure = try #require(tree.root.find("svg", "data-figure", "side-effect-front").first)
    let front = figure.find("circle", "data-front", "1")
    #expect(front.compactMap { $0.attributes["data-trial"] } == ["0", "1"])
    #expect(front.compactMap { $0.double("data-hidden") } == [0.9, 0.5])
    #expect(figure.find("circle", "data-front", "0").compactMap { $0.attributes["data-trial"] } == ["2"])
    let drawn = figure.find("rect", "class", "reference")
    #expect(drawn.compactMap { $0.attributes["data-reference"] } == references.map(\.label))
    #expect(drawn.first?.double("data-overshoot-mm") == references.first?.overshootP95Millimetres)
  }

  // MARK: - Markdown

  @Test func markdownWritesEveryFigureAsSVG() throws {
    let document = try ReportDocument(inputs: [.sweep(try Self.sweepResult(), path: "sweep.json")])
    let (text, files) = document.markdown(figureDirectory: "report-figures")
    #expect(files.count == document.sections.flatMap(\.figures).count)
    #expect(files.map(\.path).contains("report-figures/figure1-1-error-latency.svg"))
    for file in files {
      #expect(text.contains("](\(file.path))"))
      let tree = try XMLTree(file.contents)
      #expect(tree.root.name == "svg")
    }
    // The sweep table as a Markdown table: header, separator, one row per horizon.
    let tableLines = text.split(separator: "\n").filter { $0.hasPrefix("| ") }
    #expect(tableLines.count == 2 + 4)
    #expect(text.contains("| 8 |"))
  }
}
