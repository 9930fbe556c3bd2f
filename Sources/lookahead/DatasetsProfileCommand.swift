import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead datasets profile RECORDING`: a device profile measured from a recorder session file
/// (`DeviceProfile.measured(from:name:)`), for `--profile FILE` in replay, evaluate and tune.
struct DatasetsProfileCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "profile",
    abstract: "Make a device profile (refresh rate, phase, delivery delay) from a browser recording.")

  @Argument(help: ArgumentHelp("A session file saved by the recorder page (`lookahead recorder`).", valueName: "recording"))
  var recording: String

  @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the profile JSON here (default: print it).", valueName: "file"))
  var output: String?

  @Option(help: ArgumentHelp("The profile's name (default: recorded-<file name without extension>).", valueName: "name"))
  var name: String?

  @Flag(help: "Overwrite --output if it exists. Default: refuse.")
  var force = false

  func run() throws {
    try runReportingErrors {
      let url = URL(fileURLWithPath: recording)
      let parsed = try BrowserRecording.load(contentsOf: url)
      let profileName = name ?? "recorded-" + url.deletingPathExtension().lastPathComponent
      let profile = try DeviceProfile.measured(from: parsed, name: profileName, file: url.path)
      let json = String(decoding: try profile.jsonData(), as: UTF8.self)
      guard let output else {
        print(json)
        return
      }
      try ResultFile.write(json, to: URL(fileURLWithPath: output), force: force)
      print("wrote \(output): \(profile.summary)")
    }
  }
}
