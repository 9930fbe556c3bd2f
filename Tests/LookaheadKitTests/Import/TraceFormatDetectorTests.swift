import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("Format detection")
struct TraceFormatDetectorTests {
  @Test("every bundled file is detected as its format, from content alone", arguments: [
    ("Inkable-ApplePencil/Tests/InkableTests/events.json", TraceSourceFormat.inkableJSON),
    ("Henze2017-MobileHCI/data/PaintTasks-participant3.txt", .henze2017),
  ])
  func bundledFiles(path: String, format: TraceSourceFormat) throws {
    let data = try Data(contentsOf: try SharedDatasets.file(path))
    #expect(TraceFormatDetector.detect(data: data, fileName: "renamed.bin") == format)
  }

  @Test("every shared file is detected as its format, from content alone",
        .needsShared("TurboTouch-Nancel2018", "SVC2004-Task2", "WacomMSP13-HandwritingSpeed"), arguments: [
    ("TurboTouch-Nancel2018/strokes.csv", TraceSourceFormat.turboTouchStrokes),
    ("TurboTouch-Nancel2018/strokesPredicted64GroundTruth.csv", .turboTouchPredicted),
    ("TurboTouch-Nancel2018/optimization/OptitrackData/data.csv", .turboTouchOptitrack),
    ("SVC2004-Task2/Task2/U5S10.TXT", .svc2004),
    ("WacomMSP13-HandwritingSpeed/Wacom_speed/ID0002-0884_20191126103630/mondat-gyors_tempoval-1.csv", .wacomMSP13),
  ])
  func sharedFiles(path: String, format: TraceSourceFormat) throws {
    let data = try Data(contentsOf: try SharedDatasets.require(path))
    #expect(TraceFormatDetector.detect(data: data, fileName: "renamed.bin") == format)
  }

  @Test("a Lookahead trace file is detected")
  func traceFile() throws {
    let trace = Trace(metadata: TraceMetadata(source: "s", coordinateUnit: "px"),
      strokes: [Stroke(samples: [TraceSample(time: 0, x: 1, y: 2, phase: .down)])])
    let data = Data(try TraceFileWriter.text(of: trace).utf8)
    #expect(TraceFormatDetector.detect(data: data, fileName: "x") == .lookaheadTrace)
  }

  @Test("an empty or truncated file falls back on its name", arguments: [
    ("U3S14.TXT", TraceSourceFormat.svc2004), ("WriteTasks-participant2.txt", .henze2017),
    ("events.json", .inkableJSON), ("capture_01_1.csv", .wacomMSP13), ("strokes.csv", .turboTouchStrokes),
  ])
  func byName(name: String, format: TraceSourceFormat) {
    #expect(TraceFormatDetector.detect(data: Data(), fileName: name) == format)
  }

  @Test("an unknown format names the file, line 1 and the accepted formats")
  func unknown() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-unknown-\(UInt64.random(in: 0...UInt64.max)).dat")
    try Data("hello, world\n1 2 3\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(TraceFormatDetector.detect(data: try Data(contentsOf: url), fileName: url.lastPathComponent) == nil)
    let error = #expect(throws: TraceInputError.self) { try TraceLoader.load(url: url) }
    #expect(error?.file == url.path)
    #expect(error?.location == .line(1))
    #expect(error?.field == "format")
    #expect(error?.problem.contains("svc2004") == true)
    // A recording of one's own is the likeliest unknown file: the message says how to map it.
    #expect(error?.problem.contains("FILE:t=COLUMN:ms,x=COLUMN,y=COLUMN") == true)
    #expect(error?.problem.contains("FILE:mapping=MAPFILE") == true)
  }
}
