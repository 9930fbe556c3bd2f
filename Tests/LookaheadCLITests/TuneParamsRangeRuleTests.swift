import Foundation
import Testing

/// `tune --predictor polynomial --params order,window=2..3` (the order searched 1…3) ran order 2
/// and 3 over windows of 2 and 3 samples and failed 3 of its 6 trials ("window = 2.0: must be at
/// least order + 1 (4 with order = 3)"), and `--params order=3..3,window=2..3`, where no window
/// fits, ran every trial to failure. A range given now keeps the rule: the first scores every
/// trial, the second is refused before any, naming both keys.
@Suite("tune --params ranges keep order < window, end to end")
struct TuneParamsRangeRuleTests {
  static func tune(_ params: String, journal: URL) throws -> DatasetsCommandTests.Result {
    try DatasetsCommandTests.run([
      "tune", "--predictor", "polynomial", "--params", params, "--strategy", "lhs", "--trials", "6", "--seed", "1",
      "--split", "holdout=0.25,seed=1", "--journal", journal.path, "--quiet", "Henze2017-MobileHCI:Fitts",
    ])
  }

  @Test("a range with a valid part searches only that part; one without is refused before any trial")
  func rangesKeepTheRule() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("k.jsonl")
    let run = try Self.tune("order,window=2..3", journal: journal)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("(all, 6 trials, 0 failed, 0 infeasible)"), "\(run.stdout)")
    let trials = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").dropFirst()
    #expect(trials.count == 6)
    for line in trials {
      let values = try #require(try TuneExportChainTests.json(String(line))["values"] as? [Double])
      #expect(values[0] < values[1], "order \(values[0]) over \(values[1]) samples")
    }
    // The scripts' search (Tools/results.sh, golden_outputs.sh, bench tuning): no failed trial.
    let scripts = try Self.tune("order,window=2..16,half-life=0..0.05", journal: dir.appendingPathComponent("s.jsonl"))
    #expect(scripts.stdout.contains("(all, 6 trials, 0 failed, 0 infeasible)"), "\(scripts.stdout)")

    let none = dir.appendingPathComponent("none.jsonl")
    let refused = try Self.tune("order=3..3,window=2..3", journal: none)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains(
      "--params: window=2..3 has no value above 3, the lowest of order=3..3, so every trial would break order < window"),
      "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: none.path), "no trial was run")
  }
}
