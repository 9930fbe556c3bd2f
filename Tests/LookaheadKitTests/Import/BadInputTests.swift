import Foundation
import LookaheadKit
import Testing

/// Every kind of bad input gives a ``TraceInputError`` naming the file, the line (or JSON path)
/// and the field, and says what was expected.
@Suite("Importers reject bad input with file, line and field")
struct BadInputTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var format: TraceSourceFormat
    var fileName: String
    var text: String
    var location: TraceInputError.Location
    var field: String?
    var problemContains: String
    var options = ImportOptions()
    var testDescription: String { name }
  }

  static let henzeGood = """
    1;1000;10.5;20.5;0.4;0
    2;1017;11.5;21.5;0.4;2
    3;1034;12.5;22.5;0.4;1

    """
  static let svcHeader = "3\r\n"
  static let wacomHeader = "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n"
  static let inkableEvent = """
    {"touchIdentifier":"A","type":2,"phase":0,"timestamp":1.0,"location":[1,2],"force":1,
    "maximumPossibleForce":4,"altitudeAngle":1.5,"azimuth":0.2,"estimationUpdateIndex":1,
    "estimatedProperties":1,"isUpdate":false,"isPrediction":false}
    """

  /// A trace file (`Docs/TraceFormat.md`) whose 8 header lines are followed by `samples`, one per
  /// line from line 9.
  static func traceFile(samples: [String]) -> String {
    """
    # lookahead-trace: 1
    # source: s
    # device: d
    # digitizer_rate_hz: unknown
    # coordinate_unit: px
    # millimetres_per_unit: unknown
    # licence: l
    record,stroke,index,t,x,y,pressure,altitude,azimuth,phase,estimated,property,value,estimated_value,arrival_t,writer,origin

    """ + samples.map { $0 + "\n" }.joined()
  }

  static let cases: [Case] = [
    Case(name: "Henze: truncated line", format: .henze2017, fileName: "WriteTasks-participant1.txt",
      text: "1;1000;10.5;20.5;0.4;0\n2;1017;11.5", location: .line(2), field: "y", problemContains: "truncated"),
    Case(name: "Henze: non-numeric x", format: .henze2017, fileName: "h.txt",
      text: "1;1000;abc;20.5;0.4;0\n", location: .line(1), field: "x", problemContains: "'abc'"),
    Case(name: "Henze: NaN", format: .henze2017, fileName: "h.txt",
      text: henzeGood + "4;1040;nan;1;0.4;0\n", location: .line(4), field: "x", problemContains: "not a finite"),
    Case(name: "Henze: infinity by overflow", format: .henze2017, fileName: "h.txt",
      text: "1;1000;1e999;20.5;0.4;0\n", location: .line(1), field: "x", problemContains: "not finite"),
    Case(name: "Henze: empty field", format: .henze2017, fileName: "h.txt",
      text: "1;;1;20.5;0.4;0\n", location: .line(1), field: "uptime_ms", problemContains: "empty"),
    Case(name: "Henze: unknown action", format: .henze2017, fileName: "h.txt",
      text: "1;1000;1;2;0.4;7\n", location: .line(1), field: "action", problemContains: "not an action"),
    Case(name: "Henze raw: time going backwards", format: .henze2017, fileName: "h.txt",
      text: "1;1000;1;2;0.4;0\n1;990;1;3;0.4;1\n", location: .line(2), field: "time",
      problemContains: "backwards", options: ImportOptions(raw: true)),
    Case(name: "TurboTouch: wrong header", format: .turboTouchStrokes, fileName: "strokes.csv",
      text: "When,X,Y\n1,2,3\n", location: .line(1), field: "header", problemContains: "expected 'When,X,Y,Type'"),
    Case(name: "TurboTouch: empty file", format: .turboTouchStrokes, fileName: "strokes.csv",
      text: "", location: .file, field: nil, problemContains: "empty"),
    Case(name: "TurboTouch: unknown type", format: .turboTouchStrokes, fileName: "strokes.csv",
      text: "When,X,Y,Type\n1000,1.0,2.0,HOVER\n", location: .line(2), field: "Type", problemContains: "not DOWN"),
    Case(name: "TurboTouch: fractional nanoseconds", format: .turboTouchStrokes, fileName: "strokes.csv",
      text: "When,X,Y,Type\n1000.5,1.0,2.0,DOWN\n", location: .line(2), field: "When", problemContains: "not an integer"),
    Case(name: "TurboTouch predicted: missing predY", format: .turboTouchPredicted, fileName: "p.csv",
      text: "When,X,Y,Typestate,predX,predY\n1000,1,2,DOWN,1\n", location: .line(2), field: "predY", problemContains: "missing"),
    Case(name: "SVC: truncated (fewer rows than N)", format: .svc2004, fileName: "U1S1.TXT",
      text: svcHeader + "1 2 100 0 10 900 5\r\n1 2 110 1 10 900 5\r\n", location: .line(4), field: "N", problemContains: "truncated"),
    Case(name: "SVC: more rows than N", format: .svc2004, fileName: "U1S1.TXT",
      text: "1\r\n1 2 100 0 10 900 5\r\n1 2 110 1 10 900 5\r\n", location: .line(3), field: "N", problemContains: "more lines"),
    Case(name: "SVC: non-numeric pressure", format: .svc2004, fileName: "U1S1.TXT",
      text: "1\r\n1 2 100 0 10 900 x\r\n", location: .line(2), field: "pressure", problemContains: "not an integer"),
    Case(name: "SVC: missing field", format: .svc2004, fileName: "U1S1.TXT",
      text: "1\r\n1 2 100 0 10 900\r\n", location: .line(2), field: "pressure", problemContains: "missing"),
    Case(name: "SVC: empty file", format: .svc2004, fileName: "U1S1.TXT",
      text: "", location: .file, field: "N", problemContains: "empty"),
    Case(name: "SVC raw: time going backwards", format: .svc2004, fileName: "U1S1.TXT",
      text: "2\r\n1 2 100 1 10 900 5\r\n1 2 95 1 10 900 5\r\n", location: .line(3), field: "time",
      problemContains: "backwards", options: ImportOptions(raw: true)),
    Case(name: "Wacom: unknown event type", format: .wacomMSP13, fileName: "capture_01_x.csv",
      text: wacomHeader + "2;100;1;2;3;900;0;0\n", location: .line(2), field: "EventType", problemContains: "not 1"),
    Case(name: "Wacom: truncated line", format: .wacomMSP13, fileName: "capture_01_x.csv",
      text: wacomHeader + "1;100;1;2;3;900;0;0\n1;105;1;2", location: .line(3), field: "P", problemContains: "truncated"),
    Case(name: "Wacom: header only half there", format: .wacomMSP13, fileName: "capture_01_x.csv",
      text: "EventType;T;X", location: .line(1), field: "header", problemContains: "expected"),
    Case(name: "Inkable: truncated JSON", format: .inkableJSON, fileName: "e.json",
      text: "[" + inkableEvent.dropLast(20), location: .jsonPath("$"), field: nil, problemContains: "not valid JSON"),
    Case(name: "Inkable: missing field", format: .inkableJSON, fileName: "e.json",
      text: "[" + inkableEvent.replacingOccurrences(of: "\"timestamp\":1.0,", with: "") + "]",
      location: .jsonPath("$[0].timestamp"), field: "timestamp", problemContains: "missing"),
    Case(name: "Inkable: non-numeric location", format: .inkableJSON, fileName: "e.json",
      text: "[" + inkableEvent.replacingOccurrences(of: "[1,2]", with: "[1,\"2\"]") + "]",
      location: .jsonPath("$[0].location[1]"), field: "location", problemContains: "found a string"),
    Case(name: "Inkable: boolean where a number belongs", format: .inkableJSON, fileName: "e.json",
      text: "[" + inkableEvent + "," + inkableEvent.replacingOccurrences(of: "\"force\":1", with: "\"force\":true") + "]",
      location: .jsonPath("$[1].force"), field: "force", problemContains: "found a boolean"),
    Case(name: "Inkable: not an array", format: .inkableJSON, fileName: "e.json",
      text: inkableEvent, location: .jsonPath("$"), field: nil, problemContains: "top-level array"),
    // Times beyond ``TraceTimeLimit``: one corrupted integer used to make the replay step
    // forever (ms / 1000 = 1e13 s is 1.2e15 refreshes at 120 Hz).
    Case(name: "Henze: uptime beyond the time limit", format: .henze2017, fileName: "h.txt",
      text: henzeGood + "4;10000000000000000;1;2;0.4;0\n", location: .line(4), field: "time",
      problemContains: "beyond ±1e10 s"),
    Case(name: "Wacom: T beyond the time limit", format: .wacomMSP13, fileName: "capture_01_x.csv",
      text: wacomHeader + "1;100;1;2;3;900;0;0\n1;-90000000000000;1;2;3;900;0;0\n", location: .line(3), field: "time",
      problemContains: "beyond ±1e10 s"),
    Case(name: "Henze: x beyond the position limit", format: .henze2017, fileName: "h.txt",
      text: "1;1000;10.5;20.5;0.4;0\n2;1017;1e200;21.5;0.4;2\n3;1034;12.5;22.5;0.4;1\n", location: .line(2), field: "x",
      problemContains: "beyond ±1e12 units"),
    Case(name: "Trace file: y beyond the position limit", format: .lookaheadTrace, fileName: "t.lktrace.csv",
      text: traceFile(samples: ["sample,0,0,1.0,0,0,,,,down,0,,,,,,", "sample,0,1,1.5,0,3e15,,,,up,0,,,,,,"]),
      location: .line(10), field: "y", problemContains: "beyond ±1e12 units"),
    // Recorded predictions are scored as positions too (`--predictor recorded`): one of 1e300
    // made a scorecard of dashes, exit 0.
    Case(name: "Trace file: prediction x beyond the position limit", format: .lookaheadTrace, fileName: "t.lktrace.csv",
      text: traceFile(samples: ["sample,0,0,1.0,0,0,,,,down,0,,,,,,", "prediction,0,0,1.1,1e300,0,,,,,,,,,,,"]),
      location: .line(10), field: "x", problemContains: "beyond ±1e12 units"),
    Case(name: "Inkable: prediction location beyond the position limit", format: .inkableJSON, fileName: "e.json",
      text: "[" + inkableEvent + "," + inkableEvent.replacingOccurrences(of: "[1,2]", with: "[1e300,2]")
        .replacingOccurrences(of: "\"isPrediction\":false", with: "\"isPrediction\":true") + "]",
      location: .jsonPath("$[1].location[0]"), field: "location", problemContains: "beyond ±1e12 units"),
    Case(name: "TurboTouch predicted: predY beyond the position limit", format: .turboTouchPredicted, fileName: "p.csv",
      text: "When,X,Y,Typestate,predX,predY\n1000,1,2,DOWN,1,2\n2000,1,2,UP,1,-1e300\n",
      location: .line(3), field: "prediction y", problemContains: "beyond ±1e12 units"),
    Case(name: "Inkable: timestamp near 1e300", format: .inkableJSON, fileName: "e.json",
      text: "[" + inkableEvent.replacingOccurrences(of: "\"timestamp\":1.0", with: "\"timestamp\":1e300") + "]",
      location: .jsonPath("$[0].timestamp"), field: "timestamp", problemContains: "beyond ±1e10 s"),
    Case(name: "Inkable: force over maximum force overflows", format: .inkableJSON, fileName: "e.json",
      text: "[" + inkableEvent.replacingOccurrences(of: "\"force\":1,", with: "\"force\":1e300,")
        .replacingOccurrences(of: "\"maximumPossibleForce\":4", with: "\"maximumPossibleForce\":1e-300") + "]",
      location: .jsonPath("$[0].force"), field: "force", problemContains: "not finite"),
    Case(name: "Trace file: time going backwards", format: .lookaheadTrace, fileName: "t.lktrace.csv",
      text: traceFile(samples: ["sample,0,0,1.0,0,0,,,,down,0,,,,,,", "sample,0,1,0.5,0,0,,,,up,0,,,,,,"]),
      location: .line(10), field: "t", problemContains: "backwards"),
  ]

  @Test("bad input fails with its file, line or JSON path, field and problem", arguments: cases)
  func badInput(_ item: Case) throws {
    let url = URL(fileURLWithPath: "/data/\(item.fileName)")
    let error = #expect(throws: TraceInputError.self) {
      try item.format.importer.importTrace(data: Data(item.text.utf8), file: url, options: item.options)
    }
    #expect(error?.file == url.path)
    #expect(error?.location == item.location)
    #expect(error?.field == item.field)
    #expect(error?.problem.contains(item.problemContains) == true, "\(error?.description ?? "no error")")
  }

  @Test("time going backwards inside a stroke is dropped and counted as R1 when cleaning")
  func backwardsIsCleaned() throws {
    let text = "1;1000;1;2;0.4;0\n1;990;1;3;0.4;2\n1;1017;1;4;0.4;1\n"
    let trace = try Henze2017Importer().importTrace(data: Data(text.utf8), file: URL(fileURLWithPath: "/h.txt"))
    #expect(trace.strokes.map(\.samples.count) == [2])
    #expect(trace.metadata.cleaning[StrokeCleaner.outOfOrderRule] == 1)
  }

  @Test("R2 keeps the last row of a same-time run and R3 drops a 1 ms repeat of the position")
  func sameTimeAndDuplicates() throws {
    let text = WacomHeader.text + """
      1;100;10;20;5;900;0;0
      1;100;11;21;5;900;0;0
      1;101;11;21;6;900;0;0
      1;106;12;22;7;900;0;0

      """
    let trace = try WacomMSP13Importer().importTrace(data: Data(text.utf8), file: URL(fileURLWithPath: "/ID0009-1/capture_01_1.csv"))
    let samples = try #require(trace.strokes.first?.samples)
    // Portrait rotation: x = Y, y = -X.
    #expect(samples.map(\.x) == [21, 22])
    #expect(samples.map(\.y) == [-11, -12])
    #expect(samples.map(\.phase) == [.down, .up])
    #expect(trace.metadata.cleaning[StrokeCleaner.sameTimeRule] == 1)
    #expect(trace.metadata.cleaning[StrokeCleaner.duplicatePositionRule] == 1)
    #expect(trace.writers == ["ID0009"])
  }

  @Test("hover runs become separate hover strokes, cleaned under their own rule names")
  func hover() throws {
    let text = WacomHeader.text + """
      3;90;1;1;0;900;0;100
      3;90;1;2;0;900;0;100
      1;95;2;2;5;900;0;0
      1;100;3;3;5;900;0;0
      3;105;4;4;0;900;0;50

      """
    let trace = try WacomMSP13Importer().importTrace(data: Data(text.utf8), file: URL(fileURLWithPath: "/c.csv"))
    #expect(trace.strokes.map(\.isHover) == [true, false, true])
    #expect(trace.strokes.map(\.samples.count) == [1, 2, 1])
    #expect(trace.metadata.cleaning[StrokeCleaner.sameTimeRule + " (hover)"] == 1)
    #expect(trace.metadata.cleaning[StrokeCleaner.sameTimeRule] == 0)
  }

  @Test("SVC splits at button 0 and at gaps over 30 ms, and counts both")
  func svcSplit() throws {
    let text = "5\r\n1 1 100 0 0 900 0\r\n2 2 110 1 0 900 0\r\n3 3 141 1 0 900 0\r\n4 4 151 0 0 900 0\r\n5 5 161 1 0 900 1023\r\n"
    let trace = try SVC2004Importer().importTrace(data: Data(text.utf8), file: URL(fileURLWithPath: "/U7S3.TXT"))
    #expect(trace.strokes.map(\.samples.count) == [2, 1, 2])
    #expect(trace.metadata.cleaning[SVC2004Importer.gapSplitRule] == 1)
    #expect(trace.metadata.cleaning[SVC2004Importer.buttonSplitRule] == 1)
    #expect(trace.strokes.last?.samples.last?.pressure == 1)
    #expect(trace.strokes.last?.samples.last?.y == -5)
    #expect(trace.writers == ["U7"])
  }
}

enum WacomHeader {
  static let text = "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n"
}
