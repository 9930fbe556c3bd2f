import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead replay`: what an app would have seen of a trace on a device (Docs/Replay.md).
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a trace through a device profile: per-frame deliveries and horizons.",
    discussion: "lookahead replay [options] TRACE runs `replay trace`; its options: lookahead replay trace --help.",
    subcommands: [ReplayTraceCommand.self, ReplayProfilesCommand.self],
    defaultSubcommand: ReplayTraceCommand.self
  )
}

/// `lookahead replay profiles`: the preset device profiles.
struct ReplayProfilesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "profiles", abstract: "List the preset device profiles.",
    discussion: """
      --json prints the presets in the format --profile FILE reads: `replay profiles --json NAME > \
      my.json` gives one to edit and load; without NAME they are one JSON array.
      """)

  @OptionGroup var json: JSONOption

  @Argument(help: "Only this preset.", completion: NameCompletion.profiles)
  var name: String?

  func run() throws {
    try runCommand {
      let presets = try name.map { name in
        guard let preset = DeviceProfile.preset(named: name) else {
          throw ValidationError(
            "no preset \(name); the presets: \(DeviceProfile.presets.map(\.name).joined(separator: ", "))")
        }
        return [preset]
      } ?? DeviceProfile.presets
      try Self.list(presets, json: json.isOn, array: name == nil)
    }
  }

  /// Prints `presets` as lines, or as JSON: one object, or (`array`) a JSON array of them.
  static func list(_ presets: [DeviceProfile] = DeviceProfile.presets, json: Bool, array: Bool = true) throws {
    guard json else {
      for preset in presets { print(preset.listing) }
      return
    }
    let objects = try presets.map { String(decoding: try $0.jsonData(), as: UTF8.self) }
    print(array ? "[\n" + objects.joined(separator: ",\n") + "\n]" : objects.joined(separator: "\n"))
  }
}

/// `lookahead replay --profile NAME|FILE TRACE`: TRACE is a dataset name, `NAME:SUBSET`, or a
/// file or folder whose format is detected, as for every other command that reads traces.
struct ReplayTraceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace", abstract: "Replay a dataset or trace file (the default subcommand).")

  @OptionGroup var profile: ProfileOption<ReplayProfileDefault>

  @OptionGroup var location: DatasetLocationOptions
  @OptionGroup var input: ImportChoiceOptions

  @OptionGroup var seed: SeedOption<ZeroSeedDefault>

  @Flag(help: "Per-frame rows as CSV (with # header lines) instead of a table.")
  var csv = false

  @Flag(help: "Print only the summary, no per-frame rows.")
  var summaryOnly = false

  @Flag(help: "List the preset profiles and exit.")
  var listProfiles = false

  @Argument(help: ArgumentHelp(
    "Dataset name (see `lookahead datasets list`), NAME:SUBSET, or a trace file or folder.", valueName: "trace"))
  var trace: String?

  func run() throws {
    if listProfiles {
      try ReplayProfilesCommand.list(json: false)
      return
    }
    guard let trace else {
      throw ValidationError("give a dataset or trace file to replay (or --list-profiles)")
    }
    try runCommand {
      let given = profile.isRecorded ? nil : try profile.resolve()
      let loaded = try DatasetRegistry.load(
        trace, dataDirectory: location.dataDirectoryURL, format: try input.sourceFormat(),
        options: input.importOptions())
      guard let device = given ?? loaded.metadata.recordedDisplay?.replayProfile else {
        throw DeviceProfileError(profile: RecordedDisplay.profileName, field: nil,
          problem: "\(trace) holds no recorded frame times: only a single browser recording (format browser-recording) has them; give a preset or a profile file"
            + (loaded.metadata.notes["display_frames"].map { " (\($0))" } ?? ""))
      }
      let replay = try Replay(profile: device, seed: seed.value)
      if csv {
        // The provenance every result CSV carries (command line, version, seed, the profile in
        // full, every file read with its SHA-256); it had the command, profile name and seed only.
        let dataset = try EvaluationDataset.hashing(trace, trace: loaded, dataDirectory: location.dataDirectoryURL)
        let provenance = ResultProvenance(
          commandLine: CommandLine.arguments, command: "replay", predictors: [], seed: seed.value, profile: device,
          evaluationProtocol: "frame", datasets: [dataset.provenance])
        print(provenance.csvCommentLines.joined(separator: "\n"))
        print("# trace \(trace): \(loaded.metadata.source), profile \(device.name), seed \(seed.value)")
        print(ReplayFrame.csvHeader)
      } else if !summaryOnly {
        print(ReplayFrame.tableHeader)
      }
      let summary = try ReplaySummary.replay(loaded, with: replay) { stroke, frame in
        guard !summaryOnly else { return }
        print(csv ? frame.csvRow(strokeIndex: stroke) : frame.tableRow(strokeIndex: stroke))
      }
      let text = "profile \(device.name), seed \(seed.value)\n" + summary.text
      if csv {
        print(text.split(separator: "\n").map { "# " + $0 }.joined(separator: "\n"))
      } else {
        print("\n" + text)
      }
    }
  }
}

/// `replay --profile`: the default preset, or a recording's own frame times.
enum ReplayProfileDefault: ProfileDefault {
  static let description = DeviceProfile.pencil240ProMotion120.name
  static let acceptsRecorded = true
}
