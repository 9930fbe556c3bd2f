import Foundation
import Testing

/// A bare name in `--params` searched the parameter's declared range: for Kalman's speed
/// confidence 0…1e9 units/s, linearly, so `--params speed-confidence-high` put every trial's
/// ramp above 10⁷ units/s, cut every horizon to the newest sample, and all 8 trials scored as no
/// prediction (3.007 mm on Inkable). A bare name now searches as a default tune does (the field's
/// default search range, 1…10⁴ units/s, log); `name=LOW..HIGH` still takes any range inside the
/// declared one. A journal written with the old space is refused on resume, naming the field.
@Suite("tune --params NAME searches the default search range")
struct TuneParamsDefaultSearchTests {
  /// The journal's header and trial lines of an 8-trial kalman tune on Inkable (seed 3).
  static func tune(_ predictor: String, _ extra: [String], journal: URL) throws -> (header: [String: Any], trials: [[String: Any]]) {
    let run = try DatasetsCommandTests.run(
      ["tune", "--predictor", predictor] + extra + [
        "--seed", "3", "--journal", journal.path, "--test", "Henze2017-MobileHCI:Fitts", "--quiet", "Inkable-ApplePencil",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
    let objects = try lines.map { try TuneExportChainTests.json($0) }
    return (try #require(objects.first), Array(objects.dropFirst()))
  }

  static func dimensions(_ header: [String: Any]) throws -> [[String: Any]] {
    let space = try #require(header["space"] as? [String: Any])
    return try #require(space["dimensions"] as? [[String: Any]])
  }

  @Test("--params speed-confidence-high searches 1…10⁴ units/s (log), and its best trial predicts")
  func bareNameSearchesTheDefaultRange() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (header, trials) = try Self.tune(
      "kalman", ["--params", "speed-confidence-high", "--trials", "8"], journal: dir.appendingPathComponent("k.jsonl"))
    let dimension = try #require(try Self.dimensions(header).first)
    #expect(dimension["lowerBound"] as? Double == 1 && dimension["upperBound"] as? Double == 1e4, "\(dimension)")
    #expect(dimension["scale"] as? String == "log")
    // The zero horizon, scored the same way: a speed confidence no stroke reaches.
    let (_, zero) = try Self.tune(
      "kalman:speed-confidence-low=1e8,speed-confidence-high=1e9", ["--params", "warm-up=4..4", "--trials", "1"],
      journal: dir.appendingPathComponent("zero.jsonl"))
    let none = try #require(zero.first?["objective"] as? Double)
    let scores = trials.compactMap { $0["objective"] as? Double }
    #expect(scores.count == 8)
    let best = try #require(scores.min())
    #expect(best < 0.8 * none, "best \(best) mm, zero horizon \(none) mm, all \(scores)")
  }

  @Test("--params speed-confidence-high=0..1e9 still searches the range given, linearly")
  func givenRangeKeepsTheDeclaredRange() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (header, _) = try Self.tune(
      "kalman", ["--params", "speed-confidence-high=0..1e9", "--trials", "2"], journal: dir.appendingPathComponent("k.jsonl"))
    let dimension = try #require(try Self.dimensions(header).first)
    #expect(dimension["lowerBound"] as? Double == 0 && dimension["upperBound"] as? Double == 1e9, "\(dimension)")
    #expect(dimension["scale"] as? String == "linear")
  }

  /// A journal written while a bare name meant the declared range records that space; resuming
  /// it now is refused, naming the field by its key (it said `space.dimensions[0].lowerBound`).
  @Test("a journal of --params speed-confidence-high written over the declared range is refused on resume, naming the field")
  func oldJournalIsRefusedNamingTheField() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("k.jsonl")
    let arguments = ["--params", "speed-confidence-high", "--trials", "2"]
    _ = try Self.tune("kalman", arguments, journal: journal)
    // The header as the old search wrote it: the declared range, linear.
    var lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
    let new = #"{"isInteger":false,"lowerBound":1,"name":"speed-confidence-high","scale":"log","upperBound":10000}"#
    let old = #"{"isInteger":false,"lowerBound":0,"name":"speed-confidence-high","scale":"linear","upperBound":1000000000}"#
    #expect(lines[0].contains(new), "\(lines[0])")
    lines[0] = lines[0].replacingOccurrences(of: new, with: old)
    try (lines.joined(separator: "\n") + "\n").write(to: journal, atomically: true, encoding: .utf8)
    let run = try DatasetsCommandTests.run(
      ["tune", "--predictor", "kalman"] + arguments + [
        "--seed", "3", "--journal", journal.path, "--test", "Henze2017-MobileHCI:Fitts", "--quiet", "Inkable-ApplePencil",
      ])
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        #"this journal belongs to a different tune (space.dimensions[speed-confidence-high].lowerBound: journal 0, "#
          + #"this run 1; space.dimensions[speed-confidence-high].scale: journal "linear", this run "log"; "#
          + #"space.dimensions[speed-confidence-high].upperBound: journal 1000000000, this run 10000)"#),
      "\(run.stderr)")
  }
}
