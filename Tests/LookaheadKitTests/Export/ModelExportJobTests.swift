import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `lookahead export` and `lookahead predict` as functions: the inputs each accepts, what the
/// model file records, and the refusals.
@Suite("Model export job")
struct ModelExportJobTests {
  private func temporary(_ name: String) -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("lookahead-export-\(UInt64.random(in: 0...UInt64.max))-\(name)")
  }

  @Test("a catalog specification exports with the dataset's unit, checksums, profile and catalog units")
  func specification() throws {
    let file = try ModelExportJob(
      source: .predictor("kalman:process-noise=0.5"), datasets: ["Inkable-ApplePencil"],
      profile: "pencil240-promotion120", seed: 9, command: "lookahead export test"
    ).modelFile()
    #expect(file.predictor.catalogName == "kalman")
    guard case .kalman(let parameters) = file.predictor.configuration.family else {
      Issue.record("not a Kalman configuration")
      return
    }
    #expect(parameters.processNoise == 0.5)
    let trace = try DatasetRegistry.load("Inkable-ApplePencil")
    #expect(file.coordinates.unit == trace.metadata.coordinateUnit)
    #expect(file.coordinates.millimetresPerUnit == trace.metadata.millimetresPerUnit)
    #expect(file.tunedFor.deviceProfileName == "pencil240-promotion120")
    #expect(file.tunedFor.horizonPolicy == .presentationTime)
    #expect(file.provenance.seed == 9)
    #expect(file.provenance.command == "lookahead export test")
    let checksums = try DatasetRegistry.checksums(of: "Inkable-ApplePencil")
    #expect(file.provenance.datasets.first?.files.map(\.sha256) == checksums.map(\.sha256))
    #expect(file.predictor.parameters.first { $0.name == "process-noise" }
      == .init(name: "process-noise", value: .number(0.5), unit: "units²/time-unit^(2n−2)"))
  }

  @Test("the best trial of a journal is exported with the journal's objective, seed, split and score")
  func journal() throws {
    let url = temporary("journal.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let space = SearchSpace([
      .init(name: "alpha", lowerBound: 0.1, upperBound: 0.9),
      .init(name: "gamma", lowerBound: 0, upperBound: 0.5),
    ])
    let journal = TuningJournal(url: url)
    try journal.start(with: TuningJournal.Header(
      predictor: "alpha-beta-gamma", space: space, strategy: "grid", seed: 42, objective: "error_p95_mm",
      context: ["dataset": "Henze2017-MobileHCI", "split": "leave-one-writer-out", "profile": "finger120-display60"]))
    try journal.append(.init(index: 0, unit: [0, 0], values: [0.1, 0], objective: 3.0, metrics: ["error_p95_mm": 3.0]))
    try journal.append(.init(index: 1, unit: [1, 1], values: [0.7, 0.25], objective: 1.25, metrics: ["error_p95_mm": 1.25]))
    try journal.append(.init(index: 2, unit: [0.5, 0.5], values: [0.5, 0.5], objective: nil, metrics: [:], failure: "x"))
    try journal.append(.init(index: 3, unit: [0.2, 0.2], values: [0.3, 0.1], objective: 1.25, metrics: [:]))
    let file = try ModelExportJob(source: .tuneResult(url), command: "c").modelFile()
    guard case .alphaBetaGamma(let parameters) = file.predictor.configuration.family else {
      Issue.record("not an α-β-γ configuration")
      return
    }
    // Trial 1: the lowest objective, and the earlier of the tie with trial 3.
    #expect(parameters.alpha == 0.7)
    #expect(parameters.gamma == 0.25)
    #expect(parameters.beta == 0.4)  // not searched: the catalog default
    #expect(file.provenance.objective == "error_p95_mm")
    #expect(file.provenance.seed == 42)
    #expect(file.provenance.split == "leave-one-writer-out")
    #expect(file.provenance.score == ["error_p95_mm": 1.25, "objective": 1.25])
    #expect(file.provenance.datasets.map(\.name) == ["Henze2017-MobileHCI"])
    #expect(file.tunedFor.deviceProfileName == "finger120-display60")
  }

  /// A tune's parameters were chosen through its device: another --profile relabelled them
  /// silently. The same device restated is taken, and a run that records none takes any.
  @Test("--from-tune refuses a --profile other than the tune's, naming both; a run that records none takes it")
  func recordedDeviceIsKept() throws {
    let url = temporary("device.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    func journal(_ provenance: ResultProvenance?, context: [String: String]) throws {
      try? FileManager.default.removeItem(at: url)
      let journal = TuningJournal(url: url)
      try journal.start(with: TuningJournal.Header(
        predictor: "alpha-beta-gamma", space: SearchSpace([.init(name: "alpha", lowerBound: 0.1, upperBound: 0.9)]),
        strategy: "grid", seed: 0, objective: "o", context: context, provenance: provenance))
      try journal.append(.init(index: 0, unit: [0.5], values: [0.5], objective: 1, metrics: [:]))
    }
    func device(_ profile: String?) throws -> String {
      try ModelExportJob(source: .tuneResult(url), profile: profile, command: "c").modelFile().tunedFor.deviceProfileName
    }

    try journal(
      ResultProvenance(
        commandLine: [], command: "tune", predictors: ["alpha-beta-gamma"], seed: 0, profile: .finger60Phone,
        evaluationProtocol: "frame-replay", datasets: []),
      context: ["profile": "finger60-phone"])
    let error = #expect(throws: ModelExportJob.RecordedDeviceOverride.self) { try device("pencil240-promotion120") }
    #expect(error?.description == "--profile pencil240-promotion120: the run records its own device, finger60-phone, "
      + "and export takes it from it; another device would claim the parameters it found for a device they were not "
      + "tuned for. Leave out --profile, or tune through pencil240-promotion120 to ship a model for it")
    #expect(try device("finger60-phone") == "finger60-phone")
    #expect(try device(nil) == "finger60-phone")
    // A journal without provenance records its device in its context.
    try journal(nil, context: ["profile": "finger120-display60"])
    #expect(throws: ModelExportJob.RecordedDeviceOverride.self) { try device("finger60-phone") }
    #expect(try device("finger120-display60") == "finger120-display60")
    // Recorded nowhere: --profile says which device.
    try journal(nil, context: [:])
    #expect(try device("finger60-phone") == "finger60-phone")
    #expect(try device(nil) == "pencil240-promotion120")
  }

  /// A tune scored at each frame's presentation time was exported as a fixed-horizon model when
  /// --fixed-horizon was typed. It may now only choose a horizon the run was scored at (the
  /// run's exact value is written); a run that records no horizon policy takes any.
  /// A one-trial tune journal at `url` whose provenance records `horizonPolicy`.
  private func horizonJournal(at url: URL, horizonPolicy: String?) throws {
    try? FileManager.default.removeItem(at: url)
    var provenance = ResultProvenance(
      commandLine: [], command: "tune", predictors: ["alpha-beta-gamma"], seed: 0, profile: .finger60Phone,
      evaluationProtocol: "frame-replay", datasets: [])
    provenance.horizonPolicy = horizonPolicy
    let journal = TuningJournal(url: url)
    try journal.start(with: TuningJournal.Header(
      predictor: "alpha-beta-gamma", space: SearchSpace([.init(name: "alpha", lowerBound: 0.1, upperBound: 0.9)]),
      strategy: "grid", seed: 0, objective: "o", context: [:], provenance: provenance))
    try journal.append(.init(index: 0, unit: [0.5], values: [0.5], objective: 1, metrics: [:]))
  }

  /// The anchor horizons, as `tune --objective error` records them (k/240 s in ms).
  private static let anchorPolicy = "fixed:" + (1...8).filter { $0 != 7 }.map { "\(Double($0) / 240 * 1000)" }
    .joined(separator: ";")

  @Test("--from-tune refuses a --fixed-horizon the run was not scored at, naming both; one of its horizons is taken")
  func recordedHorizonPolicyIsKept() throws {
    let url = temporary("horizon.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    func journal(horizonPolicy: String?) throws { try horizonJournal(at: url, horizonPolicy: horizonPolicy) }
    func policy(_ seconds: Double?) throws -> ModelHorizonPolicy {
      try ModelExportJob(source: .tuneResult(url), fixedHorizonSeconds: seconds, command: "c").modelFile()
        .tunedFor.horizonPolicy
    }

    try journal(horizonPolicy: "presentation-time")
    let perFrame = #expect(throws: ModelExportJob.RecordedHorizonOverride.self) { try policy(0.0167) }
    #expect(perFrame?.description == "--fixed-horizon 0.0167 (16.7 ms): the run records its own horizon policy, "
      + "presentation-time (each frame's, through the device replay), and export takes it from it; a fixed horizon "
      + "would claim the parameters it found for per-sample prediction they were not scored at. Leave out "
      + "--fixed-horizon, or run it at 16.7 ms (tune --objective error:horizon=16.7, train --horizons 16.7) to ship one")
    #expect(try policy(nil) == .presentationTime)

    let anchor = Self.anchorPolicy
    try journal(horizonPolicy: anchor)
    let elsewhere = #expect(throws: ModelExportJob.RecordedHorizonOverride.self) { try policy(0.05) }
    #expect(elsewhere?.description.hasPrefix("--fixed-horizon 0.05 (50 ms): the run records its own horizon policy, "
      + "fixed at 4.17, 8.33, 12.5, 16.67, 20.83, 25, 33.33 ms (\(anchor)), and was not scored at 50 ms") == true)
    #expect(elsewhere?.description.contains(
      "Give one of its horizons, seconds (0.004167, 0.008333, 0.0125, 0.016667, 0.020833, 0.025, 0.033333)") == true)
    // 16.67 ms typed to a hundredth of a millisecond is the run's 16.666… ms, written exactly.
    let restated = try policy(0.01667)
    #expect(restated.kind == .fixed)
    #expect(abs((restated.horizonSeconds ?? 0) - 4.0 / 240) < 1e-15, "\(restated)")
    #expect(throws: ModelExportJob.RecordedHorizonOverride.self) { try policy(0.0167) }

    // Recorded nowhere (a run from before the field): --fixed-horizon says which.
    try journal(horizonPolicy: nil)
    #expect(try policy(0.0167) == .fixed(0.0167))
    #expect(try policy(nil) == .presentationTime)
  }

  /// The reverse relabelling: a tune scored per sample at fixed horizons was written as a
  /// per-frame model (`presentationTime`) when --fixed-horizon was left out. A tune at one
  /// horizon now records that horizon, exactly; one at several (spanning a frame's) stays per
  /// frame, as a training does, unless --fixed-horizon chooses one.
  @Test("--from-tune without --fixed-horizon keeps a per-sample tune's one horizon; at several it is per frame")
  func perSampleTuneKeepsItsHorizon() throws {
    let url = temporary("per-sample.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    func policy() throws -> ModelHorizonPolicy {
      try ModelExportJob(source: .tuneResult(url), command: "c").modelFile().tunedFor.horizonPolicy
    }

    // `tune --objective error:horizon=16.67` records its one horizon as typed.
    try horizonJournal(at: url, horizonPolicy: "fixed:16.67")
    #expect(try policy() == .fixed(16.67 / 1000))
    // `tune --objective turbotouch` records 1000/60 ms; the model gets those seconds exactly.
    try horizonJournal(at: url, horizonPolicy: "fixed:\(1000.0 / 60)")
    let turboTouch = try policy()
    #expect(turboTouch.kind == .fixed)
    #expect(abs((turboTouch.horizonSeconds ?? 0) - 1.0 / 60) < 1e-15, "\(turboTouch)")

    // At several (the anchor horizons of `--objective error`): per frame, as a training's model.
    try horizonJournal(at: url, horizonPolicy: Self.anchorPolicy)
    #expect(try policy() == .presentationTime)
    // Given, one of them is taken as before.
    let chosen = try ModelExportJob(source: .tuneResult(url), fixedHorizonSeconds: 0.025, command: "c").modelFile()
    #expect(chosen.tunedFor.horizonPolicy == .fixed(0.025))

    // Per frame, and recorded nowhere (a version-1 journal): per frame, as before.
    try horizonJournal(at: url, horizonPolicy: "presentation-time")
    #expect(try policy() == .presentationTime)
    try horizonJournal(at: url, horizonPolicy: nil)
    #expect(try policy() == .presentationTime)
  }

  @Test("a version-1 journal as `tune` wrote it: its 'dataset NAME' keys give the unit and datasets, its fixed values are applied")
  func versionOneJournal() throws {
    let url = temporary("v1.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    var header = TuningJournal.Header(
      predictor: "kalman", space: SearchSpace([.init(name: "process-noise", lowerBound: 1e-3, upperBound: 10, scale: .log)]),
      strategy: "lhs trials=1", seed: 0, objective: "error:statistic=mean,horizon=anchor",
      context: [
        "dataset Inkable-ApplePencil": "a.json 0123", "fixed": "measurement-noise=3,state=velocity",
        "split": "none", "test": "Inkable-ApplePencil",
      ])
    header.version = 1
    try TuningJournal(url: url).start(with: header)
    try TuningJournal(url: url).append(.init(index: 0, unit: [0.5], values: [0.1], objective: 1, metrics: [:]))
    let file = try ModelExportJob(source: .tuneResult(url), command: "c").modelFile()
    // Today's main read only `dataset`/`datasets` and wrote unit "unknown" with no datasets.
    #expect(file.coordinates.unit == "pt")
    #expect(file.provenance.datasets.map(\.name) == ["Inkable-ApplePencil"])
    guard case .kalman(let kalman) = file.predictor.configuration.family else {
      Issue.record("not a Kalman configuration")
      return
    }
    #expect(kalman.processNoise == 0.1)
    #expect(kalman.measurementNoise == 3)
  }

  @Test("a journal whose dimensions are not the predictor's parameters is refused naming the dimension")
  func journalMismatch() throws {
    let url = temporary("bad.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let journal = TuningJournal(url: url)
    try journal.start(with: TuningJournal.Header(
      predictor: "desp", space: SearchSpace([.init(name: "beta", lowerBound: 0, upperBound: 1)]), strategy: "grid",
      seed: 1, objective: "x"))
    try journal.append(.init(index: 0, unit: [0], values: [0.5], objective: 1, metrics: [:]))
    #expect {
      try ModelExportJob(source: .tuneResult(url), command: "c").modelFile()
    } throws: { error in
      "\(error)".contains("\"beta\"") && "\(error)".contains("desp")
    }
  }

  @Test("trained weights reach the learned-linear entry; a configuration JSON exports as is")
  func weights() throws {
    var trained = LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 2, rotateToMotion: true)
    trained.weights[5] = 0.25
    let configuration = PredictorConfiguration(family: .learnedLinear(trained))
    let url = temporary("weights.json")
    defer { try? FileManager.default.removeItem(at: url) }
    try JSONEncoder().encode(configuration).write(to: url)

    let viaCatalog = try ModelExportJob(
      source: .predictor("learned-linear:gap-limit=0.05"), learnedLinearWeights: url, command: "c"
    ).modelFile()
    guard case .learnedLinear(let used) = viaCatalog.predictor.configuration.family else {
      Issue.record("not learned linear")
      return
    }
    #expect(used.weights == trained.weights)
    // One gap rule: the family's history break follows the stages' gap limit.
    #expect(used.maximumGapSeconds == 0.05)
    #expect(viaCatalog.predictor.configuration.stages.gapLimitSeconds == 0.05)
    #expect(throws: PredictorCatalogError.self) {
      try ModelExportJob(
        source: .predictor("learned-linear:history-count=3"), learnedLinearWeights: url, command: "c"
      ).modelFile()
    }

    let direct = try ModelExportJob(source: .predictor(url.path), command: "c").modelFile()
    #expect(direct.predictor.configuration == configuration)
    #expect(direct.coordinates.millimetresPerUnit == nil)
  }

  @Test("writing refuses to replace a file without force")
  func overwrite() throws {
    let url = temporary("m.model")
    defer { try? FileManager.default.removeItem(at: url) }
    let file = try ModelExportJob(source: .predictor("hold"), command: "c").modelFile()
    try ModelExporter.write(file, to: url, force: false)
    #expect(throws: OutputExistsError.self) { try ModelExporter.write(file, to: url, force: false) }
    try ModelExporter.write(file, to: url, force: true)
    #expect(try LookaheadModel(contentsOf: url).file == file)
  }

  @Test("the learned-linear entry with default weights is constant-velocity extrapolation")
  func learnedLinearDefault() throws {
    let predictor = try PredictorCatalog.exported.configure(specification: "learned-linear:history-count=3")
    var learned = predictor.makePredictor()
    var linear = try PredictorCatalog.exported.configure(specification: "linear").makePredictor()
    // A constant-speed line: both predict the line exactly.
    for i in 0..<10 {
      let sample = PointerSample(time: Double(i) * 0.004, x: 3 * Double(i), y: 7 - Double(i))
      learned.observe(sample)
      linear.observe(sample)
    }
    let a = try #require(learned.predict(at: 0.036 + 0.02))
    let b = try #require(linear.predict(at: 0.036 + 0.02))
    #expect(abs(a.x - (27 + 15)) < 1e-9 && abs(a.y - (-2 - 5)) < 1e-9)
    #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
  }

  @Test("predict rows through the runtime: one per replayed frame, converted when units differ")
  func predictRows() throws {
    let trace = try DatasetRegistry.load("Inkable-ApplePencil")
    // The model in millimetres: the trace's points are converted in and out.
    var file = try ModelExportJob(source: .predictor("linear"), command: "c").modelFile()
    file.coordinates = ModelCoordinates(unit: "mm", millimetresPerUnit: 1)
    let model = try LookaheadModel(file: file)
    let replay = try Replay(profile: .pencil240ProMotion120, seed: 0)
    var rows: [ModelEvaluation.Row] = []
    try ModelEvaluation.predictions(model, on: trace, replay: replay) { rows.append($0) }
    let frames = try replay.frameArrays(of: trace).reduce(0) { $0 + $1.frames.count }
    #expect(rows.count == frames)
    // Linear extrapolation commutes with scaling, so the rows match the model in the trace's unit
    // to rounding.
    var same = file
    same.coordinates = ModelExporter.coordinates(of: trace.metadata)
    var reference: [ModelEvaluation.Row] = []
    try ModelEvaluation.predictions(try LookaheadModel(file: same), on: trace, replay: replay) { reference.append($0) }
    var compared = 0
    for (a, b) in zip(rows, reference) {
      #expect((a.predicted == nil) == (b.predicted == nil))
      if let p = a.predicted, let q = b.predicted {
        #expect(abs(p.x - q.x) <= 1e-9 * max(1, abs(q.x)) && abs(p.y - q.y) <= 1e-9 * max(1, abs(q.y)))
        compared += 1
      }
    }
    #expect(compared > 100)
    let line = ModelEvaluation.csvLine(reference[0])
    #expect(line.split(separator: ",", omittingEmptySubsequences: false).count
      == ModelEvaluation.csvHeader.split(separator: ",").count)
  }
}
