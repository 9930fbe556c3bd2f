import Foundation
import Testing
import _LookaheadTestSupport

/// An option value that can be judged without the data is judged before the data loads: `compare
/// … --paired-column error_meen_mm` was refused only once every predictor had been scored on every
/// dataset, and `evaluate --profile recorded`, a misspelt `tune --objective` or a negative
/// `--pareto` only after loading, which for a large dataset is minutes. Each is given here with
/// a file that cannot be loaded: the refusal must name the option, not the file.
@Suite("option values are checked before the data loads")
struct OptionsBeforeDataTests {
  @Test("--paired-column, --profile recorded, --objective and --pareto are refused before the data")
  func refusedBeforeLoading() throws {
    let dir = DatasetsCommandTests.temporaryURL("options-before-data")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = dir.appendingPathComponent("bad.csv")
    try Data("hello\nworld\n".utf8).write(to: bad)
    let tune = ["tune", "--predictor", "linear", "--params", "stop-factor", "--trials", "2"]
    let cases: [(arguments: [String], message: String)] = [
      (["compare", "hold", "linear", bad.path, "--paired-column", "error_meen_mm"],
       "error: --paired-column: \"error_meen_mm\" is not a scorecard column"),
      (["evaluate", "--predictor", "kalman", "--profile", "recorded", bad.path], "works only with `lookahead replay`"),
      (["compare", "hold", "linear", "--profile", "recorded", bad.path], "works only with `lookahead replay`"),
      (["compare", "hold", "linear", "--profile", "pencil240-promo", bad.path], "error: device profile pencil240-promo"),
      (tune + ["--profile", "recorded", bad.path], "works only with `lookahead replay`"),
      (tune + ["--objective", "eror", bad.path], "error: --objective eror"),
      (tune + ["--pareto=-1", bad.path], "--pareto must not be negative"),
      (tune + ["--restart-journal", bad.path], "--restart-journal starts a --journal afresh; give the --journal FILE"),
    ]
    for (arguments, message) in cases {
      let run = try DatasetsCommandTests.run(arguments)
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
      #expect(!run.stderr.contains("unknown format") && !run.stderr.contains("loading"), "\(arguments): \(run.stderr)")
    }
    // The data is the first thing wrong without them.
    let plain = try DatasetsCommandTests.run(["compare", "hold", "linear", bad.path])
    #expect(plain.status == 1 && plain.stderr.contains("bad.csv:1"), "\(plain.stderr)")
  }

  @Test("tune's --params, fixed values, --split and --trials and train's --split are refused before the data")
  func searchAndSplitRefusedBeforeLoading() throws {
    let dir = DatasetsCommandTests.temporaryURL("search-before-data")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = dir.appendingPathComponent("bad.csv")
    try Data("hello\nworld\n".utf8).write(to: bad)
    let cases: [(arguments: [String], message: String)] = [
      (["tune", "--predictor", "linear", "--params", "stop-factr", bad.path], "--params: predictor linear has no parameter \"stop-factr\""),
      (["tune", "--predictor", "linear:ordr=2", bad.path], "predictor linear has no parameter \"ordr\""),
      (["tune", "--predictor", "linear", "--params", "stop-factor", "--split", "halves", bad.path], "split 'halves' is not one of"),
      (["tune", "--predictor", "linear", "--params", "stop-factor", "--trials", "0", bad.path], "--trials must be at least 1"),
      (["train", "--split", "halves", bad.path], "split 'halves' is not one of"),
      (["train", "--family", "mlp", "--split", "halves", bad.path], "split 'halves' is not one of"),
    ]
    for (arguments, message) in cases {
      let run = try DatasetsCommandTests.run(arguments)
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
      #expect(!run.stderr.contains("unknown format"), "\(arguments): \(run.stderr)")
    }
    // A valid split still reaches the data, which is what is wrong then.
    let valid = try DatasetsCommandTests.run(["train", "--split", "holdout=0.25,seed=1", bad.path])
    #expect(valid.status == 1 && valid.stderr.contains("bad.csv:1"), "\(valid.stderr)")
  }

  @Test("every scorecard column is still a --paired-column compare takes")
  func validPairedColumnStillWorks() throws {
    let data = SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples/tablet.tsv")
    for column in ["error_mean_mm", "high_speed_latency_saved_mean_ms"] {
      let run = try DatasetsCommandTests.run(["compare", "hold", "linear", data.path, "--paired-column", column, "--quiet"])
      #expect(run.status == 0, "\(column): \(run.stderr)")
    }
  }
}
