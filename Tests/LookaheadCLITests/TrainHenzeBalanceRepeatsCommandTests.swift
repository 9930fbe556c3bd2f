import Foundation
import Testing

/// `train --henze2017 --family mlp --henze-balance-repeats` through the built CLI: recorded in the
/// fold's setup (so fold lines with and without never combine), and refused where it would be
/// ignored.
@Suite("train --henze2017 --family mlp --henze-balance-repeats")
struct TrainHenzeBalanceRepeatsCommandTests {
  @Test("rerecorded repeats are in the fold line's setup, and a combine without the option refuses that line")
  func recordedInTheSetup() throws {
    let ensemble = TrainHenzeFoldLinesTests.small + ["--ensemble-candidates", "--henze-folds", "1"]
    let line = try TrainHenzeFoldLinesTests.run(ensemble + ["--henze-fold-lines", "--henze-balance-repeats", "rerecorded"])
    let fold = try #require(try JSONSerialization.jsonObject(with: Data(line.stdout.utf8)) as? [String: Any])
    let setup = try #require(fold["setup"] as? String)
    #expect(setup.contains(" balance-repeats=rerecorded;"), "\(setup)")
    let lines = DatasetsCommandTests.temporaryURL("rerecorded-folds.jsonl")
    defer { try? FileManager.default.removeItem(at: lines) }
    try Data(line.stdout.utf8).write(to: lines)
    let copies = try DatasetsCommandTests.run(ensemble + ["--henze-combine", lines.path])
    #expect(copies.status == 1)
    #expect(copies.stderr.contains("\(lines.path):1, field setup: fold 1 was trained with other options"), "\(copies.stderr)")
    let same = try TrainHenzeFoldLinesTests.run(
      ensemble + ["--henze-combine", lines.path, "--henze-balance-repeats", "rerecorded", "--json"])
    let cells = try #require(try JSONSerialization.jsonObject(with: Data(same.stdout.utf8)) as? [[String: Any]])
    #expect(cells.count == 9)
  }

  @Test("refused outside the MLP comparison, with no balanced candidate, or with an unknown value; the speed spread only with re-recorded repeats, from 1 to 4")
  func refusals() throws {
    let outside = try DatasetsCommandTests.run(["train", "--henze2017", "--henze-balance-repeats", "rerecorded"])
    #expect(
      outside.status == 1 && outside.stderr.contains("--henze-balance-repeats is for --henze2017 --family mlp only"),
      "\(outside.stderr)")
    let single = try DatasetsCommandTests.run(TrainHenzeFoldLinesTests.small + ["--henze-balance-repeats", "rerecorded"])
    #expect(
      single.status == 1 && single.stderr.contains("none of these does (--select and --ensemble-candidates add one)"),
      "\(single.stderr)")
    let unknown = try DatasetsCommandTests.run(
      TrainHenzeFoldLinesTests.small + ["--select", "--henze-balance-repeats", "shuffled"])
    #expect(
      unknown.status == 1 && unknown.stderr.contains("--henze-balance-repeats must be copies or rerecorded, got \"shuffled\""),
      "\(unknown.stderr)")
    let speedAlone = try DatasetsCommandTests.run(TrainHenzeFoldLinesTests.small + ["--select", "--henze-rerecord-speed", "1.25"])
    #expect(
      speedAlone.status == 1 && speedAlone.stderr.contains("give --henze-balance-repeats rerecorded too"), "\(speedAlone.stderr)")
    for bad in ["0.9", "5", "nan"] {
      let outOfRange = try DatasetsCommandTests.run(
        TrainHenzeFoldLinesTests.small + ["--select", "--henze-balance-repeats", "rerecorded", "--henze-rerecord-speed", bad])
      #expect(
        outOfRange.status == 1 && outOfRange.stderr.contains("--henze-rerecord-speed must be a factor from 1 to 4"),
        "\(bad): \(outOfRange.stderr)")
    }
    let speedOutside = try DatasetsCommandTests.run(["train", "--henze2017", "--henze-rerecord-speed", "1.25"])
    #expect(speedOutside.status == 1 && speedOutside.stderr.contains("--henze-rerecord-speed is for --henze2017 --family mlp only"))
  }
}
