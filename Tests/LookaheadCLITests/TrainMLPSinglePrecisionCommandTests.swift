import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --family mlp --training-precision single` as a user runs it: the report and the result
/// say so, the model ships as any other (weights in double), and `evaluate --model` scores the
/// held-out writer exactly as the training did.
@Suite("train --family mlp --training-precision single → export → evaluate --model")
struct TrainMLPSinglePrecisionCommandTests {
  @Test("recorded in the result, and the exported model reproduces its held-out table")
  func trainExportEvaluate() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("single.json"), model = dir.appendingPathComponent("single.model")
    let train = try DatasetsCommandTests.run(
      TrainMLPMirrorAverageCommandTests.arguments + ["--training-precision", "single", "-o", out.path, TrainMLPCommandTests.dataset])
    #expect(train.status == 0, "\(train.stderr)")
    #expect(train.stdout.contains("; trained in single precision"), "\(train.stdout)")

    let result = try TuneExportChainTests.json(dir.appendingPathComponent("single.train.json"))
    let settings = try #require((result["provenance"] as? [String: Any])?["settings"] as? [String: String])
    #expect(settings["mlp.trainingPrecision"]?.hasPrefix("single") == true)
    let heldOut = try #require(result["heldOut"] as? [[String: Any]])

    guard (try MLPExportChain.export(out, to: model)) != nil else { return }
    try MLPExportChain.expectEvaluateReproduces(heldOut, model: model, dataset: "Henze2017-MobileHCI:writer=participant3")
  }

  @Test("an unknown precision is refused before any training")
  func unknownPrecisionIsRefused() throws {
    let run = try DatasetsCommandTests.run(
      TrainMLPMirrorAverageCommandTests.arguments + ["--training-precision", "half", TrainMLPCommandTests.dataset])
    #expect(run.status != 0)
    #expect(run.stderr.contains("--training-precision must be double or single, got \"half\""), "\(run.stderr)")
  }
}
