import Foundation
import Testing

/// `train --henze2017 --family mlp --henze-extra-fit DATASET`: other datasets added to every fold's
/// fitting rows, through the built CLI.
@Suite("train --henze2017 --henze-extra-fit")
struct TrainHenzeExtraFitCommandTests {
  static let small = TrainHenzeFoldLinesTests.small + ["--henze-folds", "1", "--henze-fold-lines"]

  @Test("a fold line records the extra data; it does not combine with fold lines trained without it")
  func foldLineRecordsExtraData() throws {
    let extra = ["--henze-extra-fit", "WacomMSP13-HandwritingSpeed:ID0002"]
    let line = try TrainHenzeFoldLinesTests.run(Self.small + extra)
    let fold = try #require(try JSONSerialization.jsonObject(with: Data(line.stdout.utf8)) as? [String: Any])
    let setup = try #require(fold["setup"] as? String)
    #expect(setup.contains(" extra=WacomMSP13-HandwritingSpeed:ID0002@12.7px/mm,seed=1;"), "\(setup)")
    let lines = DatasetsCommandTests.temporaryURL("extra-folds.jsonl")
    defer { try? FileManager.default.removeItem(at: lines) }
    try Data(line.stdout.utf8).write(to: lines)
    let combine = TrainHenzeFoldLinesTests.small + ["--henze-folds", "1", "--henze-combine", lines.path]
    _ = try TrainHenzeFoldLinesTests.run(combine + extra)
    let without = try DatasetsCommandTests.run(combine)
    #expect(without.status != 0 && without.stderr.contains("setup"), "\(without.stderr)")
  }

  /// (Data without a millimetre scale is refused too: ``Henze2017ExtraFitData``'s own tests.)
  @Test("refused outside --henze2017 --family mlp, for the Henze data itself, and a pitch without extra data")
  func refusals() throws {
    let plain = try DatasetsCommandTests.run(
      ["train", "--family", "mlp", "--henze-extra-fit", "WacomMSP13-HandwritingSpeed", "--test", "SVC2004-Task2:test", "SVC2004-Task2:train"])
    #expect(plain.status != 0 && plain.stderr.contains("--henze-extra-fit is for --henze2017 --family mlp"), "\(plain.stderr)")
    let itself = try DatasetsCommandTests.run(TrainHenzeFoldLinesTests.small + ["--henze-extra-fit", "Henze2017-MobileHCI"])
    #expect(itself.status != 0 && itself.stderr.contains("held-out participants would be fitted on"), "\(itself.stderr)")
    let pitchAlone = try DatasetsCommandTests.run(TrainHenzeFoldLinesTests.small + ["--henze-pixels-per-mm", "10"])
    #expect(pitchAlone.status != 0 && pitchAlone.stderr.contains("give --henze-extra-fit too"), "\(pitchAlone.stderr)")
  }
}
