import Foundation
import LookaheadRuntime

/// What `lookahead export` does, as one testable function: find the configuration (a catalog
/// specification, a config file, a configuration JSON, the best trial of a tuning journal, or
/// the result of a `tune` or `train` run), the unit its parameters assume, the device profile and
/// horizon policy, and the provenance, and build the model file.
///
/// From a tune or a training the facts come from the run's ``ResultProvenance`` (journal header,
/// `.tune.json`, `.train.json`): unit and millimetres, device profile, datasets with their subsets
/// and checksums, split and writers, objective, seed and fixed values; nothing is re-read or
/// guessed, and `--dataset`, `--split`, `--objective` and `--seed` are refused
/// (``RecordedRunOverride``): they would relabel the run's parameters without converting them; so
/// is a `--profile` other than the device the run records (``RecordedDeviceOverride``), and a
/// `--fixed-horizon` the run was not scored at (``RecordedHorizonOverride``).
/// With a hand-given predictor (or a version-1 journal, which records none of it) they say what
/// the parameters assume. An exported model given as the predictor is written again with its own
/// record, and a run's configuration with its result beside it is sent to `--from-tune` or
/// `--from-train` (``reexported(_:)``, ``RunConfigurationAsPredictor``).
public struct ModelExportJob: Sendable {
  /// Where the predictor comes from.
  public enum Source: Sendable {
    /// `name:key=value,…`, a catalog config file (`{"predictor": …}`), a configuration JSON
    /// (`{"family": …}`) or a model file.
    case predictor(String)
    /// A tune: its journal (JSON Lines, the best feasible trial) or its `.tune.json` result.
    case tuneResult(URL)
    /// A training: its `.train.json` result, or the model configuration `train -o` wrote (its
    /// `.train.json` is read from beside it).
    case trainResult(URL)
  }

  public var source: Source
  /// Datasets the model was tuned on; the first one's coordinate unit is the model's. Empty with
  /// a tune or training: taken from its provenance.
  public var datasets: [String]
  /// Device profile name or file; nil: the tune's, else the default preset. With a run that
  /// records a device, only that device (see ``device(origin:)``).
  public var profile: String?
  /// Fixed per-sample horizon, seconds; nil: the run's own policy, else per-frame presentation
  /// time. With a run that records its horizons, only one of them (see ``horizonPolicy(recorded:)``).
  public var fixedHorizonSeconds: Double?
  /// Trained learned-linear weights for the `learned-linear` catalog entry.
  public var learnedLinearWeights: URL?
  /// Provenance overrides (else from the tune or training, else `none`/0).
  public var split: String?
  public var objective: String?
  public var seed: UInt64?
  /// The command line, recorded in the file.
  public var command: String
  /// Where the shared datasets live (nil: the registry's default search).
  public var dataDirectory: URL?

  public init(
    source: Source, datasets: [String] = [], profile: String? = nil, fixedHorizonSeconds: Double? = nil,
    learnedLinearWeights: URL? = nil, split: String? = nil, objective: String? = nil, seed: UInt64? = nil,
    command: String, dataDirectory: URL? = nil
  ) {
    self.source = source
    self.datasets = datasets
    self.profile = profile
    self.fixedHorizonSeconds = fixedHorizonSeconds
    self.learnedLinearWeights = learnedLinearWeights
    self.split = split
    self.objective = objective
    self.seed = seed
    self.command = command
    self.dataDirectory = dataDirectory
  }

  /// What a tune or a training hands to export: the configuration and what produced it.
  struct Origin {
    var predictor: CatalogPredictor
    /// nil for a hand-given predictor, and for a version-1 journal (see ``legacyDatasets``).
    var provenance: ResultProvenance?
    /// A version-1 journal's dataset references (from its `context`).
    var legacyDatasets: [String] = []
    var legacyContext: [String: String] = [:]
    var objective: String?
    var seed: UInt64?
    var score: [String: Double] = [:]
    /// The catalog entry that configured the predictor, when it is not in the export catalog (a
    /// tune over trained weights): it gives the parameters' units (they were written as "").
    var entry: PredictorCatalogEntry?
  }

  /// Builds the model file.
  public func modelFile() throws -> ModelFile {
    if case .predictor(let text) = source {
      try Self.refuseRunConfiguration(text)
      if let model = try Self.exportedModel(text) { return try reexported(model) }
    }
    var catalog = PredictorCatalog.exported
    if let learnedLinearWeights { catalog = try catalog.withTrainedWeights(contentsOf: learnedLinearWeights) }
    let origin = try self.origin(catalog: catalog)
    let predictor = origin.predictor
    guard predictor.isExportable else { throw ModelExporter.NotExportable(name: predictor.name) }
    let recorded = origin.provenance
    if let recorded {
      let given = [
        ("--dataset", !datasets.isEmpty), ("--split", split != nil), ("--objective", objective != nil), ("--seed", seed != nil),
      ].filter(\.1).map(\.0)
      if !given.isEmpty { throw RecordedRunOverride(options: given, unit: recorded.unit) }
    }

    var coordinates = ModelCoordinates(unit: "unknown", millimetresPerUnit: nil)
    var digitizerRateHz: Double?
    var provenanceDatasets: [ModelProvenance.Dataset] = []
    let names = datasets.isEmpty && recorded == nil ? origin.legacyDatasets : datasets
    if names.isEmpty, let recorded {
      if let unit = recorded.unit { coordinates = ModelExporter.coordinates(unit: unit, millimetresPerUnit: recorded.millimetresPerUnit) }
      digitizerRateHz = recorded.digitizerRateHz
      // The model records the data it was made from; `--test` data was only scored.
      provenanceDatasets = recorded.datasets.filter { $0.testData != true }.map { dataset in
        .init(
          name: dataset.reference, files: dataset.files.map { .init(path: $0.path, sha256: $0.sha256) },
          mappings: dataset.mappings?.map { .init(path: $0.path, sha256: $0.sha256) })
      }
    }
    for (position, name) in names.enumerated() {
      if position == 0 {
        let trace = try DatasetRegistry.load(name, dataDirectory: dataDirectory)
        coordinates = ModelExporter.coordinates(of: trace.metadata)
        digitizerRateHz = trace.metadata.digitizerRateHz
      }
      let files = try DatasetRegistry.checksums(of: name, dataDirectory: dataDirectory)
      let mappings = try DatasetRegistry.mappingChecksums(of: name, dataDirectory: dataDirectory)
      provenanceDatasets.append(
        .init(
          name: name, files: files.map { .init(path: $0.path, sha256: $0.sha256) },
          mappings: mappings.map { .init(path: $0.path, sha256: $0.sha256) }))
    }
    let device = try self.device(origin: origin)
    let entry = origin.entry ?? (try? catalog.entry(named: predictor.name))
    return try ModelExporter.modelFile(
      predictor: predictor, entry: entry, coordinates: coordinates, profile: device,
      digitizerRateHz: digitizerRateHz,
      horizonPolicy: try horizonPolicy(recorded: recorded?.horizonPolicy),
      provenance: ModelProvenance(
        datasets: provenanceDatasets, split: split ?? recorded?.split ?? origin.legacyContext["split"] ?? "none",
        objective: objective ?? origin.objective ?? "none", seed: seed ?? origin.seed ?? 0, score: origin.score,
        command: command, lookaheadVersion: LookaheadVersion.string,
        producedBy: recorded.map { $0.commandLineText }.flatMap { $0.isEmpty ? nil : $0 },
        trainWriters: recorded?.trainWriters, testWriters: recorded?.testWriters,
        fixed: recorded?.fixed.flatMap { $0.isEmpty ? nil : $0 }))
  }

  /// `--dataset`, `--split`, `--objective` or `--seed` with a tune or training that records its
  /// own: a model's parameters are in its run's unit and were found on its run's data, so another
  /// dataset would relabel them (a speed of 1500 px/s read as 1500 counts/s) and the others would
  /// misstate how they were found.
  public struct RecordedRunOverride: Error, CustomStringConvertible, Sendable {
    public var options: [String]
    public var unit: String?
    public var description: String {
      "\(options.joined(separator: ", ")): the run records its own datasets\(unit.map { " (unit \($0))" } ?? ""), split, "
        + "objective and seed, and export takes them from it; another value would relabel the parameters it found "
        + "without converting them. Tune or train on the other data to ship a model for it"
    }
  }

  /// The device the model is for: the run's own (its provenance's, or a version-1 journal's
  /// `profile`), which `--profile` may only restate (``RecordedDeviceOverride``); else `--profile`
  /// (a hand-given predictor, a training, which records none); else the default preset.
  func device(origin: Origin) throws -> DeviceProfile {
    let given = try profile.map { try DeviceProfile.resolve($0) }
    if let recorded = origin.provenance?.profileDefinition {
      if let given, let profile, given != recorded {
        throw RecordedDeviceOverride(given: profile, givenName: given.name, recorded: recorded.name)
      }
      return recorded
    }
    if let recordedName = origin.legacyContext["profile"] {
      if let given, let profile, profile != recordedName, given.name != recordedName {
        throw RecordedDeviceOverride(given: profile, givenName: given.name, recorded: recordedName)
      }
      return try given ?? DeviceProfile.resolve(recordedName)
    }
    return given ?? .pencil240ProMotion120
  }

  /// `--profile` naming another device than the one a tune records: its parameters were chosen
  /// through that device (its frames and horizons, or at least its Pareto front), so the model
  /// file would claim them for a device they were not tuned for (it relabelled them silently).
  public struct RecordedDeviceOverride: Error, CustomStringConvertible, Sendable {
    /// `--profile` as typed (a preset name or a file), and the name of the device it gives.
    public var given: String
    public var givenName: String
    /// The name of the device the run records.
    public var recorded: String
    public var description: String {
      let named = given == givenName ? given : "\(given) (device \(givenName))"
      let other = givenName == recorded ? "another definition of \(recorded)" : "another device"
      return "--profile \(named): the run records its own device, \(recorded), and export takes it from it; "
        + "\(other) would claim the parameters it found for a device they were not tuned for. Leave out --profile, "
        + "or tune through \(given) to ship a model for it"
    }
  }

  /// The horizon policy the model records. A run records the horizons it was scored at
  /// (``ResultProvenance/horizonPolicy``), and `--fixed-horizon` may only choose one of them
  /// (``RecordedHorizonOverride``): a tune scored at each frame's presentation time, or at other
  /// fixed horizons, was relabelled as a model for that horizon without a word. The recorded
  /// horizon is written as the run has it (typed seconds are rounded: 0.01667 for 16.666… ms).
  /// Without `--fixed-horizon`, the run's own (``recordedHorizonPolicy(_:)``). A run that records
  /// none (a version-1 journal, a hand-given predictor) takes any, and is per frame without it.
  func horizonPolicy(recorded: String?) throws -> ModelHorizonPolicy {
    guard let given = fixedHorizonSeconds else { return recordedHorizonPolicy(recorded) }
    guard let recorded else { return .fixed(given) }
    let recordedMilliseconds = RecordedHorizonOverride.fixedMilliseconds(recorded) ?? []
    // Horizons are printed to a hundredth of a millisecond; that much rounding is the same horizon.
    if let match = recordedMilliseconds.first(where: { abs($0 - given * 1000) <= 0.005 }) {
      return .fixed(match / 1000)
    }
    throw RecordedHorizonOverride(givenSeconds: given, recorded: recorded)
  }

  /// The policy without `--fixed-horizon`: the run's own where it names one. A tune scored per
  /// frame is per frame; a tune scored per sample at one fixed horizon (`--objective
  /// error:horizon=MS`, `turbotouch`) is that horizon, exactly, since its parameters were chosen
  /// there (it was written as a per-frame model, the reverse of the relabelling
  /// ``RecordedHorizonOverride`` refuses). So is a training at one (`train --horizons MS`): its
  /// model takes the horizon as an input, but that input was never fitted (a constant column;
  /// collinear with the velocities in the linear model), so it was not one model for any frame's.
  /// A tune or training at several (`--objective error`, the anchor horizons, the default) is per
  /// frame: its parameters were chosen for the mean error over horizons that span a frame's
  /// (4–33 ms), so they serve any frame's, and the model's provenance keeps the horizons it was
  /// scored at; a `--fixed-horizon` among them records one instead.
  func recordedHorizonPolicy(_ recorded: String?) -> ModelHorizonPolicy {
    guard let recorded,
      let milliseconds = RecordedHorizonOverride.fixedMilliseconds(recorded),
      let only = milliseconds.first, milliseconds.allSatisfy({ $0 == only })
    else { return .presentationTime }
    return .fixed(only / 1000)
  }

  /// Horizons in milliseconds as seconds to a microsecond, for `--fixed-horizon` to be typed
  /// (`0.016667` for 16.666… ms, which is within a hundredth of a millisecond of the run's).
  static func typedSeconds(_ milliseconds: [Double]) -> String {
    milliseconds.map { formatNumber(($0 / 1000 * 1e6).rounded() / 1e6) }.joined(separator: ", ")
  }

  /// `--fixed-horizon` naming a horizon a tune or training was not scored at: per frame
  /// (`presentation-time`, through the device replay) or at other fixed horizons. The model file
  /// would claim its parameters for per-sample prediction at that horizon (it did, silently).
  public struct RecordedHorizonOverride: Error, CustomStringConvertible, Sendable {
    /// `--fixed-horizon`, seconds.
    public var givenSeconds: Double
    /// The run's ``ResultProvenance/horizonPolicy``: `presentation-time` or `fixed:MS;MS;…`.
    public var recorded: String

    /// The milliseconds of a `fixed:MS;MS;…` policy, nil for any other.
    static func fixedMilliseconds(_ policy: String) -> [Double]? {
      guard policy.hasPrefix("fixed:") else { return nil }
      let values = policy.dropFirst("fixed:".count).split(separator: ";").map { Double($0) }
      guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else { return nil }
      return values.compactMap { $0 }
    }

    public var description: String {
      let ms = horizonMillisecondsText(givenSeconds * 1000)
      let start = "--fixed-horizon \(formatNumber(givenSeconds)) (\(ms) ms): the run records its own horizon policy, "
      let again = "run it at \(ms) ms (tune --objective error:horizon=\(ms), train --horizons \(ms)) to ship one"
      if let milliseconds = Self.fixedMilliseconds(recorded) {
        let list = milliseconds.map(horizonMillisecondsText).joined(separator: ", ")
        let seconds = ModelExportJob.typedSeconds(milliseconds)
        return start + "fixed at \(list) ms (\(recorded)), and was not scored at \(ms) ms; a model for it would "
          + "claim parameters found at other horizons. Give one of its horizons, seconds (\(seconds)), or \(again)"
      }
      let named = recorded == "presentation-time" ? "\(recorded) (each frame's, through the device replay)" : recorded
      return start + "\(named), and export takes it from it; a fixed horizon would claim the parameters it found "
        + "for per-sample prediction they were not scored at. Leave out --fixed-horizon, or \(again)"
    }
  }

  /// The error for a tune searched over trained weights (`tune --weights`, recorded as
  /// `PATH sha256=HEX`) when the catalog lacks its `name` entry: export needs the same weights.
  static func missingWeights(name: String, context: String?, at url: URL) -> TunedConfiguration.Failure? {
    guard let context else { return nil }
    return TunedConfiguration.Failure(
      path: url.path, problem: "the tune searched '\(name)' over trained weights (\(context)): give the same file with --weights")
  }

  /// The configuration and its provenance, from whatever ``source`` names.
  /// The file `--from-tune` reads: as given, unless it is the configuration `tune --out X.json`
  /// wrote (a `.json` that is not a `.tune.json`) with the tune's `X.tune.json` beside it, which
  /// is then read instead, as `--from-train` reads `X.train.json` beside `X.json`. A journal (any
  /// other name) is read as given.
  static func tuneResultURL(_ given: URL) -> URL {
    guard given.pathExtension == "json", !given.lastPathComponent.hasSuffix(".tune.json") else { return given }
    let beside = TuningDatasetLoader.resultURL(for: given, kind: "tune")
    return FileManager.default.fileExists(atPath: beside.path) ? beside : given
  }

  /// The file `--from-train` reads: a `.train.json`, or any file that is a training result (one
  /// saved from `train --json` under another name), as given; otherwise (the model configuration
  /// `train -o X.json` wrote) the `X.train.json` beside it.
  ///
  /// A missing `missing.json` was reported as "missing.train.json: cannot read the file", a name
  /// the user never typed: a file that cannot be read is named as given, and a readable one with
  /// no result beside it names both, and why the second was looked for.
  static func trainResultURL(_ given: URL) throws -> URL {
    if given.lastPathComponent.hasSuffix(".train.json") { return given }
    let data: Data
    do { data = try Data(contentsOf: given) } catch {
      throw TunedConfiguration.Failure(path: given.path, problem: "cannot read the file (\(error.localizedDescription))")
    }
    if ResultJSON.format(of: data)?.hasPrefix("lookahead-train") == true { return given }
    let beside = TuningDatasetLoader.resultURL(for: given, kind: "train")
    guard FileManager.default.fileExists(atPath: beside.path) else {
      throw TunedConfiguration.Failure(
        path: given.path,
        problem: "not a training result itself, so --from-train looked beside it for the result `train -o` writes "
          + "with a model, \(beside.path), which does not exist: give the training's .train.json")
    }
    return beside
  }

  func origin(catalog: PredictorCatalog) throws -> Origin {
    switch source {
    case .predictor(let text):
      return Origin(predictor: try Self.predictor(text, catalog: catalog))
    case .tuneResult(let given):
      if let problem = WorkbenchFileKind.misplaced(given, in: .fromTune) {
        throw TunedConfiguration.Failure(path: given.path, problem: problem)
      }
      let url = Self.tuneResultURL(given)
      if let report = try Self.decodeResult(TuneReport.self, format: "lookahead-tune-result", at: url) {
        guard report.bestConfiguration != nil, let name = report.bestCatalogName, let parameters = report.bestParameters else {
          throw TunedConfiguration.Failure(
            path: url.path, problem: "the tune's best predictor cannot be exported (or the result predates bestParameters)")
        }
        // A tune over a trained network (`tune --weights`) carries the network in its best
        // configuration, so the result file alone exports it.
        var catalog = catalog
        if case .mlp(let weights) = report.bestConfiguration?.family { catalog = catalog.adding([PredictorCatalog.mlpEntry(weights: weights)]) }
        let entry: PredictorCatalogEntry
        do {
          entry = try catalog.entry(named: name)
        } catch {
          throw Self.missingWeights(name: name, context: report.provenance.settings["weights"], at: url) ?? error
        }
        let predictor = try entry.configure(parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        guard predictor.configuration == report.bestConfiguration else {
          throw TunedConfiguration.Failure(
            path: url.path, problem: "bestParameters and bestConfiguration disagree (edited by hand, or another catalog version)")
        }
        var score = Self.heldOutScore(report.heldOut, unit: report.lengthUnit, provenance: report.provenance)
        if report.best.bestObjective.isFinite { score["objective"] = report.best.bestObjective }
        if let heldOut = report.heldOutObjective, heldOut.isFinite {
          score[Self.heldOutKeyPrefix(report.provenance) + "objective"] = heldOut
        }
        return Origin(
          predictor: predictor, provenance: report.provenance,
          objective: report.objective, seed: report.seed, score: score, entry: entry)
      }
      let tuned: TunedConfiguration
      do {
        tuned = try TunedConfiguration(journal: url, catalog: catalog)
      } catch let error as PredictorCatalogError {
        guard case .unknownPredictor(let name, _) = error,
          let header = (try? TuningJournal(url: url).read())??.header,
          let failure = Self.missingWeights(name: name, context: header.context["weights"], at: url)
        else { throw error }
        throw failure
      }
      // JSON has no NaN or infinity: undefined metrics are left out.
      var score = tuned.best.metrics.filter { $0.value.isFinite }
      if let objective = tuned.best.objective, objective.isFinite { score["objective"] = objective }
      var origin = Origin(
        predictor: tuned.predictor, provenance: tuned.header.provenance, legacyContext: tuned.header.context,
        objective: tuned.header.objective, seed: tuned.header.seed, score: score)
      if tuned.header.provenance == nil { origin.legacyDatasets = Self.legacyDatasets(tuned.header.context) }
      return origin
    case .trainResult(let given):
      if let problem = WorkbenchFileKind.misplaced(given, in: .fromTrain) {
        throw TunedConfiguration.Failure(path: given.path, problem: problem)
      }
      let url = try Self.trainResultURL(given)
      if let report = try Self.decodeResult(MLPTrainReport.self, format: "lookahead-train-mlp-result", at: url) {
        return Origin(
          predictor: CatalogPredictor(name: "mlp", values: [], configuration: report.configuration),
          provenance: report.provenance, objective: report.provenance.objective, seed: report.provenance.seed,
          score: Self.heldOutScore(report.heldOut, unit: report.lengthUnit, provenance: report.provenance))
      }
      guard let report = try Self.decodeResult(TrainReport.self, format: "lookahead-train-result", at: url) else {
        let crossFitted = "lookahead-train-mlp-crossfit-result"
        if let data = try? Data(contentsOf: url), ResultJSON.format(of: data) == crossFitted {
          throw TunedConfiguration.Failure(
            path: url.path,
            problem: "a cross-fitted training result (\(crossFitted)): each fold trained its own network and none "
              + "ships; train with one split (train=A;test=B, holdout=F) or --test data to export a model")
        }
        throw TunedConfiguration.Failure(
          path: url.path, problem: "not a `lookahead train` result (format lookahead-train-result or lookahead-train-mlp-result)")
      }
      return Origin(
        predictor: CatalogPredictor(name: "learned-linear", values: [], configuration: report.configuration),
        provenance: report.provenance, objective: report.provenance.objective, seed: report.provenance.seed,
        score: Self.heldOutScore(report.heldOut, unit: report.lengthUnit, provenance: report.provenance))
    }
  }

  /// How a run's held-out score is keyed in a model's `provenance.score`: `held_out_` when the
  /// model never saw the writers scored, `cross_fitted_` when a cross-fitted run scored each writer
  /// with its fold's configuration and the model was then searched or fitted on all of them, so
  /// the number estimates the procedure and is no held-out score of this model.
  static func heldOutKeyPrefix(_ provenance: ResultProvenance) -> String {
    provenance.crossFittedWriters == nil ? "held_out_" : "cross_fitted_"
  }

  /// A training's or tune's held-out mean at 16.67 ms (else its first horizon), for the model's
  /// provenance; `heldOut` is its table, one row per anchor horizon, in `unit`. Keyed with
  /// the horizon as printed (`…_at_16.67ms`; models before this wrote every digit, `16.666666666666668`).
  static func heldOutScore(
    _ heldOut: [some HeldOutHorizonMean], unit: String, provenance: ResultProvenance
  ) -> [String: Double] {
    var score: [String: Double] = [:]
    if let horizon = heldOut.first(where: { abs($0.horizonMilliseconds - 1000.0 / 60) < 0.01 }) ?? heldOut.first,
      horizon.mean.isFinite
    {
      score[heldOutKeyPrefix(provenance) + "error_mean_\(unit)_at_\(horizonMillisecondsText(horizon.horizonMilliseconds))ms"] = horizon.mean
    }
    return score
  }

  /// A version-1 journal's datasets: its `context` keys `dataset NAME` (as `tune` wrote them),
  /// or `datasets` (comma-separated) or `dataset`.
  static func legacyDatasets(_ context: [String: String]) -> [String] {
    let prefixed = context.keys.filter { $0.hasPrefix("dataset ") }.map { String($0.dropFirst("dataset ".count)) }.sorted()
    if !prefixed.isEmpty { return prefixed }
    if let list = context["datasets"] { return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    return context["dataset"].map { [$0] } ?? []
  }

  /// `url` decoded as `T` when it is a JSON object whose `format` is `format`; nil when it is
  /// something else (a journal, say).
  static func decodeResult<T: Decodable>(_ type: T.Type, format: String, at url: URL) throws -> T? {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw TunedConfiguration.Failure(path: url.path, problem: "cannot read the file (\(error.localizedDescription))")
    }
    guard ResultJSON.format(of: data) == format else { return nil }
    let decoder = ResultJSON.decoder()
    do { return try decoder.decode(T.self, from: data) } catch {
      throw TunedConfiguration.Failure(path: url.path, problem: "a \(format) file that does not decode (\(error))")
    }
  }

  /// A predictor from a specification or a file (see ``Source/predictor(_:)``).
  /// Throws ``ModelExporter/NotExportable`` when `specification` names a workbench-only
  /// baseline: `predictors list` shows it ("exportable no"), and the export catalog's own refusal,
  /// "unknown predictor "turbotouch64"; known predictors: …", read as a typo.
  static func refuseWorkbenchOnly(_ specification: String) throws {
    guard let baseline = try? PredictorCatalog.workbench.configure(specification: specification) else { return }
    if !baseline.isExportable { throw ModelExporter.NotExportable(name: baseline.name) }
  }

  static func predictor(_ text: String, catalog: PredictorCatalog) throws -> CatalogPredictor {
    let url = URL(fileURLWithPath: text)
    guard FileManager.default.fileExists(atPath: url.path) else {
      do { return try catalog.configure(specification: text) } catch {
        try refuseWorkbenchOnly(text)
        throw error
      }
    }
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw PredictorCatalogError.configFile(path: url.path, jsonPath: "$", problem: "cannot read the file")
    }
    if PredictorConfigurationFile.isModelFile(data) || PredictorConfigurationFile.isConfiguration(data) {
      let configuration = try PredictorConfigurationFile.decode(data, path: url.path)
      return CatalogPredictor(name: configuration.family.name, values: [], configuration: configuration)
    }
    let predictors = try catalog.configure(contentsOf: url)
    guard predictors.count == 1, let first = predictors.first else {
      throw PredictorCatalogError.configFile(
        path: url.path, jsonPath: "$", problem: "expected exactly one predictor to export, found \(predictors.count)")
    }
    return first
  }
}

/// A row of a run's held-out table, as ``ModelExportJob/heldOutScore(_:unit:provenance:)`` reads it:
/// a training's (``TrainRun/HorizonScore``) or a tune's (``TuneReport/HorizonScore``).
protocol HeldOutHorizonMean {
  var horizonMilliseconds: Double { get }
  var mean: Double { get }
}

extension TrainRun.HorizonScore: HeldOutHorizonMean {}
extension TuneReport.HorizonScore: HeldOutHorizonMean {}
