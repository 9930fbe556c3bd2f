import ArgumentParser
import Foundation
import LookaheadKit
import LookaheadRuntime

/// `lookahead export`: write the model file an app loads with the runtime (Docs/ModelFormat.md).
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a model file (predictor, unit, device, provenance, checksum) for the runtime.",
    discussion: """
      Give the predictor with --predictor (a catalog specification such as kalman:process-noise=0.01, \
      a predictor config file, a configuration JSON {"family": …}, or a model file), or take a tune's \
      best configuration with --from-tune (its journal, its .tune.json, or the file `tune --out` wrote) \
      or a training's model with \
      --from-train (its .train.json, or the file `train -o` wrote). From a tune or a training, the \
      unit, device profile, datasets, split, writers, objective and seed are the run's own \
      (--dataset, --split, --objective and --seed are refused there, and a --profile other than \
      the device a tune records, and a --fixed-horizon the run was not scored at). With \
      --predictor, the first --dataset sets the coordinate unit the parameters assume and every \
      dataset is recorded with its file checksums. --json prints the model file's JSON body (without \
      its header line) instead of a summary.

      With --vectors DIR, the conformance vectors for the model go into DIR (made if missing): \
      the model file itself (lookahead.model) and one NAME.vectors file per input stream (a steady \
      stroke, gaps, repeated times, a reversal, a stop, time going backwards, non-finite input, an \
      app scale; each --vectors-trace replayed as `lookahead predict` does) with the runtime's \
      answers (Docs/ConformanceVectors.md). -o is then optional. With --force, an earlier \
      export's .vectors files that this one does not write are removed (they hold another model's \
      answers); without it they are refused.
      """)

  @Option(help: "Predictor specification or config file.", completion: NameCompletion.predictorsOrFiles)
  var predictor: String?

  @Option(name: .customLong("from-tune"), help: "A tune's journal (JSONL) or .tune.json result (or the configuration `tune --out` wrote beside it): export its best configuration.")
  var fromTune: String?

  @Option(name: .customLong("from-train"), help: "A training's .train.json result (or the model file `train -o` wrote beside it, or a result saved from `train --json`).")
  var fromTrain: String?

  @OptionGroup var output: OutputOption<ExportedModelFile>

  @Option(help: ArgumentHelp("Also write the model's conformance vectors into this folder (Docs/ConformanceVectors.md).", valueName: "dir"))
  var vectors: String?

  @Option(name: .customLong("vectors-trace"), help: ArgumentHelp(
    "A dataset name or trace file to replay into the vectors as `lookahead predict` does (repeatable; default none).",
    valueName: "trace"))
  var vectorsTrace: [String] = []

  @OptionGroup var profile: ProfileOption<ExportRunDeviceDefault>

  @Option(help: "With --predictor: dataset the model was tuned on (repeatable; the first sets the coordinate unit).")
  var dataset: [String] = []

  @OptionGroup var location: DatasetLocationOptions

  @Option(name: .customLong("fixed-horizon"), help: "Record a fixed per-sample horizon policy, seconds; from a tune or training, one of the horizons it was scored at (default: a tune's one fixed horizon where it was scored at one; else per-frame presentation time).")
  var fixedHorizon: Double?

  @Option(help: "Trained weights (a configuration JSON or model file of family learnedLinear or mlp) for the learned-linear or mlp entry.")
  var weights: String?

  @Option(help: "With --predictor: writer split to record (default: none; no validation= part, which only train --family mlp uses).")
  var split: String?

  @Option(help: "With --predictor: objective to record (default: none).")
  var objective: String?

  @Option(help: "With --predictor: seed to record (default: 0).")
  var seed: UInt64?

  @OptionGroup var force: ForceOption

  @OptionGroup var json: JSONOption

  func validate() throws {
    guard [predictor, fromTune, fromTrain].compactMap({ $0 }).count == 1 else {
      throw ValidationError("give exactly one of --predictor CONFIG, --from-tune JOURNAL|RESULT and --from-train RESULT")
    }
    guard output.path != nil || vectors != nil else { throw ValidationError("give -o FILE, --vectors DIR or both") }
    guard vectorsTrace.isEmpty || vectors != nil else { throw ValidationError("--vectors-trace needs --vectors DIR") }
  }

  var source: ModelExportJob.Source {
    if let fromTune { return .tuneResult(URL(fileURLWithPath: fromTune)) }
    if let fromTrain { return .trainResult(URL(fileURLWithPath: fromTrain)) }
    return .predictor(predictor ?? "")
  }

  func run() throws {
    try runCommand {
      if let vectors { try ConformanceVectors.checkFolder(URL(fileURLWithPath: vectors)) }  // before any work
      // The job resolves the name itself; `recorded` is refused here as every command refuses it.
      try profile.refuseRecorded()
      // -o over a file this run reads (the tune's journal, the result beside --out or -o, the
      // config, weights, profile or a --dataset file) replaced it with the model.
      let sideFiles = [(fromTune, "tune"), (fromTrain, "train")].compactMap { given, kind -> String? in
        guard let given, !given.hasSuffix(".jsonl"), !given.hasSuffix(".\(kind).json") else { return nil }
        return TuningDatasetLoader.resultURL(for: URL(fileURLWithPath: given), kind: kind).path
      }
      try DistinctFiles.check(
        outputs: [("-o", output.url)], notReadBy: dataset + vectorsTrace,
        files: [predictor, fromTune, fromTrain, weights, profile.name] + sideFiles, dataDirectory: location.dataDirectoryURL)
      // The split to record is one tune and train would take (`none`, the default, too): any text
      // was recorded, so `--split holdout:0.2` named in the model a split no run can have used.
      if predictor != nil, let split, split != "none" {
        _ = try WriterSplit(parsing: split).refusingValidation(
          command: "export --predictor",
          because: "it only records the split; an MLP trained with validation= is exported with --from-train, which records its own")
      }
      let job = ModelExportJob(
        source: source,
        datasets: dataset, profile: profile.name, fixedHorizonSeconds: fixedHorizon,
        learnedLinearWeights: weights.map { URL(fileURLWithPath: $0) }, split: split, objective: objective,
        seed: seed, command: (["lookahead"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
        dataDirectory: location.dataDirectoryURL)
      let file = try job.modelFile()
      let modelURL = output.url
      let vectorsFolder = vectors.map { URL(fileURLWithPath: $0) }
      let vectorFiles = try vectorsFolder.map { try conformanceFiles(file, in: $0) } ?? []
      // Every refusal before any write: a refused vector file must not leave the model written.
      try force.checkWritable([modelURL])
      if let vectorsFolder { try ConformanceVectors.checkWritable(vectorFiles, in: vectorsFolder, force: force.replacesExisting) }
      if let modelURL { try ModelExporter.write(file, to: modelURL, force: force.replacesExisting) }
      if let vectorsFolder {
        let removed = try ConformanceVectors.write(vectorFiles, to: vectorsFolder, force: force.replacesExisting)
        var summary = "wrote \(vectorFiles.count) files into \(vectorsFolder.path): \(vectorFiles.map(\.url.lastPathComponent).joined(separator: ", "))"
        if !removed.isEmpty {
          summary += "\nremoved an earlier export's \(removed.map(\.lastPathComponent).joined(separator: ", ")) (another model's answers)"
        }
        if json.isOn { FileHandle.standardError.write(Data((summary + "\n").utf8)) } else { print(summary) }
      }
      if json.isOn {
        // The body alone: the file's first line (`lookahead-model 1 crc32=…`) is no JSON, and
        // `export --json | jq` failed on it.
        let text = String(decoding: try file.fileData(), as: UTF8.self)
        print(text.drop { $0 != "\n" }.dropFirst(), terminator: "")
      } else {
        let mm = file.coordinates.millimetresPerUnit.map { "\($0) mm" } ?? "size unknown"
        if let path = output.path { print("wrote \(path)") }
        print("  predictor  \(file.predictor.catalogName) (family \(file.predictor.configuration.family.name))")
        print("  unit       \(file.coordinates.unit) (\(mm))")
        let policy = file.tunedFor.horizonPolicy
        let horizon = policy.kind.rawValue + (policy.horizonSeconds.map { " \(horizonMillisecondsText($0 * 1000)) ms" } ?? "")
        print("  device     \(file.tunedFor.deviceProfileName), horizon \(horizon)")
        let datasets = file.provenance.datasets.map(\.name)
        print("  datasets   \(datasets.isEmpty ? "none" : datasets.joined(separator: ", "))")
        if let heldOut = heldOutSummary(file) { print("  held out   \(heldOut)") }
      }
    }
  }

  /// The model's recorded held-out score (`held_out_…`, or `cross_fitted_…`), or why a tune's
  /// model has none: its journal holds the search's scores only, and a user following the README's
  /// path (`export --from-tune k.jsonl`) would otherwise not know the result file carries it.
  private func heldOutSummary(_ file: ModelFile) -> String? {
    let prefixes = ["held_out_", "cross_fitted_"]
    let scores = file.provenance.score.filter { key, _ in prefixes.contains { key.hasPrefix($0) } }
    if !scores.isEmpty {
      return scores.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.4g", $0.value))" }
        .joined(separator: ", ")
    }
    guard fromTune != nil, !(file.provenance.testWriters ?? []).isEmpty else { return nil }
    return "not recorded: a tune's journal holds the search's scores only; export --from-tune with the file "
      + "`tune --out` wrote (or its .tune.json) to record the held-out score in the model"
  }

  /// The conformance vectors: the replay is `lookahead predict`'s default (the model's device
  /// profile and recorded seed), so a replayed trace's answers are that command's CSV columns.
  private func conformanceFiles(_ file: ModelFile, in folder: URL) throws -> [ConformanceVectors.OutputFile] {
    let device = try ModelExporter.deviceProfile(of: file) ?? .pencil240ProMotion120
    let traces = try vectorsTrace.map { reference in
      let name = String(
        URL(fileURLWithPath: reference).deletingPathExtension().lastPathComponent
          .map { $0.isLetter || $0.isNumber ? $0 : "-" })
      return ConformanceVectors.ReplayedTrace(
        name: name, trace: try DatasetRegistry.load(reference, dataDirectory: location.dataDirectoryURL))
    }
    return try ConformanceVectors.files(file, traces: traces, replay: try Replay(profile: device, seed: file.provenance.seed), in: folder)
  }
}

/// `export -o`: the model file.
enum ExportedModelFile: OutputFileKind {
  static let help = "The model file to write (optional with --vectors)."
}

/// `export --profile`: the device recorded in the model.
enum ExportRunDeviceDefault: ProfileDefault {
  static let description =
    "the device a tune records, which it may only restate; else \(DeviceProfile.pencil240ProMotion120.name)"
}
