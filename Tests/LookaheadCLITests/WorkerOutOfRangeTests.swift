import Foundation
import Testing

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
