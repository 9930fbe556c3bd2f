import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --family mlp --speed-normalized` as a user runs it: the reports say so, the model file is
/// format version 4, and `evaluate --model` scores the held-out writer exactly as the training did
/// (the loss's weights are checked in MLPSpeedNormalizationTrainingTests).
@Suite("train --family mlp --speed-normalized → export → evaluate --model")
struct TrainMLPSpeedNormalizedCommandTests {
  @Test("a version-4 model that reproduces its held-out table through evaluate --model")
  func trainExportEvaluate() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("speed.json"), model = dir.appendingPathComponent("speed.model")
    let arguments = TrainMLPMirrorAverageCommandTests.arguments
    let train = try DatasetsCommandTests.run(arguments + ["--speed-normalized", "-o", out.path, TrainMLPCommandTests.dataset])
    #expect(train.status == 0, "\(train.stderr)")
    #expect(train.stdout.contains("; speed-normalised (velocity inputs divided by"), "\(train.stdout)")

    let result = try TuneExportChainTests.json(dir.appendingPathComponent("speed.train.json"))
    let settings = try #require((result["provenance"] as? [String: Any])?["settings"] as? [String: String])
    #expect(settings["mlp.speedNormalized"]?.hasPrefix("true") == true)
    let heldOut = try #require(result["heldOut"] as? [[String: Any]])

    guard let (file, parameters) = try MLPExportChain.export(out, to: model) else { return }
    #expect(parameters.speedNormalized == true && file.version == 4)
    let header = try String(contentsOf: model, encoding: .utf8).prefix { $0 != "\n" }
    #expect(header.hasPrefix("lookahead-model 4 "))
    try MLPExportChain.expectEvaluateReproduces(heldOut, model: model, dataset: "Henze2017-MobileHCI:writer=participant3")
  }

  @Test("--speed-input without --speed-normalized is refused before any training")
  func speedInputNeedsNormalization() throws {
    let run = try DatasetsCommandTests.run(
      TrainMLPMirrorAverageCommandTests.arguments + ["--speed-input", TrainMLPCommandTests.dataset])
    #expect(run.status != 0)
    #expect(run.stderr.contains("--speed-input needs --speed-normalized"), "\(run.stderr)")
  }
}
