import Foundation
import Testing

/// ArgumentParser keeps the last value of a single-value option typed twice, so `export -o a -o b`
/// wrote b alone and `tune --seed 1 --seed 2` ran seed 2, both exiting 0. Every command refuses
/// the repeat before it runs, naming the option and its values; array options still repeat.
@Suite("a single-value option given twice is refused by every command")
struct RepeatedOptionTests {
  @Test("the output option twice is refused before anything is written", arguments: SharedOptionGroupTests.writers)
  func outputTwice(arguments: [String]) throws {
    let first = DatasetsCommandTests.temporaryURL("first.txt"), second = DatasetsCommandTests.temporaryURL("second.txt")
    defer { for file in [first, second] { try? FileManager.default.removeItem(at: file) } }
    let at = try #require(arguments.firstIndex(of: "FILE"))
    let name = arguments[at - 1]
    var line = arguments
    line.replaceSubrange((at - 1)...at, with: [name, first.path, "\(name)=\(second.path)"])
    let label = name == "-o" ? "-o/--output" : name
    _ = try RepeatedPredictorOptionTests.refused(
      line.map { $0 == "FILE" ? first.path : $0 }, naming: label, values: [first.path, second.path])
    #expect(!FileManager.default.fileExists(atPath: first.path) && !FileManager.default.fileExists(atPath: second.path))
  }

  @Test("other single-value options twice are refused, with the plain remedy")
  func othersTwice() throws {
    let cases: [(arguments: [String], option: String, values: [String])] = [
      (["export", "--predictor", "linear", "--predictor", "hold", "-o", "/nonexistent/x.json"], "--predictor", ["linear", "hold"]),
      (["tune", "--predictor", "linear", "--seed", "1", "--seed=2", "--test", "Henze2017-MobileHCI:Fitts", "Inkable-ApplePencil"],
       "--seed", ["1", "2"]),
      (["compare", "--protocol", "frame", "--protocol", "anchor", "hold", "linear", "Inkable-ApplePencil"],
       "--protocol", ["frame", "anchor"]),
      (["replay", "trace", "--profile", "pencil240-promotion120", "--profile", "phone60", "Inkable-ApplePencil"],
       "--profile", ["pencil240-promotion120", "phone60"]),
    ]
    for (arguments, option, values) in cases {
      let stderr = try RepeatedPredictorOptionTests.refused(arguments, naming: option, values: values)
      #expect(stderr.contains("and only the last would be used; give it once"), "\(arguments): \(stderr)")
    }
  }

  /// The refusal comes before the command runs, so ArgumentParser rendered it for the root
  /// command (`Usage: lookahead <subcommand>`); it names the command that refused it, as a
  /// refusal of the parser's own does. A `ValidationError` thrown while running, outside
  /// `runCommand`, took the same path (`train --family foo`).
  @Test("a refusal before running shows the command's own usage, not the root's", arguments: [
    (["evaluate", "--predictor", "hold", "--predictor", "linear", "Inkable-ApplePencil"], "lookahead evaluate",
     "--predictor is given 2 times (hold, linear)"),
    (["datasets", "inspect", "--format", "henze2017", "--format", "inkable-json", "Inkable-ApplePencil"],
     "lookahead datasets inspect", "--format is given 2 times (henze2017, inkable-json)"),
    (["train", "--family", "foo", "Inkable-ApplePencil"], "lookahead train", "--family must be learned-linear or mlp"),
  ])
  func commandUsage(arguments: [String], command: String, message: String) throws {
    let run = try DatasetsCommandTests.run(arguments)
    #expect(run.status == 1, "\(arguments): \(run.stderr)")
    #expect(run.stderr.hasPrefix("error: \(message)"), "\(run.stderr)")
    #expect(run.stderr.contains("\nUsage: \(command) "), "\(run.stderr)")
    #expect(run.stderr.contains("See '\(command) --help' for more information."), "\(run.stderr)")
    #expect(!run.stderr.contains("<subcommand>"), "\(run.stderr)")
  }

  @Test("repeatable options, a flag twice and an option-like value are accepted")
  func accepted() throws {
    let compare = try DatasetsCommandTests.run(
      ["compare", "--predictor", "hold", "--predictor", "linear", "--json", "--json", "Inkable-ApplePencil"])
    #expect(compare.status == 0, "\(compare.stderr)")
    #expect(compare.stdout.contains("\"hold\"") && compare.stdout.contains("\"linear\""))
    // `--records=--predictor` names a file called --predictor; it is not a second --predictor.
    let directory = DatasetsCommandTests.temporaryURL("records")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let evaluate = try DatasetsCommandTests.run(
      ["evaluate", "--predictor", "hold", "--records=--predictor", "Inkable-ApplePencil"], in: directory)
    #expect(evaluate.status == 0, "\(evaluate.stderr)")
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("--predictor").path))
  }
}
