import Foundation
import Testing

/// `evaluate`, `compare` and `sweep` printed their progress lines (a dataset loading, each
/// predictor scored or swept) only when stderr was a terminal, so a long run redirected to a log
/// said nothing until its result. Now they print the same plain lines to any stderr, as `tune`
/// and `train` do; `--quiet` still prints none. (The tests' stderr is a pipe, as a log's is.)
@Suite("evaluate, compare and sweep progress when stderr is not a terminal")
struct EvaluationProgressTests {
  @Test("each command's progress lines reach a pipe; --quiet silences them", arguments: [
    (["evaluate", "--predictor", "linear"], ["Inkable-ApplePencil: linear done (289 predictions)"]),
    (["compare", "hold", "linear"], ["Inkable-ApplePencil: hold done (289 predictions)", "Inkable-ApplePencil: linear done (289 predictions)"]),
    (["sweep", "--predictor", "linear"], ["Inkable-ApplePencil: linear swept"]),
  ])
  func progressLines(command: [String], expected: [String]) throws {
    let run = try DatasetsCommandTests.run(command + ["Inkable-ApplePencil"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == (["loading Inkable-ApplePencil…"] + expected).map { $0 + "\n" }.joined(), "\(run.stderr)")
    let quiet = try DatasetsCommandTests.run(command + ["--quiet", "Inkable-ApplePencil"])
    #expect(quiet.status == 0)
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    #expect(quiet.stdout == run.stdout)
  }
}
