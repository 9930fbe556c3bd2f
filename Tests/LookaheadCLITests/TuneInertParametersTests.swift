import Foundation
import Testing

/// A default kalman tune (acceleration state) searched the jerk confidence ramp although only a
/// jerk state has a jerk: two of its eight dimensions, whose every value scores the same to the
/// bit. The default search now leaves out what cannot change a prediction under the choices in
/// play; the written configuration still holds every parameter and exports.
@Suite("tune: a default search leaves out parameters that cannot change a prediction")
struct TuneInertParametersTests {
  /// The trial lines' `metrics` objects, as written, of a tune on Inkable (seed 3).
  static func tune(_ predictor: String, _ extra: [String], in dir: URL, journal name: String) throws -> (header: String, trials: [String]) {
    let journal = dir.appendingPathComponent(name)
    let run = try DatasetsCommandTests.run(
      ["tune", "--predictor", predictor] + extra + [
        "--seed", "3", "--journal", journal.path, "--test", "Henze2017-MobileHCI:Fitts", "--quiet", "Inkable-ApplePencil",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
    return (try #require(lines.first), Array(lines.dropFirst()))
  }

  /// The `metrics` object of a trial line, as text (the journal writes its keys sorted).
  static func metrics(_ line: String) throws -> String {
    let start = try #require(line.range(of: #""metrics":{"#))
    let end = try #require(line[start.upperBound...].firstIndex(of: "}"))
    return String(line[start.lowerBound...end])
  }

  /// One trial at fixed values, scored on the latency objective (every side-effect metric
  /// journaled), with the jerk confidence ramp `ramp` in state `state`.
  static func scored(state: String, ramp: String, in dir: URL) throws -> String {
    let (_, trials) = try tune(
      "kalman:state=\(state),\(ramp)",
      ["--params", "warm-up=4..4", "--trials", "1", "--objective", "latency:overshoot=none,jitter=none,wrong-direction=none"],
      in: dir, journal: "\(state)-\(ramp).jsonl")
    return try metrics(try #require(trials.first))
  }

  @Test("outside a jerk state two jerk confidence ramps score the same to the bit; in a jerk state they do not")
  func jerkRampIsInert() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let ramps = ["jerk-confidence-low=0,jerk-confidence-high=0", "jerk-confidence-low=0.001,jerk-confidence-high=0.01"]
    for state in ["acceleration", "velocity"] {
      let scores = try ramps.map { try Self.scored(state: state, ramp: $0, in: dir) }
      #expect(scores[0] == scores[1], "\(state): \(scores)")
    }
    let jerk = try ramps.map { try Self.scored(state: "jerk", ramp: $0, in: dir) }
    #expect(jerk[0] != jerk[1], "\(jerk)")
  }

  @Test("a default kalman tune does not vary the jerk confidence, and its result holds it and exports")
  func defaultTuneLeavesTheJerkRampOut() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("k.json")
    let (header, trials) = try Self.tune("kalman", ["--trials", "8", "--out", out.path], in: dir, journal: "k.jsonl")
    #expect(!header.contains("jerk-confidence"), "\(header)")
    #expect(header.contains(#""name":"speed-confidence-high""#))
    #expect(trials.count == 8 && trials.allSatisfy { !$0.contains("\"failure\"") }, "\(trials)")
    for trial in trials {
      let values = try #require(try TuneExportChainTests.json(trial)["values"] as? [Double])
      #expect(values.count == 6, "\(trial)")
    }
    // The written configuration is complete: the ramp at the preset's values (off).
    let parameters = try #require(try TuneExportChainTests.json(out)["parameters"] as? [String: Any])
    #expect(parameters["jerk-confidence-low"] as? Double == 0 && parameters["jerk-confidence-high"] as? Double == 0)
    let model = dir.appendingPathComponent("k.model")
    let export = try DatasetsCommandTests.run(["export", "--from-tune", dir.appendingPathComponent("k.jsonl").path, "-o", model.path])
    #expect(export.status == 0, "\(export.stderr)")
    // In a jerk state the ramp acts, and is searched.
    let (jerkHeader, _) = try Self.tune("kalman:state=jerk", ["--trials", "2"], in: dir, journal: "j.jsonl")
    #expect(jerkHeader.contains(#""name":"jerk-confidence-low""#) && jerkHeader.contains(#""name":"jerk-confidence-high""#))
  }
}
