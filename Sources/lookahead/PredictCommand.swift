import ArgumentParser
import Foundation
import LookaheadKit
import LookaheadRuntime

/// `lookahead predict --model FILE TRACE`: the runtime's predictions on a replayed trace, as CSV.
struct PredictCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "predict",
    abstract: "Predict with an exported model (runtime only) on a replayed trace; CSV on stdout.",
    discussion: """
      Every frame of every stroke gets the runtime's prediction for the frame's target presentation \
      time. The trace is a dataset name (see `lookahead datasets list`), NAME:SUBSET, or a trace file or \
      folder; its coordinates are converted into the model's unit and back when the units differ.
      """)

  @Option(help: "The model file (written by `lookahead export`).")
  var model: String

  @OptionGroup var profile: ProfileOption<PredictDeviceDefault>
  @OptionGroup var seed: SeedOption<PredictSeedDefault>
  @OptionGroup var output: OutputOption<PredictionsFile>
  @OptionGroup var force: ForceOption

  @OptionGroup var location: DatasetLocationOptions

  /// Read by `DatasetRegistry.load`, as `replay` reads its trace: subsets and folders too, which
  /// this help once left out.
  @Argument(help: ArgumentHelp(
    "Dataset name (see `lookahead datasets list`), NAME:SUBSET, or a trace file or folder.", valueName: "trace"))
  var trace: String

  func run() throws {
    try runCommand {
      try DistinctFiles.check(
        outputs: [("--output", output.url)], notReadBy: [trace], files: [model, profile.name],
        dataDirectory: location.dataDirectoryURL)
      try force.checkWritable(output.url)
      let models = try LoadedModels([model])
      let (loaded, tunedProfile) = (models.entries[0].model, models.entries[0].deviceProfile)
      if profile.name == nil { try ModelEvaluation.UndefinedDevice.check(loaded, path: model, profile: tunedProfile) }
      let device = try profile.resolve(else: tunedProfile)
      let replaySeed = seed.resolve(else: loaded.file.provenance.seed)
      let replay = try Replay(profile: device, seed: replaySeed)
      let dataset = try EvaluationDataset.load(trace, dataDirectory: location.dataDirectoryURL)
      let data = dataset.trace
      // Every refusal before the first line: a unit the model cannot convert once failed after the
      // header had gone to stdout.
      _ = try ModelEvaluation.scale(for: loaded, trace: data.metadata)
      // The one way a model is asked here is per frame; a fixed-horizon model is told so.
      if let note = FixedHorizonModelNote.text(for: loaded.file, path: model, command: "predict") {
        FileHandle.standardError.write(Data((note + "\n").utf8))
      }
      var text = ""
      var sink: (String) -> Void = { print($0) }
      if output.path != nil { sink = { text += $0 + "\n" } }
      // The provenance every result CSV carries (command line, version, seed, the profile in full,
      // the model's and every data file's SHA-256); it had the command, model path, profile name
      // and seed only, so a CSV could not say which model or which copy of the data it came from.
      let provenance = ResultProvenance(
        commandLine: CommandLine.arguments, command: "predict", predictors: try models.specifications(),
        seed: replaySeed, profile: device, evaluationProtocol: "frame", datasets: [dataset.provenance])
      for line in provenance.csvCommentLines { sink(line) }
      sink("# model \(model): \(loaded.file.predictor.catalogName), unit \(loaded.file.coordinates.unit); trace unit \(data.metadata.coordinateUnit); profile \(device.name), seed \(replaySeed)")
      sink(ModelEvaluation.csvHeader)
      try ModelEvaluation.predictions(loaded, on: data, replay: replay) { sink(ModelEvaluation.csvLine($0)) }
      if let url = output.url { try force.write(Data(text.utf8), to: url) }
    }
  }
}

/// `predict -o`: the predictions' CSV.
enum PredictionsFile: OutputFileKind {
  static let help = "Write the CSV here instead of stdout."
}

/// predict runs one model; several are several runs.
extension PredictCommand: RepeatedOptionRemedy {
  static func remedy(forRepeated label: String) -> String? {
    label == "--model" ? "predict runs one model: run it once for each" : nil
  }
}

/// `predict --profile`: one model, so its own device (evaluate's default speaks of several
/// `--model` files and whether they agree).
enum PredictDeviceDefault: ProfileDefault {
  static let description = "the device the model file was made for, else \(DeviceProfile.pencil240ProMotion120.name)"
}

/// `predict --seed`: only the replay is random here (no bootstrap, no search).
enum PredictSeedDefault: SeedDefault {
  static let description = "the seed recorded in the model file, else 0"
  static let choices = "the replay's display phase and missed frames"
}
