import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// A recording without a writer column (Docs/Examples/tablet.tsv) held out by `tune` or `train`:
/// train's report line listed no writer and printed nothing after the colon.
@Suite("held-out strokes without a recorded writer")
struct WriterlessHeldOutTests {
  @Test("train names held-out strokes without a writer as such; tune calls them separate test data")
  func namedAsUnrecorded() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let examples = SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples")
    for name in ["tablet.tsv", "tablet.tsv.mapping"] {
      try Data(contentsOf: examples.appendingPathComponent(name)).write(to: dir.appendingPathComponent(name))
    }
    let recording = dir.appendingPathComponent("tablet.tsv").path
    let tune = try DatasetsCommandTests.run([
      "tune", "--predictor", "linear", "--params", "gap-limit=0..0.1", "--trials", "2", "--quiet",
      "--test", recording, "--out", dir.appendingPathComponent("t.json").path, TrainMLPCommandTests.dataset,
    ])
    #expect(tune.status == 0, "\(tune.stderr)")
    #expect(tune.stdout.contains("held-out writers (never seen by the search): separate test data\n"), "\(tune.stdout)")
    let train = try DatasetsCommandTests.run([
      "train", "--test", recording, "-o", dir.appendingPathComponent("m.json").path, TrainMLPCommandTests.dataset,
    ])
    #expect(train.status == 0, "\(train.stderr)")
    #expect(train.stdout.contains("held-out writers (never trained on): \(WriterListText.unrecorded)\n"), "\(train.stdout)")
  }

  @Test("the empty name is shown as unrecorded, the others as they are, in order")
  func joined() {
    #expect(WriterListText.joined(["U1", "", "U3"]) == "U1, \(WriterListText.unrecorded), U3")
    #expect(WriterListText.joined([]) == WriterListText.unrecorded)
  }
}
