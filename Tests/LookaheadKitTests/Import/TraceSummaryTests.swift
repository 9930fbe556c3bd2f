import Foundation
import LookaheadKit
import Testing

@Suite("Trace summary")
struct TraceSummaryTests {
  /// Two contact strokes with intervals 4, 4, 5 ms and 0, 10 ms, plus a hover run whose 1 ms
  /// intervals must not count: median of {0, 4, 4, 5, 10} = 4 ms, mean 23/5 = 4.6 ms.
  static let trace: Trace = {
    func stroke(_ times: [Double], hover: Bool = false, writer: String) -> Stroke {
      Stroke(writer: writer, samples: times.map {
        TraceSample(time: $0, x: 0, y: 0, pressure: hover ? nil : 0.5, phase: hover ? .hover : .move)
      })
    }
    var cleaning = CleaningReport()
    cleaning.add(StrokeCleaner.sameTimeRule, 3)
    return Trace(
      metadata: TraceMetadata(source: "hand", coordinateUnit: "px", cleaning: cleaning),
      strokes: [
        stroke([1.000, 1.004, 1.008, 1.013], writer: "b"),
        stroke([2.0, 2.001, 2.002], hover: true, writer: "b"),
        stroke([3.000, 3.000, 3.010], writer: "a"),
      ])
  }()

  @Test("counts, median and mean interval, rate, histogram, fields, writers, cleaning")
  func knownAnswers() throws {
    let summary = TraceSummary(Self.trace)
    #expect(summary.strokes == 3 && summary.contactStrokes == 2 && summary.hoverStrokes == 1)
    #expect(summary.samples == 10 && summary.contactSamples == 7)
    #expect(abs(summary.contactDurationSeconds - 0.023) < 1e-12)
    #expect(abs((summary.medianIntervalSeconds ?? 0) - 0.004) < 1e-12)
    #expect(abs((summary.meanIntervalSeconds ?? 0) - 0.0046) < 1e-12)
    #expect(abs((summary.measuredRateHz ?? 0) - 250) < 1e-6)
    let nonEmpty = summary.intervalHistogram.filter { $0.count > 0 }.map { ($0.lowerMilliseconds, $0.count) }
    #expect(nonEmpty.map(\.0) == [0, 4, 5, 10])
    #expect(nonEmpty.map(\.1) == [1, 2, 1, 1])
    #expect(summary.fields == ["t", "x", "y", "phase", "pressure", "hover"])
    #expect(summary.writers == ["b", "a"])
    #expect(summary.cleaning == [TraceSummary.RuleCount(rule: StrokeCleaner.sameTimeRule, count: 3)])
    let text = summary.text()
    #expect(text.contains("strokes:     3 (2 contact, 1 hover)"))
    #expect(text.contains("median dt 4.000 ms (250.0 Hz), mean dt 4.600 ms"))
    let back = try JSONDecoder().decode(TraceSummary.self, from: Data(try summary.json().utf8))
    #expect(back == summary)
  }

  @Test("strokes per pointer type, in PointerType order; a summary written before them reads without")
  func pointerTypes() throws {
    var trace = Self.trace
    trace.strokes[0].pointerType = .touch
    trace.strokes[2].pointerType = .pen
    let summary = TraceSummary(trace)
    #expect(summary.pointerTypes == [.init(pointerType: .pen, strokes: 1), .init(pointerType: .touch, strokes: 1),
      .init(pointerType: .unknown, strokes: 1)])
    #expect(summary.text().contains("\npointers:    1 pen, 1 touch, 1 unknown (strokes)\n"))
    var object = try #require(try JSONSerialization.jsonObject(with: Data(try summary.json().utf8)) as? [String: Any])
    object["pointerTypes"] = nil
    let old = try JSONDecoder().decode(TraceSummary.self, from: try JSONSerialization.data(withJSONObject: object))
    #expect(old.pointerTypes == nil)
    #expect(!old.text().contains("pointers:"))
  }
}
