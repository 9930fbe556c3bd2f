import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// The promise of export: a model file loaded by the runtime predicts exactly what the workbench
/// predicted. Both build the very same runtime types (`ARCHITECTURE.md`), so the comparison is
/// bit-for-bit, on every frame of every bundled trace, through the replay an app would see.
@Suite("Export parity")
struct ExportParityTests {
  static let bundledTraces = ["Inkable-ApplePencil", "Henze2017-MobileHCI"]

  /// Every exportable catalog entry at its defaults, plus variants reaching the stages (pre- and
  /// post-filter, gates, pressure extrapolation).
  static func catalogPredictors() throws -> [CatalogPredictor] {
    let catalog = PredictorCatalog.exported
    var predictors = try catalog.entries.filter(\.isExportable).map { try $0.configure([]) }
    predictors += try [
      "kalman:postfilter-min-cutoff=1,pressure=extrapolate",
      "polynomial:order=2,window=6,half-life=0.02,prefilter-min-cutoff=2,horizon-cap=0.02",
      "linear:order=2,speed-floor=5,turn-low=0.5,turn-high=1.5,direction-cutoff=true,stroke-end-ratio=0.2",
      "learned-linear:history-count=3,rotate-to-motion=false,gap-limit=0.05",
      "kalman:speed-gate=200,speed-gate-gain=0.6,stop-factor=0.5",
    ].map { try catalog.configure(specification: $0) }
    return predictors
  }

  /// A learned linear model trained on the bundled Henze 2017 strokes (ridge, K = 4).
  static func trainedPredictor() throws -> CatalogPredictor {
    let trace = try DatasetRegistry.load("Henze2017-MobileHCI")
    let strokes = Array(trace.strokes.filter { !$0.isHover }.prefix(60))
    let trainer = LearnedLinearTrainer(options: LearnedLinearTrainer.Options(horizons: [0.008, 0.016, 0.033]))
    let weights = try trainer.fit(strokes: strokes, historyCount: 4, lambda: 1e-6)
    let catalog = PredictorCatalog.exported.adding([PredictorCatalog.learnedLinearEntry(weights: weights)])
    let predictor = try catalog.configure(specification: "learned-linear:gap-limit=0.1")
    guard case .learnedLinear(let used) = predictor.configuration?.family else {
      Issue.record("trained predictor is not learned linear")
      return predictor
    }
    // Trained, not constant velocity.
    #expect(used.weights != LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 4).weights)
    return predictor
  }

  /// An MLP trained for two epochs on the bundled Henze 2017 strokes (K = 4, 8×8 tanh: both the
  /// non-linearity and the standardisation are non-trivial).
  static func trainedMLP() throws -> CatalogPredictor {
    let trace = try DatasetRegistry.load("Henze2017-MobileHCI")
    let data = try TuningData(traces: [
      Trace(metadata: trace.metadata, strokes: Array(trace.strokes.filter { !$0.isHover }.prefix(80)))
    ])
    var options = MLPTrainer.Options(horizons: [0.008, 0.016, 0.033])
    options.historyCount = 4
    options.hiddenSizes = [8, 8]
    options.activation = .tanh
    options.epochs = 2
    let weights = try MLPTrainer(options: options).train(data: data).parameters
    #expect(weights.weights.contains { $0 != 0 } && weights.inputScale.contains { $0 != 1 })
    let catalog = PredictorCatalog.exported.adding([PredictorCatalog.mlpEntry(weights: weights)])
    return try catalog.configure(specification: "mlp:gap-limit=0.1")
  }

  /// The best configuration of a small grid search over the Kalman noises on Henze strokes,
  /// read back from its journal.
  static func tunedPredictor() throws -> CatalogPredictor {
    let trace = try DatasetRegistry.load("Henze2017-MobileHCI")
    var sample = trace
    sample.strokes = Array(trace.strokes.filter { !$0.isHover }.prefix(12))
    let catalog = PredictorCatalog.exported
    let space = SearchSpace([
      .init(name: "process-noise", lowerBound: 1e-4, upperBound: 1, scale: .log),
      .init(name: "measurement-noise", lowerBound: 1e-3, upperBound: 10, scale: .log),
    ])
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lookahead-parity-\(UInt64.random(in: 0...UInt64.max)).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    var tuner = Tuner(
      header: TuningJournal.Header(
        predictor: "kalman", space: space, strategy: "grid", seed: 1, objective: "error_mean_mm"),
      strategy: GridSearch(dimensionCount: 2, pointsPerDimension: 3), journal: TuningJournal(url: url))
    let evaluator = Evaluator(replay: try Replay(profile: .pencil240ProMotion120, seed: 1), parts: 1)
    let trials = try tuner.run { values in
      let predictor = try catalog.entry(named: "kalman").configure(values: [
        "process-noise": .number(values[0]), "measurement-noise": .number(values[1]),
      ])
      let card = try evaluator.evaluate(sample, makePredictor: { predictor.makePredictor() })
      return Tuner<GridSearch>.Outcome(objective: card.value("error_mean_mm") ?? card.value("error_mean_native") ?? .nan)
    }
    let tuned = try TunedConfiguration(journal: url, catalog: catalog)
    let finite = trials.compactMap(\.objective)
    #expect(finite.count == 9)
    #expect(tuned.best.objective == finite.min())
    #expect(tuned.predictor.values.first { $0.name == "process-noise" }?.value == .number(tuned.best.values[0]))
    return tuned.predictor
  }

  @Test("every exportable predictor, a tuned and a trained model predict bit-for-bit as in the workbench",
        arguments: bundledTraces)
  func parity(name: String) throws {
    let predictors = try Self.catalogPredictors() + [Self.tunedPredictor(), Self.trainedPredictor(), Self.trainedMLP()]
    #expect(predictors.count >= 14)
    let profile = DeviceProfile.pencil240ProMotion120
    let replay = try Replay(profile: profile, seed: 3)
    do {
      let trace = try DatasetRegistry.load(name)
      for predictor in predictors {
        let file = try ModelExporter.modelFile(
          predictor: predictor, entry: try? PredictorCatalog.exported.entry(named: predictor.name),
          coordinates: ModelExporter.coordinates(of: trace.metadata), profile: profile,
          digitizerRateHz: trace.metadata.digitizerRateHz,
          provenance: ModelProvenance(datasets: [.init(name: name)], lookaheadVersion: LookaheadVersion.string))
        let model = try LookaheadModel(bytes: try file.fileData())
        #expect(model.configuration == predictor.configuration)
        #expect(try ModelEvaluation.scale(for: model, trace: trace.metadata).isIdentity)

        // The workbench: the catalog predictor itself, through the same replay.
        var expected: [PredictedPoint?] = []
        for strokeIndex in trace.strokes.indices where !trace.strokes[strokeIndex].isHover {
          var workbench = predictor.makePredictor()
          var frames = try replay.frames(of: trace.strokes[strokeIndex], strokeIndex: strokeIndex)
          while let frame = frames.next() {
            for index in frame.deliveredSamples {
              workbench.observe(frames.pointerSample(index, knownAt: frame.callbackTime))
            }
            expected.append(workbench.predict(at: frame.targetPresentationTime))
          }
        }
        var position = 0
        var mismatches = 0
        var predicted = 0
        try ModelEvaluation.predictions(model, on: trace, replay: replay) { row in
          defer { position += 1 }
          guard position < expected.count else { mismatches += 1; return }
          let a = row.predicted, b = expected[position]
          if a != nil { predicted += 1 }
          if a.map({ [$0.x.bitPattern, $0.y.bitPattern, $0.time.bitPattern] })
            != b.map({ [$0.x.bitPattern, $0.y.bitPattern, $0.time.bitPattern] }) || a?.pressure != b?.pressure
          {
            mismatches += 1
          }
        }
        #expect(position == expected.count, "\(name) \(predictor.specification)")
        #expect(mismatches == 0, "\(name) \(predictor.specification): \(mismatches) frames differ")
        if predictor.name != "hold" { #expect(predicted > 0) }
      }
    }
  }

  @Test("the runtime's scorecard equals the workbench's, to the bit")
  func scorecards() throws {
    let trace = try DatasetRegistry.load("Inkable-ApplePencil")
    let predictor = try PredictorCatalog.exported.configure(specification: "kalman-androidx")
    let profile = DeviceProfile.pencil240ProMotion120
    let file = try ModelExporter.modelFile(
      predictor: predictor, entry: try PredictorCatalog.exported.entry(named: "kalman-androidx"),
      coordinates: ModelExporter.coordinates(of: trace.metadata), profile: profile,
      digitizerRateHz: trace.metadata.digitizerRateHz,
      provenance: ModelProvenance(lookaheadVersion: LookaheadVersion.string))
    let model = try LookaheadModel(bytes: try file.fileData())
    let evaluator = Evaluator(replay: try Replay(profile: profile, seed: 5))
    let workbench = try evaluator.evaluate(trace, makePredictor: { predictor.makePredictor() })
    let runtime = try ModelEvaluation.evaluate(model, on: trace, evaluator: evaluator)
    #expect(runtime == workbench)
    #expect(runtime.predictionCount > 0)
    // The device profile travels in the file and comes back whole.
    #expect(try ModelExporter.deviceProfile(of: model.file) == profile)
  }

  /// `evaluate --model --json` records the model's configuration as its specification: the same
  /// model must give the same text in every run. The gates are eleven keys of a dictionary-backed
  /// encoding, whose order changed from process to process before the keys were sorted.
  @Test("a model's specification in results lists its keys in sorted order, the same in every run")
  func specificationKeysAreSorted() throws {
    let trace = try DatasetRegistry.load("Inkable-ApplePencil")
    let predictor = try PredictorCatalog.exported.configure(specification: "kalman-androidx")
    let file = try ModelExporter.modelFile(
      predictor: predictor, entry: try PredictorCatalog.exported.entry(named: "kalman-androidx"),
      coordinates: ModelExporter.coordinates(of: trace.metadata), profile: .pencil240ProMotion120,
      digitizerRateHz: trace.metadata.digitizerRateHz,
      provenance: ModelProvenance(lookaheadVersion: LookaheadVersion.string))
    let model = try LookaheadModel(bytes: try file.fileData())
    let subject = try ModelEvaluation.subject(model, label: "m", for: trace.metadata)
    let gates = try #require(
      (try JSONSerialization.jsonObject(with: Data(subject.specification.utf8)) as? [String: Any])
        .flatMap { $0["stages"] as? [String: Any] }?["gates"] as? [String: Any])
    let keys = gates.keys.sorted()
    #expect(keys.count > 5)
    let positions = keys.map { subject.specification.range(of: "\"\($0)\"")!.lowerBound }
    #expect(positions == positions.sorted(), "keys in the text: \(subject.specification)")
  }
}
