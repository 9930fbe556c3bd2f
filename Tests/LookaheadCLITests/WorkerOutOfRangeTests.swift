import Foundation
import Testing
import _LookaheadTestSupport

/// A request line holding a number too large for a double was answered 'not a JSON object'
/// (JSONSerialization refuses the whole line), naming no field.
@Suite("lookahead worker: a number out of range is named")
struct WorkerOutOfRangeTests {
  @Test("1e400 names its field and says it is out of range; the id is kept; other bad lines are unchanged")
  func outOfRange() throws {
    let input = """
      {"search":"all","values":[0.5,1e400]}
      {"search":"all","index":1e400,"id":7}
      {"search":"all","parameters":{"process-noise":-1e999},"id":"1e999"}
      not json 1e400

      """
    let result = try WorkerCommandTests.run(["worker"] + WorkerCommandTests.tuneOptions, input: input)
    #expect(result.status == 0, "\(result.stderr)")
    let answers = try WorkerCommandTests.objects(result.stdout)
    try #require(answers.count == 4)
    let tail = "is out of range: a number must fit a double (size at most about 1.8e308)"
    #expect(answers[0]["field"] as? String == "values[1]")
    #expect(answers[0]["error"] as? String == "1e400 " + tail)
    #expect(answers[1]["field"] as? String == "index")
    #expect(answers[1]["id"] as? Int == 7)
    #expect(answers[2]["field"] as? String == "parameters.process-noise")
    #expect(answers[2]["error"] as? String == "-1e999 " + tail)
    #expect(answers[2]["id"] as? String == "1e999")
    #expect(answers[3]["error"] as? String == "not a JSON object")
    #expect(answers[3]["field"] == nil)
    #expect(answers.map { $0["line"] as? Int } == [1, 2, 3, 4])
  }
}

/// A fractional value of a whole-number parameter (`order 2.9`) was scored at the whole number
/// below it and journaled as given, so the journal held a trial that never ran, and the same unit
/// point carried two scores (found trying the CLI from outside, session 30).
@Suite("lookahead worker: a whole-number parameter takes whole numbers")
struct WorkerWholeNumberTests {
  @Test("values and parameters with a fraction for order or window are refused naming the field; whole ones are scored")
  func fractionRefused() throws {
    let input = """
      {"search":"all","values":[2.9,8]}
      {"search":"all","parameters":{"order":2,"window":8.5}}
      {"search":"all","values":[2,8]}

      """
    let options = [
      "--predictor", "polynomial", "--params", "order,window", "--strategy", "lhs", "--trials", "2",
      "--split", "holdout=0.5,seed=1", "Henze2017-MobileHCI:Fitts:writer=participant1,participant2",
    ]
    let result = try WorkerCommandTests.run(["worker"] + options, input: input)
    #expect(result.status == 0, "\(result.stderr)")
    let answers = try WorkerCommandTests.objects(result.stdout)
    try #require(answers.count == 3, "\(result.stdout)")
    #expect(answers[0]["field"] as? String == "values")
    #expect(answers[0]["error"] as? String == "order = 2.9: expected a whole number (the parameter takes whole numbers)")
    #expect(answers[1]["field"] as? String == "parameters.window")
    #expect(answers[1]["error"] as? String == "window = 8.5: expected a whole number (the parameter takes whole numbers)")
    #expect(answers[2]["error"] == nil, "\(answers[2])")
    let trial = try #require(answers[2]["trial"] as? [String: Any], "\(answers[2])")
    #expect((trial["values"] as? [NSNumber])?.map(\.doubleValue) == [2, 8], "\(trial)")
  }
}

/// `worker` wrote its answers with the non-throwing `FileHandle.write`, which traps when stdout
/// fails: a full disk crashed it with a backtrace (exit 132). It now exits 1 with an error line.
@Suite("lookahead worker: a failed write to stdout is an error, not a crash")
struct WorkerFullStdoutTests {
  @Test("answers written to /dev/full: exit 1 and one error line")
  func fullStdout() throws {
    let run = try StandardOutputWriteTests.runToFullDevice(
      "printf '{\"search\":\"all\",\"index\":0}\\n' | LOOKAHEAD worker "
        + WorkerCommandTests.tuneOptions.map { "'\($0)'" }.joined(separator: " "))
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("error: "), "\(run.stderr)")
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
  }
}

/// `print` ignores a failed write, so `evaluate --json > out.json` or `datasets list` on a full
/// disk exited 0 with nothing written. Every command's result is now flushed and checked.
@Suite("a result that cannot be written to stdout is an error")
struct StandardOutputWriteTests {
  @Test("evaluate --json and datasets list to /dev/full: exit 1 and one error line", arguments: [
    "evaluate --predictor kalman --json --quiet Inkable-ApplePencil", "datasets list",
  ])
  func fullStdout(command: String) throws {
    let run = try Self.runToFullDevice("LOOKAHEAD \(command)")
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr == "error: could not write the result to standard output (No space left on device)\n", "\(run.stderr)")
  }

  /// Runs the shell line `command`, `LOOKAHEAD` standing for the built executable, with stdout on
  /// `/dev/full` (Linux's always-full device): its exit status and stderr.
  static func runToFullDevice(_ command: String) throws -> (status: Int32, stderr: String) {
    try #require(FileManager.default.fileExists(atPath: "/dev/full"), "this test needs /dev/full (Linux)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    let executable = "'" + (try BuiltExecutable.lookahead().path) + "'"
    process.arguments = ["-c", command.replacingOccurrences(of: "LOOKAHEAD", with: executable) + " > /dev/full"]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stderr)
  }
}
