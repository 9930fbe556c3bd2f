import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// `replay --csv` records what produced it as every result CSV does: `replay --profile mine.json
/// --csv events.json` wrote `# lookahead 0.1.0 replay …` and `# trace …, profile mine, seed 0`
/// only, so neither the trace's checksum nor the profile file's content was kept.
@Suite("replay --csv provenance")
struct ReplayCSVProvenanceTests {
  /// SHA-256 of `file` by `sha256sum`, independently of the workbench's own digest.
  static func sha256sum(_ file: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum", file.path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(String(decoding: data, as: UTF8.self).prefix(64))
  }

  @Test func recordsSeedProfileDefinitionAndChecksums() throws {
    let folder = DatasetsCommandTests.temporaryURL("replay-provenance")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let profileFile = folder.appendingPathComponent("mine.json")
    try Data(#"{"name":"mine","display":{"rateHz":90},"missedFrames":{"frameIndices":[1]}}"#.utf8).write(to: profileFile)
    let trace = SharedDatasets.bundled.appendingPathComponent("Inkable-ApplePencil/events.json")
    let run = try DatasetsCommandTests.run(["replay", "--profile", profileFile.path, "--seed", "7", "--csv", trace.path])
    #expect(run.status == 0, "\(run.stderr)")
    let comments = run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("# ") }
    #expect(comments.first == "# lookahead \(LookaheadVersion.string) replay")
    #expect(comments.contains { $0.hasPrefix("# command: ") && $0.hasSuffix("--seed 7 --csv \(trace.path)") })
    #expect(comments.contains("# seed: 7"))
    #expect(comments.contains("# profile: mine"))
    let definition = try #require(comments.first { $0.hasPrefix("# profile-definition: ") })
    let recorded = try DeviceProfile.decode(Data(definition.dropFirst("# profile-definition: ".count).utf8), file: "csv")
    #expect(recorded == (try DeviceProfile.load(contentsOf: profileFile)))
    #expect(recorded.display.rateHz == 90 && recorded.missedFrames.frameIndices == [1])
    let digest = try Self.sha256sum(trace)
    #expect(digest.count == 64)
    #expect(comments.contains { $0.hasPrefix("# sha256: \(digest)  ") && $0.hasSuffix("events.json") }, "\(comments)")
    // The rows are unchanged: the header comes after every comment line.
    let rows = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(rows.first.map(String.init) == ReplayFrame.csvHeader)
  }
}
