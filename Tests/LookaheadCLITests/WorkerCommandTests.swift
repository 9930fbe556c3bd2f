import Foundation
import LookaheadKit
import _LookaheadTestSupport
import Testing

/// `lookahead worker` scores a tune's trials from JSON lines on stdin: every record must be the
/// one `lookahead tune` journals for the same trial, to the bit, and a bad line must get an error
/// line naming its line number and field while the worker carries on (Docs/Distributed.md).
@Suite("lookahead worker")
struct WorkerCommandTests {
  static let tuneOptions = [
    "--predictor", "kalman:measurement-noise=3", "--params", "process-noise", "--split", "kfold=2,seed=1",
    "--strategy", "lhs", "--trials", "3", "--seed", "5", "Henze2017-MobileHCI:writer=participant1,participant2,participant3,participant4",
  ]

  /// Runs the CLI with `input` on its stdin.
  static func run(_ arguments: [String], input: String) throws -> DatasetsCommandTests.Result {
    let run = try ExecutableRun.run(arguments, input: input)
    return .init(status: run.status, stdout: run.stdoutText, stderr: run.stderr)
  }

  static func objects(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  /// The header line's JSON without the command line, which is the only part allowed to differ.
  static func headerWithoutCommandLine(_ line: String) throws -> NSDictionary {
    var header = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    var provenance = try #require(header["provenance"] as? [String: Any])
    provenance["commandLine"] = nil
    header["provenance"] = provenance
    return header as NSDictionary
  }

  @Test("a cross-fitted lhs tune's journals (two folds and the final search) are reproduced line for line by the worker: same headers but the command line, same trial records, objectives equal bit for bit whether asked by index, unit or values")
  func workerMatchesTune() throws {
    let dir = DatasetsCommandTests.temporaryURL("worker")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("k.jsonl")
    let tune = try DatasetsCommandTests.run(["tune"] + Self.tuneOptions + ["--journal", journal.path, "--quiet", "--jobs", "2"])
    #expect(tune.status == 0, "\(tune.stderr)")

    // One request per recorded trial in three forms, and the plan, in one worker session.
    let searches = [("fold 1", ".fold1"), ("fold 2", ".fold2"), ("all", "")]
    var requests = ["{\"op\":\"plan\",\"id\":\"p\"}"]
    var expected: [(search: String, line: String, trial: TuningJournal.Trial)] = []
    for (label, suffix) in searches {
      let lines = try String(contentsOfFile: journal.path + suffix, encoding: .utf8).split(separator: "\n").map(String.init)
      #expect(lines.count == 4)
      for line in lines.dropFirst() {
        let trial = try JSONDecoder().decode(TuningJournal.Trial.self, from: Data(line.utf8))
        let units = trial.unit.map { "\($0)" }.joined(separator: ","), values = trial.values.map { "\($0)" }.joined(separator: ",")
        requests.append("{\"search\":\"\(label)\",\"index\":\(trial.index)}")
        requests.append("{\"search\":\"\(label)\",\"index\":\(trial.index),\"unit\":[\(units)]}")
        requests.append("{\"search\":\"\(label)\",\"index\":\(trial.index),\"values\":[\(values)]}")
        expected.append((label, line, trial))
      }
    }
    let worker = try Self.run(["worker"] + Self.tuneOptions, input: requests.joined(separator: "\n") + "\n")
    #expect(worker.status == 0, "\(worker.stderr)")
    let answers = try Self.objects(worker.stdout)
    try #require(answers.count == requests.count)

    let plan = try #require(answers[0]["plan"] as? [String: Any])
    #expect(answers[0]["id"] as? String == "p")
    let planned = try #require(plan["searches"] as? [[String: Any]])
    #expect(planned.map { $0["label"] as? String } == searches.map(\.0))
    for (search, (_, suffix)) in zip(planned, searches) {
      let tuneHeader = try #require(try String(contentsOfFile: journal.path + suffix, encoding: .utf8).split(separator: "\n").first)
      #expect(try Self.headerWithoutCommandLine(String(tuneHeader)) == Self.headerWithoutCommandLine(search["headerLine"] as? String ?? ""))
      #expect(search["journalSuffix"] as? String == suffix)
    }

    for (k, want) in expected.enumerated() {
      for form in 0..<3 {
        let answer = answers[1 + 3 * k + form]
        #expect(answer["search"] as? String == want.search)
        let line = try #require(answer["journalLine"] as? String, "\(answer)")
        let got = try JSONDecoder().decode(TuningJournal.Trial.self, from: Data(line.utf8))
        let objective = try #require(got.objective), wanted = try #require(want.trial.objective)
        #expect(objective.bitPattern == wanted.bitPattern, "\(want.search) trial \(want.trial.index) form \(form)")
        if form < 2 { #expect(line == want.line, "the record's text is the journal's") }
      }
    }
  }

  /// `{"search":"all","index":3.5}` got 'a number that does not fit (The given data was not
  /// valid JSON.)' with no field, and `"trials":"x"` 'expected Array<Any>'.
  @Test("a fractional index and a trials field that is no array are named in plain words")
  func fractionalIndexAndTrialsType() throws {
    let input = """
      {"search":"all","index":3.5}
      {"op":"next","search":"all","trials":"x"}
      {"search":"all","index":1e20}
      {"op":"plan","index":2}

      """
    let result = try Self.run(["worker"] + Self.tuneOptions, input: input)
    #expect(result.status == 0, "\(result.stderr)")
    let answers = try Self.objects(result.stdout)
    try #require(answers.count == 4)
    #expect(answers[0]["field"] as? String == "index")
    #expect(answers[0]["error"] as? String == "expected a whole number, found 3.5")
    #expect(answers[1]["field"] as? String == "trials")
    #expect(answers[1]["error"] as? String == "expected an array")
    // A whole number too large for an index is out of range, not "not whole".
    #expect(answers[2]["field"] as? String == "index")
    #expect(answers[2]["error"] as? String == "1e+20 is out of range: an index is a whole number from 0 to \(Int.max)")
    // op plan refuses a field it would ignore, as op next does.
    #expect(answers[3]["field"] as? String == "index")
    #expect(answers[3]["error"] as? String == "op plan takes no other field than id")
  }

  @Test("malformed lines get an error line naming the line number and field; the worker carries on and still scores the good line after them")
  func malformedLines() throws {
    let input = """
      not json
      {"search":"all","index":"two"}
      {"search":"fold 9","index":0}
      {"search":"all","unit":[0.5,0.5]}
      {"search":"all","valeus":[1]}
      {"search":"all","index":99}
      {"search":"all","parameters":{"process-noise":-1}}
      {"op":"dance"}

      {"search":"all","index":1,"id":7}

      """
    let result = try Self.run(["worker"] + Self.tuneOptions, input: input)
    #expect(result.status == 0, "\(result.stderr)")
    let answers = try Self.objects(result.stdout)
    try #require(answers.count == 9)
    let errors = answers.prefix(8).map { ($0["line"] as? Int, $0["field"] as? String) }
    #expect(errors.map(\.0) == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(errors.map(\.1) == [nil, "index", "search", "unit", "valeus", "index", "parameters.process-noise", "op"])
    #expect(answers.prefix(8).allSatisfy { ($0["error"] as? String)?.isEmpty == false })
    #expect((answers[2]["error"] as? String)?.contains("fold 1, fold 2, all") == true)
    let good = answers[8]
    #expect(good["line"] as? Int == 10 && good["id"] as? Int == 7 && good["error"] == nil)
    let trial = try #require(good["trial"] as? [String: Any])
    #expect(trial["index"] as? Int == 1 && trial["objective"] is Double)
  }

  @Test(
    "nelder-mead and lhs-nelder-mead: op next, given each search's trials so far, proposes the tune's next trial (or done after the last), the plan lists the points planned ahead, and a trial scored at the proposed point is the tune's journal line",
    arguments: [("nelder-mead", 0), ("lhs-nelder-mead", 2)])
  func nextFollowsTheTunesStrategy(strategy: String, plannedAhead: Int) throws {
    let dir = DatasetsCommandTests.temporaryURL("worker-next")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var options = Self.tuneOptions
    options[options.firstIndex(of: "lhs")!] = strategy
    options[options.firstIndex(of: "3")!] = "4"
    let journal = dir.appendingPathComponent("nm.jsonl")
    let tune = try DatasetsCommandTests.run(["tune"] + options + ["--journal", journal.path, "--quiet", "--jobs", "2"])
    #expect(tune.status == 0, "\(tune.stderr)")

    // Per search: next after 0…4 trials (the last answer is done), and each proposal scored by unit.
    var requests = ["{\"op\":\"plan\"}"]
    var expected: [(search: String, lines: [String])] = []
    for (label, suffix) in [("fold 1", ".fold1"), ("fold 2", ".fold2"), ("all", "")] {
      let lines = try String(contentsOfFile: journal.path + suffix, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
      #expect(lines.count == 4)
      for k in 0...lines.count {
        requests.append("{\"op\":\"next\",\"search\":\"\(label)\",\"trials\":[\(lines.prefix(k).joined(separator: ","))]}")
        if k < lines.count {
          let trial = try JSONDecoder().decode(TuningJournal.Trial.self, from: Data(lines[k].utf8))
          requests.append("{\"search\":\"\(label)\",\"index\":\(k),\"unit\":[\(trial.unit.map { "\($0)" }.joined(separator: ","))]}")
        }
      }
      expected.append((label, lines))
    }
    // A history whose second trial is somewhere else is refused, naming that trial.
    let first = expected[0].lines[0], moved = try JSONDecoder().decode(TuningJournal.Trial.self, from: Data(expected[0].lines[1].utf8))
    var wrong = moved
    wrong.unit = moved.unit.map { $0 == 0.5 ? 0.25 : 0.5 }
    requests.append("{\"op\":\"next\",\"search\":\"fold 1\",\"trials\":[\(first),\(try TuningJournal.line(wrong))]}")

    let worker = try Self.run(["worker"] + options, input: requests.joined(separator: "\n") + "\n")
    #expect(worker.status == 0, "\(worker.stderr)")
    let answers = try Self.objects(worker.stdout)
    try #require(answers.count == requests.count)
    // Points decoded with JSONDecoder, as the journal's are (JSONSerialization may round the last digit).
    struct Point: Decodable { var index: Int; var unit: [Double] }
    struct Answer: Decodable { var next: Point?; var plan: Plan? }
    struct Plan: Decodable { var adaptive: Bool; var maximumTrials: Int; var searches: [Search] }
    struct Search: Decodable { var trials: [Point] }
    let decoded = try worker.stdout.split(separator: "\n").map { try JSONDecoder().decode(Answer.self, from: Data($0.utf8)) }
    let plan = try #require(decoded[0].plan)
    #expect(plan.adaptive && plan.maximumTrials == 4)
    let planned = try #require(plan.searches.first).trials
    #expect(planned.count == plannedAhead)
    var n = 1
    for (label, lines) in expected {
      for (k, line) in lines.enumerated() {
        let trial = try JSONDecoder().decode(TuningJournal.Trial.self, from: Data(line.utf8))
        let proposal = try #require(decoded[n].next, "\(answers[n])")
        #expect(proposal.index == k && proposal.unit == trial.unit, "\(label) trial \(k)")
        if k < plannedAhead { #expect(planned[k].unit == trial.unit) }
        #expect(answers[n + 1]["journalLine"] as? String == line, "\(label) trial \(k) scored at the proposed point")
        n += 2
      }
      #expect(answers[n]["done"] as? Bool == true && answers[n]["search"] as? String == label)
      n += 1
    }
    #expect(answers[n]["field"] as? String == "trials[1]")
    #expect((answers[n]["error"] as? String)?.contains("different point") == true)
  }
}
