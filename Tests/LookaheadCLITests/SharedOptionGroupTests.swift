import Foundation
import Testing
import _LookaheadTestSupport

/// The option groups every command shares (`DatasetArguments`, `DatasetLocationOptions`,
/// `ProfileOption`, `SeedOption`, `OutputOption`, `ForceOption`, `JobsOption`, `JSONOption`,
/// `QuietOption`): each command keeps its own spelling of the output flag, the rule that nothing
/// is overwritten without --force holds in every one of them, checked before any work, and a
/// shared flag reads and behaves the same in every command that takes it.
@Suite("shared option groups")
struct SharedOptionGroupTests {
  /// Each command with the file it writes in place of `FILE`, spelled as that command spells it.
  static let writers: [[String]] = [
    ["evaluate", "--predictor", "hold", "--output", "FILE", "Inkable-ApplePencil"],
    ["compare", "hold", "linear", "--output", "FILE", "Inkable-ApplePencil"],
    ["sweep", "--predictor", "linear", "--output", "FILE", "Inkable-ApplePencil"],
    ["tune", "--predictor", "linear", "--test", "Henze2017-MobileHCI:Fitts", "--out", "FILE", "Inkable-ApplePencil"],
    ["train", "--test", "Henze2017-MobileHCI:Fitts", "-o", "FILE", "Inkable-ApplePencil"],
    ["export", "--predictor", "hold", "-o", "FILE"],
    ["predict", "--model", "/nonexistent/model.json", "-o", "FILE", "Inkable-ApplePencil"],
    // Its input another file: the output named as the input too is refused as such (DistinctFiles).
    ["report", "-o", "FILE", "Docs/Examples/browser-recording.json"],
    ["recorder", "-o", "FILE"],
  ]

  @Test("an existing output file is refused without --force, before any work, and left as it was", arguments: writers)
  func outputIsNotOverwrittenWithoutForce(arguments: [String]) throws {
    let file = DatasetsCommandTests.temporaryURL("mine.txt")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("mine\n".utf8).write(to: file)
    let result = try DatasetsCommandTests.run(arguments.map { $0 == "FILE" ? file.path : $0 })
    #expect(result.status == 1, "\(arguments): \(result.stderr)")
    // `predict` names the output, not the missing model: the refusal comes first.
    #expect(result.stderr.contains(file.path) && result.stderr.contains("--force"), "\(arguments): \(result.stderr)")
    #expect(try String(contentsOf: file, encoding: .utf8) == "mine\n")
  }

  /// A path ending in `/` names a folder: the file was written without the slash, beside where
  /// the user meant it (`datasets convert rec.csv out/` wrote a file `out`, exit 0).
  @Test("an output path ending in / is refused, and nothing is written",
        arguments: writers + [["datasets", "convert", "Inkable-ApplePencil", "FILE"], ["datasets", "profile", "Docs/Examples/browser-recording.json", "-o", "FILE"]])
  func outputFolderPathIsRefused(arguments: [String]) throws {
    let folder = DatasetsCommandTests.temporaryURL("slash-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out").path + "/"
    var line = arguments
    let at = try #require(line.firstIndex(of: "FILE"))
    line[at] = output
    let result = try DatasetsCommandTests.run(line)
    #expect(result.status == 1, "\(line): \(result.stderr)")
    #expect(result.stderr.contains("\(output): the path ends in /"), "\(line): \(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  /// Every option's entry in `command --help`, by its long name: the first line and its
  /// continuation lines joined, runs of spaces made one (the help's column layout is not the text).
  static func helpEntries(in command: [String]) throws -> [String: String] {
    let help = try DatasetsCommandTests.run(command + ["--help"])
    var entries: [String: String] = [:]
    var current: String?
    for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
      let words = line.split(separator: " ").map(String.init)
      if line.hasPrefix("  -"), let name = words.first(where: { $0.hasPrefix("--") }) {
        current = name.trimmingCharacters(in: CharacterSet(charactersIn: ","))
        entries[current!] = words.joined(separator: " ")
      } else if let name = current, line.hasPrefix("      "), !words.isEmpty {
        entries[name]! += " " + words.joined(separator: " ")
      } else {
        current = nil
      }
    }
    return entries
  }

  /// One option's entry in `command --help` (``helpEntries(in:)``).
  static func helpEntry(_ option: String, in command: [String]) throws -> String? {
    try helpEntries(in: command)[option]
  }

  @Test("each shared flag reads the same in every command that takes it", arguments: [
    // Two defaults: the models' own seed where --model files are read, else 0 (predict, with one
    // model and no bootstrap, says so in its own words).
    ("--seed", [["evaluate"], ["compare"], ["sweep"]]),
    ("--seed", [["tune"], ["replay", "trace"]]),
    ("--data-dir", [["evaluate"], ["sweep"], ["tune"], ["train"], ["bench", "tuning"], ["predict"], ["datasets", "list"]]),
    ("--jobs", [["evaluate"], ["compare"], ["sweep"], ["tune"], ["train"], ["worker"]]),
    ("--json", [
      ["datasets", "list"], ["datasets", "inspect"], ["predictors", "list"], ["predictors", "show"], ["replay", "profiles"],
      ["evaluate"], ["compare"], ["sweep"], ["export"], ["tune"], ["train"],
    ]),
    ("--quiet", [["evaluate"], ["compare"], ["sweep"], ["tune"], ["train"], ["report"]]),
  ])
  func oneDeclaration(option: String, commands: [[String]]) throws {
    let entries = try commands.map { try Self.helpEntry(option, in: $0) }
    #expect(entries.allSatisfy { $0 != nil }, "\(entries)")
    #expect(Set(entries.compactMap { $0 }).count == 1, "\(entries)")
  }

  @Test("--jobs below 1 is refused with one message by every command that takes it, before any work", arguments: [
    ["evaluate", "--predictor", "hold"], ["compare", "hold", "linear"], ["sweep", "--predictor", "hold"],
    ["tune", "--predictor", "linear"], ["train"], ["worker", "--predictor", "linear"],
  ])
  func jobsAtLeastOne(arguments: [String]) throws {
    for jobs in ["--jobs=0", "--jobs=-2"] {
      let result = try DatasetsCommandTests.run(arguments + [jobs, "Inkable-ApplePencil"])
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("--jobs must be at least 1"), "\(arguments): \(result.stderr)")
    }
  }

  @Test("--quiet leaves out report's status line, and only that")
  func quietReport() throws {
    let folder = DatasetsCommandTests.temporaryURL("quiet-report")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sweep = folder.appendingPathComponent("sweep.json"), report = folder.appendingPathComponent("report.html")
    let swept = try DatasetsCommandTests.run(["sweep", "--predictor", "linear", "--json", "--output", sweep.path, "Inkable-ApplePencil"])
    #expect(swept.status == 0, "\(swept.stderr)")
    let loud = try DatasetsCommandTests.run(["report", sweep.path, "-o", report.path])
    #expect(loud.status == 0 && loud.stdout.hasPrefix("wrote \(report.path)"), "\(loud.stdout) \(loud.stderr)")
    let quiet = try DatasetsCommandTests.run(["report", sweep.path, "-o", report.path, "--force", "--quiet"])
    #expect(quiet.status == 0, "\(quiet.stderr)")
    #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty)
    #expect(try String(contentsOf: report, encoding: .utf8).contains("<svg"))
  }

  @Test("a command that reads several datasets refuses none with one message", arguments: [
    ["evaluate", "--predictor", "hold"], ["compare", "hold", "linear"], ["sweep", "--predictor", "hold"],
    ["tune", "--predictor", "linear"], ["train"],
  ])
  func noDataset(arguments: [String]) throws {
    let result = try DatasetsCommandTests.run(arguments)
    #expect(result.status == 1)
    #expect(result.stderr.contains("give at least one dataset"), "\(arguments): \(result.stderr)")
  }
}
