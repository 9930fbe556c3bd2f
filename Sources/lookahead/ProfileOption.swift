import ArgumentParser
import Foundation
import LookaheadKit

/// What `--profile` means in one command when it is not given (the only part that differs), and
/// whether the command takes `recorded` (a browser recording's own frame times).
protocol ProfileDefault {
  /// Completes "(default: …)" in the help.
  static var description: String { get }
  static var acceptsRecorded: Bool { get }
}

extension ProfileDefault {
  static var acceptsRecorded: Bool { false }
}

/// `--profile NAME|FILE`: the device a command replays through, a preset (`lookahead replay
/// profiles`) or a device-profile JSON file (Docs/Replay.md), read by ``DeviceProfile/resolve(_:)``.
struct ProfileOption<Default: ProfileDefault>: ParsableArguments {
  @Option(
    name: .customLong("profile"),
    help: ArgumentHelp("Device profile: a preset name (see `lookahead replay profiles`)"
      + (Default.acceptsRecorded
        ? ", a device-profile JSON file, or `\(RecordedDisplay.profileName)`: the recorded frame times of a browser recording (Docs/Replay.md)"
        : " or a profile JSON file")
      + " (default: \(Default.description)).", valueName: "profile"),
    completion: NameCompletion.profiles)
  var name: String?

  /// `--profile recorded`, where the command takes it.
  var isRecorded: Bool { Default.acceptsRecorded && name == RecordedDisplay.profileName }

  /// The profile given; else `fallback` (the device a model or run names), else the default preset.
  func resolve(else fallback: DeviceProfile? = nil) throws -> DeviceProfile {
    if let name {
      try refuseRecorded()
      return try DeviceProfile.resolve(name)
    }
    return fallback ?? .pencil240ProMotion120
  }

  /// Refuses `--profile recorded` in a command that does not take it (and has no file of that
  /// name): `recorded` is a frame schedule only a browser recording carries, which replay alone
  /// reads; without this, the refusal said only that it is neither a preset nor a file. ``resolve(else:)``
  /// calls it; a command that hands the name on unresolved (`export`) calls it itself.
  func refuseRecorded() throws {
    guard let name, name == RecordedDisplay.profileName, !Default.acceptsRecorded,
      !FileManager.default.fileExists(atPath: name)
    else { return }
    throw DeviceProfileError(
      profile: name, field: nil,
      problem: "`\(name)` (a browser recording's own frame times) works only with `lookahead replay`; "
        + "give a preset (\(DeviceProfile.presets.map(\.name).joined(separator: ", "))) or a device-profile JSON file, "
        + "such as one `lookahead datasets profile REC.json` measures from the recording")
  }
}

/// The default preset, whatever the input.
enum PresetProfileDefault: ProfileDefault {
  static let description = DeviceProfile.pencil240ProMotion120.name
}
