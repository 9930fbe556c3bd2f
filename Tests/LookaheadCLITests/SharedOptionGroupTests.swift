import Foundation
import Testing
import _LookaheadTestSupport

/// The option groups every command shares (`DatasetArguments`, `DatasetLocationOptions`,
/// `ProfileOption`, `SeedOption`, `OutputOption`, `ForceOption`): each command keeps its own
/// spelling of the output flag, and the rule that nothing is overwritten without --force holds
/// in every one of them, checked before any work.
@Suite("shared option groups")
struct SharedOptionGroupTests {
  /// Each command with the file it writes in place of `FILE`, spelled as that command spells it.
  static let writers: [[String]] = [
    ["evaluate", "--predictor", "hold", "--output", "FILE", "Inkable-ApplePencil"],
    ["compare", "hold", "linear", "--output", "FILE", "Inkable-ApplePencil"],
    ["sweep", "--predictor", "linear", "--output", "FILE", "Inkable-ApplePencil"],
    ["tune", "--predictor", "linear", "--test", "Inkable-ApplePencil", "--out", "FILE", "Inkable-ApplePencil"],
    ["train", "--test", "Inkable-ApplePencil", "-o", "FILE", "Inkable-ApplePencil"],
    ["export", "--predictor", "hold", "-o", "FILE"],
    ["predict", "--model", "/nonexistent/model.json", "-o", "FILE", "Inkable-ApplePencil"],
    ["report", "-o", "FILE", "FILE"],
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

  /// An option's entry in `command --help`: its first line and its continuation lines, joined.
  static func helpEntry(_ option: String, in command: [String]) throws -> String? {
    let help = try DatasetsCommandTests.run(command + ["--help"])
    var entry: String?
    for line in help.stdout.split(separator: "\n") {
      if entry != nil {
        guard line.hasPrefix("      ") else { break }
        entry! += " " + line.trimmingCharacters(in: .whitespaces)
      } else if line.trimmingCharacters(in: .whitespaces).hasPrefix(option + " ") {
        entry = line.trimmingCharacters(in: .whitespaces)
      }
    }
    return entry
  }

  @Test("--seed and --data-dir read the same in every command that takes them", arguments: [
    ("--seed", [["evaluate"], ["compare"], ["sweep"], ["tune"], ["replay", "trace"], ["predict"]]),
    ("--data-dir", [["evaluate"], ["sweep"], ["tune"], ["train"], ["bench-tuning"], ["predict"], ["datasets", "list"]]),
  ])
  func oneDeclaration(option: String, commands: [[String]]) throws {
    let entries = try commands.map { try Self.helpEntry(option, in: $0) }
    #expect(entries.allSatisfy { $0 != nil }, "\(entries)")
    #expect(Set(entries.compactMap { $0 }).count == 1, "\(entries)")
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
