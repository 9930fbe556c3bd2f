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

  /// `replay profiles --json` once printed the presets back to back, which no JSON reader takes.
  @Test("replay profiles --json is one JSON array; with NAME, one preset that --profile FILE loads back")
  func profilesAsJSON() throws {
    let all = try Self.lookahead(["replay", "profiles", "--json"])
    #expect(all.status == 0, "\(all.stderr)")
    let array = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
    #expect(array.compactMap { $0["name"] as? String } == DeviceProfile.presets.map(\.name))

    let one = try Self.lookahead(["replay", "profiles", "--json", "finger60-phone"])
    #expect(one.status == 0, "\(one.stderr)")
    #expect(try DeviceProfile.decode(Data(one.stdout.utf8), file: "stdout") == DeviceProfile.preset(named: "finger60-phone"))
    let unknown = try Self.lookahead(["replay", "profiles", "--json", "no-such-preset"])
    #expect(unknown.status != 0 && unknown.stderr.contains("no preset no-such-preset; the presets: pencil240-promotion120"))
  }

  /// The example session end to end with `--profile recorded`: every frame's callback is one of
  /// the recorded `requestAnimationFrame` times, presented the measured profile's pipeline delay
  /// later, and the rows are the library's replay at those times.
  @Test("--profile recorded replays the example browser session at its recorded frame times")
  func recordedFrameTimes() throws {
    let file = SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples/browser-recording.json")
    let run = try Self.lookahead(["replay", "--profile", "recorded", "--csv", file.path])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("# trace ") && $0.contains("profile recorded") })
    let rows = lines.filter { !$0.hasPrefix("#") }.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    #expect(rows.count >= 5)

    let trace = try TraceLoader.load(url: file)
    let recorded = try #require(trace.metadata.recordedDisplay)
    struct Session: Decodable { var frames: [Double] }
    let frames = try JSONDecoder().decode(Session.self, from: Data(contentsOf: file)).frames.map { $0 / 1000 }
    #expect(recorded.frameTimesSeconds == frames)
    let pipelineDelay = recorded.measuredProfile.pipeline.frames / recorded.measuredProfile.display.rateHz
    for row in rows {
      let callback = try #require(Double(String(row[2]))), target = try #require(Double(String(row[7])))
      // Printed to the microsecond.
      #expect(frames.contains { abs($0 - callback) < 1e-6 }, "callback \(callback) s is not a recorded frame time")
      #expect(abs(target - callback - pipelineDelay) < 2e-6)
    }
    var expected: [String] = []
    _ = try ReplaySummary.replay(trace, with: try Replay(profile: recorded.replayProfile)) {
      expected.append($1.csvRow(strokeIndex: $0))
    }
    #expect(lines.filter { !$0.hasPrefix("#") }.dropFirst().map { $0 } == expected)

    // A trace without recorded frame times says so, with status 1.
    let inkable = SharedDatasets.bundled.appendingPathComponent("Inkable-ApplePencil/events.json")
    let refused = try Self.lookahead(["replay", "--profile", "recorded", inkable.path])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("no recorded frame times"))
  }
}
