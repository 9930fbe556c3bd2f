import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

@Suite("the note for a model scored on writers it was fitted on")
struct FittedWritersNoteTests {
  static func model(datasets: [ModelProvenance.Dataset], trainWriters: [String]?) throws -> ModelFile {
    try ModelExporter.modelFile(
      configuration: PredictorConfiguration(family: .linear(LinearParameters())),
      coordinates: ModelCoordinates(unit: "px", millimetresPerUnit: nil), profile: .pencil240ProMotion120,
      digitizerRateHz: 240,
      provenance: ModelProvenance(datasets: datasets, lookaheadVersion: "test", trainWriters: trainWriters))
  }

  static func dataset(_ reference: String, writers: [String], sha256: [String]) -> EvaluationDataset {
    let strokes = writers.map { writer in
      Stroke(writer: writer, samples: [TraceSample(time: 0, x: 0, y: 0, phase: .down)])
    }
    return EvaluationDataset(
      reference: reference, trace: Trace(metadata: TraceMetadata(source: "mine", coordinateUnit: "px"), strokes: strokes),
      files: sha256.map { ResultProvenance.File(path: "\($0).csv", sha256: $0) }, anchorDataset: nil)
  }

  static let recorded = [
    ModelProvenance.Dataset(
      name: "Mine", files: [.init(path: "a.csv", sha256: "aaaa"), .init(path: "b.csv", sha256: "bbbb")])
  ]

  @Test func namesTheFittedWritersAndTheHeldOutReference() throws {
    let model = try Self.model(datasets: Self.recorded, trainWriters: ["A"])
    let note = FittedWritersNote.text(
      for: model, path: "m.model", dataset: Self.dataset("Mine", writers: ["A", "B", "C"], sha256: ["aaaa", "bbbb"]))
    #expect(
      note
        == "note: m.model was fitted on writer A of Mine (provenance.trainWriters), so this score includes data the "
        + "model was trained or selected on; for a held-out score give Mine:writer=B,C")
  }

  @Test func silentOnTheHeldOutWritersAlone() throws {
    let model = try Self.model(datasets: Self.recorded, trainWriters: ["A"])
    #expect(
      FittedWritersNote.text(
        for: model, path: "m.model", dataset: Self.dataset("Mine:writer=B", writers: ["B"], sha256: ["bbbb"])) == nil)
  }

  @Test func otherDataWithTheSameWriterNamesIsNotTheModelsData() throws {
    // Writer names like P1 or ID0001 recur across datasets: the files decide, not the names.
    let model = try Self.model(datasets: Self.recorded, trainWriters: ["A"])
    #expect(
      FittedWritersNote.text(
        for: model, path: "m.model", dataset: Self.dataset("Theirs", writers: ["A"], sha256: ["cccc"])) == nil)
  }

  @Test func withoutChecksumsTheDatasetNameDecides() throws {
    let model = try Self.model(datasets: [ModelProvenance.Dataset(name: "Mine:train")], trainWriters: ["A", "B"])
    let note = FittedWritersNote.text(
      for: model, path: "m.model", dataset: Self.dataset("mine:test", writers: ["B"], sha256: ["zzzz"]))
    #expect(
      note
        == "note: m.model was fitted on writer B of mine:test (provenance.trainWriters), so this score includes data "
        + "the model was trained or selected on; every writer of it was fitted on, so no part of it gives a held-out score")
    #expect(
      FittedWritersNote.text(
        for: model, path: "m.model", dataset: Self.dataset("Other", writers: ["B"], sha256: ["zzzz"])) == nil)
  }

  @Test func aModelThatRecordsNoTrainingWritersGetsNoNote() throws {
    for writers in [nil, [String]()] {
      let model = try Self.model(datasets: Self.recorded, trainWriters: writers)
      #expect(
        FittedWritersNote.text(
          for: model, path: "m.model", dataset: Self.dataset("Mine", writers: ["A"], sha256: ["aaaa"])) == nil)
    }
  }

  @Test func theHeldOutReferenceKeepsTheSubsetAndReplacesAWriterSelection() throws {
    let model = try Self.model(datasets: Self.recorded, trainWriters: ["A"])
    let note = try #require(
      FittedWritersNote.text(
        for: model, path: "m.model", dataset: Self.dataset("Mine:Fitts:writer=A,C", writers: ["A", "C"], sha256: ["aaaa"])))
    #expect(note.hasSuffix("for a held-out score give Mine:Fitts:writer=C"), "\(note)")
  }
}
