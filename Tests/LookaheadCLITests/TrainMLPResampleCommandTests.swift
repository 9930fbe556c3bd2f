import Foundation
import LookaheadKit
import Testing

/// `train --family mlp` with rate augmentation and `--resample-test`, as a user runs it.
@Suite("train --family mlp --augment resample=… --resample-test")
struct TrainMLPResampleCommandTests {
  @Test("a validation run says the test strokes were re-recorded, and records it with the augmentation")
  func resampledValidationRun() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("mlp.json")
    let run = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history", "4",
      "--hidden", "8", "--epochs", "1", "--augment", "resample=240", "--validation-per-dataset", "--augment-validation",
      "--resample-test", "240", "-o", out.path, TrainMLPCommandTests.dataset,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("re-recorded at 240.0 Hz before scoring (validation run)"))
    #expect(run.stdout.contains("augmentation resample=240.0,jitter=0.25,tick=1; early-stopping writers drawn per dataset; early-stopping rows augmented"))
    let result = try TuneExportChainTests.json(dir.appendingPathComponent("mlp.train.json"))
    #expect(result["testResampledHz"] as? Double == 240)
    #expect(result["augmentation"] as? String == "resample=240.0,jitter=0.25,tick=1")
  }

  @Test("a position grid on the re-recorded test strokes and on the augmentation is said and recorded")
  func resampledOnAGrid() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("mlp.json")
    let run = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history", "4",
      "--hidden", "8", "--epochs", "1", "--augment", "resample=240,resolution=0.5", "--resample-test", "240",
      "--resample-test-resolution", "0.5", "-o", out.path, TrainMLPCommandTests.dataset,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("re-recorded at 240.0 Hz on a 0.5 mm grid before scoring (validation run)"))
    let result = try TuneExportChainTests.json(dir.appendingPathComponent("mlp.train.json"))
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
