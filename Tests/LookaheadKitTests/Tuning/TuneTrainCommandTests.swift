import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// End to end: the `lookahead` executable built beside the tests (``BuiltExecutable``), run on the bundled Henze 2017
/// Fitts subset, its JSON output and files parsed and checked.
@Suite("CLI end to end: tune and train on a bundled subset")
struct TuneTrainCommandTests {
  static let split = "train=participant1,participant2,participant3,participant4,participant5,participant6;test=participant7,participant8"

  static func run(_ arguments: [String]) throws -> ExecutableRun { try ExecutableRun.run(arguments) }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("tune writes journal, config and result; the result names held-out writers and 7 anchor horizons; existing outputs need --force")
  func tune() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let journal = directory.appendingPathComponent("poly.jsonl").path
    let out = directory.appendingPathComponent("poly.json").path
    let arguments = [
      "tune", "--predictor", "polynomial:order=2", "--params", "window=3..8", "--objective", "error:horizon=16.6667",
      "--split", Self.split, "--strategy", "grid", "--trials", "3", "--pareto", "1", "--journal", journal, "--out", out,
      "--json", "Henze2017-MobileHCI:Fitts",
    ]
    let first = try Self.run(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    let result = try #require(try JSONSerialization.jsonObject(with: first.stdout) as? [String: Any])
    #expect(result["format"] as? String == "lookahead-tune-result")
    #expect((result["heldOutWriters"] as? [String]) == ["participant7", "participant8"])
    let heldOut = try #require(result["heldOut"] as? [[String: Any]])
    #expect(heldOut.count == 7)
    let best = try #require(result["best"] as? [String: Any])
    #expect(best["trials"] as? Int == 3)
    // The journal: a header and three trials.
    #expect(try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count == 4)
    // The config file in the catalog's shape, with the best window.
    let config = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
    #expect(config["predictor"] as? String == "polynomial")
    let parameters = try #require(config["parameters"] as? [String: Any])
    #expect([3, 6, 8].contains(parameters["window"] as? Int ?? -1))
    #expect(parameters["order"] as? Int == 2)
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("poly.tune.json").path))
    // It configures the same predictor again through the catalog.
    let configured = try PredictorCatalog.exported.configure(contentsOf: URL(fileURLWithPath: out))
    #expect(configured.first?.specification == best["bestSpecification"] as? String)
    // Output files are not overwritten without --force.
    let again = try Self.run(arguments)
    #expect(again.status == 1 && again.stderr.contains("--force"))
    // --force only overwrites the outputs: the finished journal is resumed (no new trial) and
    // gives the same result.
    let journalText = try String(contentsOfFile: journal, encoding: .utf8)
    let forced = try Self.run(arguments + ["--force"])
    #expect(forced.status == 0)
    let forcedResult = try #require(try JSONSerialization.jsonObject(with: forced.stdout) as? [String: Any])
    #expect((forcedResult["best"] as? [String: Any])?["bestSpecification"] as? String == best["bestSpecification"] as? String)
    #expect(try String(contentsOfFile: journal, encoding: .utf8) == journalText)
    // A finished tune resumed with new outputs needs no flag at all.
    let elsewhere = directory.appendingPathComponent("poly-again.json").path
    var moved = arguments
    moved[moved.firstIndex(of: out)!] = elsewhere
    let resumed = try Self.run(moved)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(FileManager.default.fileExists(atPath: elsewhere))
    #expect(try String(contentsOfFile: journal, encoding: .utf8) == journalText)
    // --restart-journal starts the journal afresh: the same three trials, written anew.
    let restarted = try Self.run(moved + ["--force", "--restart-journal"])
    #expect(restarted.status == 0, "\(restarted.stderr)")
    #expect(try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count == 4)
  }

  @Test("bad input exits 1 with a message naming the problem")
  func badInput() throws {
    let objective = try Self.run(["tune", "--predictor", "kalman", "--objective", "speed", "--split", "lowo", "Henze2017-MobileHCI:Fitts"])
    #expect(objective.status == 1 && objective.stderr.contains("unknown objective"))
    let parameter = try Self.run(["tune", "--predictor", "kalman", "--params", "noise", "--split", "lowo", "Henze2017-MobileHCI:Fitts"])
    #expect(parameter.status == 1 && parameter.stderr.contains("no parameter \"noise\""))
    let split = try Self.run(["train", "--split", "train=nobody;test=participant1", "Henze2017-MobileHCI:Fitts"])
    #expect(split.status == 1 && split.stderr.contains("nobody"))
  }

  @Test("train prints the CV table as JSON, writes a learnedLinear configuration that export's reader accepts")
  func train() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let model = directory.appendingPathComponent("model.json")
    let run = try Self.run([
      "train", "--split", Self.split, "--history", "2,4", "--lambdas", "1e-6,1e-2", "--horizons", "8.3333,16.6667",
      "-o", model.path, "--json", "Henze2017-MobileHCI:Fitts",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let result = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    #expect((result["crossValidation"] as? [Any])?.count == 4)
    #expect((result["testWriters"] as? [String]) == ["participant7", "participant8"])
    let heldOut = try #require(result["heldOut"] as? [[String: Any]])
    #expect(heldOut.count == 2)
    let configuration = try PredictorConfigurationFile.read(model)
    guard case .learnedLinear(let parameters) = configuration.family else {
      Issue.record("family \(configuration.family.name)")
      return
    }
    #expect([2, 4].contains(parameters.historyCount))
    #expect(parameters.weights.count == LearnedLinearFeatures.featureCount(historyCount: parameters.historyCount) * 2)
  }
}
