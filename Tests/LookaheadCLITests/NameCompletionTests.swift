import Foundation
import Testing
import _LookaheadTestSupport

/// Shell completion of predictor, profile and dataset names, through the generated script and
/// the callback it makes (`lookahead ---completion SUBCOMMAND -- ARGUMENT WORD-INDEX CURSOR WORDS…`,
/// ArgumentParser's protocol between the two).
@Suite("shell completion of names")
struct NameCompletionTests {
  static func run(_ arguments: [String]) throws -> DatasetsCommandTests.Result {
    try DatasetsCommandTests.run(arguments)
  }

  @Test func scriptListsThePredictors() throws {
    let script = try Self.run(["--generate-completion-script", "bash"])
    #expect(script.status == 0)
    #expect(script.stdout.contains("kalman-androidx") && script.stdout.contains("savitzky-golay"))
  }

  @Test func profilesAndDatasetsCompleteFromTheirPrefix() throws {
    let profiles = try Self.run(["---completion", "evaluate", "--", "--profile", "3", "6", "lookahead", "evaluate", "--profile", "finger"])
    #expect(profiles.status == 0)
    #expect(profiles.stdout.split(separator: "\n").contains("finger60-phone"), "\(profiles.stdout)\(profiles.stderr)")
    #expect(!profiles.stdout.contains("pencil240"))
    let datasets = try Self.run(["---completion", "tune", "--", "positional@0", "2", "3", "lookahead", "tune", "Ink"])
    #expect(datasets.stdout.split(separator: "\n") == ["Inkable-ApplePencil"], "\(datasets.stdout)\(datasets.stderr)")
    // A path: the files beside it (the tests run in the repository root).
    let files = try Self.run(["---completion", "evaluate", "--", "positional@0", "2", "9", "lookahead", "evaluate", "Datasets/"])
    #expect(files.stdout.split(separator: "\n").contains { $0.hasPrefix("Datasets/Inkable") }, "\(files.stdout)")
  }
}
