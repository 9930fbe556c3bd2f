import Foundation
import Testing

/// `tune` printed progress only when stderr was a terminal: a tune whose stderr went to a log
/// printed nothing until its result, and a resumed journal was never announced. Now stderr that
/// is not a terminal gets plain lines (no carriage-return redraws): one after the first new trial,
/// then at most one every 10 s, and one at the end of each search; a resume is announced;
/// `--quiet` still prints nothing. (The tests' stderr is a pipe, as a log's is.)
@Suite("tune progress when stderr is not a terminal")
struct TuneProgressTests {
  static func tune(journal: URL, _ extra: [String] = []) throws -> DatasetsCommandTests.Result {
    try DatasetsCommandTests.run(
      ["tune", "--predictor", "linear", "--params", "horizon-cap=0.005..0.03", "--strategy", "lhs", "--trials", "4",
       "--seed", "1", "--journal", journal.path, "--test", "Henze2017-MobileHCI:Fitts", "Inkable-ApplePencil"] + extra)
  }

  @Test("plain progress lines, a resume announced, nothing with --quiet")
  func progressLines() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("k.jsonl")
    let first = try Self.tune(journal: journal)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(!first.stderr.contains("\r"), "no redraws in a log")
    let lines = first.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("tune all: 1/4 trials, best ") == true, "\(first.stderr)")
    #expect(lines.last?.hasPrefix("tune all: 4/4 trials, best ") == true, "\(first.stderr)")
    #expect(lines.last?.hasSuffix("ETA 0s") == true, "\(first.stderr)")
    #expect(lines.allSatisfy { $0.hasPrefix("tune all: ") }, "\(first.stderr)")
    #expect(lines.count <= 4)

    // Cut to the header and two trials, as a killed run leaves it: the rerun says so.
    let text = try String(contentsOf: journal, encoding: .utf8)
    try Data((text.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n").utf8).write(to: journal)
    let resumed = try Self.tune(journal: journal)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let resumedLines = resumed.stderr.split(separator: "\n").map(String.init)
    #expect(resumedLines.first == "resuming \(journal.path): 2 of 4 trials done", "\(resumed.stderr)")
    #expect(resumedLines.dropFirst().first?.hasPrefix("tune all: 3/4 trials") == true, "\(resumed.stderr)")
    #expect(resumedLines.last?.hasPrefix("tune all: 4/4 trials") == true, "\(resumed.stderr)")
    #expect(resumed.stdout == first.stdout, "the resumed tune's result is the uninterrupted one's")

    // A finished journal: the announcement alone. --quiet: nothing.
    let finished = try Self.tune(journal: journal)
    #expect(finished.stderr == "resuming \(journal.path): 4 of 4 trials done\n", "\(finished.stderr)")
    let quiet = try Self.tune(journal: journal, ["--quiet"])
    #expect(quiet.status == 0)
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
  }
}
