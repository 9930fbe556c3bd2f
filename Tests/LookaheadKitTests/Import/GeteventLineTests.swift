import Foundation
import Testing
import _LookaheadTestSupport

@testable import LookaheadKit

/// ``GeteventLine``: an ASCII event line read from bytes gives what reading it as text gives, and
/// the lines the byte reading declines are read as text, as the importer always read them.
@Suite("getevent lines read from bytes")
struct GeteventLineTests {
  /// The byte reading of `line`, or `nil` if it declines it.
  static func fromBytes(_ line: String) -> GeteventLine.Event? {
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      GeteventLine.event(buffer, 0..<buffer.count).map { fields in
        GeteventLine.Event(
          time: fields.time, device: String(decoding: buffer[fields.device], as: UTF8.self), kind: fields.kind,
          labelledType: fields.labelledType, value: fields.value)
      }
    }
  }

  static func fromText(_ line: String) throws -> GeteventLine.Event? {
    guard case .event(let event) = try GeteventLine(text: line, line: 1, file: "log.txt") else { return nil }
    return event
  }

  static func same(_ a: GeteventLine.Event, _ b: GeteventLine.Event) -> Bool {
    a.time.bitPattern == b.time.bitPattern && a.device == b.device && a.kind == b.kind && a.labelledType == b.labelledType
      && a.value == b.value
  }

  @Test("ASCII event lines read the same from bytes as from text", arguments: [
    "[   1234.567890] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000001a4",
    "[1.5] EV_ABS ABS_MT_POSITION_Y ffffffff",
    "  \t[ 0.000001 ]\t/dev/input/event0:\tEV_KEY BTN_TOUCH DOWN  \t",
    "[7.] EV_KEY BTN_TOOL_PEN UP", "[.25] EV_KEY BTN_TOOL_RUBBER 1", "[3] EV_KEY BTN_TOOL_FINGER 00000000",
    "[2.000000] : EV_SYN SYN_REPORT 00000000", "[2.000000] EV_SYN SYN_DROPPED 0", "[2] EV_SYN SYN_MT_REPORT 0",
    "[2] EV_ABS ABS_MT_SLOT +3", "[2] EV_ABS ABS_MT_TRACKING_ID -1", "[2] EV_ABS ABS_MT_PRESSURE -0",
    "[2] EV_ABS ABS_MT_TOOL_TYPE 00000001", "[2] EV_ABS ABS_X 2147483647", "[2] EV_ABS ABS_Y -2147483648",
    "[2] EV_ABS ABS_PRESSURE 2147483648", "[2] EV_ABS ABS_TILT_X FFFFFFFE", "[2] EV_ABS ABS_TILT_Y 0000000g",
    "[2] EV_ABS ABS_TILT_Y 12345678", "[2] EV_ABS ABS_TILT_Y 000000001", "[2] EV_ABS ABS_MT_SLOT 99999999999999999999999",
    "[2] EV_MSC MSC_TIMESTAMP 00001f40", "[2] EV_ABS ABS_MT_TOUCH_MAJOR zz", "[2] EV_ABS ABS_X +", "[2] EV_ABS ABS_X -",
    "[2] EV_ABS ABS_X 1\r", "[2] 0003 0035 000001a4", "[2] /dev/input/event1: EV_ABS ABS_X UP", "[2] EV_abs ABS_X 1",
    "[2] EV_ABS ABS_X DOWN\u{7F}",
  ])
  func sameAsText(line: String) throws {
    let bytes = try #require(Self.fromBytes(line), "declined: \(line)")
    let text = try #require(try Self.fromText(line))
    #expect(Self.same(bytes, text), "\(bytes) \(text)")
  }

  /// Lines the byte reading leaves to the text reading: not ASCII (where `String` trims other
  /// white space and compares canonically equivalent text as equal), or not a well-formed event
  /// (the text reading gives the error).
  @Test("other lines are declined", arguments: [
    "[1.0] EV_ABS ABS_X\u{A0}1", "\u{3000}[1.0] EV_ABS ABS_X 1", "[1.0] EV_\u{212A}EY BTN_TOUCH DOWN", "[1.0] EV_ABS ABS_X 1 2",
    "[1.0] dev: EV_ABS ABS_X", "[1.0 EV_ABS ABS_X 1", "[1.0x] EV_ABS ABS_X 1", "[] EV_ABS ABS_X 1", "[1.2.3] EV_ABS ABS_X 1",
    "", "  \t", "add device 1: /dev/input/event2",
  ])
  func declined(line: String) {
    #expect(Self.fromBytes(line) == nil)
  }

  /// U+212A KELVIN SIGN is canonically equivalent to `K`, so as text `EV_\u{212A}EY` is `EV_KEY`:
  /// the importer always read it as a key event, and still does (through the text reading).
  @Test("a non-ASCII line keeps the reading it always had")
  func nonASCIIKeepsItsReading() throws {
    let event = try #require(try Self.fromText("[1.0] EV_\u{212A}EY BTN_TOUCH DOWN"))
    #expect(event.kind == .touch && event.value == 1)
    var log = GeteventLog()
    log.device = nil
    log.event("EV_ABS", "ABS_X", 10); log.event("EV_ABS", "ABS_Y", 20)
    log.raw("EV_\u{212A}EY", "BTN_TOUCH", "DOWN")
    log.sync()
    log.event("EV_ABS", "ABS_X", 11); log.sync()
    let trace = try AndroidGeteventImporterTests.load(log.text, options: ImportOptions(raw: true))
    #expect(trace.strokes.map { $0.samples.map(\.x) } == [[10, 11]])
  }

  /// The benchmark's log: every sample comes back, its time to the microsecond `getevent`
  /// prints, its position to the device unit it was rounded to.
  @Test("strokes written as a getevent log read back")
  func writerRoundTrip() throws {
    var rng = SeededGenerator(seed: 2121)
    var strokes: [Stroke] = []
    for index in 0..<3 {
      var samples: [TraceSample] = []
      for step in 0..<(5 + index) {
        samples.append(TraceSample(
          time: 10 + Double(index) + Double(step) * 0.008, x: Double.random(in: 0...300, using: &rng),
          y: Double.random(in: 0...300, using: &rng), pressure: Double.random(in: 0...1, using: &rng)))
      }
      strokes.append(Stroke(samples: samples))
    }
    let url = try DelimitedTextImporterTests.temporaryFile("written.txt", String(decoding: GeteventLogWriter.log(of: strokes), as: UTF8.self))
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let trace = try TraceLoader.load(url: url, format: .androidGetevent, options: ImportOptions(raw: true))
    #expect(trace.strokes.count == 3)
    for (read, written) in zip(trace.strokes, strokes) {
      #expect(read.samples.count == written.samples.count)
      for (a, b) in zip(read.samples, written.samples) {
        #expect(abs((a.time - read.samples[0].time) - (b.time - written.samples[0].time)) < 2e-6)
        #expect(a.x == (b.x * 8).rounded() && a.y == (b.y * 8).rounded())
        #expect(abs((a.pressure ?? -1) - ((b.pressure ?? 0) * 1024).rounded() / 1024) < 1e-12)
      }
    }
  }
}
