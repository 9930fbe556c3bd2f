import Foundation
import Testing

/// The examples in `tune --help` and `train --help` were written one to a line (or with
/// continuations at 100 columns), and the help, wrapped at 80, broke them where no `\` was: the
/// lines copied from the terminal ran `lookahead tune --predictor kalman --params` on its own.
/// Each example is now indented lines under 80 columns, every break a `\`.
@Suite("help examples run as shown")
struct HelpExampleCommandTests {
  /// The example commands in `help`: a line starting (after spaces) with `lookahead `, joined with
  /// the lines its trailing ` \` continues onto; and whether every such line fits 80 columns.
  static func examples(in help: String) -> [String] {
    var examples: [String] = []
    var continuing = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = line.trimmingCharacters(in: .whitespaces)
      if continuing {
        examples[examples.count - 1] += " " + text
      } else if text.hasPrefix("lookahead ") {
        examples.append(text)
      } else {
        continue
      }
      continuing = examples[examples.count - 1].hasSuffix(" \\")
      if continuing { examples[examples.count - 1].removeLast(2) }
    }
    return examples
  }

  @Test("each example reads whole, every line under 80 columns", arguments: [
    (["tune"], [
      "lookahead tune --predictor kalman --params process-noise,measurement-noise --objective error:statistic=mean "
        + "--split leave-one-writer-out --strategy lhs --trials 200 --journal kalman.jsonl --out kalman.json "
        + "WacomMSP13-HandwritingSpeed",
    ]),
    (["train"], [
      "lookahead train --split leave-one-writer-out -o wacom-model.json WacomMSP13-HandwritingSpeed",
      "lookahead train --family mlp --test WacomMSP13-HandwritingSpeed:ID0001 WacomMSP13-HandwritingSpeed:ID0002",
    ]),
  ])
  func examplesAreWhole(command: [String], expected: [String]) throws {
    let help = try DatasetsCommandTests.run(command + ["--help"]).stdout
    #expect(Self.examples(in: help) == expected, "\(help)")
    for line in help.split(separator: "\n") where line.contains("lookahead \(command[0]) ") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  /// The tune example and the first train example, on a small four-writer trace and with two
  /// trials, run: their options go together as written.
  @Test("the tune and linear train examples run")
  func examplesRun() throws {
    let dir = DatasetsCommandTests.temporaryURL("help-examples")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try MisplacedFileTests.trace().write(to: dir.appendingPathComponent("mine.lktrace.csv"), atomically: true, encoding: .utf8)
    let tune = try Self.examples(in: try DatasetsCommandTests.run(["tune", "--help"]).stdout)[0]
    let train = try Self.examples(in: try DatasetsCommandTests.run(["train", "--help"]).stdout)[0]
    for example in [tune, train] {
      let words = example.split(separator: " ").dropFirst().map {
        $0 == "WacomMSP13-HandwritingSpeed" ? "mine.lktrace.csv" : $0 == "200" ? "2" : String($0)
      }
      let result = try MisplacedFileTests.run(words + ["--quiet"], in: dir)
      #expect(result.status == 0, "\(words): \(result.stderr)")
    }
  }
}
