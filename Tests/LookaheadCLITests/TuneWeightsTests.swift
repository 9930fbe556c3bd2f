import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `tune --weights`: the stages of a trained network (gap limit, gates, filters) searched for a
/// device over the network's fixed weights, then exported from the tune and scored as it ships.
@Suite("tune --weights → export --from-tune → evaluate --model, end to end")
struct TuneWeightsTests {
  static let dataset = "Henze2017-MobileHCI"
  static let split = "train=participant1,participant2;test=participant3"

  /// A small network trained on the split's training writers, written to `dir`/mlp.json.
  static func trainNetwork(in dir: URL) throws -> URL {
    let network = dir.appendingPathComponent("mlp.json")
    let train = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--split", split, "--mlp-history", "4", "--hidden", "8", "--epochs", "1",
      "-o", network.path, "--quiet", dataset,
    ])
    #expect(train.status == 0, "\(train.stderr)")
    return network
  }

  @Test("a tune over a trained MLP records the weights, exports from its result alone and scores what it printed")
  func tuneOverTrainedNetwork() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let network = try Self.trainNetwork(in: dir)

    // Without the weights there is no `mlp` entry to search.
    let bare = try DatasetsCommandTests.run([
      "tune", "--predictor", "mlp", "--split", Self.split, "--trials", "2", "--quiet", Self.dataset,
    ])
    #expect(bare.status == 1, "\(bare.stderr)")
    // Not "unknown predictor" (with a list that leaves mlp out): what is missing is said.
    #expect(bare.stderr.contains("--predictor mlp searches a trained network's stages: give the network with --weights FILE"), "\(bare.stderr)")

    // Weights are for the trained families only.
    let misused = try DatasetsCommandTests.run([
      "tune", "--predictor", "kalman", "--weights", network.path, "--split", Self.split, "--trials", "2", "--quiet", Self.dataset,
    ])
    #expect(misused.status != 0 && misused.stderr.contains("--weights is for --predictor mlp or learned-linear"), "\(misused.stderr)")

    let journal = dir.appendingPathComponent("t.jsonl"), out = dir.appendingPathComponent("t.json")
    let tune = try DatasetsCommandTests.run([
      "tune", "--predictor", "mlp", "--weights", network.path, "--params", "gap-limit=0.01..0.1", "--profile", "finger60-phone",
      "--split", Self.split, "--trials", "3", "--journal", journal.path, "--out", out.path, "--quiet", Self.dataset,
    ])
    #expect(tune.status == 0, "\(tune.stderr)")
    let result = try TuneExportChainTests.json(dir.appendingPathComponent("t.tune.json"))
    let settings = try #require((result["provenance"] as? [String: Any])?["settings"] as? [String: String])
    let recorded = try #require(settings["weights"])
    #expect(recorded.hasPrefix(network.path + " sha256=") && recorded.count == network.path.count + 8 + 64)
    let heldOut = try #require(result["heldOutObjective"] as? Double)

    // The tune's result carries the network: exported from it alone, the model holds the
    // trained weights and scores the held-out writer exactly as the tune did.
    let model = dir.appendingPathComponent("t.model")
    let export = try DatasetsCommandTests.run(["export", "--from-tune", dir.appendingPathComponent("t.tune.json").path, "-o", model.path])
    #expect(export.status == 0, "\(export.stderr)")
    let file = try LookaheadModel(contentsOf: model).file
    let trained = try PredictorConfigurationFile.read(network)
    guard case .mlp(let exported) = file.predictor.configuration.family, case .mlp(let original) = trained.family else {
      Issue.record("families \(file.predictor.configuration.family.name), \(trained.family.name)")
      return
    }
    #expect(exported.members == original.members && exported.hiddenSizes == [8])
    #expect(file.provenance.producedBy?.contains("--weights") == true)
    let evaluate = try DatasetsCommandTests.run([
      "evaluate", "--model", model.path, "--json", "\(Self.dataset):writer=participant3",
    ])
    #expect(evaluate.status == 0, "\(evaluate.stderr)")
    let error = try TuneExportChainTests.frameErrorMean(try TuneExportChainTests.json(evaluate.stdout))
    #expect(TuneExportChainTests.same(error, heldOut), "evaluate --model \(error) mm, the tune's held-out \(heldOut) mm")

    // The journal does not hold the network: export from it asks for the same weights, and
    // with them gives the same predictor.
    let fromJournal = dir.appendingPathComponent("j.model")
    let refused = try DatasetsCommandTests.run(["export", "--from-tune", journal.path, "-o", fromJournal.path])
    #expect(refused.status != 0 && refused.stderr.contains("--weights") && refused.stderr.contains(recorded), "\(refused.stderr)")
    let given = try DatasetsCommandTests.run([
      "export", "--from-tune", journal.path, "--weights", network.path, "-o", fromJournal.path,
    ])
    #expect(given.status == 0, "\(given.stderr)")
    #expect(try LookaheadModel(contentsOf: fromJournal).file.predictor.configuration == file.predictor.configuration)
    // Both paths describe the parameters alike, units included (from the result they were "").
    let journalParameters = try LookaheadModel(contentsOf: fromJournal).file.predictor.parameters
    #expect(file.predictor.parameters == journalParameters)
    #expect(file.predictor.parameters.contains { $0.name == "gap-limit" && $0.unit == "s" }, "\(file.predictor.parameters)")
  }

  /// `mirror-average` is a parameter of the `mlp` entry: a tune over fixed weights scores the
  /// network with and without the stage for the device, and the export carries the choice (model
  /// format version 3 when on).
  @Test("tune --weights searches mirror-average; the exported model carries the choice")
  func mirrorAverageSearched() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let network = try Self.trainNetwork(in: dir)
    let out = dir.appendingPathComponent("m.json"), journal = dir.appendingPathComponent("m.jsonl")
    let tune = try DatasetsCommandTests.run([
      "tune", "--predictor", "mlp", "--weights", network.path, "--params", "mirror-average", "--strategy", "grid",
      "--trials", "2", "--profile", "finger60-phone", "--split", Self.split, "--journal", journal.path, "--out", out.path,
      "--quiet", Self.dataset,
    ])
    #expect(tune.status == 0, "\(tune.stderr)")
    // Both settings were scored, and they score differently.
    let trials = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").dropFirst()
      .map { try TuneExportChainTests.json(String($0)) }
    #expect(trials.compactMap { ($0["values"] as? [Double])?.first }.sorted() == [0, 1])
    let objectives = trials.compactMap { $0["objective"] as? Double }
    #expect(objectives.count == 2 && objectives[0] != objectives[1])
    let result = try TuneExportChainTests.json(dir.appendingPathComponent("m.tune.json"))
    let best = try #require((result["bestParameters"] as? [String: Any])?["mirror-average"])
    let chosen = "\(best)" == "1" || "\(best)" == "true"

    let model = dir.appendingPathComponent("m.model")
    let export = try DatasetsCommandTests.run(["export", "--from-tune", dir.appendingPathComponent("m.tune.json").path, "-o", model.path])
    #expect(export.status == 0, "\(export.stderr)")
    let file = try LookaheadModel(contentsOf: model).file
    guard case .mlp(let exported) = file.predictor.configuration.family else { return }
    #expect(exported.averagesMirrorImage == chosen && file.version == (chosen ? 3 : 1))

    // Given by hand, as for any catalog parameter.
    let byHand = dir.appendingPathComponent("h.model")
    let given = try DatasetsCommandTests.run([
      "export", "--weights", network.path, "--predictor", "mlp:mirror-average=true", "-o", byHand.path,
    ])
    #expect(given.status == 0, "\(given.stderr)")
    #expect(try LookaheadModel(contentsOf: byHand).file.version == 3)
  }
}
