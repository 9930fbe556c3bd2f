import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// `train --family mlp --pen-inputs` on pen data (SVC2004's training writers: pressure, altitude
/// and azimuth on every sample), exported and scored again by `evaluate --model`: the same
/// numbers, so the runtime builds the pen inputs exactly as the training rows did.
@Suite("train --family mlp --pen-inputs → export → evaluate --model")
struct TrainMLPPenInputsCommandTests {
  static let dataset = "SVC2004-Task2:train:writer=U1,U2,U3"

  @Test("the held-out table of a pen-input training is what evaluate --model scores from the exported file", .needsShared("SVC2004-Task2"))
  func trainExportEvaluate() throws {
    _ = try SharedDatasets.require("SVC2004-Task2")
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("pen.json"), model = dir.appendingPathComponent("pen.model")
    let train = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--pen-inputs", "--split", "train=U1,U2;test=U3", "--mlp-history", "4", "--hidden", "8",
      "--epochs", "2", "--augment", "resample=240", "-o", out.path, Self.dataset,
    ])
    #expect(train.status == 0, "\(train.stderr)")
    #expect(train.stdout.contains("; pen inputs (pressure, altitude, azimuth)"), "\(train.stdout)")
    let result = try TuneExportChainTests.json(dir.appendingPathComponent("pen.train.json"))
    #expect(result["penInputs"] as? Bool == true)
    let settings = try #require((result["provenance"] as? [String: Any])?["settings"] as? [String: String])
    #expect(settings["mlp.penInputs"]?.hasPrefix("true") == true)
    let heldOut = try #require(result["heldOut"] as? [[String: Any]])

    guard let (_, parameters) = try MLPExportChain.export(out, to: model) else { return }
    #expect(parameters.penInputs == true && parameters.inputCount == 5 * 4 + 1 + 8)
    #expect(parameters.inputMean.count == parameters.inputCount)

    try MLPExportChain.expectEvaluateReproduces(heldOut, model: model, dataset: "SVC2004-Task2:train:writer=U3")
  }

  @Test("a cross-fit with --pen-inputs says so in its text and result; --henze2017 refuses it", .needsShared("SVC2004-Task2"))
  func crossFitAndHenze() throws {
    _ = try SharedDatasets.require("SVC2004-Task2")
    let run = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--pen-inputs", "--split", "leave-one-writer-out", "--mlp-history", "3", "--hidden", "4",
      "--epochs", "1", "--json", Self.dataset,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let result = try TuneExportChainTests.json(run.stdout)
    #expect(result["penInputs"] as? Bool == true)
    let text = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--pen-inputs", "--split", "leave-one-writer-out", "--mlp-history", "3", "--hidden", "4",
      "--epochs", "1", "--quiet", Self.dataset,
    ])
    #expect(text.stdout.contains("pen inputs (pressure, altitude, azimuth), one network per fold"), "\(text.stdout)")

    let henze = try DatasetsCommandTests.run(["train", "--henze2017", "--family", "mlp", "--pen-inputs", "--henze-folds", "1"])
    #expect(henze.status == 1)
    #expect(henze.stderr.contains("--pen-inputs is not for --henze2017"), "\(henze.stderr)")
  }

  @Test("a model file whose penInputs key was removed is refused, naming the field")
  func missingKeyRefused() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    // A pen-input network's configuration, exported, with the key taken out of its body.
    let parameters = MLPPredictor.Parameters(
      historyCount: 1, hiddenSizes: [1], inputMean: Array(repeating: 0, count: 14),
      inputScale: Array(repeating: 1, count: 14), outputScale: 1, weights: Array(repeating: 0, count: 15 + 4),
      penInputs: true)
    let configuration = dir.appendingPathComponent("pen.config.json")
    try JSONEncoder().encode(PredictorConfiguration(family: .mlp(parameters))).write(to: configuration)
    let model = dir.appendingPathComponent("pen.model")
    let export = try DatasetsCommandTests.run(["export", "--predictor", configuration.path, "-o", model.path])
    #expect(export.status == 0, "\(export.stderr)")
    let text = try String(contentsOf: model, encoding: .utf8)
    #expect(text.contains("\"penInputs\" : true"))
    let body = text.split(separator: "\n", maxSplits: 1)[1].replacingOccurrences(of: "\"penInputs\" : true,", with: "")
    #expect(!body.contains("penInputs"))
    let damaged = dir.appendingPathComponent("damaged.model")
    try ModelFileEnvelope.wrap(body: Data(body.utf8)).write(to: damaged)
    #expect(throws: (any Error).self) { try LookaheadModel(contentsOf: damaged) }
    do { _ = try LookaheadModel(contentsOf: damaged) } catch {
      #expect("\(error)".contains("mlp.weights") && "\(error)".contains("penInputs"), "\(error)")
    }
  }
}
