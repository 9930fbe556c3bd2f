import Foundation
import Testing
import _LookaheadTestSupport

/// The CLI's one exit-code rule (Docs/Evaluation.md): 0 ok (help and version too), 1 a usage or
/// input error with its message, 2 an internal failure; the same for every command.
@Suite("exit codes, every command")
struct ExitCodeRuleTests {
  static func run(_ arguments: [String]) throws -> DatasetsCommandTests.Result {
    try DatasetsCommandTests.run(arguments)
  }

  /// A command line the parser refuses exits 1 with the usage (ArgumentParser's own code is 64).
  @Test(arguments: [
    ["evaluate", "--no-such-option"], ["tune", "--trials", "many"], ["train", "--gap-limit", "soon"],
    ["replay", "--seed", "-x", "Inkable-ApplePencil"], ["no-such-command"],
  ])
  func refusedCommandLineIsAUsageError(arguments: [String]) throws {
    let result = try Self.run(arguments)
    #expect(result.status == 1, "\(arguments): \(result.stderr)")
    #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains("Usage:"), "\(result.stderr)")
  }

  /// Input errors found while running, in commands that caught their own and in those that did
  /// not, exit 1 with `error: …` naming what is wrong.
  @Test func inputErrorsWhileRunningExitOne() throws {
    let unknownPredictor = try Self.run(["predictors", "show", "no-such-predictor"])
    #expect(unknownPredictor.status == 1 && unknownPredictor.stderr.contains("no-such-predictor"))
    let unknownDataset = try Self.run(["evaluate", "--predictor", "linear", "No-Such-Dataset"])
    #expect(unknownDataset.status == 1 && Self.errorLine(unknownDataset.stderr) != nil, "\(unknownDataset.stderr)")
    let badSplit = try Self.run(["tune", "--predictor", "linear", "--split", "halves", "Inkable-ApplePencil"])
    #expect(badSplit.status == 1, "\(badSplit.stderr)")
  }

  /// The commands whose body runs under `runCommand` (datasets, evaluation and report commands):
  /// an error found while running, a `ValidationError` included, is one `error: …` line naming
  /// what is wrong, exit 1, and no usage (the command line itself was fine).
  @Test(arguments: [
    (["datasets", "inspect", "/nonexistent/trace.csv"], "/nonexistent/trace.csv"),
    (["datasets", "convert", "/nonexistent/trace.csv", "/nonexistent/out.lktrace.csv"], "/nonexistent/trace.csv"),
    (["datasets", "profile", "/nonexistent/session.json"], "/nonexistent/session.json"),
    (["evaluate", "--predictor", "linear", "No-Such-Dataset"], "No-Such-Dataset"),
    (["compare", "hold", "linear", "--baseline", "kalman", "Inkable-ApplePencil"], "kalman"),
    (["sweep", "--predictor", "linear", "--max-ms=-1", "Inkable-ApplePencil"], "--max-ms"),
    (["report"], "give at least one result file"),
    (["report", "/nonexistent/result.json"], "/nonexistent/result.json"),
    // A check made while running (after the data loaded) is one line too, not the usage of the
    // whole CLI ("Usage: lookahead <subcommand>") under it.
    (["tune", "--predictor", "linear", "--pareto=-1", "--split", "holdout=0.2,seed=1", "Inkable-ApplePencil"], "--pareto"),
    (["bench", "readers", "--dataset", "No-Such-Dataset"], "No-Such-Dataset"),
    (["bench-readers", "--dataset", "No-Such-Dataset"], "No-Such-Dataset"),  // its former name, hidden
    (["train", "--family", "mlp", "--select", "--split", "holdout=0.2,seed=1", "Inkable-ApplePencil"], "--select"),
  ])
  func runTimeErrorIsOneLine(arguments: [String], named: String) throws {
    let result = try Self.run(arguments)
    #expect(result.status == 1, "\(arguments): \(result.stderr)")
    #expect(Self.errorLine(result.stderr)?.contains(named) == true, "\(arguments): \(result.stderr)")
    #expect(!result.stderr.contains("Usage:"), "\(arguments): \(result.stderr)")
  }

  /// The one `error: …` line that ends `stderr`, after any progress lines (printed where stderr is
  /// not a terminal, as a test's is); nil if the last line is not one or another line is one too.
  static func errorLine(_ stderr: String) -> String? {
    let lines = stderr.split(separator: "\n").map(String.init)
    guard let last = lines.last, last.hasPrefix("error: "), lines.filter({ $0.hasPrefix("error") }).count == 1 else { return nil }
    return last
  }

  @Test func helpAndVersionExitZero() throws {
    #expect(try Self.run(["--help"]).status == 0)
    #expect(try Self.run(["--version"]).status == 0)
    #expect(try Self.run(["tune", "--help"]).status == 0)
  }
}
