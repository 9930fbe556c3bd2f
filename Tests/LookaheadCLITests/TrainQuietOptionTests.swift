import Foundation
import Testing

/// `train --help` listed `--quiet` under "MLP options (with --family mlp)", though the learned
/// linear model reads it too (its line per stage); it is one of the general options now.
@Suite("train --quiet is a general option")
struct TrainQuietOptionTests {
  /// The long option names of the `train --help` section whose heading starts with `heading`.
  static func options(inSection heading: String, of help: String) throws -> [String] {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix(heading) }, "\(help)")
    return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
      guard line.hasPrefix("  --") else { return nil }
      return String(line.dropFirst(2).prefix { $0 != " " })
    }
  }

  @Test("train --help lists --quiet among the general options, not the MLP ones")
  func helpSection() throws {
    let help = try DatasetsCommandTests.run(["train", "--help"]).stdout
    #expect(try !Self.options(inSection: "MLP OPTIONS", of: help).contains("--quiet"))
    #expect(try Self.options(inSection: "OPTIONS:", of: help).contains("--quiet"))
  }

  @Test("the learned linear model's status lines are left out with --quiet, and only with it")
  func linearTrainingReadsIt() throws {
    let dir = DatasetsCommandTests.temporaryURL("train-quiet")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try MisplacedFileTests.trace().write(to: dir.appendingPathComponent("mine.lktrace.csv"), atomically: true, encoding: .utf8)
    let arguments = ["train", "--split", "holdout=0.25,seed=1", "--history", "2", "--lambdas", "1e-4", "mine.lktrace.csv"]
    let loud = try MisplacedFileTests.run(arguments, in: dir)
    let quiet = try MisplacedFileTests.run(arguments + ["--quiet"], in: dir)
    #expect(loud.status == 0 && quiet.status == 0, "\(loud.stderr)\(quiet.stderr)")
    #expect(!loud.stderr.isEmpty)
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    #expect(loud.stdout == quiet.stdout)
  }
}
