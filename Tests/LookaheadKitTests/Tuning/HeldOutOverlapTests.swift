import Foundation
import LookaheadKit
import Testing

/// `--test` data that repeats strokes of the training data is refused, naming the writers and how
/// many strokes; data that only shares a writer's name or a source name is not.
@Suite("held-out data shares no stroke with the training data")
struct HeldOutOverlapTests {
  static func stroke(_ writer: String?, speed: Double) -> Stroke {
    Stroke(writer: writer, samples: (0..<20).map { i in
      let t = Double(i) / 120
      return TraceSample(time: t, x: speed * t, y: 2 * speed * t)
    })
  }

  static func data(_ strokes: [Stroke], source: String = "lines") throws -> TuningData {
    try TuningData(traces: [Trace(metadata: TraceMetadata(source: source, coordinateUnit: "u", millimetresPerUnit: 1), strokes: strokes)])
  }

  @Test("a writer subset of the training data is refused, with each shared writer's stroke count")
  func subsetRefused() throws {
    let a = [Self.stroke("A", speed: 100), Self.stroke("A", speed: 110)]
    let b = [Self.stroke("B", speed: 200)]
    let training = try Self.data(a + b)
    let error = #expect(throws: HeldOutOverlap.self) { try HeldOutOverlap.check(test: try Self.data(a), training: training) }
    #expect(error?.sharedByWriter.map(\.writer) == ["A of lines"])
    #expect(error?.sharedByWriter.map(\.strokes) == [2])
    #expect(error?.description.hasPrefix("--test data is not held out: 2 of its 2 strokes are also in the training datasets (A of lines: 2)") == true)

    let mixed = try Self.data([Self.stroke("C", speed: 300)] + b + [Self.stroke(nil, speed: 5)])
    let second = #expect(throws: HeldOutOverlap.self) {
      try HeldOutOverlap.check(test: mixed, training: try Self.data(b + [Self.stroke(nil, speed: 5)]))
    }
    #expect(second?.sharedByWriter.map(\.writer) == ["B of lines", "no writer, lines"])
    #expect(second?.description.contains("2 of its 3 strokes") == true)
  }

  @Test("other writers, another recording by a writer of the same name, or no --test data pass")
  func disjointPasses() throws {
    let training = try Self.data([Self.stroke("A", speed: 100), Self.stroke("B", speed: 200)])
    try HeldOutOverlap.check(test: try Self.data([Self.stroke("C", speed: 100)]), training: training)
    try HeldOutOverlap.check(test: try Self.data([Self.stroke("A", speed: 101)]), training: training)
    try HeldOutOverlap.check(test: nil, training: training)
  }
}
