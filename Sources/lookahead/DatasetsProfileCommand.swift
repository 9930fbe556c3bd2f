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

  @OptionGroup var output: OutputOption<MeasuredProfileFile>

  @Option(help: ArgumentHelp("The profile's name (default: recorded-<file name without extension>).", valueName: "name"))
  var name: String?

  @OptionGroup var force: ForceOption

  /// An empty `--name` was refused only after the recording was measured, as an error at the
  /// recording's `$.frames` (where the profile is checked), and a blank one was written as the
  /// profile's name; the user typed `--name`, so that is what the refusal names, before any work.
  func validate() throws {
    guard let name else { return }
    // A measured profile is another device than the preset whose name it would take, and every
    // run through it would be labelled as the preset's (`--profile FILE` refuses such a file too).
    if DeviceProfile.preset(named: name) != nil {
      throw ValidationError("--name '\(name)' is a preset's name; give the measured profile a name of its own")
    }
    if name == RecordedDisplay.profileName {
      throw ValidationError(
        "--name '\(name)' is --profile recorded, a recording's own frame times; give the measured profile a name of its own")
    }
    guard name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
    throw ValidationError(
      "--name \(name.isEmpty ? "is empty" : "'\(name)' is only white space"): give the profile a name (it is how "
        + "--profile, results and model files name the profile), or leave --name out for recorded-<file name>")
  }

  func run() throws {
    try runCommand {
      let url = URL(fileURLWithPath: recording)
      // `rec.json -o rec.json --force` replaced the recording with the profile measured from it.
      if let outURL = output.url { try DistinctFiles.check(output: "-o", outURL, notAmong: [url]) }
      let parsed = try BrowserRecording.load(contentsOf: url)
      let profileName = name ?? "recorded-" + url.deletingPathExtension().lastPathComponent
      let timing = try RecordedDisplayTiming(recording: parsed, file: url.path)
      var profile = try DeviceProfile.measured(from: parsed, timing: timing, name: profileName, file: url.path)
      // Which recording the profile was measured from, in the summary (a free-text field every
      // reader of a profile keeps), so the file stays an ordinary profile that --profile reads.
      profile.summary += "; recording \(url.lastPathComponent) sha256 \(try FileDigest.sha256Hex(fileAt: url))"
      if timing.deliveryDelaySeconds == nil {
        FileHandle.standardError.write(Data((
          "note: \(recording) has no pointer move event in contact, so no delivery delay was measured: "
            + "the profile's deliveryDelaySeconds is 0, an assumption\n").utf8))
      }
      let json = String(decoding: try profile.jsonData(), as: UTF8.self)
      guard let path = output.path, let url = output.url else {
        print(json)
        return
      }
      try force.write(json, to: url)
      print("wrote \(path): \(profile.summary)")
    }
  }
}

/// `datasets profile -o`: the measured profile.
enum MeasuredProfileFile: OutputFileKind {
  static let help = "Write the profile JSON here (default: print it)."
}
