import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// Extrapolates each axis with its own gain on the last step's velocity:
/// x + gx·vx·h, y + gy·vy·h. On constant-velocity lines the error is |((gx−1)vx, (gy−1)vy)|·h,
/// so the optimum is gx = gy = 1 with error 0 (worked out by hand).
struct AxisGainPredictor: Predictor {
  var gainX: Double
  var gainY: Double
  private var last: PointerSample?
  private var previous: PointerSample?
  init(gainX: Double, gainY: Double) {
    self.gainX = gainX
    self.gainY = gainY
  }
  mutating func reset() {
    last = nil
    previous = nil
  }
  mutating func observe(_ sample: PointerSample) {
    previous = last
    last = sample
  }
  func predict(at time: Double) -> PredictedPoint? {
    guard let last, let previous, last.time > previous.time else { return nil }
    let h = time - last.time
    let dt = last.time - previous.time
    return PredictedPoint(
      time: time, x: last.x + gainX * (last.x - previous.x) / dt * h, y: last.y + gainY * (last.y - previous.y) / dt * h)
  }
}

@Suite("Tune and train runs: known optimum, resume, held-out scoring, objectives")
struct TuneRunTests {
  static let axisGainCatalog = PredictorCatalog(entries: [
    PredictorCatalogEntry(
      name: "axis-gain", summary: "test predictor", source: "TuneRunTests", isExportable: false,
      parameters: [
        .init("gain-x", unit: "", default: .number(0.3), domain: .real(0...3, scale: .linear), "x gain"),
        .init("gain-y", unit: "", default: .number(0.2), domain: .real(0.1...10, scale: .log), "y gain"),
      ]
    ) { values in
      let gx = values.number("gain-x"), gy = values.number("gain-y")
      return CatalogPredictor(
        name: "axis-gain", values: [("gain-x", .number(gx)), ("gain-y", .number(gy))],
        factory: { AxisGainPredictor(gainX: gx, gainY: gy) })
    }
  ])

  /// Constant-velocity straight strokes at 120 Hz in several directions, 4 writers, 1 unit = 0.5 mm.
  static func lines() throws -> TuningData {
    var strokes: [Stroke] = []
    for w in 0..<4 {
      for k in 0..<3 {
        let angle = Double(w * 3 + k) * 0.4 + 0.2
        let (vx, vy) = (150 * cos(angle), 150 * sin(angle))
        strokes.append(Stroke(writer: "w\(w)", samples: (0..<60).map { i in
          let t = Double(i) / 120
          return TraceSample(time: t, x: 10 + vx * t, y: 20 + vy * t)
        }))
      }
    }
    return try TuningData(traces: [
      Trace(metadata: TraceMetadata(source: "lines", coordinateUnit: "u", millimetresPerUnit: 0.5), strokes: strokes)
    ])
  }

  @Test("Nelder–Mead (alone, or after a hypercube) finds the known optimum gx = gy = 1 (one axis log-scaled), scored on held-out writers",
    arguments: [TuneRun.Strategy.nelderMead, .lhsNelderMead])
  func knownOptimum(_ strategy: TuneRun.Strategy) throws {
    let request = TuneRun.Request(
      predictor: "axis-gain", objective: .error(statistic: .mean, horizons: [1.0 / 60]),
      split: .explicit(train: ["w0", "w1", "w2"], validation: [], test: ["w3"]), strategy: strategy,
      trials: 150, seed: 3, parts: 2)
    let outcome = try TuneRun.run(request, data: try Self.lines(), catalog: Self.axisGainCatalog)
    let best = outcome.final.best.values
    #expect(abs(best[0] - 1) < 0.01 && abs(best[1] - 1) < 0.01, "best \(best)")
    #expect(outcome.final.trainWriters == ["w0", "w1", "w2"])
    #expect(outcome.heldOut.writers == ["w3"])
    // Held-out error at every anchor horizon is (|g−1|·v·h) ≈ 0; hold would be 75 mm/s × h.
    for score in outcome.heldOut.scores { #expect(score.meanError < 0.01 * 75 * (1.0 / 30)) }
  }

  @Test("a grid over the same space contains the optimum and picks it exactly")
  func gridPicksOptimum() throws {
    // 9 trials in 2 dimensions: a 3-point grid. gain-x: 0, 1.5, 3 (1.5 is nearest to 1, error |0.5|·v·h);
    // gain-y (log): 0.1, 1, 10 (1 is the optimum).
    let request = TuneRun.Request(
      predictor: "axis-gain", objective: .error(statistic: .p95, horizons: [1.0 / 60]),
      split: .holdout(testFraction: 0.25, seed: 1), strategy: .grid, trials: 9, seed: 0, parts: 1)
    let outcome = try TuneRun.run(request, data: try Self.lines(), catalog: Self.axisGainCatalog)
    #expect(outcome.final.trials.count == 9)
    #expect(abs(outcome.final.best.values[0] - 1.5) < 1e-12)
    #expect(abs(outcome.final.best.values[1] - 1) < 1e-9)
  }

  @Test("a killed tune (journal cut after 4 trials, half a line) resumes to the same result as an uninterrupted one")
  func resumeThroughTuneRun() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tune-resume-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = try DatasetRegistry.load("Henze2017-MobileHCI:Fitts")
    let data = try TuningData(traces: [trace])
    func request(_ journal: URL) -> TuneRun.Request {
      var request = TuneRun.Request(
        predictor: "polynomial:order=2", parameters: ["window", "half-life=0..0.05"],
        objective: .error(statistic: .mean, horizons: [1.0 / 60]),
        split: .explicit(
          train: (1...6).map { "participant\($0)" }, validation: [], test: ["participant7", "participant8"]),
        strategy: .nelderMead, trials: 10, seed: 5, journal: journal, parts: 2)
      request.paretoCandidates = 1
      return request
    }
    let whole = directory.appendingPathComponent("whole.jsonl")
    let uninterrupted = try TuneRun.run(request(whole), data: data)
    let cut = directory.appendingPathComponent("cut.jsonl")
    let lines = try String(contentsOf: whole, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 11)
    let partial = lines[5].prefix(lines[5].count / 2)
    try (lines[0...4].joined(separator: "\n") + "\n" + partial).write(to: cut, atomically: true, encoding: .utf8)
    let resumed = try TuneRun.run(request(cut), data: data)
    #expect(resumed.final.trials == uninterrupted.final.trials)
    #expect(resumed.final.best == uninterrupted.final.best)
    #expect(resumed.heldOut.scores == uninterrupted.heldOut.scores)
    #expect(try String(contentsOf: cut, encoding: .utf8) == String(contentsOf: whole, encoding: .utf8))
  }

  /// The header names the writers a search's best configuration is scored on, so a model
  /// exported from the journal records them; a journal written before they were recorded still
  /// resumes (``TuningJournal/Header/resumes(_:)`` leaves them out).
  @Test("journal headers record each search's test writers; a header without them still resumes")
  func headerTestWriters() throws {
    let data = try Self.lines()
    var request = TuneRun.Request(
      predictor: "axis-gain", parameters: ["gain-x"], objective: .error(statistic: .mean, horizons: [1.0 / 60]),
      split: .explicit(train: ["w0", "w1", "w2"], validation: [], test: ["w3"]), strategy: .grid, trials: 2, seed: 1,
      journal: nil, parts: 1)
    request.provenance = ResultProvenance(
      commandLine: ["lookahead", "tune"], command: "tune", predictors: ["axis-gain"], seed: 1, profile: nil,
      evaluationProtocol: "anchor", datasets: [])
    let sets = try TuneRun.searchSets(request, data: data)
    #expect(sets.map(\.label) == ["all"] && sets[0].testWriters == ["w3"])
    let setup = try TuneRun.Setup(request, catalog: Self.axisGainCatalog)
    let header = setup.header(request, label: "all", searchData: try sets[0].data(from: data), testWriters: sets[0].testWriters)
    #expect(header.provenance?.testWriters == ["w3"])
    var older = header
    older.provenance?.testWriters = nil
    #expect(header.resumes(older) && older.resumes(header))
    // A cross-fitted split: each fold's own held-out writer; the final search, tuned on every
    // writer, none unless --test data is given.
    request.split = .kFold(k: 2, seed: 3)
    let folds = try TuneRun.searchSets(request, data: data)
    #expect(folds.map(\.label) == ["fold 1", "fold 2", "all"])
    #expect(Set(folds.dropLast().flatMap { $0.testWriters ?? [] }) == ["w0", "w1", "w2", "w3"])
    #expect(folds.last?.testWriters == nil)
    let withTest = try TuneRun.searchSets(request, data: data, separateTestWriters: ["w1"])
    #expect(withTest.last?.testWriters == ["w1"])
  }

  @Test("a journal of another tune is refused, naming the journal")
  func mismatchedJournal() throws {
    let journal = FileManager.default.temporaryDirectory.appendingPathComponent("tune-mismatch-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: journal) }
    var request = TuneRun.Request(
      predictor: "axis-gain", objective: .error(statistic: .mean, horizons: [1.0 / 60]),
      split: .holdout(testFraction: 0.25, seed: 1), strategy: .lhs, trials: 3, seed: 1, journal: journal, parts: 1)
    _ = try TuneRun.run(request, data: try Self.lines(), catalog: Self.axisGainCatalog)
    request.seed = 2
    #expect(throws: TuningJournal.Mismatch.self) {
      try TuneRun.run(request, data: try Self.lines(), catalog: Self.axisGainCatalog)
    }
    request.fresh = true
    _ = try TuneRun.run(request, data: try Self.lines(), catalog: Self.axisGainCatalog)
  }

  /// A replayed objective records the device in the journal's context and provenance: resuming
  /// through another names the profile once with both names (the provenance's copy of the same
  /// change is not repeated), then the definition's fields that differ.
  @Test("resuming a journal through another device profile names the profile and both values")
  func mismatchedProfileIsNamed() throws {
    let journal = FileManager.default.temporaryDirectory.appendingPathComponent("tune-profile-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: journal) }
    var request = TuneRun.Request(
      predictor: "axis-gain", objective: .frameError(statistic: .mean), split: .holdout(testFraction: 0.25, seed: 1),
      strategy: .lhs, trials: 2, seed: 1, profile: .pencil240ProMotion120, journal: journal, parts: 1)
    request.provenance = ResultProvenance(
      commandLine: ["lookahead", "tune"], command: "tune", predictors: ["axis-gain"], seed: 1, profile: nil,
      evaluationProtocol: "frame", datasets: [])
    _ = try TuneRun.run(request, data: try Self.lines(), catalog: Self.axisGainCatalog)
    request.profile = .finger60Phone
    let error = #expect(throws: TuningJournal.Mismatch.self) {
      try TuneRun.run(request, data: try Self.lines(), catalog: Self.axisGainCatalog)
    }
    let detail = error?.detail ?? ""
    #expect(detail.hasPrefix(#"context.profile: journal "pencil240-promotion120", this run "finger60-phone"; provenance.profileDefinition."#), "\(detail)")
    #expect(!detail.contains("provenance.profile:") && !detail.contains("provenance.profileDefinition.name"), "\(detail)")
  }

  @Test("cross-fitting scores every writer with a configuration searched without them")
  func crossFitting() throws {
    var request = TuneRun.Request(
      predictor: "axis-gain", objective: .error(statistic: .mean, horizons: [1.0 / 60]), split: .leaveOneWriterOut,
      strategy: .lhs, trials: 6, seed: 2, parts: 2)
    request.provenance = ResultProvenance(
      commandLine: ["lookahead", "tune"], command: "tune", predictors: ["axis-gain"], seed: 2, profile: nil,
      evaluationProtocol: "anchor", datasets: [])
    let outcome = try TuneRun.run(request, data: try Self.lines(), catalog: Self.axisGainCatalog)
    #expect(outcome.folds.count == 4)
    for (f, fold) in outcome.folds.enumerated() { #expect(!fold.trainWriters.contains("w\(f)")) }
    #expect(outcome.heldOut.writers.sorted() == ["w0", "w1", "w2", "w3"])
    #expect(outcome.heldOut.crossFitted)
    // The configuration written was searched on every writer: it has no test writers, and the
    // scored writers are recorded as cross-fitted instead.
    let provenance = try #require(outcome.provenance)
    #expect(provenance.trainWriters?.sorted() == ["w0", "w1", "w2", "w3"])
    #expect(provenance.testWriters == nil)
    #expect(provenance.crossFittedWriters?.sorted() == ["w0", "w1", "w2", "w3"])
    // Every issue point of every stroke is scored once: 60 samples, warm-up 4, at 4.17 ms all but the last.
    #expect(outcome.heldOut.scores[0].issuePoints == 12 * 55)
  }

  /// With separate test data the folds are searched (their choices are listed) but the held-out
  /// score is the final search's on the test data, exactly as a run without a split gives it.
  @Test("cross-fitting with test data: folds listed, the test data scored by the search on every writer")
  func crossFittingWithTestData() throws {
    let data = try Self.lines()
    let test = try data.restricted(to: ["w3"])
    let train = try data.restricted(to: ["w0", "w1", "w2"])
    func request(_ split: WriterSplit?) -> TuneRun.Request {
      TuneRun.Request(
        predictor: "axis-gain", objective: .error(statistic: .mean, horizons: [1.0 / 60]), split: split,
        strategy: .lhs, trials: 6, seed: 2, parts: 2)
    }
    let folded = try TuneRun.run(request(.leaveOneWriterOut), data: train, testData: test, catalog: Self.axisGainCatalog)
    let plain = try TuneRun.run(request(nil), data: train, testData: test, catalog: Self.axisGainCatalog)
    #expect(folded.folds.count == 3 && plain.folds.isEmpty)
    #expect(!folded.heldOut.crossFitted && folded.heldOut.writers == ["w3"])
    #expect(folded.final.best.values == plain.final.best.values)
    #expect(folded.heldOut.scores.map(\.meanError) == plain.heldOut.scores.map(\.meanError))
    #expect(folded.heldOut.scores[0].issuePoints == 3 * 55)
  }

  @Test("no split and no test data is refused: a tuned score needs unseen writers")
  func needsHeldOut() throws {
    let request = TuneRun.Request(
      predictor: "axis-gain", objective: .error(statistic: .mean, horizons: [0.01]), split: nil, strategy: .lhs,
      trials: 2, seed: 0)
    #expect(throws: TuneRun.SetupError.self) { try TuneRun.run(request, data: try Self.lines(), catalog: Self.axisGainCatalog) }
  }
}

@Suite("Explore-then-refine search")
struct ExploreThenRefineSearchTests {
  @Test("the hypercube's points come first, then Nelder–Mead starts at the best of them")
  func order() {
    var search = ExploreThenRefineSearch(dimensionCount: 2, exploreCount: 5, refineBudget: 4, seed: 9)
    var reference = LatinHypercubeSearch(dimensionCount: 2, count: 5, seed: 9)
    var best: [Double] = []
    var bestScore = Double.infinity
    for _ in 0..<5 {
      let point = search.next()
      #expect(point == reference.next())
      guard let point else { return }
      let score = (point[0] - 0.3) * (point[0] - 0.3) + (point[1] - 0.6) * (point[1] - 0.6)
      if score < bestScore { (best, bestScore) = (point, score) }
      search.tell(point, score: score)
    }
    #expect(search.next() == best)  // Nelder–Mead's first vertex is its start
  }
}

extension TuneRunTests {
  /// The side-effect front of a latency tune: on straight lines that stop dead, a larger gain hides
  /// more latency and overshoots more, so the trials trade off. Every trial with the three values
  /// is on the front or dominated by a point of it, and no front point is dominated by any trial.
  @Test("a latency tune's side-effect front holds exactly the trials no other beats on latency, overshoot and jitter")
  func sideEffectFront() throws {
    let request = TuneRun.Request(
      predictor: "axis-gain", objective: try TuningObjective(parsing: "latency:overshoot=none,jitter=none,wrong-direction=none"),
      split: .holdout(testFraction: 0.25, seed: 1), strategy: .lhs, trials: 12, seed: 3)
    let outcome = try TuneRun.run(request, data: try TuneRunTests.lines(), catalog: TuneRunTests.axisGainCatalog)
    func goals(_ metrics: [String: Double]) -> [Double]? {
      guard let saved = metrics["latency_saved_mean_ms"], let overshoot = metrics["stroke_end_overshoot_p95_mm"],
        let jitter = metrics["jitter_rms_mm"]
      else { return nil }
      return [-saved, overshoot, jitter]
    }
    func dominates(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { $0 <= $1 } && a != b }
    let trials = outcome.final.trials.compactMap { trial in goals(trial.metrics).map { (trial.index, $0) } }
    try #require(trials.count == 12)
    let front = outcome.tradeOff
    #expect(front.count >= 2)
    let frontGoals = front.map { [-$0.latencySavedMilliseconds, $0.overshootP95Millimetres, $0.jitterRMSMillimetres] }
    for (index, point) in trials {
      let onFront = front.contains { $0.trial == index }
      #expect(onFront != frontGoals.contains { dominates($0, point) }, "trial \(index)")
      if onFront { #expect(!trials.contains { dominates($0.1, point) }, "trial \(index)") }
    }
    let saved = front.map { $0.latencySavedMilliseconds }
    #expect(saved == saved.sorted(by: >))
    // The share hidden is latency saved over the mean horizon (above 1 for gains that run ahead).
    for point in front {
      let metrics = try #require(outcome.final.trials.first { $0.index == point.trial }).metrics
      let horizon = try #require(metrics["horizon_mean_ms"])
      #expect(point.latencyHiddenFraction == point.latencySavedMilliseconds / horizon)
    }
  }
}
