import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@Suite("Train runs: CV choice, held-out scoring, model file")
struct TrainRunTests {
  /// Noise-free constant-acceleration strokes of four writers, 1 unit = 0.1 mm.
  static func data() throws -> TuningData {
    var strokes: [Stroke] = []
    for w in 0..<4 {
      strokes += LearnedLinearTrainerTests.parabolas(count: 6, tau: 1.0 / 120, seed: UInt64(w + 1), writer: "w\(w)")
    }
    return try TuningData(traces: [
      Trace(metadata: TraceMetadata(source: "parabolas", coordinateUnit: "u", millimetresPerUnit: 0.1), strokes: strokes)
    ])
  }

  @Test("on noise-free parabolas the chosen model (K ≥ 2) predicts unseen writers exactly; linear does not")
  func heldOutExact() throws {
    let request = TrainRun.Request(
      horizons: [1.0 / 120, 1.0 / 60], split: .explicit(train: ["w0", "w1", "w2"], validation: [], test: ["w3"]),
      historyCounts: [1, 2, 3], lambdas: [1e-12, 1e-2], parts: 2)
    let outcome = try TrainRun.run(request, data: try Self.data())
    #expect(outcome.trainWriters == ["w0", "w1", "w2"] && outcome.testWriters == ["w3"])
    #expect(outcome.crossValidation.count == 6)
    #expect(outcome.chosen.historyCount >= 2 && outcome.chosen.lambda == 1e-12)
    for score in outcome.heldOut {
      #expect(score.issuePoints > 0)
      #expect(score.mean < 1e-6, "model error \(score.mean) mm at \(score.horizonMilliseconds) ms")
      #expect(score.linearMean > 1e-3)
    }
    // The model file is a learnedLinear configuration with the same parameters, inside the
    // stages it was trained and scored with (one gap rule: the family's history break is the
    // stages' gap limit).
    let decoded = try JSONDecoder().decode(PredictorConfiguration.self, from: try TrainReport.modelJSON(outcome.configuration))
    #expect(decoded == outcome.configuration)
    #expect(decoded.stages.gapLimitSeconds == 0.020)
    #expect(outcome.parameters.maximumGapSeconds == decoded.stages.gapLimitSeconds)
    guard case .learnedLinear(let parameters) = decoded.family else {
      Issue.record("family \(decoded.family.name)")
      return
    }
    #expect(parameters == outcome.parameters)
  }

  @Test("cross-fitting scores every writer once, each with a model that never saw them")
  func crossFitted() throws {
    let request = TrainRun.Request(
      horizons: [1.0 / 60], split: .leaveOneWriterOut, historyCounts: [2], lambdas: [1e-12], parts: 2)
    let outcome = try TrainRun.run(request, data: try Self.data())
    #expect(outcome.folds.count == 4)
    #expect(outcome.crossFittedWriters.sorted() == ["w0", "w1", "w2", "w3"])
    // The final model was fitted on every writer: none is a test writer of it.
    #expect(outcome.testWriters.isEmpty && outcome.trainWriters.sorted() == ["w0", "w1", "w2", "w3"])
    // 24 strokes of 40 samples at 120 Hz: issue points 4…37 at 16.7 ms (two samples ahead).
    #expect(outcome.heldOut[0].issuePoints == 24 * 34)

    // With separate test data (here 2 strokes of a fifth writer) the table is that data's alone:
    // the folds still choose K and λ, but their scores are not pooled into it.
    let test = try TuningData(traces: [
      Trace(
        metadata: TraceMetadata(source: "test", coordinateUnit: "u", millimetresPerUnit: 0.1),
        strokes: LearnedLinearTrainerTests.parabolas(count: 2, tau: 1.0 / 120, seed: 9, writer: "w9"))
    ])
    let withTest = try TrainRun.run(request, data: try Self.data(), testData: test)
    #expect(withTest.folds.count == 4)
    #expect(withTest.testWriters == ["w9"] && withTest.crossFittedWriters.isEmpty)
    #expect(withTest.heldOut[0].issuePoints == 2 * 34)
  }

  @Test("with a single training writer K and λ are chosen by folds of that writer's strokes")
  func singleWriter() throws {
    let data = try Self.data().restricted(to: ["w0", "w1"])
    let request = TrainRun.Request(horizons: [1.0 / 60], split: .leaveOneWriterOut, historyCounts: [2], lambdas: [1e-12])
    let outcome = try TrainRun.run(request, data: data)
    #expect(outcome.folds.count == 2)
    #expect(outcome.heldOut[0].mean < 1e-6)
  }

  @Test("no split and no test data is refused")
  func needsHeldOut() throws {
    #expect(throws: TrainRun.SetupError.self) {
      try TrainRun.run(TrainRun.Request(split: nil), data: try Self.data())
    }
  }
}
