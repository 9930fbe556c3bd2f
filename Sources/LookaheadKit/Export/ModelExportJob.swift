import Foundation
import LookaheadRuntime

/// What `lookahead export` does, as one testable function: find the configuration (a catalog
/// specification, a config file, a configuration JSON, or the best trial of a tuning journal),
/// the unit its parameters assume (from the first dataset), the device profile and horizon
/// policy, and the provenance, and build the model file.
public struct ModelExportJob: Sendable {
  /// Where the predictor comes from.
  public enum Source: Sendable {
    /// `name:key=value,…`, a catalog config file (`{"predictor": …}`), a configuration JSON
    /// (`{"family": …}`) or a model file.
    case predictor(String)
    /// The best trial of a tuning journal.
    case tuningJournal(URL)
  }

  public var source: Source
  /// Datasets the model was tuned on; the first one's coordinate unit is the model's. Empty with
  /// a journal: taken from its header's `context["datasets"]` (comma-separated) or
  /// `context["dataset"]`.
  public var datasets: [String]
  /// Device profile name or file; nil: the journal's `context["profile"]`, else the default preset.
  public var profile: String?
  /// Fixed per-sample horizon, seconds, or nil for per-frame presentation-time prediction.
  public var fixedHorizonSeconds: Double?
  /// Trained learned-linear weights for the `learned-linear` catalog entry.
  public var learnedLinearWeights: URL?
  /// Provenance overrides (else from the journal, else `none`/0).
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

  /// Builds the model file.
  public func modelFile() throws -> ModelFile {
    var catalog = PredictorCatalog.exported
    if let learnedLinearWeights { catalog = try catalog.withLearnedLinearWeights(contentsOf: learnedLinearWeights) }
    var predictor: CatalogPredictor
    var context: [String: String] = [:]
    var journalObjective: String?
    var journalSeed: UInt64?
    var score: [String: Double] = [:]
    switch source {
    case .predictor(let text):
      predictor = try Self.predictor(text, catalog: catalog)
    case .tuningJournal(let url):
      let tuned = try TunedConfiguration(journal: url, catalog: catalog)
      predictor = tuned.predictor
      context = tuned.header.context
      journalObjective = tuned.header.objective
      journalSeed = tuned.header.seed
      // JSON has no NaN or infinity: undefined metrics are left out.
      score = tuned.best.metrics.filter { $0.value.isFinite }
      if let objective = tuned.best.objective, objective.isFinite { score["objective"] = objective }
    }
    guard predictor.isExportable else { throw ModelExporter.NotExportable(name: predictor.name) }

    var names = datasets
    if names.isEmpty {
      if let list = context["datasets"] {
        names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      } else if let one = context["dataset"] {
        names = [one]
      }
    }
    var coordinates = ModelCoordinates(unit: "unknown", millimetresPerUnit: nil)
    var digitizerRateHz: Double?
    var provenanceDatasets: [ModelProvenance.Dataset] = []
    for (position, name) in names.enumerated() {
      if position == 0 {
        let trace = try DatasetRegistry.load(name, dataDirectory: dataDirectory)
        coordinates = ModelExporter.coordinates(of: trace.metadata)
        digitizerRateHz = trace.metadata.digitizerRateHz
      }
      let files = try DatasetRegistry.checksums(of: name, dataDirectory: dataDirectory)
      provenanceDatasets.append(.init(name: name, files: files.map { .init(path: $0.path, sha256: $0.sha256) }))
    }
    let device = try DeviceProfile.resolve(profile ?? context["profile"] ?? DeviceProfile.pencil240ProMotion120.name)
    let entry = try? catalog.entry(named: predictor.name)
    return try ModelExporter.modelFile(
      predictor: predictor, entry: entry, coordinates: coordinates, profile: device,
      digitizerRateHz: digitizerRateHz,
      horizonPolicy: fixedHorizonSeconds.map { .fixed($0) } ?? .presentationTime,
      provenance: ModelProvenance(
        datasets: provenanceDatasets, split: split ?? context["split"] ?? "none",
        objective: objective ?? journalObjective ?? "none", seed: seed ?? journalSeed ?? 0, score: score,
        command: command, lookaheadVersion: LookaheadVersion.string))
  }

  /// A predictor from a specification or a file (see ``Source/predictor(_:)``).
  static func predictor(_ text: String, catalog: PredictorCatalog) throws -> CatalogPredictor {
    let url = URL(fileURLWithPath: text)
    guard FileManager.default.fileExists(atPath: url.path) else {
      return try catalog.configure(specification: text)
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
