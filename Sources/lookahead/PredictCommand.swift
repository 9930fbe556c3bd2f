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
      time. The trace is a dataset name (see `lookahead datasets list`) or a file; its coordinates are \
      converted into the model's unit and back when the units differ.
      """)

  @Option(help: "The model file (written by `lookahead export`).")
  var model: String

  @Option(help: "Device profile to replay through: a preset or a JSON file (default: the one the model was tuned for).", completion: NameCompletion.profiles)
  var profile: String?

  @Option(help: "Seed for the display phase and missed frames.")
  var seed: UInt64 = 0

  @Option(name: [.short, .customLong("output")], help: "Write the CSV here instead of stdout.")
  var output: String?

  @Flag(help: "Replace the output file if it exists.")
  var force = false

  @OptionGroup var location: DatasetLocationOptions

  @Argument(help: "Dataset name or trace file.")
  var trace: String

  func run() throws {
    do {
      let (loaded, tunedProfile) = try ModelEvaluation.loadModel(contentsOf: URL(fileURLWithPath: model))
      let device = try profile.map { try DeviceProfile.resolve($0) } ?? tunedProfile ?? .pencil240ProMotion120
      let replay = try Replay(profile: device, seed: seed)
      let data = try DatasetRegistry.load(trace, dataDirectory: location.dataDirectoryURL)
      var text = ""
      var sink: (String) -> Void = { print($0) }
      if output != nil { sink = { text += $0 + "\n" } }
      sink("# lookahead \(LookaheadVersion.string) \((CommandLine.arguments.dropFirst()).joined(separator: " "))")
      sink("# model \(model): \(loaded.file.predictor.catalogName), unit \(loaded.file.coordinates.unit); trace unit \(data.metadata.coordinateUnit); profile \(device.name), seed \(seed)")
      sink(ModelEvaluation.csvHeader)
      try ModelEvaluation.predictions(loaded, on: data, replay: replay) { sink(ModelEvaluation.csvLine($0)) }
      if let output {
        let url = URL(fileURLWithPath: output)
        try ResultFile.write(Data(text.utf8), to: url, force: force)
      }
    } catch {
      throw ExitCodeRule.exit(reporting: error)
    }
  }
}
