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
      Give the predictor with --predictor (a catalog specification such as kalman:process-noise=0.01,
      a predictor config file, a configuration JSON {"family": …}, or a model file), or take a tune's
      best configuration with --from-tune (its journal or its .tune.json) or a training's model with
      --from-train (its .train.json, or the file `train -o` wrote). From a tune or a training, the
      unit, device profile, datasets, split, writers, objective and seed are the run's own. With
      --predictor, the first --dataset sets the coordinate unit the parameters assume and every
      dataset is recorded with its file checksums.
      """)

  @Option(help: "Predictor specification or config file.")
  var predictor: String?

  @Option(name: .customLong("from-tune"), help: "A tune's journal (JSONL) or .tune.json result: export its best configuration.")
  var fromTune: String?

  @Option(name: .customLong("from-train"), help: "A training's .train.json result (or the model file `train -o` wrote beside it).")
  var fromTrain: String?

  @Option(name: [.short, .customLong("output")], help: "The model file to write.")
  var output: String

  @Option(help: "Device profile the model is for: a preset name or a JSON file (default: the journal's, else \(DeviceProfile.pencil240ProMotion120.name)).")
  var profile: String?

  @Option(help: "Dataset the model was tuned on (repeatable; the first sets the coordinate unit). Default: the tune's or training's.")
  var dataset: [String] = []

  @OptionGroup var location: DatasetLocationOptions

  @Option(name: .customLong("fixed-horizon"), help: "Record a fixed per-sample horizon policy, seconds (default: per-frame presentation time).")
  var fixedHorizon: Double?

  @Option(help: "Trained weights (a configuration JSON or model file of family learnedLinear or mlp) for the learned-linear or mlp entry.")
  var weights: String?

  @Option(help: "Writer split to record (default: the journal's, else none).")
  var split: String?

  @Option(help: "Objective to record (default: the journal's, else none).")
  var objective: String?

  @Option(help: "Seed to record (default: the journal's, else 0).")
  var seed: UInt64?

  @Flag(help: "Replace FILE if it exists.")
  var force = false

  @Flag(help: "Print the written model's JSON body instead of a summary.")
  var json = false

  func validate() throws {
    guard [predictor, fromTune, fromTrain].compactMap({ $0 }).count == 1 else {
      throw ValidationError("give exactly one of --predictor CONFIG, --from-tune JOURNAL|RESULT and --from-train RESULT")
    }
  }

  var source: ModelExportJob.Source {
    if let fromTune { return .tuneResult(URL(fileURLWithPath: fromTune)) }
    if let fromTrain { return .trainResult(URL(fileURLWithPath: fromTrain)) }
    return .predictor(predictor ?? "")
  }

  func run() throws {
    do {
      let job = ModelExportJob(
        source: source,
        datasets: dataset, profile: profile, fixedHorizonSeconds: fixedHorizon,
        learnedLinearWeights: weights.map { URL(fileURLWithPath: $0) }, split: split, objective: objective,
        seed: seed, command: (["lookahead"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
        dataDirectory: location.dataDirectoryURL)
      let file = try job.modelFile()
      let url = URL(fileURLWithPath: output)
      try ModelExporter.write(file, to: url, force: force)
      if json {
        let data = try file.fileData()
        print(String(decoding: data, as: UTF8.self), terminator: "")
      } else {
        let mm = file.coordinates.millimetresPerUnit.map { "\($0) mm" } ?? "size unknown"
        print("wrote \(output)")
        print("  predictor  \(file.predictor.catalogName) (family \(file.predictor.configuration.family.name))")
        print("  unit       \(file.coordinates.unit) (\(mm))")
        print("  device     \(file.tunedFor.deviceProfileName), horizon \(file.tunedFor.horizonPolicy.kind.rawValue)")
        print("  datasets   \(file.provenance.datasets.map(\.name).joined(separator: ", "))")
      }
    } catch let error as ValidationError {
      throw error
    } catch {
      FileHandle.standardError.write(Data("error: \(MessageText.describe(error))\n".utf8))
      throw ExitCode(1)
    }
  }
}
