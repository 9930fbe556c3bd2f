import LookaheadKit
import LookaheadRuntime
import Testing

@Suite("TuningData: flat cleaned samples and stroke runs balanced by samples")
struct TuningDataRunsTests {
  /// Six strokes of 10, 10, 10, 10, 100 and 20 samples (one writer; 240 Hz).
  static func data() throws -> TuningData {
    let lengths = [10, 10, 10, 10, 100, 20]
    let strokes = lengths.map { n in
      Stroke(writer: "w", samples: (0..<n).map { i in
        TraceSample(time: 5 + Double(i) / 240, x: Double(i), y: 0, phase: i == 0 ? .down : (i == n - 1 ? .up : .move))
      })
    }
    return try TuningData(traces: [Trace(metadata: TraceMetadata(source: "t", coordinateUnit: "u"), strokes: strokes)])
  }

  @Test("each stroke's cleaned samples sit in one array, times from the stroke's first sample")
  func flatSamples() throws {
    let data = try Self.data()
    #expect(data.cleanedStarts == [0, 10, 20, 30, 40, 140, 160])
    #expect(data.cleanedSamples.count == 160)
    let fifth = data.cleaned(4)
    #expect(fifth.count == 100 && fifth.first?.time == 0 && fifth.last?.x == 99)
  }

  @Test("runs are contiguous, cover every stroke once and split the samples, not the strokes")
  func runs() throws {
    let data = try Self.data()
    // 160 samples: the first stroke boundary at or past 80 is the one after the long stroke.
    #expect(data.strokeRuns(parts: 2) == [0..<5, 5..<6])
    #expect(data.strokeRuns(parts: 1) == [0..<6])
    // At most one run per stroke, none empty.
    #expect(data.strokeRuns(parts: 10) == (0..<6).map { $0..<($0 + 1) })
    #expect(data.strokeRuns(parts: 3) == [0..<4, 4..<5, 5..<6])
  }
}
