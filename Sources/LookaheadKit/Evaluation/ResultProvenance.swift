/// What produced a result file, recorded in every JSON and CSV the workbench writes
/// (`CONVENTIONS.md`, "Every result file records what produced it"): the command line, the
/// workbench version, the predictor configurations, the seed, the device profile, the protocol
/// and every dataset file with its SHA-256, so that a number can be traced back and reproduced.
///
/// The one provenance record of the workbench: `evaluate`, `compare`, `sweep` and `report` results,
/// `tune` journals and results, and `train` results all carry it, and `lookahead export` reads it
/// back from any of the last three, so a model file loses nothing of what produced it (unit, device,
/// datasets with subsets and checksums, split and writers, objective, seed, fixed values). JSON
/// carries it as an object (``Codable``; the fields added for tuning are optional, so older files
/// still read); CSV carries it as leading `# key: value` lines (``csvCommentLines``), which
/// `pandas.read_csv(comment="#")` skips.
public struct ResultProvenance: Sendable, Hashable, Codable {
  /// One dataset reference as given on the command line, with the files it read.
  public struct Dataset: Sendable, Hashable, Codable {
    /// The reference as given (`Inkable-ApplePencil`, `SVC2004-Task2:test`, or a path).
    public var reference: String
    /// `trace.metadata.source` of the loaded trace.
    public var source: String
    /// Contact strokes evaluated.
    public var strokes: Int
    public var files: [File]
    /// `true` for a tune's or training's `--test` data: only scored, never searched or fitted on.
    /// Recorded because the datasets of a run list both, and `lookahead export` must give a model
    /// only the data it was made from (``FittedWritersNote`` reads those files as fitted on).
    /// `nil` for data a run searched or fitted on, for evaluations and in older files.
    public var testData: Bool?
    /// The mapping file the data was read through (a sidecar `FILE.mapping` or `FILE:mapping=M`,
    /// `Docs/BringYourOwnData.md`), by its path as given, with its SHA-256: the mapping decides
    /// which column is time, x or pressure and in which unit, so a changed mapping changes every
    /// number while `files` stays the same. `nil` (left out of JSON) for a dataset and a file
    /// read without one, so their records read as before.
    public var mappings: [File]?

    public init(
      reference: String, source: String, strokes: Int, files: [File], testData: Bool? = nil, mappings: [File]? = nil
    ) {
      self.reference = reference
      self.source = source
      self.strokes = strokes
      self.files = files
      self.testData = testData
      self.mappings = mappings.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The reference, its source and stroke count, and whether it is `--test` data, as the CSV
    /// lines and a report's provenance show it.
    public var summary: String {
      "\(reference) (\(source), \(strokes) strokes\(testData == true ? ", --test data: scored only, never searched or fitted on" : ""))"
    }

    /// Where `file` is: the reference's folder joined with the file's path, or, for a reference
    /// that is the file (a path, maybe with `:settings` or `:writer=…`), the file's path alone.
    public func location(of file: File) -> String {
      Self.names(reference, file: file.path) ? file.path : reference + "/" + file.path
    }

    /// Whether `reference` is the file at `path` itself (``DatasetRegistry/checksums(of:dataDirectory:)``
    /// records a one-file reference by the path it names).
    static func names(_ reference: String, file path: String) -> Bool {
      reference == path || reference.hasPrefix(path + ":")
    }
  }

  /// One data file: its path relative to the dataset folder (the `MANIFEST.sha256` layout) and
  /// its SHA-256 in lower-case hex.
  public struct File: Sendable, Hashable, Codable {
    public var path: String
    public var sha256: String

    public init(path: String, sha256: String) {
      self.path = path
      self.sha256 = sha256
    }
  }

  /// The program name and arguments as typed.
  public var commandLine: [String]
  /// `LookaheadVersion.string`.
  public var version: String
  /// The subcommand (`evaluate`, `compare`, `sweep`, …).
  public var command: String
  /// Every predictor evaluated, as a specification that configures it again
  /// (`kalman:process-noise=…`, `recorded`, `turbotouch64`).
  public var predictors: [String]
  /// Replay seed (display phase, missed frames) and bootstrap seed; nil when nothing in the run
  /// drew from one (``unusedSeedText``): `evaluate` under `anchor` (one predictor, nothing to
  /// bootstrap), `henze2017`, `sweep`. They recorded 0, or a model's seed, as if it had been used.
  /// JSON then leaves `seed` out (files that have one read as before).
  public var seed: UInt64?
  /// The device profile's name; `nil` for protocols that use none.
  public var profile: String?
  /// The device profile in full (its JSON form), so that a custom profile file is recorded too.
  public var profileDefinition: DeviceProfile?
  /// `frame-replay`, `anchor` or `henze2017`.
  public var evaluationProtocol: String
  public var datasets: [Dataset]
  /// Anything else that shaped the result (metric settings, horizons, bootstrap resamples).
  public var settings: [String: String]

  /// The coordinate unit of the (first) dataset, which a tuned configuration's parameters assume.
  public var unit: String?
  /// Millimetres per ``unit``; nil when the size is unknown.
  public var millimetresPerUnit: Double?
  /// The (first) dataset's digitizer rate, samples per second, when known.
  public var digitizerRateHz: Double?
  /// `presentation-time` (every frame's, through the device replay) or `fixed:MS;MS;…`.
  public var horizonPolicy: String?
  /// The writer split of a tune or training (`holdout=0.25,seed=1`, `leave-one-writer-out`).
  public var split: String?
  /// The writers the configuration was searched or fitted on (with `tune --weights`, also those
  /// the trained weights were fitted on: ``weightsTrainWriters``).
  public var trainWriters: [String]?
  /// With `tune --weights`: the writers the trained network or learned linear model was fitted
  /// on, as its own record lists them (``WeightsFittedWriters``), when it was fitted on data this
  /// run read too. They are among ``trainWriters``, since the model a tune ships was fitted on
  /// them. `nil` (left out of JSON) otherwise.
  public var weightsTrainWriters: [String]?
  /// The writers (or separate test data) its held-out score comes from: writers the configuration
  /// or model this file holds never saw. `nil` when cross-fitted (see ``crossFittedWriters``).
  public var testWriters: [String]?
  /// Under a cross-fitted split (k-fold, leave-one-writer-out) without separate test data: the
  /// writers whose held-out scores each come from the configuration or model its fold fitted
  /// without them. The final configuration or model was then fitted on all of them, so it has no
  /// test writers, and its scores are an estimate of the procedure, not of it. `nil` otherwise.
  public var crossFittedWriters: [String]?
  /// The objective minimised (``TuningObjective/description``) or the training loss.
  public var objective: String?
  /// Values held fixed on the command line (`measurement-noise` → `1`).
  public var fixed: [String: String]?
  /// The parameters searched or fitted.
  public var searched: [String]?

  public init(
    commandLine: [String], command: String, predictors: [String], seed: UInt64?, profile: DeviceProfile?,
    evaluationProtocol: String, datasets: [Dataset], settings: [String: String] = [:],
    version: String = LookaheadVersion.string
  ) {
    self.commandLine = commandLine
    self.version = version
    self.command = command
    self.predictors = predictors
    self.seed = seed
    self.profile = profile?.name
    self.profileDefinition = profile
    self.evaluationProtocol = evaluationProtocol
    self.datasets = datasets
    self.settings = settings
  }

  /// What the CSV lines and a report say for a run with no ``seed``.
  public static let unusedSeedText = "not used (nothing in the run is random)"

  /// The command line as one shell-readable string (arguments with spaces or quotes quoted).
  public var commandLineText: String {
    commandLine.map { argument in
      let plain = !argument.isEmpty
        && argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=,+@%".contains($0) }
      return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }.joined(separator: " ")
  }

  /// `# key: value` lines for the head of a CSV file: one per fact, one per dataset file.
  public var csvCommentLines: [String] {
    var lines = [
      "# lookahead \(version) \(command)",
      "# command: \(commandLineText)",
      "# protocol: \(evaluationProtocol)",
      "# seed: \(seed.map(String.init) ?? Self.unusedSeedText)",
    ]
    if let profile { lines.append("# profile: \(profile)") }
    if let definition = profileDefinition?.compactJSON { lines.append("# profile-definition: \(definition)") }
    for predictor in predictors { lines.append("# predictor: \(predictor)") }
    for key in settings.keys.sorted() { lines.append("# setting: \(key)=\(settings[key] ?? "")") }
    if let unit { lines.append("# unit: \(unit)" + (millimetresPerUnit.map { " (\($0) mm)" } ?? "")) }
    if let split { lines.append("# split: \(split)") }
    if let objective { lines.append("# objective: \(objective)") }
    for dataset in datasets {
      lines.append("# dataset: \(dataset.summary)")
      for file in dataset.files { lines.append("# sha256: \(file.sha256)  \(dataset.location(of: file))") }
      for mapping in dataset.mappings ?? [] { lines.append("# mapping-sha256: \(mapping.sha256)  \(mapping.path)") }
    }
    return lines.map { $0.replacingOccurrences(of: "\n", with: " ") }
  }

  /// This record without what may change between runs that must resume one another (the command
  /// line, which names output files, and the version), and without the test writers and which
  /// datasets are test data: journal headers written before they were recorded have neither, and
  /// the split and `--test` data that decide them are in the header's context already.
  public var resumable: ResultProvenance {
    var copy = self
    copy.commandLine = []
    copy.version = ""
    copy.testWriters = nil
    copy.datasets = datasets.map { dataset in
      var dataset = dataset
      dataset.testData = nil
      return dataset
    }
    return copy
  }

  /// ``resumable``, read as `journal` (the provenance a journal was written with) recorded it,
  /// where only the way of recording changed since, so older journals resume as they did:
  /// - without the mapping files of a dataset the journal records none of (mapping files were
  ///   recorded later);
  /// - a file the journal records by its name alone is the same file recorded here by its path,
  ///   when the two names and SHA-256s agree (a one-file dataset such as `sub/rec.json` recorded
  ///   its file as `rec.json` before it recorded the path).
  public func resumable(against journal: ResultProvenance?) -> ResultProvenance {
    var copy = resumable
    guard let journal, journal.datasets.count == copy.datasets.count else { return copy }
    for index in copy.datasets.indices {
      let recorded = journal.datasets[index]
      if recorded.mappings == nil { copy.datasets[index].mappings = nil }
      guard recorded.files.count == copy.datasets[index].files.count else { continue }
      for (f, file) in copy.datasets[index].files.enumerated() {
        let old = recorded.files[f]
        if old.sha256 == file.sha256, old.path == file.path.split(separator: "/").last.map(String.init) {
          copy.datasets[index].files[f].path = old.path
        }
      }
    }
    return copy
  }

  /// The coordinate facts of `metadata` (unit, millimetres per unit, digitizer rate).
  public mutating func recordCoordinates(of metadata: TraceMetadata) {
    unit = metadata.coordinateUnit
    millimetresPerUnit = metadata.millimetresPerUnit
    digitizerRateHz = metadata.digitizerRateHz
  }
}
