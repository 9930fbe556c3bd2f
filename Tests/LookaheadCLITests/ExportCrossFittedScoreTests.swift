import Foundation
import LookaheadRuntime
import Testing

/// A model exported from a cross-fitted training (`train --split leave-one-writer-out`) recorded
/// its run's pooled fold scores as `provenance.score.held_out_error_mean_…`, though the model was
/// fitted on every writer those folds scored and has no held-out writers (`testWriters` is
/// absent): the number estimates the procedure, not this model. It is now keyed `cross_fitted_…`.
@Suite("export keys a cross-fitted run's score as cross-fitted, not held out")
struct ExportCrossFittedScoreTests {
  static let data = "Henze2017-MobileHCI:Fitts:writer=participant1,participant2,participant3"

  @Test("leave-one-writer-out: cross_fitted_ key and no held_out_ key; a holdout split keeps held_out_")
  func crossFittedKey() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (split, prefix) in [("leave-one-writer-out", "cross_fitted_"), ("train=participant1,participant2;test=participant3", "held_out_")] {
      let out = dir.appendingPathComponent("m.json"), model = dir.appendingPathComponent("m.model")
      let train = try DatasetsCommandTests.run(
        ["train", "--history", "2", "--lambdas", "1e-6", "--quiet", "--force", "--split", split, "-o", out.path, Self.data])
      try #require(train.status == 0, "\(train.stderr)")
      let export = try DatasetsCommandTests.run(["export", "--force", "--from-train", out.path, "-o", model.path])
      try #require(export.status == 0, "\(export.stderr)")
      let score = try LookaheadModel(contentsOf: model).file.provenance.score
      #expect(score.keys.map { $0.hasPrefix(prefix + "error_mean_mm_at_") } == [true], "\(split): \(score)")
    }
  }
}
