import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// A result CSV records the device profile it was replayed through in full, as its JSON does:
/// `evaluate --profile mine.json --csv` (and `--records`, `sweep --csv`) wrote only
/// `# profile: mine`, the name inside the file, so an edited or lost profile file left no trace
/// of the 90 Hz display, the schedule or the missed frames the numbers came from.
@Suite("Result CSVs record the profile definition")
struct CSVProfileDefinitionTests {
  static let profileJSON = """
    {"name":"mine","display":{"rateHz":90,"schedule":[{"atSeconds":0.1,"rateHz":45}],"phaseOffsetSeconds":0.002},
     "missedFrames":{"frameIndices":[0,3]},"deliveryDelaySeconds":0.006,"pipeline":{"frames":1,"extraSeconds":0.003}}
    """

  /// The profile read back from the `# profile-definition:` line of `csv`.
  static func recordedProfile(in csv: String) throws -> DeviceProfile {
    let prefix = "# profile-definition: "
    let lines = csv.split(separator: "\n").filter { $0.hasPrefix(prefix) }
    #expect(lines.count == 1, "\(csv.prefix(2000))")
    let line = try #require(lines.first)
    #expect(csv.contains("# profile: mine\n" + line))
    return try DeviceProfile.decode(Data(line.dropFirst(prefix.count).utf8), file: "csv")
  }

  @Test("evaluate --csv, evaluate --records and sweep --csv", arguments: ["evaluate", "records", "sweep"])
  func definitionLine(output: String) throws {
    let folder = DatasetsCommandTests.temporaryURL("profile-definition")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let profileFile = folder.appendingPathComponent("mine.json")
    try Data(Self.profileJSON.utf8).write(to: profileFile)
    let records = folder.appendingPathComponent("records.csv")
    let arguments: [String] = switch output {
    case "evaluate": ["evaluate", "--predictor", "hold", "--csv"]
    case "records": ["evaluate", "--predictor", "hold", "--records", records.path]
    default: ["sweep", "--predictor", "hold", "--csv"]
    }
    let result = try DatasetsCommandTests.run(arguments + ["--profile", profileFile.path, "--quiet", "Inkable-ApplePencil"])
    #expect(result.status == 0, "\(result.stderr)")
    let csv = output == "records" ? try String(contentsOf: records, encoding: .utf8) : result.stdout
    let profile = try Self.recordedProfile(in: csv)
    #expect(profile == (try DeviceProfile.load(contentsOf: profileFile)))
    #expect(profile.display.rateHz == 90 && profile.display.schedule.map(\.rateHz) == [45])
    #expect(profile.missedFrames.frameIndices == [0, 3] && profile.pipeline.frames == 1)
  }

  /// A preset is recorded the same way, and a protocol that replays no device records none.
  @Test func presetAndNoProfile() throws {
    let preset = try DatasetsCommandTests.run(["evaluate", "--predictor", "hold", "--csv", "--quiet", "Inkable-ApplePencil"])
    #expect(preset.status == 0, "\(preset.stderr)")
    let csv = preset.stdout.replacingOccurrences(of: "# profile: pencil240-promotion120", with: "# profile: mine")
    #expect(try Self.recordedProfile(in: csv) == .pencil240ProMotion120)
    let anchor = try DatasetsCommandTests.run(
      ["evaluate", "--predictor", "hold", "--protocol", "anchor", "--csv", "--quiet", "Inkable-ApplePencil"])
    #expect(anchor.status == 0, "\(anchor.stderr)")
    #expect(!anchor.stdout.contains("# profile"))
  }
}
