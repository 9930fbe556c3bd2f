import ArgumentParser
import Foundation
import LookaheadKit
import LookaheadRuntime

/// Options shared by `evaluate`, `compare` and `sweep`.
struct EvaluationOptions: ParsableArguments {
  @OptionGroup var profile: ProfileOption<ModelDeviceDefault>
  @OptionGroup var seed: SeedOption<ModelSeedDefault>
  @OptionGroup var location: DatasetLocationOptions

  @OptionGroup var jobs: JobsOption
  @OptionGroup var json: JSONOption

  @Flag(help: "Print the result as CSV (with # provenance lines).")
  var csv = false

  @OptionGroup var output: OutputOption<EvaluationResultFile>
  @OptionGroup var force: ForceOption

  @OptionGroup var quiet: QuietOption

  func validate() throws {
    if json.isOn && csv { throw ValidationError("give at most one of --json and --csv") }
  }

  var dataDirectoryURL: URL? { location.dataDirectoryURL }

  /// The device to replay: `--profile`; else the device the exported `models` were tuned for, when
  /// they all name the same one (a model is scored as it was measured); else the default preset.
  func deviceProfile(models: LoadedModels = LoadedModels()) throws -> DeviceProfile {
    if profile.name == nil {
      for entry in models.entries {
        try ModelEvaluation.UndefinedDevice.check(entry.model, path: entry.path, profile: entry.deviceProfile)
      }
    }
    return try profile.resolve(else: models.commonDevice)
  }

  /// The replay's seed: `--seed`; else the seed the exported `models` record, when they all record
  /// the same one (so a tuned model's held-out score is reproduced with its own display phase and
  /// missed frames); else 0.
  func replaySeed(models: LoadedModels = LoadedModels()) -> UInt64 {
    seed.resolve(else: models.commonSeed)
  }

  var parts: Int { jobs.cores }

  /// The shared options typed on the command line that change the result, by name (checked
  /// against the protocol by ``UnusedProtocolOptions``).
  var givenOptions: [String] {
    [("--profile", profile.name != nil), ("--seed", seed.given != nil)].filter(\.1).map(\.0)
  }

  /// Progress lines on stderr (one per dataset and subject scored), unless `--quiet`: plain lines,
  /// so a log keeps them as a terminal shows them (they used to be printed on a terminal only).
  var progress: (@Sendable (String) -> Void)? {
    guard !quiet.isOn else { return nil }
    return { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
  }

  /// On stderr unless `--quiet`: a note for each model exported with a fixed horizon that the
  /// frame replay asks per frame instead (``FixedHorizonModelNote``). Printed whether or not
  /// stderr is a terminal: it is about the result, not progress.
  func noteFixedHorizons(of models: LoadedModels, under evaluationProtocol: EvaluationProtocol, command: String) {
    guard !quiet.isOn, evaluationProtocol == .frameReplay else { return }
    for entry in models.entries {
      if let note = FixedHorizonModelNote.text(for: entry.model.file, path: entry.path, command: command) {
        FileHandle.standardError.write(Data((note + "\n").utf8))
      }
    }
  }

  /// Loads each dataset reference, reporting progress, and notes on stderr (unless `--quiet`) each
  /// of `models` scored on writers it was fitted on (``FittedWritersNote``): printed whether or not
  /// stderr is a terminal, as it is about the result.
  func loadDatasets(_ references: [String], notingFittedWritersOf models: LoadedModels = LoadedModels()) throws
    -> [EvaluationDataset]
  {
    try references.map { reference in
      progress?("loading \(reference)…")
      let dataset = try EvaluationDataset.load(reference, dataDirectory: dataDirectoryURL)
      if !quiet.isOn {
        for entry in models.entries {
          if let note = FittedWritersNote.text(for: entry.model.file, path: entry.path, dataset: dataset) {
            FileHandle.standardError.write(Data((note + "\n").utf8))
          }
        }
      }
      return dataset
    }
  }

  /// Prints `text` to stdout, or writes it to `--output`.
  func emit(_ text: String) throws {
    if let url = output.url {
      try force.write(text, to: url)
    } else {
      print(text)
    }
  }

  /// The result in the requested form; `metrics` chooses the text table's columns.
  func render(_ result: EvaluationResult, metrics: ComparisonMetrics = .key) throws -> String {
    if json.isOn {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      encoder.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
      return String(decoding: try encoder.encode(result), as: UTF8.self)
    }
    return csv ? result.csv : result.text(metrics: metrics)
  }
}

/// `--profile` of `evaluate`, `compare` and `sweep`: a model is scored on the device it was made for.
enum ModelDeviceDefault: ProfileDefault {
  static let description =
    "the device the --model files were made for, when they agree, else \(DeviceProfile.pencil240ProMotion120.name)"
}

/// `-o`/`--output` of `evaluate`, `compare` and `sweep` (long only until 29 November, while every
/// other command that writes a file took `-o`).
enum EvaluationResultFile: OutputFileKind {
  static let help = "Write the result to this file instead of stdout (refused if it exists, unless --force)."
}

/// The exported models given with `--model`, each loaded once (``ModelEvaluation/loadModel(contentsOf:)``,
/// so every error names its file), labelled by file name.
struct LoadedModels {
  /// Each model with its path as given, its label and the device it was tuned for.
  var entries: [(path: String, label: String, model: LookaheadModel, deviceProfile: DeviceProfile?)] = []

  init() {}

  init(_ paths: [String]) throws {
    entries = try paths.map { path in
      let loaded = try ModelEvaluation.loadModel(contentsOf: URL(fileURLWithPath: path))
      return (path, URL(fileURLWithPath: path).lastPathComponent, loaded.model, loaded.deviceProfile)
    }
  }

  /// The seed every model records (`provenance.seed`), when they all record the same one.
  var commonSeed: UInt64? {
    guard let first = entries.first?.model.file.provenance.seed,
      entries.allSatisfy({ $0.model.file.provenance.seed == first })
    else { return nil }
    return first
  }

  /// Each model as the result's provenance lists it: `model:PATH sha256=HEX`, the digest of the
  /// file's bytes, so a result still says which model it scored once the file is re-exported or
  /// lost (the path alone named only where a model had been).
  func specifications() throws -> [String] {
    try entries.map { "model:\($0.path) sha256=\(try FileDigest.sha256Hex(fileAt: URL(fileURLWithPath: $0.path)))" }
  }

  /// The device every model was tuned for, when they all name the same one.
  var commonDevice: DeviceProfile? {
    guard let first = entries.first?.deviceProfile, entries.allSatisfy({ $0.deviceProfile == first }) else { return nil }
    return first
  }

  /// The models as dataset-dependent rows (each scaled to the dataset's coordinates), for
  /// ``EvaluationRun/datasetSubjects``; nil without models.
  var subjects: (@Sendable (EvaluationDataset) throws -> [EvaluationSubject])? {
    guard !entries.isEmpty else { return nil }
    let models = entries.map { (label: $0.label, model: $0.model) }
    return { dataset in
      try models.map { try ModelEvaluation.subject($0.model, label: $0.label, for: dataset.trace.metadata) }
    }
  }
}

/// Splits positional arguments into predictor specifications and dataset references: an
/// argument is a dataset when it names a registry dataset (`NAME` or `NAME:SUBSET`) or an
/// existing file or folder, possibly followed by `:key=value,…` import settings; anything else is
/// a predictor.
func splitPredictorsAndDatasets(_ arguments: [String]) -> (predictors: [String], datasets: [String]) {
  var predictors: [String] = []
  var datasets: [String] = []
  for argument in arguments {
    if DatasetRegistry.isDatasetReference(WriterSelection.base(of: argument)) {
      datasets.append(argument)
    } else {
      predictors.append(argument)
    }
  }
  return (predictors, datasets)
}
