import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// Writes recorder session files (format `lookahead-browser-recording` v1) as the page does, so
/// that tests state what a browser delivered and compare what the importer makes of it.
struct RecorderSession {
  var calibration = #"{"method":"none"}"#
  var userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"
  var writer = ""
  var frames: [Double] = []
  var events: [String] = []

  /// A number as JavaScript's JSON.stringify writes it (whole numbers without a fraction).
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }

  /// One sample object; `extra` adds fields such as `"tiltX":10`.
  static func sample(_ time: Double, _ x: Double, _ y: Double, pressure: Double? = 0.5, extra: String = "") -> String {
    var text = #"{"timeStamp":\#(number(time)),"x":\#(number(x)),"y":\#(number(y)),"pressure":\#(pressure.map { number($0) } ?? "null")"#
    if !extra.isEmpty { text += "," + extra }
    return text + "}"
  }

  mutating func event(
    _ type: String, id: Int, pointer: String, buttons: Int, samples: [String], predicted: [String] = [],
    received: Double? = nil
  ) {
    let stamp = samples.last.flatMap { $0.split(separator: ",").first?.split(separator: ":").last } ?? "0"
    events.append(#"{"type":"\#(type)","timeStamp":\#(stamp),"received":\#(Self.number(received ?? (Double(stamp) ?? 0) + 3)),"#
      + #""pointerId":\#(id),"pointerType":"\#(pointer)","isPrimary":true,"buttons":\#(buttons),"#
      + #""samples":[\#(samples.joined(separator: ","))],"predicted":[\#(predicted.joined(separator: ","))]}"#)
  }

  var json: String {
    #"{"format":"lookahead-browser-recording","version":1,"startedAt":"2026-11-24T05:00:00Z","timeOrigin":0,"#
      + #""userAgent":"\#(userAgent)","devicePixelRatio":2,"screen":{"width":1280,"height":800},"#
      + #""supports":{"coalescedEvents":true,"predictedEvents":true},"calibration":\#(calibration),"#
      + #""writer":"\#(writer)","tasks":[],"frames":[\#(frames.map(Self.number).joined(separator: ","))],"#
      + #""events":[\#(events.joined(separator: ","))]}"#
  }

  func load(options: ImportOptions = ImportOptions(), name: String = "session.json") throws -> Trace {
    let url = try DelimitedTextImporterTests.temporaryFile(name, json)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    return try TraceLoader.load(url: url, options: options)
  }
}

@Suite("Browser recording importer")
struct BrowserRecordingImporterTests {
  /// A pen hovers, touches down, draws a straight line at 240 Hz delivered two coalesced samples
  /// per move with one predicted point each, and lifts; a finger draws meanwhile; a mouse moves
  /// without a button. Hand-worked: the pen stroke holds 1 + 2·10 + 1 samples in time order,
  /// each prediction anchored at the newest sample of its event, the hover run is its own
  /// stroke, the mouse's samples are counted as dropped.
  @Test("strokes per pointer, coalesced samples, anchored predictions, hover and dropped moves")
  func strokesPerPointer() throws {
    var session = RecorderSession()
    session.writer = "w7"
    session.event("pointermove", id: 1, pointer: "mouse", buttons: 0, samples: [RecorderSession.sample(990, 5, 5, pressure: 0)])
    session.event("pointermove", id: 2, pointer: "pen", buttons: 0, samples: [RecorderSession.sample(995, 90, 300, pressure: 0)])
    session.event("pointermove", id: 2, pointer: "pen", buttons: 0, samples: [RecorderSession.sample(998, 95, 300, pressure: 0)])
    let period = 1000.0 / 240
    session.event("pointerdown", id: 2, pointer: "pen", buttons: 1, samples: [RecorderSession.sample(1000, 100, 300)])
    session.event("pointerdown", id: 9, pointer: "touch", buttons: 1, samples: [RecorderSession.sample(1001, 500, 500)])
    for move in 1...10 {
      let first = 1000 + Double(2 * move - 1) * period, second = 1000 + Double(2 * move) * period
      session.event("pointermove", id: 2, pointer: "pen", buttons: 1,
        samples: [RecorderSession.sample(first, 100 + Double(2 * move - 1) * 2, 300),
                  RecorderSession.sample(second, 100 + Double(2 * move) * 2, 300)],
        predicted: [RecorderSession.sample(second + 2 * period, 100 + Double(2 * move + 2) * 2, 300, pressure: nil)])
      if move <= 3 {
        session.event("pointermove", id: 9, pointer: "touch", buttons: 1, samples: [RecorderSession.sample(1001 + Double(move) * 16, 500, 500 + Double(move) * 10)])
      }
    }
    session.event("pointerup", id: 9, pointer: "touch", buttons: 0, samples: [RecorderSession.sample(1070, 500, 530, pressure: 0)])
    session.event("pointerup", id: 2, pointer: "pen", buttons: 0, samples: [RecorderSession.sample(1000 + 21 * period, 142, 300, pressure: 0)])
    let trace = try session.load()

    #expect(trace.metadata.coordinateUnit == "CSS px")
    #expect(trace.metadata.millimetresPerUnit == nil)
    #expect(trace.metadata.recordedPredictor == "chromium-predicted-events")
    #expect(trace.strokes.map(\.pointerType) == [.pen, .pen, .touch])
    #expect(trace.strokes.map(\.isHover) == [true, false, false])
    #expect(trace.strokes.allSatisfy { $0.writer == "w7" })
    #expect(trace.strokes[1].origin == "session.json#pointer2")
    #expect(trace.metadata.cleaning.entries.first { $0.rule == BrowserRecordingImporter.moveOutsideStrokeRule }?.count == 1)

    let hover = trace.strokes[0]
    #expect(hover.samples.map(\.x) == [90, 95])
    let pen = trace.strokes[1]
    #expect(pen.samples.count == 22)
    for (index, sample) in pen.samples.enumerated() {
      #expect(abs(sample.time - (1000 + Double(index) * period) / 1000) < 1e-12)
      #expect(sample.x == 100 + Double(index) * 2 || index == 21)
    }
    #expect(pen.samples.first?.phase == .down && pen.samples.last?.phase == .up)
    #expect(pen.samples[5].pressure == 0.5)
    #expect(pen.recordedPredictions.map(\.anchorIndex) == (1...10).map { 2 * $0 })
    #expect(abs(pen.recordedPredictions[0].time - (1000 + 4 * period) / 1000) < 1e-12)
    let touch = trace.strokes[2]
    #expect(touch.samples.map(\.y) == [500, 510, 520, 530, 530])
    #expect(touch.samples.allSatisfy { $0.pressure == nil }, "a finger's 0.5 is not a measured pressure")

    // The predictions are on the line the pen keeps drawing: every scored one has error 0,
    // hold's error is the lead times the speed (2 px per 240 Hz period, lead 2 periods = 4 px).
    let scored = RecordedPredictionScoring.evaluate(strokes: trace.contactStrokes)
    #expect(scored.scores.count == 8)  // anchors 2 (warm-up) and 20 (target after the up) are not scored
    #expect(scored.skippedInWarmUp == 1 && scored.skippedAfterEnd == 1)
    for score in scored.scores {
      #expect(abs(score.error) < 1e-9)
      #expect(abs(score.holdError - 4) < 1e-9)
    }
  }

  @Test("hover left out when asked, and counted")
  func hoverLeftOut() throws {
    var session = RecorderSession()
    session.event("pointermove", id: 2, pointer: "pen", buttons: 0, samples: [RecorderSession.sample(995, 90, 300, pressure: 0)])
    session.event("pointerdown", id: 2, pointer: "pen", buttons: 1, samples: [RecorderSession.sample(1000, 100, 300)])
    for move in 1...6 {
      session.event("pointermove", id: 2, pointer: "pen", buttons: 1, samples: [RecorderSession.sample(1000 + Double(move) * 4, 100 + Double(move), 300)])
    }
    let trace = try session.load(options: ImportOptions(includeHover: false))
    #expect(trace.strokes.count == 1)
    #expect(trace.strokes[0].samples.count == 7, "a stroke saved without its up keeps its samples")
    #expect(trace.metadata.cleaning.entries.first { $0.rule == BrowserRecordingImporter.hoverLeftOutRule }?.count == 1)
  }

  /// Altitude and azimuth as the browser gives them; else from the tilts (tiltX 45°, tiltY 0:
  /// altitude 45°, azimuth 0, worked by hand); none for a finger.
  @Test("pen angles: the browser's altitude and azimuth, else from tiltX and tiltY")
  func penAngles() throws {
    var session = RecorderSession()
    session.event("pointerdown", id: 1, pointer: "pen", buttons: 1,
      samples: [RecorderSession.sample(1000, 0, 0, extra: #""tiltX":45,"tiltY":0,"altitudeAngle":null,"azimuthAngle":null"#)])
    for move in 1...5 {
      session.event("pointermove", id: 1, pointer: "pen", buttons: 1,
        samples: [RecorderSession.sample(1000 + Double(move) * 8, Double(move), 0, extra: #""tiltX":45,"tiltY":0,"altitudeAngle":1.2,"azimuthAngle":2.5"#)])
    }
    let pen = try session.load().strokes[0]
    #expect(abs((pen.samples[0].altitude ?? 0) - .pi / 4) < 1e-12)
    #expect(pen.samples[0].azimuth == 0)
    #expect(pen.samples[1].altitude == 1.2 && pen.samples[1].azimuth == 2.5)
  }

  @Test("the calibration gives millimetres per CSS pixel")
  func calibration() throws {
    var session = RecorderSession()
    session.calibration = #"{"method":"ruler","rulerMillimetres":50,"rulerCssPixels":200,"cssPixelsPerMillimetre":4}"#
    session.event("pointerdown", id: 1, pointer: "touch", buttons: 1, samples: [RecorderSession.sample(1000, 0, 0)])
    for move in 1...5 {
      session.event("pointermove", id: 1, pointer: "touch", buttons: 1, samples: [RecorderSession.sample(1000 + Double(move) * 8, Double(move), 0)])
    }
    let trace = try session.load()
    #expect(trace.metadata.millimetresPerUnit == 0.25)
    #expect(trace.metadata.notes["calibration"] == "ruler")
  }

  @Test("the format is detected from the content, whatever the file is called")
  func detection() throws {
    var session = RecorderSession()
    session.event("pointerdown", id: 1, pointer: "touch", buttons: 1, samples: [RecorderSession.sample(1000, 0, 0)])
    #expect(TraceFormatDetector.detect(data: Data(session.json.utf8), fileName: "anything.txt") == .browserRecording)
  }

  /// Each bad file names the file, the JSON path and the field.
  @Test("bad recordings fail naming file, path and field", arguments: [
    ("truncated", "$", "not valid JSON"),
    ("format", "$.format", "expected 'lookahead-browser-recording'"),
    ("version", "$.version", "this lookahead reads version 1"),
    ("pointerType", "$.events[1].pointerType", "'joystick' is not pen, touch or mouse"),
    ("type", "$.events[0].type", "'pointerover' is not one of"),
    ("samples", "$.events[0].samples", "is empty"),
    ("x", "$.events[0].samples[0].x", "expected a number, found a string"),
    ("time", "$.events[0].samples[0].timeStamp", "beyond"),
    ("predicted", "$.events[1].predicted[0].x", "beyond ±1e12 units"),
    ("calibration", "$.calibration.cssPixelsPerMillimetre", "not a plausible scale"),
    ("frames", "$.frames[1]", "expected a finite time in milliseconds"),
  ])
  func badInput(fault: String, path: String, problem: String) throws {
    var session = RecorderSession()
    session.frames = [0, 16.7]
    session.event("pointerdown", id: 1, pointer: "pen", buttons: 1, samples: [RecorderSession.sample(1000, 0, 0)])
    session.event("pointermove", id: 1, pointer: "pen", buttons: 1, samples: [RecorderSession.sample(1008, 1, 0)],
      predicted: [RecorderSession.sample(1016, 2, 0)])
    var json = session.json
    switch fault {
    case "truncated": json = String(json.prefix(json.count / 2))
    case "format": json = json.replacingOccurrences(of: "lookahead-browser-recording", with: "lookahead-browser-recording-x")
    case "version": json = json.replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
    case "pointerType": json = json.replacingOccurrences(of: #""type":"pointermove","timeStamp":1008,"received":1011,"pointerId":1,"pointerType":"pen""#,
      with: #""type":"pointermove","timeStamp":1008,"received":1011,"pointerId":1,"pointerType":"joystick""#)
    case "type": json = json.replacingOccurrences(of: "pointerdown", with: "pointerover")
    case "samples": json = json.replacingOccurrences(of: #""samples":[{"timeStamp":1000,"x":0,"y":0,"pressure":0.5}]"#, with: #""samples":[]"#)
    case "x": json = json.replacingOccurrences(of: #""timeStamp":1000,"x":0,"#, with: #""timeStamp":1000,"x":"0","#)
    case "time": json = json.replacingOccurrences(of: #""samples":[{"timeStamp":1000,"#, with: #""samples":[{"timeStamp":1e300,"#)
    case "predicted": json = json.replacingOccurrences(of: #""predicted":[{"timeStamp":1016,"x":2,"#, with: #""predicted":[{"timeStamp":1016,"x":1e300,"#)
    case "calibration": json = json.replacingOccurrences(of: #"{"method":"none"}"#, with: #"{"method":"diagonal","cssPixelsPerMillimetre":0}"#)
    case "frames": json = json.replacingOccurrences(of: "[0,16.7]", with: #"[0,"x"]"#)
    default: Issue.record("unknown fault \(fault)")
    }
    #expect(json != session.json, "the fault \(fault) was not applied")
    let url = try DelimitedTextImporterTests.temporaryFile("bad-\(fault).json", json)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    do {
      _ = try TraceLoader.load(url: url, format: .browserRecording)
      Issue.record("\(fault): no error")
    } catch let error as TraceInputError {
      let message = "\(error)"
      #expect(message.contains(url.path), "\(message)")
      #expect(message.contains(path), "\(message)")
      #expect(message.contains(problem), "\(message)")
    }
  }

  /// The example session (recorded by headless Chromium) through 300 seeded mutations, as the
  /// other importers are in ``ImporterFuzzTests``: an input error or a valid trace, never a trap.
  @Test("mutated recordings give an input error or a valid trace")
  func mutatedRecordings() throws {
    let example = SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples/browser-recording.json")
    let original = [UInt8](try Data(contentsOf: example))
    let importer = BrowserRecordingImporter()
    let file = URL(fileURLWithPath: "/fuzz/browser-recording.json")
    let clean = try importer.importTrace(data: Data(original), file: file)
    #expect(clean.strokes.count == 2 && clean.strokes.contains { !$0.recordedPredictions.isEmpty })
    try ImporterFuzzTests.checkValid(clean)
    var rng = SeededGenerator(seed: 0x5EED_0B0B)
    var errors = 0, valid = 0
    for iteration in 0..<300 {
      let mutated = ImporterFuzzTests.mutate(original, using: &rng)
      do {
        try ImporterFuzzTests.checkValid(try importer.importTrace(data: Data(mutated), file: file, options: ImportOptions(raw: iteration % 3 == 0)))
        valid += 1
      } catch let error as TraceInputError {
        #expect(error.file == file.path && !error.problem.isEmpty)
        errors += 1
      }
    }
    #expect(errors > 0 && valid > 0, "errors \(errors), valid \(valid)")
  }
}
