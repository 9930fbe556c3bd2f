import Foundation
import Testing

/// `--henze-leave-out`, `--henze-early-stopping` and `--henze-stopping-weights` through the built CLI: what they change, and
/// the refusals where they would be ignored or meaningless.
@Suite("train --henze2017 --family mlp: --henze-leave-out and --henze-early-stopping")
struct TrainHenzeLeaveOutTests {
  @Test("--henze-leave-out drops a participant from the folds; out of range, it is refused")
  func leaveOut() throws {
    let all = try TrainHenzeFoldLinesTests.run(TrainHenzeFoldLinesTests.small + ["--henze-participants"])
    let fewer = try TrainHenzeFoldLinesTests.run(TrainHenzeFoldLinesTests.small + ["--henze-participants", "--henze-leave-out", "2"])
    func names(_ line: String) throws -> [String] {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return try #require(object["participants"] as? [String])
    }
    var expected = try names(all.stdout)
    #expect(expected.count == 8)
    expected.remove(at: 1)
    #expect(try names(fewer.stdout) == expected)
    let outside = try DatasetsCommandTests.run(TrainHenzeFoldLinesTests.small + ["--henze-leave-out", "9"])
    #expect(outside.status == 1 && outside.stderr.contains("--henze-leave-out 9: there are 8 participants"), "\(outside.stderr)")
  }

  @Test("Henze options are refused where they would be ignored, and rotating needs --ensemble-candidates")
  func refusals() throws {
    let plain = try DatasetsCommandTests.run(["train", "--family", "mlp", "--henze-folds", "1", "Henze2017-MobileHCI"])
    #expect(plain.status == 1 && plain.stderr.contains("--henze-folds is for --henze2017 --family mlp only"), "\(plain.stderr)")
    let linear = try DatasetsCommandTests.run(["train", "--henze2017", "--henze-leave-out", "1", "--henze-early-stopping", "rotating"])
    #expect(
      linear.status == 1 && linear.stderr.contains("--henze-leave-out, --henze-early-stopping are for --henze2017 --family mlp only"),
      "\(linear.stderr)")
    let choice = try DatasetsCommandTests.run(TrainHenzeFoldLinesTests.small + ["--select", "--henze-early-stopping", "rotating"])
    #expect(choice.status == 1 && choice.stderr.contains("--henze-early-stopping rotating needs --ensemble-candidates"), "\(choice.stderr)")
    let unknown = try DatasetsCommandTests.run(TrainHenzeFoldLinesTests.small + ["--henze-early-stopping", "random"])
    #expect(unknown.status == 1 && unknown.stderr.contains("must be next or rotating"), "\(unknown.stderr)")
    // --henze-stopping-weights: refused outside the MLP comparison, and an unknown value named.
    let weightsOutside = try DatasetsCommandTests.run(["train", "--henze2017", "--henze-stopping-weights", "cells"])
    #expect(
      weightsOutside.status == 1 && weightsOutside.stderr.contains("--henze-stopping-weights is for --henze2017 --family mlp only"),
      "\(weightsOutside.stderr)")
    let weightsUnknown = try DatasetsCommandTests.run(TrainHenzeFoldLinesTests.small + ["--henze-stopping-weights", "tasks"])
    #expect(
      weightsUnknown.status == 1 && weightsUnknown.stderr.contains("--henze-stopping-weights must be windows or cells, got \"tasks\""),
      "\(weightsUnknown.stderr)")
  }
}
