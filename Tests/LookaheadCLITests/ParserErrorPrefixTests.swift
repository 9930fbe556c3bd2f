import Foundation
import Testing

/// The workbench's own errors print `error: …` (``ExitCodeRule``), as the docs show, but a
/// command line ArgumentParser refused (an unknown option, a missing value, a `ValidationError`
/// from `validate()`, an option given twice) printed `Error: …`: one CLI, two spellings. Every
/// refusal now starts `error: `, with ArgumentParser's usage and help hint after it, and exits 1.
@Suite("every error the CLI prints starts with error:")
struct ParserErrorPrefixTests {
  @Test("a refused command line reads 'error: …', then the usage, and exits 1", arguments: [
    ["evaluate", "--no-such-option", "Inkable-ApplePencil"],
    ["evaluate", "--predictor", "hold", "--profile"],
    ["evaluate", "--predictor", "hold", "--json", "--csv", "Inkable-ApplePencil"],
    ["evaluate", "--predictor", "hold", "--predictor", "linear", "Inkable-ApplePencil"],
    ["tune", "--trials", "many"],
    ["no-such-command"],
  ])
  func lowercasePrefix(arguments: [String]) throws {
    let run = try DatasetsCommandTests.run(arguments)
    #expect(run.status == 1, "\(arguments): \(run.stderr)")
    #expect(run.stderr.hasPrefix("error: "), "\(arguments): \(run.stderr)")
    #expect(!run.stderr.contains("Error: "), "\(arguments): \(run.stderr)")
    #expect(run.stderr.contains("\nUsage: "), "\(arguments): \(run.stderr)")
    #expect(run.stderr.contains("--help' for more information."), "\(arguments): \(run.stderr)")
  }
}
