import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --family mlp --dropout P` as a user runs it: recorded, reaching the trainer, refused
/// outside [0, 1) and with tanh layers.
@Suite("train --family mlp --dropout")
struct TrainMLPDropoutCommandTests {
  @Test("--dropout is recorded in the result and changes the shipped network; a rate outside [0, 1) or with tanh is refused")
  func dropout() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    var weights: [[Double]] = []
    for (name, flags) in [("plain", [String]()), ("dropped", ["--dropout", "0.2"])] {
      let out = dir.appendingPathComponent("\(name).json")
      let train = try DatasetsCommandTests.run([
        "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history",
        "3", "--hidden", "8", "--epochs", "2", "--quiet", "-o", out.path, TrainMLPCommandTests.dataset,
      ] + flags)
      #expect(train.status == 0, "\(train.stderr)")
      let result = try TuneExportChainTests.json(dir.appendingPathComponent("\(name).train.json"))
      let settings = (result["provenance"] as? [String: Any])?["settings"] as? [String: Any] ?? [:]
      #expect(((settings["mlp.dropout"] as? String)?.hasPrefix("0.2 ") ?? false) == !flags.isEmpty, "\(settings)")
      let model = dir.appendingPathComponent("\(name).model")
      guard let (_, parameters) = try MLPExportChain.export(out, to: model) else { return }
      weights.append(parameters.weights)
      // The shipped network never drops: the model scores the held-out writer as training did.
      let heldOut = try #require(result["heldOut"] as? [[String: Any]])
      try MLPExportChain.expectEvaluateReproduces(heldOut, model: model, dataset: "Henze2017-MobileHCI:writer=participant3")
    }
    #expect(weights.count == 2 && weights[0] != weights[1])

    for bad in ["1", "-0.1", "nan"] {
      let run = try DatasetsCommandTests.run([
        "train", "--family", "mlp", "--dropout=\(bad)", "--epochs", "1", "--quiet", TrainMLPCommandTests.dataset,
      ])
      #expect(run.status != 0 && run.stderr.contains("--dropout must be 0 or more and below 1, got"), "\(run.stderr)")
    }
    let tanh = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--dropout", "0.1", "--activation", "tanh", "--epochs", "1", "--quiet",
      TrainMLPCommandTests.dataset,
    ])
    #expect(tanh.status != 0 && tanh.stderr.contains("--dropout needs --activation relu"), "\(tanh.stderr)")
    // The linear family refuses it as the MLP's option.
    let linear = try DatasetsCommandTests.run(["train", "--dropout", "0.1", "--quiet", TrainMLPCommandTests.dataset])
    #expect(linear.status != 0 && linear.stderr.contains("--dropout"), "\(linear.stderr)")
  }
}
