import Foundation
import Testing
import _LookaheadTestSupport

@testable import LookaheadKit

/// The generic delimited-text importer on the three worked examples of
/// `Docs/BringYourOwnData.md` (made by `Tools/make_byod_examples.py`), its mapping errors, and
/// the dataset-reference grammar that carries a mapping.
@Suite("Delimited-text importer")
struct DelimitedTextImporterTests {
  static let examples = SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples")
  static func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

  static let androidMapping = "t=event_time_ns:ns,x,y,pressure,stroke=pointer_id,phase=action,type=tool_type,dpi=420,unit=px"

  @Test("an Android MotionEvent log: interleaved pointers split by id and action, tool types kept")
  func androidMotionEvent() throws {
    let trace = try DatasetRegistry.load(Self.example("android-motionevent.csv") + ":" + Self.androidMapping)
    // The generator wrote finger 0 (20 rows), finger 1 (rows 6…13 of finger 0's time, 8 rows)
    // and a stylus (24 rows), in that order of first rows.
    #expect(trace.strokes.map(\.samples.count) == [20, 8, 24])
    #expect(trace.strokes.map(\.pointerType) == [.touch, .touch, .pen])
    #expect(trace.strokes[0].samples[0].time == 12345.6789)  // 12,345,678,900,000 ns
    #expect(trace.strokes[0].samples[1].x == 306)
    #expect(trace.strokes[1].samples[0].x == 700)
    #expect(trace.strokes[2].samples.map(\.phase).first == .down && trace.strokes[2].samples.last?.phase == .up)
    #expect(trace.metadata.millimetresPerUnit == 25.4 / 420)
    #expect(trace.metadata.coordinateUnit == "px")
    #expect(trace.metadata.cleaning[DelimitedTextImporter.outsideStrokeRule] == 0)
    #expect(trace.metadata.cleaning[DelimitedTextImporter.unterminatedStrokeRule] == 0)
  }

  @Test("a browser Pointer Events export: mouse hover dropped and counted, tilts become altitude and azimuth")
  func pointerEvents() throws {
    let trace = try DatasetRegistry.load(
      Self.example("pointer-events.csv") + ":mapping=" + Self.example("pointer-events.mapping"))
    #expect(trace.strokes.map(\.samples.count) == [30, 12])
    #expect(trace.strokes.map(\.pointerType) == [.pen, .touch])
    #expect(trace.metadata.cleaning[DelimitedTextImporter.outsideStrokeRule] == 5)
    let first = trace.strokes[0].samples[0]
    #expect(first.time == 11.0)
    #expect(first.pressure == 0.3)
    // tiltX −20°, tiltY 15°: Python math.atan2(1, hypot(tan tx, tan ty)) and atan2(tan ty, tan tx) mod 2π.
    #expect(abs(first.altitude! - 1.1463106647559664) < 1e-12)
    #expect(abs(first.azimuth! - 2.5069923493721946) < 1e-12)
    #expect(trace.metadata.millimetresPerUnit == 25.4 / 96)
  }

  @Test("a tablet TSV without a header, read through its sidecar mapping: y flipped, pressure scaled, split at gaps")
  func tabletSidecar() throws {
    let trace = try DatasetRegistry.load(Self.example("tablet.tsv"))
    #expect(trace.strokes.map(\.samples.count) == [15, 15, 15])
    #expect(trace.strokes.allSatisfy { $0.pointerType == .pen })
    #expect(trace.metadata.cleaning[DelimitedTextImporter.gapSplitRule] == 2)
    let first = trace.strokes[0].samples[0]
    #expect(first.time == 2.0 && first.x == 0 && first.y == -5000)
    #expect(first.pressure == 200.0 / 1023)
    #expect(trace.metadata.millimetresPerUnit == 0.01)
    #expect(trace.metadata.digitizerRateHz == 200)
  }

  /// `rate_hz` is the trace's digitizer rate (there was no key for it, so a mapped file's rate was
  /// always unknown); a value that is not a positive finite number is refused where it was
  /// written: the sidecar's line, or the typed reference.
  @Test("rate_hz sets the digitizer rate; a bad one names the sidecar file, its line and the key")
  func digitizerRate() throws {
    let typed = try DatasetRegistry.load(Self.example("tablet.tsv") + ":rate_hz=187.5")
    #expect(typed.metadata.digitizerRateHz == 187.5)
    let folder = try Self.temporaryFile("rec.tsv", try String(contentsOfFile: Self.example("tablet.tsv"), encoding: .utf8))
      .deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("rec.tsv").path
    for value in ["0", "-200", "inf", "nan", "fast"] {
      try Data("t = 1:s, x = 2, y = 3:up\ngap = 30ms\nrate_hz = \(value)\n".utf8)
        .write(to: URL(fileURLWithPath: data + ".mapping"))
      #expect(throws: TraceInputError(
        file: data + ".mapping", location: .line(3), field: "rate_hz", problem: "'\(value)' is not a positive number"
      )) { try DatasetRegistry.load(data) }
    }
    let refused = #expect(throws: TraceInputError.self) { try DatasetRegistry.load(data + ":rate_hz=0") }
    #expect(refused?.field == "rate_hz" && refused?.location == .file, "\(String(describing: refused))")
    try Data("t = 1:s, x = 2, y = 3:up\ngap = 30ms\n".utf8).write(to: URL(fileURLWithPath: data + ".mapping"))
    #expect(try DatasetRegistry.load(data).metadata.digitizerRateHz == nil)
  }

  @Test("y=COL:up mirrors the azimuth with y, read or made from tilts, so the pen's top keeps its direction")
  func azimuthMirroredWithY() throws {
    // Row 1: azimuth 30° read; row 2: the pen tilted 20° towards the source's +y only.
    let file = try Self.temporaryFile("pen.csv", "t,x,y,az,tx,ty\n0,0,0,30,0,0\n0.004,1,1,,0,20\n")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let degree = Double.pi / 180
    for (yMapping, read, fromTilt) in [("y", 30 * degree, 90 * degree), ("y=y:up", 330 * degree, 270 * degree)] {
      let trace = try DatasetRegistry.load(
        file.path + ":t,x,\(yMapping),azimuth=az:deg,tilt_x=tx:deg,tilt_y=ty:deg,gap=30ms")
      let samples = try #require(trace.strokes.first?.samples)
      #expect(abs(samples[0].azimuth! - read) < 1e-12, "\(yMapping): \(samples[0].azimuth!)")
      #expect(abs(samples[1].azimuth! - fromTilt) < 1e-12, "\(yMapping): \(samples[1].azimuth!)")
    }
    #expect(DelimitedTextImporter.mirroredAcrossX(0) == 0)
    #expect(abs(DelimitedTextImporter.mirroredAcrossX(-90 * degree) - 90 * degree) < 1e-12)
    #expect(abs(DelimitedTextImporter.mirroredAcrossX(450 * degree) - 270 * degree) < 1e-12)
  }

  /// Typed settings once replaced the sidecar altogether, so typing one setting
  /// (`tablet.tsv:mm_per_unit=0.2`) lost the sidecar's columns and failed at `t`.
  @Test("typed settings override the sidecar's or the mapping file's, and a typed mapping replaces the sidecar")
  func settingsPrecedence() throws {
    let typed = try DatasetRegistry.load(Self.example("tablet.tsv") + ":t=1:s,x=2,y=3,gap=30ms,dpi=254")
    #expect(typed.metadata.millimetresPerUnit == 25.4 / 254)
    #expect(typed.strokes[0].samples[0].y == 5000)  // y=3, not the sidecar's y=3:up
    #expect(typed.strokes[0].samples[0].pressure == 200.0 / 1023)  // the sidecar's pressure column
    let oneSetting = try DatasetRegistry.load(Self.example("tablet.tsv") + ":mm_per_unit=0.2")
    #expect(oneSetting.metadata.millimetresPerUnit == 0.2)
    #expect(oneSetting.strokes.map(\.samples.count) == [15, 15, 15])
    #expect(oneSetting.strokes[0].samples[0].y == -5000)
    let overridden = try DatasetRegistry.load(
      Self.example("pointer-events.csv") + ":mapping=" + Self.example("pointer-events.mapping") + ",dpi=192")
    #expect(overridden.metadata.millimetresPerUnit == 25.4 / 192)
  }

  @Test("a mapped path is a dataset reference for commands that mix predictors and datasets")
  func referenceRecognised() {
    #expect(DatasetRegistry.isDatasetReference(Self.example("tablet.tsv")))
    #expect(DatasetRegistry.isDatasetReference(Self.example("tablet.tsv") + ":t=1:s,x=2,y=3,gap=30ms"))
    #expect(DatasetRegistry.isDatasetReference(Self.example("tablet.tsv") + ":nonsense key"))
    #expect(!DatasetRegistry.isDatasetReference("kalman:gap-limit=0"))
  }

  /// Each bad mapping fails at the setting that holds the mistake; a missing stroke rule is no
  /// setting's mistake, so it names none (it named `t`).
  @Test("mapping mistakes name the setting and say what was expected", arguments: [
    ("t=timeStamp:min,x=clientX,y=clientY,stroke=pointerId", "t", "'min' is not a time unit"),
    ("t=timeStamp:ms,x=clientX,y=clientY", nil, "must say how rows become strokes"),
    ("t=timeStamp:ms,x=clientX,y=clientY,stroke=pointerId,colour=red", "colour", "is not a delimited-text setting"),
    ("t=timeStamp:ms,x=clientX,y=screenY,stroke=pointerId", "y", "column 'screenY' is not in the header"),
    ("t=timeStamp:ms,x=clientX,stroke=pointerId", "y", "is missing from the mapping"),
    ("t=timeStamp:ms,x=clientX,y=clientY,stroke=pointerId,gap=30", "gap", "is not a duration"),
    ("t=timeStamp:ms,x=clientX,y=clientY,stroke=pointerId,dpi=96,mm_per_unit=0.2", "dpi", "not both"),
    ("t=timeStamp:ms,x=clientX,y=clientY,stroke=pointerId,down=pointerdown", "down", "need the phase column"),
    ("t=timeStamp:ms,x=clientX,y=clientY,stroke=pointerId,pressure=pressure:0", "pressure", "is not a positive number"),
    ("t=timeStamp:ms,x=clientX,y=clientY,stroke=pointerId,tilt_x=tiltX", "tilt_x", "needs both"),
    ("t=timeStamp:ms,x=clientX,y=clientY,stroke=pointerId,pointer=stylus-ish", "pointer", "is not one of pen"),
  ])
  func mappingErrors(settings: String, field: String?, problem: String) throws {
    let reference = Self.example("pointer-events.csv") + ":" + settings
    do {
      _ = try DatasetRegistry.load(reference)
      Issue.record("\(settings) was accepted")
    } catch let error as TraceInputError {
      #expect(error.field == field)
      #expect(error.problem.contains(problem), "\(error)")
      #expect(error.file.contains("pointer-events.csv"))
    }
  }

  @Test("a bad cell names the file, its line and the mapped column")
  func badCell() throws {
    let url = try Self.temporaryFile("bad.csv", "time,x,y,id\n0.000,1,2,a\n0.008,2,x3,a\n")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect(throws: TraceInputError(file: url.path, location: .line(3), field: "y", problem: "'x3' is not a finite decimal number")) {
      try DatasetRegistry.load(url.path + ":t=time,x,y,stroke=id")
    }
    let short = try Self.temporaryFile("short.csv", "time,x,y,id\n0.000,1,2,a\n0.008,2\n")
    defer { try? FileManager.default.removeItem(at: short.deletingLastPathComponent()) }
    #expect(throws: TraceInputError(file: short.path, location: .line(3), field: "y",
      problem: "is missing: expected 4 fields (time, x, y, id), found 2 (file truncated?)")) {
      try DatasetRegistry.load(short.path + ":t=time,x,y,stroke=id")
    }
    let pointer = try Self.temporaryFile("type.csv", "time,x,y,id,kind\n0.000,1,2,a,quill\n")
    defer { try? FileManager.default.removeItem(at: pointer.deletingLastPathComponent()) }
    #expect(throws: TraceInputError.self) { try DatasetRegistry.load(pointer.path + ":t=time,x,y,stroke=id,type=kind") }
  }

  /// A quoted cell holding the separator was split and read as the writer `"a`, quote included;
  /// pressure out of its range was stored as read (found trying the CLI from outside).
  @Test("an unclosed quote and a pressure outside its range name the line and column")
  func quoteAndPressure() throws {
    let quoted = try Self.temporaryFile("quoted.csv", "time,x,y,id,who\n0,1,2,a,\"b\"\n8,2,3,a,\"c,d\"\n")
    defer { try? FileManager.default.removeItem(at: quoted.deletingLastPathComponent()) }
    #expect(throws: TraceInputError(file: quoted.path, location: .line(3), field: "who",
      problem: "'\"c' opens a quote it does not close: a quoted cell holding the separator, which is not supported; "
        + "export without quotes around such cells, or with another separator")) {
      try DatasetRegistry.load(quoted.path + ":t=time:ms,x,y,stroke=id,writer=who")
    }
    let pressed = try Self.temporaryFile("pressure.csv", "time,x,y,id,p\n0,1,2,a,512\n8,2,3,a,1100\n16,3,4,a,0\n")
    defer { try? FileManager.default.removeItem(at: pressed.deletingLastPathComponent()) }
    #expect(throws: TraceInputError(file: pressed.path, location: .line(3), field: "p",
      problem: "1100 is outside 0…1023, the pressure's range (pressure=COLUMN:MAX, the device's full pressure)")) {
      try DatasetRegistry.load(pressed.path + ":t=time:ms,x,y,stroke=id,pressure=p:1023")
    }
    #expect(throws: TraceInputError(file: pressed.path, location: .line(2), field: "p",
      problem: "512 is outside 0…1, the pressure's range (give the device's full pressure as pressure=COLUMN:MAX when the column is not 0…1)")) {
      try DatasetRegistry.load(pressed.path + ":t=time:ms,x,y,stroke=id,pressure=p")
    }
    let trace = try DatasetRegistry.load(pressed.path + ":t=time:ms,x,y,stroke=id,pressure=p:1100")
    #expect(trace.strokes[0].samples.map(\.pressure) == [512.0 / 1100, 1, 0])
  }

  @Test("a mapping file's mistake names the mapping file and its line")
  func mappingFileLine() throws {
    let mapping = try Self.temporaryFile("m.mapping", "# comment\nt = 1:s\nx = 2, y = 3\nsplit = 30ms\n")
    defer { try? FileManager.default.removeItem(at: mapping.deletingLastPathComponent()) }
    do {
      _ = try DatasetRegistry.load(Self.example("tablet.tsv") + ":mapping=" + mapping.path)
      Issue.record("accepted")
    } catch let error as TraceInputError {
      #expect(error.file == mapping.path)
      #expect(error.location == .line(4))
      #expect(error.field == "split")
    }
  }

  @Test("a mapped trace round-trips: written as CSV with a header, read back through its mapping")
  func roundTrip() throws {
    var rng = SeededGenerator(seed: 16)
    var csv = "ms;pen x;pen y;p;id;state\n"
    var expected: [[TraceSample]] = []
    var time = 1000.0
    for stroke in 0..<4 {
      var samples: [TraceSample] = []
      let count = Int.random(in: 2...20, using: &rng)
      for index in 0..<count {
        time += Double(Int.random(in: 4...9, using: &rng))
        let x = Double(Int.random(in: -500...500, using: &rng)) / 4, y = Double(Int.random(in: 0...900, using: &rng)) / 8
        let p = Double(Int.random(in: 0...4096, using: &rng))
        let state = index == 0 ? "begin" : index == count - 1 ? "end" : "drag"
        csv += "\(time);\(x);\(y);\(p);s\(stroke);\(state)\n"
        samples.append(TraceSample(time: time / 1000, x: x, y: y, pressure: p / 4096))
      }
      expected.append(samples)
    }
    let url = try Self.temporaryFile("round.csv", csv)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let trace = try DatasetRegistry.load(url.path + ":t=ms:ms,x=pen x,y=pen y,pressure=p:4096,stroke=id,phase=state,down=begin,up=end,move=drag")
    #expect(trace.strokes.count == 4)
    for (stroke, samples) in zip(trace.strokes, expected) {
      #expect(stroke.samples.map(\.time) == samples.map(\.time))
      #expect(stroke.samples.map(\.x) == samples.map(\.x) && stroke.samples.map(\.y) == samples.map(\.y))
      #expect(stroke.samples.map(\.pressure) == samples.map(\.pressure))
    }
  }

  static func temporaryFile(_ name: String, _ text: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-byod-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }
}
