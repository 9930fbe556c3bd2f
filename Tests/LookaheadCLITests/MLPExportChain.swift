import Foundation
import LookaheadRuntime
import Testing

/// The second half of the chain every `train` CLI test of a trained model walks (the MLP's, and
/// the learned linear model's with re-timing): `export --from-train` the training result, read the
/// model file back, and check that `evaluate --model` scores the held-out writers exactly as the
/// training printed (what an app embedding the file would get).
enum MLPExportChain {
  /// Exports the training result `out` (`train -o`) to `model` and returns the file read back.
  static func exportFile(_ out: URL, to model: URL) throws -> ModelFile {
    let export = try DatasetsCommandTests.run(["export", "--from-train", out.path, "-o", model.path])
    #expect(export.status == 0, "\(export.stderr)")
    return try LookaheadModel(contentsOf: model).file
  }

  /// ``exportFile(_:to:)`` with the file's MLP parameters; `nil`, with an issue recorded, when the
  /// export fails or is not an MLP.
  static func export(_ out: URL, to model: URL) throws -> (file: ModelFile, parameters: MLPPredictor.Parameters)? {
    let file = try exportFile(out, to: model)
    guard case .mlp(let parameters) = file.predictor.configuration.family else {
      Issue.record("exported family is \(file.predictor.configuration.family.name)")
      return nil
    }
    return (file, parameters)
  }

  /// Runs `evaluate --model model --protocol anchor` on `dataset` and expects, horizon by horizon,
  /// the issue points, mean and p95 of the training result's `heldOut` rows.
  static func expectEvaluateReproduces(_ heldOut: [[String: Any]], model: URL, dataset: String) throws {
    let evaluate = try DatasetsCommandTests.run(["evaluate", "--model", model.path, "--protocol", "anchor", "--json", dataset])
    #expect(evaluate.status == 0, "\(evaluate.stderr)")
    let datasets = try #require(try TuneExportChainTests.json(evaluate.stdout)["datasets"] as? [[String: Any]])
    let rows = try #require(datasets.first?["protocolRows"] as? [[String: Any]])
    let scores = try #require(rows.first?["scores"] as? [[String: Any]])
    #expect(scores.count == heldOut.count && !scores.isEmpty)
    for (trained, evaluated) in zip(heldOut, scores) {
      #expect(trained["issuePoints"] as? Int == evaluated["count"] as? Int)
      let mean = try #require(trained["mean"] as? Double), p95 = try #require(trained["p95"] as? Double)
      #expect(TuneExportChainTests.same(mean, try #require(evaluated["meanMillimetres"] as? Double)))
      #expect(TuneExportChainTests.same(p95, try #require(evaluated["p95Millimetres"] as? Double)))
    }
  }
}
