import Foundation
import Testing

/// A model trained on recordings without a writer (Docs/Examples/tablet.tsv) records an empty
/// `provenance.trainWriters`, and `evaluate --model` noted fitted writers only, so scoring it on
/// those recordings again printed a score of its own training data with no note at all.
@Suite("evaluate --model notes training data that records no writer")
struct EvaluateWriterlessFittedNoteTests {
  static let training = ["Docs/Examples/tablet.tsv", "Docs/Examples/android-getevent.txt"]

  @Test("scored on a writerless recording it was fitted on: noted; on other data: not")
  func writerlessTrainingDataNoted() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("m.json"), model = dir.appendingPathComponent("m.model")
    let train = try DatasetsCommandTests.run(
      ["train", "--history", "2", "--lambdas", "1e-6", "--quiet", "--test", "Inkable-ApplePencil", "-o", out.path]
        + Self.training)
    try #require(train.status == 0, "\(train.stderr)")
    let export = try DatasetsCommandTests.run(["export", "--from-train", out.path, "-o", model.path])
    try #require(export.status == 0, "\(export.stderr)")

    let own = try DatasetsCommandTests.run(["evaluate", "--model", model.path, Self.training[0]])
    #expect(own.status == 0, "\(own.stderr)")
    #expect(
      own.stderr.contains("note: \(model.path) was fitted on strokes of \(Self.training[0]) that record no writer"),
      "\(own.stderr)")
    for other in ["Inkable-ApplePencil", "Docs/Examples/browser-recording.json"] {
      let scored = try DatasetsCommandTests.run(["evaluate", "--model", model.path, other])
      #expect(scored.status == 0, "\(scored.stderr)")
      #expect(!scored.stderr.contains("was fitted on"), "\(other): \(scored.stderr)")
    }
  }
}
