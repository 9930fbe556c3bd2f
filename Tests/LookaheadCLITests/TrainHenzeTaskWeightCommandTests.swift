import Foundation
import Testing

/// `train --henze2017 --family mlp --henze-task-weight-power` through the built CLI: the
/// candidates that do not balance record it in the fold's setup and train other networks; refused
/// where it would be ignored or out of range.
@Suite("train --henze2017 --family mlp --henze-task-weight-power")
struct TrainHenzeTaskWeightCommandTests {
  @Test("the unbalanced candidates record it and fit other networks; the balanced one is unchanged")
  func recordedAndApplied() throws {
    let ensemble = TrainHenzeFoldLinesTests.small + ["--ensemble-candidates", "--henze-folds", "1", "--henze-fold-lines"]
    func fold(_ extra: [String]) throws -> [String: Any] {
      let line = try TrainHenzeFoldLinesTests.run(ensemble + extra)
      return try #require(try JSONSerialization.jsonObject(with: Data(line.stdout.utf8)) as? [String: Any])
    }
    let plain = try fold([]), weighed = try fold(["--henze-task-weight-power", "0.5"])
    let setup = try #require(weighed["setup"] as? String)
    let perCandidate = setup.split(separator: ";").dropFirst()
    #expect(perCandidate.count == 3)
    for candidate in perCandidate {
      #expect(candidate.contains("task-weight-power=0.5") == !candidate.contains("balanced"), "\(candidate)")
    }
    #expect(!(try #require(plain["setup"] as? String)).contains("task-weight-power"))
    let (plainErrors, weighedErrors) = (
      try #require(plain["validationErrors"] as? [Double]), try #require(weighed["validationErrors"] as? [Double])
    )
    // The two unbalanced candidates fit other networks; the balanced one the same, to the bit.
    #expect(plainErrors[0] != weighedErrors[0] && plainErrors[1] != weighedErrors[1])
    #expect(plainErrors[2] == weighedErrors[2])
  }

  @Test("the table's column names the power")
  func namedInTheTable() throws {
    let table = try TrainHenzeFoldLinesTests.run(
      TrainHenzeFoldLinesTests.small + ["--henze-folds", "1", "--henze-task-weight-power", "0.5"])
    #expect(table.stdout.contains("MLP 2 task-weight-power 0.5 (LOPO)"), "\(table.stdout)")
  }

  @Test("refused outside the MLP comparison and outside 0…1")
  func refusals() throws {
    let outside = try DatasetsCommandTests.run(["train", "--henze2017", "--henze-task-weight-power", "0.5"])
    #expect(
      outside.status == 1 && outside.stderr.contains("--henze-task-weight-power is for --henze2017 --family mlp only"),
      "\(outside.stderr)")
    for bad in ["-0.1", "1.5", "nan"] {
      let run = try DatasetsCommandTests.run(TrainHenzeFoldLinesTests.small + ["--henze-task-weight-power=\(bad)"])
      #expect(
        run.status == 1 && run.stderr.contains("--henze-task-weight-power must be from 0 (every window alike) to 1"),
        "\(bad): \(run.stderr)")
    }
  }
}
