import Foundation
import LookaheadRuntime
import Testing

/// A training at exactly one horizon (`train --horizons 16.67`) exports a model for that horizon,
/// as a tune at one fixed horizon does (6dc93b1): its weights were fitted there only, and the
/// horizon input was never fitted (a constant column for the network, whose weights get no
/// gradient; collinear with the velocities for the linear model). It was written as a per-frame
/// model. At several horizons the model is per frame, as before.
@Suite("train at one horizon → export records that horizon")
struct TrainOneHorizonExportTests {
  static func exportedPolicy(_ train: [String], in dir: URL) throws -> ModelHorizonPolicy {
    let out = dir.appendingPathComponent("m.json"), model = dir.appendingPathComponent("m.model")
    try? FileManager.default.removeItem(at: model)
    let run = try DatasetsCommandTests.run(
      ["train", "--split", TuneExportChainTests.split, "-o", out.path, "--force"] + train + [TuneExportChainTests.dataset])
    #expect(run.status == 0, "\(train): \(run.stderr)")
    let export = try DatasetsCommandTests.run(["export", "--from-train", out.path, "-o", model.path])
    #expect(export.status == 0, "\(train): \(export.stderr)")
    return try LookaheadModel(contentsOf: model).file.tunedFor.horizonPolicy
  }

  @Test("learned linear and MLP trained at one horizon export it; at two they are per frame")
  func oneHorizonIsFixed() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let linear = ["--history", "4", "--lambdas", "1e-6"]
    let mlp = ["--family", "mlp", "--hidden", "8", "--epochs", "2", "--mlp-history", "4"]
    for family in [linear, mlp] {
      #expect(try Self.exportedPolicy(family + ["--horizons", "16.67"], in: dir) == .fixed(0.01667), "\(family)")
      #expect(try Self.exportedPolicy(family + ["--horizons", "8.33,16.67"], in: dir) == .presentationTime, "\(family)")
    }
  }

  /// The option that makes the choice says so: `train --help` was silent about it.
  @Test("train --help's --horizons says one horizon exports a model fixed at it")
  func helpSaysSo() throws {
    let entry = try #require(try SharedOptionGroupTests.helpEntry("--horizons", in: ["train"]))
    #expect(entry.contains("at exactly one, the exported model is fixed at that horizon"), "\(entry)")
  }
}
