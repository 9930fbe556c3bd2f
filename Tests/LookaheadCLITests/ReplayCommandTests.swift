import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// End to end: the built `lookahead` binary replays the bundled Inkable trace; its CSV is parsed and checked
/// against the library's own replay.
@Suite("lookahead replay (CLI)")
struct ReplayCommandTests {
  static func lookahead(_ arguments: [String]) throws -> DatasetsCommandTests.Result {
    try DatasetsCommandTests.run(arguments)
  }

  /// With and without `--format`: the format of a file is detected, as for every other command.
  @Test(arguments: [["--format", "inkable-json"], []])
  func csvRowsMatchTheLibraryReplay(format: [String]) throws {
    // The bundled copy of Inkable's events.json (Datasets/), so this runs without the shared folder.
    let file = SharedDatasets.bundled.appendingPathComponent("Inkable-ApplePencil/events.json")
    let run = try Self.lookahead([
      "replay", "--profile", "pencil240-promotion120", "--seed", "3", "--csv", file.path,
    ] + format)
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

  @Test("a dataset name replays that dataset, as every other command takes it")
  func datasetName() throws {
    let run = try Self.lookahead(["replay", "--seed", "1", "--csv", "Inkable-ApplePencil"])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = run.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    var expected = [ReplayFrame.csvHeader]
    _ = try ReplaySummary.replay(try DatasetRegistry.load("Inkable-ApplePencil"), with: try Replay(profile: .pencil240ProMotion120, seed: 1)) {
      expected.append($1.csvRow(strokeIndex: $0))
    }
    #expect(expected.count > 100)
    #expect(rows == expected)
    let missing = try Self.lookahead(["replay", "SVC2004-Task2", "--data-dir", "/nonexistent"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("/nonexistent") && missing.stderr.contains("use --data-dir"))
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
