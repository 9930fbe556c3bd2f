import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// Times in the wrong unit are refused at load, whatever the format, with the likely fix.
@Suite("Implausible sample intervals")
struct SampleIntervalCheckTests {
  /// A trace file whose `t` column holds milliseconds: before the check it loaded, and every
  /// predictor then scored a "perfect" error with everything declined.
  @Test("a trace file with times in milliseconds is refused, saying they look like milliseconds")
  func traceFileInMilliseconds() throws {
    let samples = (0..<20).map { TraceSample(time: 1000 + 8 * Double($0), x: Double($0), y: 0) }
    let trace = Trace(metadata: TraceMetadata(source: "ms", coordinateUnit: "px"), strokes: [Stroke(samples: samples)])
    let url = try DelimitedTextImporterTests.temporaryFile("ms.lktrace.csv", try TraceFileWriter.text(of: trace))
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    do {
      _ = try DatasetRegistry.load(url.path)
      Issue.record("a trace with 8-second sample intervals was accepted")
    } catch let error as TraceInputError {
      #expect(error.file == url.path && error.field == "t")
      #expect(error.problem.contains("the median interval between samples is 8 s"), "\(error)")
      #expect(error.problem.contains("the times look like milliseconds: the t column must be seconds; convert it from ms"), "\(error)")
    }
    // The same samples in seconds load.
    var seconds = trace
    seconds.strokes[0].samples = samples.map { var s = $0; s.time /= 1000; return s }
    let good = try DelimitedTextImporterTests.temporaryFile("s.lktrace.csv", try TraceFileWriter.text(of: seconds))
    defer { try? FileManager.default.removeItem(at: good.deletingLastPathComponent()) }
    #expect(try DatasetRegistry.load(good.path).sampleCount == 20)
  }

  /// Median intervals (as read) against the verdict: the accepted range is 0.1 ms…250 ms.
  @Test("the verdict and the suggested unit for a mapped file", arguments: [
    (8.0, "s", "declare t=time:ms"),          // 125 Hz in ms, declared s
    (0.5, "s", "declare t=time:ms"),          // 2 kHz in ms, declared s
    (8333.0, "s", "declare t=time:us"),       // 120 Hz in µs, declared s
    (8_333_333.0, "s", "declare t=time:ns"),  // 120 Hz in ns, declared s
    (0.0333, "ms", "declare t=time:s"),       // 30 Hz in s, declared ms
    (4167.0, "ms", "declare t=time:us"),      // 240 Hz in µs, declared ms
  ])
  func refused(intervalAsWritten: Double, declared: String, fix: String) throws {
    var csv = "time,x,y,id\n"
    for index in 0..<10 { csv += "\(Double(index) * intervalAsWritten),\(index),0,a\n" }
    let url = try DelimitedTextImporterTests.temporaryFile("rows.csv", csv)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    do {
      _ = try DatasetRegistry.load(url.path + ":t=time:\(declared),x,y,stroke=id")
      Issue.record("accepted \(intervalAsWritten) \(declared)")
    } catch let error as TraceInputError {
      #expect(error.field == "t")
      #expect(error.problem.hasSuffix(fix + " in the mapping"), "\(error)")
    }
  }

  @Test("digitizer rates from 4 Hz to 10 kHz pass", arguments: [0.25, 0.0333, 0.008, 0.0005, 0.0001])
  func accepted(intervalSeconds: Double) throws {
    let samples = (0..<10).map { TraceSample(time: Double($0) * intervalSeconds, x: 0, y: 0) }
    let trace = Trace(metadata: TraceMetadata(source: "s", coordinateUnit: "px"), strokes: [Stroke(samples: samples)])
    try SampleIntervalCheck.check(trace, file: "f") { _ in "" }
    #expect(SampleIntervalCheck.medianInterval(of: trace).map { abs($0 - intervalSeconds) < 1e-12 } == true)
  }

  @Test("the median ignores zero intervals and pauses between strokes; one-sample strokes pass")
  func median() throws {
    let stroke = Stroke(samples: [0, 0.004, 0.004, 0.012, 0.020, 5.0].map { TraceSample(time: $0, x: 0, y: 0) })
    let trace = Trace(metadata: TraceMetadata(source: "s", coordinateUnit: "px"), strokes: [stroke])
    // Positive intervals 0.004, 0.008, 0.008, 4.98: median (0.008 + 0.008) / 2.
    #expect(SampleIntervalCheck.medianInterval(of: trace) == 0.008)
    let single = Trace(metadata: TraceMetadata(source: "s", coordinateUnit: "px"), strokes: [Stroke(samples: [TraceSample(time: 7, x: 0, y: 0)])])
    #expect(SampleIntervalCheck.medianInterval(of: single) == nil)
    try SampleIntervalCheck.check(single, file: "f") { _ in "" }
  }
}
