import Foundation
import Testing

/// `train` on one training writer printed "leave-one-writer-out cross-validation on 1 training
/// writers" above its K × λ table, though with one writer there is none to leave out: K and λ were
/// chosen on interleaved folds of that writer's strokes (`TrainRun.crossValidationGroups`), whose
/// scores share the writer's hand. The heading now says which folds the table comes from.
@Suite("train's cross-validation heading says what it folded over")
struct TrainOneWriterCrossValidationTests {
  @Test("one training writer: interleaved folds of its strokes, named, and no leave-one-writer-out")
  func oneWriterHeading() throws {
    let train = try DatasetsCommandTests.run(
      ["train", "--history", "2", "--lambdas", "1e-6", "--quiet", "--test", ExportLeavesOutTestDataTests.heldOutFile]
        + ExportLeavesOutTestDataTests.trainingFiles)
    try #require(train.status == 0, "\(train.stderr)")
    #expect(!train.stdout.contains("leave-one-writer-out"), "\(train.stdout)")
    #expect(
      train.stdout.contains(
        "cross-validation over 4 interleaved folds of the one training writer's strokes, adamwulf (no writer to leave out;"),
      "\(train.stdout)")
  }

  @Test("training strokes without a writer: interleaved folds of them, no writer named")
  func writerlessHeading() throws {
    let train = try DatasetsCommandTests.run(
      ["train", "--history", "2", "--lambdas", "1e-6", "--quiet", "--test", "Inkable-ApplePencil"]
        + EvaluateWriterlessFittedNoteTests.training)
    try #require(train.status == 0, "\(train.stderr)")
    #expect(
      train.stdout.contains(
        "cross-validation over 4 interleaved folds of the training strokes, which record no writer (mean error"),
      "\(train.stdout)")
    #expect(!train.stdout.contains("training writer"), "\(train.stdout)")
  }
}

extension TrainOneWriterCrossValidationTests {
  /// Training on one stroke failed with "leave-one-writer-out needs at least two writers; found 1
  /// (adamwulf#1)": a split the user never asked for and a fold label of the workbench's own.
  @Test("one training stroke: refused for too few strokes, naming neither leave-one-writer-out nor a fold label")
  func oneStrokeRefused() throws {
    for training in ["Datasets/Inkable-ApplePencil/pencil-error.json", "Docs/Examples/browser-recording.json"] {
      let train = try DatasetsCommandTests.run(
        ["train", "--history", "2", "--lambdas", "1e-6", "--quiet", "--test", ExportLeavesOutTestDataTests.heldOutFile, training])
      #expect(train.status == 1, "\(training): \(train.stderr)")
      #expect(
        train.stderr.contains("error: the training data has 1 stroke: K and λ are chosen by cross-validation"),
        "\(training): \(train.stderr)")
      #expect(!train.stderr.contains("leave-one-writer-out") && !train.stderr.contains("#1"), "\(training): \(train.stderr)")
    }
  }
}
