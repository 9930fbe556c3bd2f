import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// `compare --protocol anchor|henze2017` shows the reference rows beside ours; these tests
/// prove that "ours" runs the same protocol on the same selection: the runtime's own hold and
/// linear predictors, loaded through the registry selections, reproduce the reference hold and
/// linear rows (to the printed digits) and Henze et al.'s 18 published numbers (within 0.1 px).
@Suite("Per-sample protocols: our rows equal the reference rows")
struct ProtocolReferenceTests {
  /// A selection: Inkable and Henze from the bundled copies, the others from `../shared`.
  static func load(_ reference: String) throws -> EvaluationDataset {
    let name = String(reference.split(separator: ":")[0])
    if !AnchorDatasets.bundledNames.contains(name) { _ = try SharedDatasets.require(name) }
    return try EvaluationDataset.load(reference, dataDirectory: SharedDatasets.root)
  }

  @Test("hold and linear equal the reference rows on the bundled selections",
        arguments: AnchorDataset.allCases.filter { AnchorDatasets.bundledNames.contains($0.folder) })
  func anchorRowsOnBundledData(dataset: AnchorDataset) throws {
    try Self.anchorHoldAndLinearEqualTheReferenceRows(dataset: dataset)
  }

  @Test("hold and linear equal the reference rows on the shared selections",
        .needsShared("TurboTouch-Nancel2018", "SVC2004-Task2", "WacomMSP13-HandwritingSpeed"),
        arguments: AnchorDataset.allCases.filter { AnchorDatasets.sharedNames.contains($0.folder) })
  func anchorRowsOnSharedData(dataset: AnchorDataset) throws {
    try Self.anchorHoldAndLinearEqualTheReferenceRows(dataset: dataset)
  }

  static func anchorHoldAndLinearEqualTheReferenceRows(dataset: AnchorDataset) throws {
    let loaded = try load(EvaluationDataset.anchorSelection(dataset))
    #expect(loaded.anchorDataset == dataset)
    let references = ProtocolEvaluation.anchorReferences(for: loaded)
    #expect(references.count == 5)
    #expect(references.allSatisfy { $0.isReference })
    for (name, referenceLabel) in [("hold", "a) hold"), ("linear", "b) linear (last two samples)")] {
      let subject = try EvaluationSubject.resolve(name + ":gap-limit=0")
      let ours = ProtocolEvaluation.anchor(
        try #require(subject.catalogPredictor).makePredictor(), label: name, dataset: loaded)
      let reference = try #require(references.first { $0.label == referenceLabel })
      #expect(ours.scores.count == 7)
      for (mine, theirs) in zip(ours.scores, reference.scores) {
        #expect(mine.horizonLabel == theirs.horizonLabel)
        #expect(mine.count == theirs.count, "\(dataset) \(name) n at \(mine.horizonLabel)")
        for (value, printed) in [(mine.meanNative, theirs.meanNative), (mine.p95Native, theirs.p95Native),
                                 (mine.meanMillimetres, theirs.meanMillimetres), (mine.p95Millimetres, theirs.p95Millimetres)] {
          guard let printed else { continue }
          let value = try #require(value)
          #expect(
            abs(value - printed) <= Tolerance.printed(printed),
            "\(dataset) \(name) at \(mine.horizonLabel): \(value) vs printed \(printed)")
        }
      }
    }
  }

  /// `recorded` under `--protocol anchor`: UIKit's predictions scored at their own leads, with
  /// hold and linear at the same targets, reproduce ANCHOR-PROTOCOL.md's Apple table (counts,
  /// means and p95 to the printed digits) and sit beside it.
  @Test func recordedPredictionsReproduceTheAppleTable() throws {
    let dataset = try Self.load("Inkable-ApplePencil")
    let run = EvaluationRun(
      subjects: [EvaluationSubject.recorded], datasets: [dataset], profile: .pencil240ProMotion120,
      evaluationProtocol: .anchor)
    let result = try run.run(commandLine: ["test"], command: "compare")
    let rows = try #require(result.datasets.first?.recordedRows)
    for (ours, theirs) in [
      ("recorded", "Apple UIKit predicted touches"), ("hold at the same targets", "a) hold"),
      ("linear at the same targets", "b) linear (last two samples)"),
    ] {
      let mine = try #require(rows.first { !$0.isReference && $0.label == ours })
      let reference = try #require(rows.first { $0.isReference && $0.label == theirs })
      #expect(mine.scores.map(\.horizonLabel) == ["bucket 1", "bucket 2", "bucket 3", "all"])
      #expect(mine.scores.map(\.count) == [246, 165, 71, 482])
      for (a, b) in zip(mine.scores, reference.scores) {
        #expect(a.horizonLabel == b.horizonLabel)
        for (value, printed) in [(a.meanNative, b.meanNative), (a.p95Native, b.p95Native)] {
          let printed = try #require(printed)
          let value = try #require(value)
          #expect(abs(value - printed) <= Tolerance.printed(printed), "\(ours) \(a.horizonLabel): \(value) vs \(printed)")
        }
      }
    }
  }

  /// A selection that is not one ANCHOR-PROTOCOL.md scored gets no reference rows.
  @Test func otherSelectionsHaveNoAnchorReferences() throws {
    #expect(EvaluationDataset.anchorDataset(forReference: "SVC2004-Task2") == nil)
    #expect(EvaluationDataset.anchorDataset(forReference: "svc2004-task2:TEST") == .svc2004Task2)
    #expect(EvaluationDataset.anchorDataset(forReference: "WacomMSP13-HandwritingSpeed:ID0001") == .wacomMSP13)
  }

  /// Henze et al. 2017 Table 1, hold and linear: 2 predictors × 3 tasks × 3 horizons.
  @Test func henzeHoldAndLinearWithinATenthOfAPixel() throws {
    let dataset = try Self.load("Henze2017-MobileHCI")
    let run = EvaluationRun(
      subjects: [
        EvaluationSubject(try PredictorCatalog.workbench.configure(specification: "hold:gap-limit=0"), label: "hold"),
        EvaluationSubject(try PredictorCatalog.workbench.configure(specification: "linear:gap-limit=0"), label: "linear"),
      ],
      datasets: [dataset], profile: .pencil240ProMotion120, evaluationProtocol: .henze2017,
      dataDirectory: SharedDatasets.root)
    let result = try run.run(commandLine: ["test"], command: "compare")
    let rows = try #require(result.datasets.first?.protocolRows)
    let published: [(ours: String, reference: String, values: [Double])] = [
      ("hold", "no extrapolation", [15.4, 29.7, 42.5, 40.2, 77.9, 110.1, 31.7, 52.6, 66.3]),
      ("linear", "linear extrapolation (last step × j)", [7.8, 21.1, 38.5, 25.1, 67.9, 123.3, 16.9, 39.6, 69.0]),
    ]
    let windows = [70_998, 70_968, 70_938, 36_788, 36_777, 36_769, 7_566, 7_538, 7_511]
    var checked = 0
    for row in published {
      let ours = try #require(rows.first { !$0.isReference && $0.label == row.ours })
      let reference = try #require(rows.first { $0.isReference && $0.label == row.reference })
      #expect(ours.scores.map(\.subset) == ["Write", "Write", "Write", "Paint", "Paint", "Paint", "Fitts", "Fitts", "Fitts"])
      #expect(ours.scores.map(\.count) == windows)
      for (k, score) in ours.scores.enumerated() {
        let mean = try #require(score.meanNative)
        #expect(abs(mean - row.values[k]) <= 0.1, "\(row.ours) \(score.subset ?? "") \(score.horizonLabel): \(mean)")
        #expect(reference.scores[k].meanNative == row.values[k])
        checked += 1
      }
    }
    #expect(checked == 18)
    // The neural rows of the paper are shown too, marked as references.
    #expect(rows.filter { $0.isReference }.count == 5)
  }

  /// The Henze protocol needs the Henze dataset.
  @Test func henzeProtocolRefusesOtherDatasets() throws {
    let trace = Trace(metadata: TraceMetadata(source: "x", coordinateUnit: "px"), strokes: [])
    let run = EvaluationRun(
      subjects: [try EvaluationSubject.resolve("hold")],
      datasets: [EvaluationDataset(reference: "Inkable-ApplePencil", trace: trace, files: [], anchorDataset: nil)],
      profile: .pencil240ProMotion120, evaluationProtocol: .henze2017)
    #expect(throws: EvaluationRun.RunError.self) { _ = try run.run(commandLine: [], command: "compare") }
  }
}
