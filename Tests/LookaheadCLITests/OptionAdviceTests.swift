import Foundation
import Testing
import _LookaheadTestSupport

/// No message tells the user to pass an option the command does not accept: each option an error
/// recommends is in the `--help` of every command that can print that error.
@Suite("Option advice")
struct OptionAdviceTests {
  static func help(_ command: [String]) throws -> String {
    let result = try DatasetsCommandTests.run(command + ["--help"])
    #expect(result.status == 0, "\(command): \(result.stderr)")
    return result.stdout
  }

  /// Every command that loads a dataset by name can fail with "dataset not found … (use --data-dir)".
  @Test("every command that reads datasets accepts --data-dir", arguments: [
    ["evaluate"], ["compare"], ["sweep"], ["tune"], ["train"], ["bench", "tuning"], ["bench", "readers"], ["export"], ["predict"],
    ["replay", "trace"], ["datasets", "list"], ["datasets", "inspect"], ["datasets", "convert"],
  ])
  func dataDirectory(command: [String]) throws {
    #expect(try Self.help(command).contains("--data-dir"), "\(command)")
  }

  @Test("a shared dataset that is not found recommends --data-dir, which the command takes")
  func datasetNotFound() throws {
    let result = try DatasetsCommandTests.run(["export", "--predictor", "hold", "-o", "/nonexistent/m.json",
                                               "--dataset", "SVC2004-Task2", "--data-dir", "/nonexistent"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("SVC2004-Task2") && result.stderr.contains("use --data-dir"), "\(result.stderr)")
  }

  @Test("a file of unknown format names the commands that take --format, and they do")
  func unknownFormat() throws {
    let file = DatasetsCommandTests.temporaryURL("mystery.csv")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("a;b;c\n1;2;3\n".utf8).write(to: file)
    let result = try DatasetsCommandTests.run(["evaluate", "--predictor", "hold", file.path])
    #expect(result.status == 1)
    let advice = try #require(result.stderr.range(of: #"--format NAME \(([^)]*)\)"#, options: .regularExpression))
    let named = result.stderr[advice].dropFirst("--format NAME (".count).dropLast()
      .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(named == ["datasets inspect", "datasets convert", "replay"])
    for command in named {
      // `replay` runs its default subcommand, `replay trace`, whose help lists its options.
      let words = command == "replay" ? ["replay", "trace"] : command.split(separator: " ").map(String.init)
      #expect(try Self.help(words).contains("--format"), "\(command)")
    }
    #expect(try Self.help(["datasets", "convert"]).contains("<output>"))
  }
}
