import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --family mlp --mirror-average` as a user runs it: the same networks as without the flag
/// (it is a stage of the prediction), a held-out table scored with the stage, a model file of
/// format version 3, and `evaluate --model` scoring the held-out writer exactly as the training did.
@Suite("train --family mlp --mirror-average → export → evaluate --model")
struct TrainMLPMirrorAverageCommandTests {
  static let arguments = [
    "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history", "4",
    "--hidden", "8", "--epochs", "1", "--quiet",
  ]

  @Test("same networks and epochs as without the flag; the exported version-3 model reproduces the held-out table")
  func trainExportEvaluate() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let plainOut = dir.appendingPathComponent("plain.json"), out = dir.appendingPathComponent("mirror.json")
    let model = dir.appendingPathComponent("mirror.model")
    let plain = try DatasetsCommandTests.run(Self.arguments + ["-o", plainOut.path, TrainMLPCommandTests.dataset])
    #expect(plain.status == 0, "\(plain.stderr)")
    let train = try DatasetsCommandTests.run(
      Self.arguments + ["--mirror-average", "-o", out.path, TrainMLPCommandTests.dataset])
    #expect(train.status == 0, "\(train.stderr)")
    #expect(train.stdout.contains("; mirror-averaged (each prediction"), "\(train.stdout)")
    #expect(!plain.stdout.contains("mirror-averaged"))

    let result = try TuneExportChainTests.json(dir.appendingPathComponent("mirror.train.json"))
    let plainResult = try TuneExportChainTests.json(dir.appendingPathComponent("plain.train.json"))
    let settings = try #require((result["provenance"] as? [String: Any])?["settings"] as? [String: String])
    #expect(settings["mlp.mirrorAveraged"]?.hasPrefix("true") == true)
    // Training reads the networks alone: every epoch's validation error is the same number.
    let epochs = try #require(result["epochs"] as? [[String: Any]])
    let plainEpochs = try #require(plainResult["epochs"] as? [[String: Any]])
    #expect(epochs.map { $0["validationError"] as? Double } == plainEpochs.map { $0["validationError"] as? Double })
    // The held-out table is scored with the stage, so it differs.
    let heldOut = try #require(result["heldOut"] as? [[String: Any]])
    let plainHeldOut = try #require(plainResult["heldOut"] as? [[String: Any]])
    #expect(heldOut.map { $0["mean"] as? Double } != plainHeldOut.map { $0["mean"] as? Double })

    guard let (file, parameters) = try MLPExportChain.export(out, to: model) else { return }
    #expect(parameters.mirrorAveraged == true && file.version == 3)
    let header = try String(contentsOf: model, encoding: .utf8).prefix { $0 != "\n" }
    #expect(header.hasPrefix("lookahead-model 3 "))
    guard let (_, plainParameters) = try MLPExportChain.export(plainOut, to: dir.appendingPathComponent("plain.model")) else {
      return
    }
    #expect(plainParameters.weights == parameters.weights && plainParameters.mirrorAveraged == nil)

    try MLPExportChain.expectEvaluateReproduces(heldOut, model: model, dataset: "Henze2017-MobileHCI:writer=participant3")
  }
}
