import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `tune --weights` searches the stages over a network trained before, maybe on the writers the
/// tune holds out. The tune called them "never seen by the search" and its exported model listed
/// only the search's writers, so `evaluate --model` on them printed no note (found trying the CLI
/// from outside, session 30). Now the tune reads the writers the weights record (their
/// `.train.json`, or a model file's provenance), says so on its held-out line, and counts them
/// among its training writers, so the exported model's note fires.
@Suite("tune --weights counts the writers the weights were fitted on")
struct TuneWeightsFittedWritersTests {
  static let data = "Henze2017-MobileHCI:Fitts:writer=participant1,participant2"

  /// A one-epoch network fitted on participant1 (`net.json`, with `net.train.json` beside it).
  static func trainWeights(in dir: URL) throws -> URL {
    let weights = dir.appendingPathComponent("net.json")
    let train = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--epochs", "1", "--hidden", "4", "--split", "train=participant1;test=participant2",
      "-o", weights.path, data,
    ])
    try #require(train.status == 0, "\(train.stderr)")
    return weights
  }

  @Test("held out by the tune but fitted by the weights: said, recorded, and noted on the exported model")
  func weightsWritersCounted() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let weights = try Self.trainWeights(in: dir)

    func tune(_ split: String, _ name: String) throws -> (stdout: String, provenance: ResultProvenance, journal: URL) {
      let journal = dir.appendingPathComponent("\(name).jsonl"), out = dir.appendingPathComponent("\(name).json")
      let run = try DatasetsCommandTests.run([
        "tune", "--predictor", "mlp", "--weights", weights.path, "--params", "stop-factor", "--trials", "2",
        "--split", split, "--journal", journal.path, "--out", out.path, Self.data,
      ])
      try #require(run.status == 0, "\(run.stderr)")
      struct Result: Decodable { var provenance: ResultProvenance }
      let result = try JSONDecoder().decode(
        Result.self, from: Data(contentsOf: TuningDatasetLoader.resultURL(for: out, kind: "tune")))
      return (run.stdout, result.provenance, journal)
    }

    let overlapping = try tune("train=participant2;test=participant1", "over")
    #expect(overlapping.stdout.contains(
      "held-out writers (never seen by the search): participant1; but the --weights model was trained or selected on "
        + "writer participant1 (its provenance.trainWriters), so this is not a held-out score of the model\n"),
      "\(overlapping.stdout)")
    #expect(overlapping.provenance.weightsTrainWriters == ["participant1"])
    #expect(overlapping.provenance.trainWriters == ["participant2", "participant1"])
    #expect(overlapping.provenance.testWriters == ["participant1"])

    let model = dir.appendingPathComponent("over.model")
    let export = try DatasetsCommandTests.run([
      "export", "--from-tune", overlapping.journal.path, "--weights", weights.path, "-o", model.path,
    ])
    try #require(export.status == 0, "\(export.stderr)")
    let evaluate = try DatasetsCommandTests.run(["evaluate", "--model", model.path, "Henze2017-MobileHCI:Fitts:writer=participant1"])
    #expect(evaluate.status == 0, "\(evaluate.stderr)")
    #expect(evaluate.stderr.contains("note: \(model.path) was fitted on writer participant1 "), "\(evaluate.stderr)")

    // Held out by both: the line as before, and no weights' writer among the tune's training writers.
    let apart = try tune("train=participant1;test=participant2", "apart")
    #expect(apart.stdout.contains("held-out writers (never seen by the search): participant2\n"), "\(apart.stdout)")
    #expect(apart.provenance.trainWriters == ["participant1"])
  }

  @Test("weights fitted on other data: no writer of theirs is counted")
  func otherData() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let weights = try Self.trainWeights(in: dir)
    let inkable = try EvaluationDataset.load("Inkable-ApplePencil", dataDirectory: nil).provenance
    #expect(WeightsFittedWriters.fitted(weightsAt: weights, datasets: [inkable]) == nil)
    let henze = try EvaluationDataset.load(Self.data, dataDirectory: nil).provenance
    #expect(WeightsFittedWriters.fitted(weightsAt: weights, datasets: [henze]) == ["participant1"])
  }
}
