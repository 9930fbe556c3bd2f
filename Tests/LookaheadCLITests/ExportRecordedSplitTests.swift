import Foundation
import LookaheadRuntime
import Testing

/// `export --predictor … --split S` records the split in the model's provenance
/// (`Docs/ModelFormat.md`, `$.provenance.split`). It recorded any text: `--split holdout:0.2`, a
/// form `tune` and `train` refuse, was written into the model without a word, so its provenance
/// named a split no run can have used. The split is now read as `tune` reads it (`none` as the
/// default says), and a bad one is refused before anything is written.
@Suite("export --predictor --split records only a split tune would take")
struct ExportRecordedSplitTests {
  @Test("a malformed --split is refused and writes nothing; a valid one and none are recorded as given")
  func recordedSplit() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let model = dir.appendingPathComponent("m.model")
    let refused = try DatasetsCommandTests.run(["export", "--predictor", "linear", "--split", "holdout:0.2", "-o", model.path])
    #expect(refused.status == 1, "\(refused.stderr)")
    #expect(refused.stderr.contains("error: split 'holdout:0.2' is not one of: "), "\(refused.stderr)")
    #expect(refused.stderr.contains("holdout=FRACTION,seed=N"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: model.path))
    for split in ["holdout=0.25,seed=1", "train=ID0001;test=ID0002", "leave-one-writer-out", "none"] {
      let run = try DatasetsCommandTests.run(["export", "--predictor", "linear", "--split", split, "-o", model.path, "--force"])
      #expect(run.status == 0, "\(split): \(run.stderr)")
      #expect(try LookaheadModel(contentsOf: model).file.provenance.split == split)
    }
  }
}
