import Foundation
import LookaheadKit
import Testing

/// `train --family mlp` with rate augmentation and `--resample-test`, as a user runs it.
@Suite("train --family mlp --augment resample=… --resample-test")
struct TrainMLPResampleCommandTests {
  /// A one-epoch validation run on participants 1–2 scored on participant 3, with `options`
  /// (augmentation and test resampling) added: its output and its `.train.json`.
  private func validationRun(_ options: [String]) throws -> (run: DatasetsCommandTests.Result, result: [String: Any]) {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try DatasetsCommandTests.run(
      ["train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history", "4",
       "--hidden", "8", "--epochs", "1"] + options
        + ["-o", dir.appendingPathComponent("mlp.json").path, TrainMLPCommandTests.dataset])
    #expect(run.status == 0, "\(run.stderr)")
    return (run, try TuneExportChainTests.json(dir.appendingPathComponent("mlp.train.json")))
  }

  @Test("a validation run says the test strokes were re-recorded, and records it with the augmentation")
  func resampledValidationRun() throws {
    let (run, result) = try validationRun([
      "--augment", "resample=240", "--validation-per-dataset", "--augment-validation", "--resample-test", "240",
    ])
    #expect(run.stdout.contains("re-recorded at 240.0 Hz before scoring (validation run)"))
    #expect(run.stdout.contains("augmentation resample=240.0,jitter=0.25,tick=1; early-stopping writers drawn per dataset; early-stopping rows augmented"))
    #expect(result["testResampledHz"] as? Double == 240)
    #expect(result["augmentation"] as? String == "resample=240.0,jitter=0.25,tick=1")
  }

  @Test("a position grid on the re-recorded test strokes and on the augmentation is said and recorded")
  func resampledOnAGrid() throws {
    let (run, result) = try validationRun([
      "--augment", "resample=240,resolution=0.5", "--resample-test", "240", "--resample-test-resolution", "0.5",
    ])
    #expect(run.stdout.contains("re-recorded at 240.0 Hz on a 0.5 mm grid before scoring (validation run)"))
    #expect(result["testResampledResolution"] as? Double == 0.5)
    #expect(result["augmentation"] as? String == "resample=240.0,jitter=0.25,tick=1,resolution=0.5")
    let alone = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--split", "train=participant1;test=participant3", "--resample-test-resolution", "0.5",
      TrainMLPCommandTests.dataset,
    ])
    #expect(alone.status != 0 && alone.stderr.contains("--resample-test-resolution needs --resample-test"))
  }

  @Test("an out-of-range --resample-test or resample rate is refused with the option named")
  func refusesBadRates() throws {
    let bad = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--split", "train=participant1;test=participant3", "--resample-test", "5",
      TrainMLPCommandTests.dataset,
    ])
    #expect(bad.status != 0 && bad.stderr.contains("--resample-test must be 10…2000 Hz"))
    let badAugment = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--split", "train=participant1;test=participant3", "--augment", "resample=240-60",
      TrainMLPCommandTests.dataset,
    ])
    #expect(badAugment.status != 0 && badAugment.stderr.contains("resample=240-60"))
  }
}
