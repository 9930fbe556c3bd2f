import LookaheadKit
import Testing

@Suite("ReplaySummary")
struct ReplaySummaryTests {
  /// Two 240 Hz strokes of 49 samples on a 120 Hz display with the phase 1 ms: 25 frames each, the
  /// first delivering 1 sample and the rest 2 (see ReplayTests); horizons 1 ms + 2/120 s except the
  /// first frame, whose newest sample is 1 ms old too: all 17.667 ms.
  @Test func summarisesATraceAndWritesParsableCSV() throws {
    let stroke = Stroke(samples: (0..<49).map { TraceSample(time: Double($0) / 240, x: Double($0), y: 0) })
    let hover = Stroke(samples: [TraceSample(time: 0, x: 0, y: 0, phase: .hover)])
    let trace = Trace(metadata: TraceMetadata(source: "test", coordinateUnit: "px"), strokes: [stroke, hover, stroke])
    let profile = DeviceProfile(name: "t", display: .init(rateHz: 120, phaseOffsetSeconds: 0.001))
    var rows: [String] = []
    let summary = try ReplaySummary.replay(trace, with: try Replay(profile: profile)) { index, frame in
      rows.append(frame.csvRow(strokeIndex: index))
    }
    #expect(summary.strokes == 2)
    #expect(summary.frames == 50)
    #expect(summary.deliveredSamples == 98)
    #expect(abs(summary.samplesPerFrame - 1.96) < 1e-12)
    let h = summary.horizon
    #expect(abs(h.min - (0.001 + 2.0 / 120)) < 1e-9 && abs(h.max - (0.001 + 2.0 / 120)) < 1e-9)
    // Header and rows agree in width; stroke 2 (after the hover run) keeps its index.
    let columns = ReplayFrame.csvHeader.split(separator: ",").count
    #expect(rows.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == columns })
    #expect(rows[25].hasPrefix("2,0,"))
    let fields = rows[1].split(separator: ",").map(String.init)
    #expect(fields[3] == "1" && fields[4] == "2" && fields[5] == "2")
    #expect(fields[9] == "17.667" && fields[10] == "0")
  }
}
