import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --family mlp --ensemble N` as a user runs it: members with consecutive seeds, progress
/// naming the member, one exported model holding all of them, `evaluate --model` scoring what the
/// training printed, and a checkpointed run resumed to the same model.
@Suite("train --family mlp --ensemble N → export → evaluate --model")
struct TrainMLPEnsembleCommandTests {
  static let split = ["--split", "train=participant1,participant2;test=participant3"]
  static let small = ["train", "--family", "mlp", "--mlp-history", "4", "--hidden", "6", "--epochs", "2", "--seed", "5"]

  @Test("two members: progress per member, one model of both, evaluate --model scores the printed table")
  func ensembleOfTwo() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("mlp.json"), model = dir.appendingPathComponent("mlp.model")
    let checkpoint = dir.appendingPathComponent("mlp.checkpoint")
    let arguments = Self.small + Self.split + ["--ensemble", "2", "--checkpoint", checkpoint.path, "-o", out.path,
      TrainMLPCommandTests.dataset]
    let train = try DatasetsCommandTests.run(arguments)
    #expect(train.status == 0, "\(train.stderr)")
    #expect(train.stderr.contains("member 1 of 2, seed 5") && train.stderr.contains("member 2 of 2, seed 6"))
    #expect(train.stderr.contains("member 2/2  epoch   2  loss"))
    #expect(train.stdout.contains("ensemble of 2 networks"))
    #expect(FileManager.default.fileExists(atPath: checkpoint.path))
    #expect(FileManager.default.fileExists(atPath: checkpoint.path + ".member2"))
    let result = try TuneExportChainTests.json(dir.appendingPathComponent("mlp.train.json"))
    let trained = try PredictorConfigurationFile.read(out)
    let members = try #require(result["members"] as? [[String: Any]])
    #expect(members.compactMap { $0["seed"] as? Int } == [5, 6])

    guard let (_, parameters) = try MLPExportChain.export(out, to: model) else { return }
    #expect(parameters.members.count == 2 && parameters.historyCount == 4)
    #expect(parameters.members.allSatisfy { $0.hiddenSizes == [6] })
    #expect(parameters.weights != parameters.additionalMembers?.first?.weights, "different seeds, different networks")

    let heldOut = try #require(result["heldOut"] as? [[String: Any]])
    try MLPExportChain.expectEvaluateReproduces(heldOut, model: model, dataset: "Henze2017-MobileHCI:writer=participant3")

    // Run again over the finished checkpoints (--force for the outputs): both members resume at
    // their end, so the model is the same.
    let again = try DatasetsCommandTests.run(arguments + ["--force"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("member 2 of 2") && !again.stderr.contains("epoch "), "finished members are not trained again")
    #expect(try PredictorConfigurationFile.read(out) == trained)
  }

  @Test("--ensemble outside 1…8, or with --henze2017, is refused naming the option")
  func badEnsemble() throws {
    let nine = try DatasetsCommandTests.run(Self.small + Self.split + ["--ensemble", "9", TrainMLPCommandTests.dataset])
    #expect(nine.status == 1 && nine.stderr.contains("--ensemble"), "\(nine.stderr)")
    let henze = try DatasetsCommandTests.run(["train", "--henze2017", "--family", "mlp", "--ensemble", "2"])
    #expect(henze.status != 0 && henze.stderr.contains("--ensemble-candidates"), "\(henze.stderr)")
    let both = try DatasetsCommandTests.run(["train", "--henze2017", "--family", "mlp", "--select", "--ensemble-candidates"])
    #expect(both.status != 0 && both.stderr.contains("--select"), "\(both.stderr)")
  }
}
