import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --family mlp --weight-average D` as a user runs it: recorded, reaching the trainer, and
/// refused outside (0, 1).
@Suite("train --family mlp --weight-average")
struct TrainMLPWeightAverageCommandTests {
  @Test("--weight-average is recorded in the result and changes the shipped network; a decay outside (0, 1) is refused")
  func weightAverage() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    var weights: [[Double]] = []
    for (name, flags) in [("plain", [String]()), ("averaged", ["--weight-average", "0.99"])] {
      let out = dir.appendingPathComponent("\(name).json")
      let train = try DatasetsCommandTests.run([
        "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history",
        "3", "--hidden", "4", "--epochs", "2", "--quiet", "-o", out.path, TrainMLPCommandTests.dataset,
      ] + flags)
      #expect(train.status == 0, "\(train.stderr)")
      let result = try TuneExportChainTests.json(dir.appendingPathComponent("\(name).train.json"))
      let settings = (result["provenance"] as? [String: Any])?["settings"] as? [String: Any] ?? [:]
      #expect(((settings["mlp.weightAverage"] as? String)?.hasPrefix("0.99 ") ?? false) == !flags.isEmpty, "\(settings)")
      guard let (_, parameters) = try MLPExportChain.export(out, to: dir.appendingPathComponent("\(name).model")) else {
        return
      }
      weights.append(parameters.weights)
    }
    #expect(weights.count == 2 && weights[0] != weights[1])

    for bad in ["1", "0", "1.5"] {
      let run = try DatasetsCommandTests.run([
        "train", "--family", "mlp", "--weight-average", bad, "--epochs", "1", "--quiet", TrainMLPCommandTests.dataset,
      ])
      #expect(run.status != 0 && run.stderr.contains("--weight-average must be above 0 and below 1, got"), "\(run.stderr)")
    }
  }
}
