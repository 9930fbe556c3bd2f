import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// End to end: the built `lookahead` binary (beside the test bundle in the build folder) replays a
/// shared trace; its CSV is parsed and checked against the library's own replay.
@Suite("lookahead replay (CLI)")
struct ReplayCommandTests {
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func lookahead(_ arguments: [String]) throws -> Run {
    let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binary = buildFolder.appendingPathComponent("lookahead")
    // The test runner may live inside an .xctest bundle folder.
    if !FileManager.default.fileExists(atPath: binary.path) {
      binary = buildFolder.deletingLastPathComponent().appendingPathComponent("lookahead")
    }
    try #require(FileManager.default.fileExists(atPath: binary.path), "build the CLI first: \(binary.path) is missing")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  @Test func csvRowsMatchTheLibraryReplay() throws {
    let file = try SharedDatasets.require("Inkable-ApplePencil/Tests/InkableTests/events.json")
    let run = try Self.lookahead([
      "replay", "--profile", "pencil240-promotion120", "--format", "inkable-json", "--seed", "3", "--csv", file.path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let rows = lines.filter { !$0.hasPrefix("#") }
    #expect(rows.first == ReplayFrame.csvHeader)
    let trace = try InkableImporter().importTrace(file: file)
    var expected: [String] = []
    _ = try ReplaySummary.replay(trace, with: try Replay(profile: .pencil240ProMotion120, seed: 3)) {
      expected.append($1.csvRow(strokeIndex: $0))
    }
    #expect(expected.count > 40)
    #expect(Array(rows.dropFirst()) == expected)
    #expect(lines.contains { $0.hasPrefix("# horizon ms: min ") })
  }

  @Test func profilesAreListedAndAnUnknownProfileFailsWithStatus1() throws {
    let list = try Self.lookahead(["replay", "profiles"])
    #expect(list.status == 0)
    for preset in DeviceProfile.presets { #expect(list.stdout.contains(preset.name)) }
    let bad = try Self.lookahead(["replay", "--profile", "no-such-profile", "trace.csv"])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("no-such-profile") && bad.stderr.contains("pencil240-promotion120"))
  }
}
