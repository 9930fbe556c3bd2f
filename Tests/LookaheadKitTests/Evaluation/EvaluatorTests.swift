import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@Suite("Evaluation: replay + predictor + metrics")
struct EvaluatorTests {
  static let speed = 200.0
  static let lastTime = 119.0 / 240

  /// A straight stroke at a constant 200 units/s sampled at exactly 240 Hz, 1 unit = 1 mm.
  static func lineTrace(strokes: Int = 3) -> Trace {
    let stroke = Stroke(writer: "w", samples: (0..<120).map { i in
      let t = Double(i) / 240
      return TraceSample(time: t, x: speed * t, y: 0, phase: i == 0 ? .down : (i == 119 ? .up : .move))
    })
    return Trace(
      metadata: TraceMetadata(source: "line", coordinateUnit: "mm", millimetresPerUnit: 1),
      strokes: Array(repeating: stroke, count: strokes))
  }

  /// Every prediction shown while the pen still moves, for a predictor on the line trace.
  static func movingRecords(_ make: () -> any Predictor) throws -> [Evaluator.Record] {
    let evaluator = Evaluator(replay: try Replay(profile: .pencil240ProMotion120, seed: 1))
    var records: [Evaluator.Record] = []
    _ = try evaluator.evaluate(lineTrace(), makePredictor: make) { record in
      if record.frame.presentationTime <= lastTime { records.append(record) }
    }
    return records
  }

  @Test("linear extrapolation on a constant-speed line has no error and saves the whole horizon")
  func linearOnLine() throws {
    let records = try Self.movingRecords { LinearPredictor() }.filter { !$0.outcome.declined }
    #expect(records.count > 100)
    for record in records {
      let error = (record.outcome.errorX * record.outcome.errorX + record.outcome.errorY * record.outcome.errorY).squareRoot()
      #expect(error < 1e-9)
      #expect(abs(record.outcome.latencySaved - record.frame.presentedHorizon) < 1e-9)
    }
  }

  @Test("hold on a constant-speed line is late by exactly speed × presented horizon, and saves nothing")
  func holdOnLine() throws {
    let records = try Self.movingRecords { HoldPredictor() }
    #expect(records.count > 100)
    for record in records {
      let error = (record.outcome.errorX * record.outcome.errorX + record.outcome.errorY * record.outcome.errorY).squareRoot()
      #expect(abs(error - Self.speed * record.frame.presentedHorizon) < 1e-9)
      #expect(abs(record.outcome.latencySaved) < 1e-9)
    }
  }

  @Test("the scorecard is identical, to the bit, on one core, two cores and the recording path")
  func deterministicAcrossCores() throws {
    let trace = try DatasetRegistry.load("Inkable-ApplePencil")
    let replay = try Replay(profile: .pencil240ProMotion120, seed: 7)
    let make: @Sendable () -> any Predictor = { LinearPredictor() }
    let one = try Evaluator(replay: replay, parts: 1).evaluate(trace, makePredictor: make)
    let two = try Evaluator(replay: replay, parts: 2).evaluate(trace, makePredictor: make)
    let recorded = try Evaluator(replay: replay).evaluate(trace, makePredictor: make) { _ in }
    let (sameTwo, sameRecorded, count) = (one == two, one == recorded, one.predictionCount)
    #expect(sameTwo)
    #expect(sameRecorded)
    #expect(count > 250)  // 571 samples at 240 Hz, one prediction per 120 Hz frame
  }

  @Test("an evaluator reusing its scorers gives what fresh ones give, whatever it scored before")
  func reusedScorersForgetEarlierRuns() throws {
    let inkable = try DatasetRegistry.load("Inkable-ApplePencil")
    let line = Self.lineTrace(strokes: 5)
    let replay = try Replay(profile: .pencil240ProMotion120, seed: 7)
    let linear: @Sendable () -> any Predictor = { LinearPredictor() }
    let hold: @Sendable () -> any Predictor = { HoldPredictor() }
    for parts in [1, 2] {
      let fresh = try Evaluator(replay: replay, parts: parts).evaluate(inkable, makePredictor: linear)
      let freshLine = try Evaluator(replay: replay, parts: parts).evaluate(line, makePredictor: hold)
      let reused = Evaluator(replay: replay, parts: parts)
      let first = try reused.evaluate(inkable, makePredictor: linear)
      let between = try reused.evaluate(line, makePredictor: hold)
      let again = try reused.evaluate(inkable, makePredictor: linear)
      let recorded = try reused.evaluate(inkable, makePredictor: linear) { _ in }
      let same = (first == fresh, between == freshLine, again == fresh, recorded == fresh)
      #expect(same.0, "parts \(parts)")
      #expect(same.1, "parts \(parts)")
      #expect(same.2, "parts \(parts)")
      #expect(same.3, "parts \(parts)")
    }
  }
}
