import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// Writes `getevent -lt` lines as the tool prints them, so that tests can state the kernel's
/// protocol (Documentation/input/multi-touch-protocol.rst) as events and compare what the
/// importer makes of them with what the events mean.
struct GeteventLog {
  var lines: [String] = []
  var time = 812.25
  var device: String? = "/dev/input/event3"
  /// Values in decimal instead of getevent's 8 hex digits.
  var decimal = false

  mutating func event(_ type: String, _ code: String, _ value: Int) {
    let text = decimal ? String(value) : String(format: "%08x", UInt32(truncatingIfNeeded: value))
    raw(type, code, text)
  }

  mutating func key(_ code: String, down: Bool) { raw("EV_KEY", code, down ? "DOWN" : "UP") }

  mutating func raw(_ type: String, _ code: String, _ value: String) {
    let stamp = String(format: "[%14.6f]", time)
    let padded = type.padding(toLength: 12, withPad: " ", startingAt: 0) + " " + code.padding(toLength: 20, withPad: " ", startingAt: 0)
    lines.append(stamp + (device.map { " \($0):" } ?? "") + " " + padded + " " + value)
  }

  /// Ends the frame and advances the clock by `seconds`.
  mutating func sync(_ seconds: Double = 0.004) {
    event("EV_SYN", "SYN_REPORT", 0)
    time += seconds
  }

  var text: String { lines.joined(separator: "\n") + "\n" }
}

@Suite("Android getevent importer")
struct AndroidGeteventImporterTests {
  static func load(_ text: String, settings: String = "", options: ImportOptions = ImportOptions(), name: String = "log.txt") throws -> Trace {
    let url = try DelimitedTextImporterTests.temporaryFile(name, text)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    var options = options
    options.settings = try ImportSettings.parse(settings, file: "test settings", lineNumbers: false)
    return try TraceLoader.load(url: url, format: .androidGetevent, options: options)
  }

  struct Expected: Equatable {
    var times: [Double] = []
    var xs: [Double] = []
    var ys: [Double] = []
    var pressures: [Double] = []
  }

  /// Random overlapping contacts sent as protocol B: each frame only what changed, the slot
  /// selected only when it differs from the last one, values carried over otherwise. Each
  /// contact must come back as one stroke holding a sample at every frame in which it changed,
  /// with the carried values.
  @Test("protocol B contacts come back as strokes, with values carried between frames", arguments: 0..<12)
  func protocolB(seed: Int) throws {
    var rng = SeededGenerator(seed: UInt64(900 + seed))
    struct Contact { var slot: Int; var id: Int; var start: Int; var end: Int; var x: Int; var y: Int; var p: Int; var expected = Expected() }
    var contacts: [Contact] = []
    var slotFreeAt = [Int](repeating: 0, count: 4)
    var nextID = 100
    for _ in 0..<Int.random(in: 1...6, using: &rng) {
      let start = Int.random(in: 0...30, using: &rng)
      guard let slot = slotFreeAt.indices.first(where: { slotFreeAt[$0] <= start }) else { continue }
      let end = start + Int.random(in: 1...15, using: &rng)
      slotFreeAt[slot] = end + 1
      contacts.append(Contact(slot: slot, id: nextID, start: start, end: end, x: Int.random(in: 0...1079, using: &rng),
        y: Int.random(in: 0...2339, using: &rng), p: Int.random(in: 1...255, using: &rng)))
      nextID += 1
    }
    #expect(!contacts.isEmpty)
    var log = GeteventLog()
    log.decimal = seed % 2 == 1
    var currentSlot = 0
    func select(_ slot: Int) {
      if slot != currentSlot { log.event("EV_ABS", "ABS_MT_SLOT", slot); currentSlot = slot }
    }
    let lastFrame = contacts.map(\.end).max() ?? 0
    for frame in 0...lastFrame {
      for index in contacts.indices {
        var c = contacts[index]
        if frame == c.start {
          select(c.slot)
          log.event("EV_ABS", "ABS_MT_TRACKING_ID", c.id)
          log.event("EV_ABS", "ABS_MT_POSITION_X", c.x)
          log.event("EV_ABS", "ABS_MT_POSITION_Y", c.y)
          log.event("EV_ABS", "ABS_MT_PRESSURE", c.p)
          c.expected.times.append(log.time); c.expected.xs.append(Double(c.x)); c.expected.ys.append(Double(c.y))
          c.expected.pressures.append(Double(c.p) / 255)
        } else if frame > c.start, frame < c.end {
          let moveX = Bool.random(using: &rng), moveY = Bool.random(using: &rng), press = Int.random(in: 0..<4, using: &rng) == 0
          if moveX || moveY || press { select(c.slot) }
          if moveX { c.x += Int.random(in: 1...9, using: &rng); log.event("EV_ABS", "ABS_MT_POSITION_X", c.x) }
          if moveY { c.y -= Int.random(in: 1...9, using: &rng); log.event("EV_ABS", "ABS_MT_POSITION_Y", c.y) }
          if press { c.p = Int.random(in: 1...255, using: &rng); log.event("EV_ABS", "ABS_MT_PRESSURE", c.p) }
          if moveX || moveY || press {
            c.expected.times.append(log.time); c.expected.xs.append(Double(c.x)); c.expected.ys.append(Double(c.y))
            c.expected.pressures.append(Double(c.p) / 255)
          }
        } else if frame == c.end {
          select(c.slot)
          log.event("EV_ABS", "ABS_MT_TRACKING_ID", -1)
        }
        contacts[index] = c
      }
      log.sync(0.008)
    }
    let dump = """
      add device 7: /dev/input/event3
        name:     "test_touchscreen"
        events:
          ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 3, fuzz 0, flat 0, resolution 0
                      ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                      ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
                      ABS_MT_PRESSURE       : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0

      """
    let trace = try Self.load(dump + log.text, settings: "dpi=400")
    let ordered = contacts.sorted { ($0.start, $0.slot) < ($1.start, $1.slot) }
    #expect(trace.strokes.count == ordered.count)
    for (stroke, contact) in zip(trace.strokes, ordered) {
      let got = Expected(times: stroke.samples.map(\.time), xs: stroke.samples.map(\.x), ys: stroke.samples.map(\.y),
        pressures: stroke.samples.compactMap(\.pressure))
      // Times are printed with 6 decimals, so compare to the microsecond.
      #expect(zip(got.times, contact.expected.times).allSatisfy { abs($0 - $1) < 1e-6 } && got.times.count == contact.expected.times.count)
      #expect(got.xs == contact.expected.xs && got.ys == contact.expected.ys && got.pressures == contact.expected.pressures)
      #expect(stroke.pointerType == .touch)
    }
    #expect(trace.metadata.millimetresPerUnit == 25.4 / 400)
    #expect(trace.metadata.cleaning[AndroidGeteventImporter.liftedSlotRule] == 0)
  }

  @Test("SYN_DROPPED ends the open strokes and discards events up to the next SYN_REPORT")
  func synDropped() throws {
    var log = GeteventLog()
    log.event("EV_ABS", "ABS_MT_TRACKING_ID", 7)
    log.event("EV_ABS", "ABS_MT_POSITION_X", 10); log.event("EV_ABS", "ABS_MT_POSITION_Y", 20); log.sync()
    log.event("EV_ABS", "ABS_MT_POSITION_X", 11); log.sync()
    log.event("EV_SYN", "SYN_DROPPED", 0)
    log.event("EV_ABS", "ABS_MT_POSITION_X", 999); log.sync()  // lost with the overflow
    log.event("EV_ABS", "ABS_MT_POSITION_X", 13); log.sync()
    log.event("EV_ABS", "ABS_MT_POSITION_X", 14); log.sync()
    log.event("EV_ABS", "ABS_MT_TRACKING_ID", -1); log.sync()
    let trace = try Self.load(log.text, settings: "mm_per_unit=0.05")
    #expect(trace.strokes.map { $0.samples.map(\.x) } == [[10, 11], [13, 14]])
    #expect(trace.metadata.cleaning[AndroidGeteventImporter.droppedRule] == 1)
    #expect(trace.metadata.millimetresPerUnit == 0.05)
  }

  @Test("a new tracking id without a lift, a contact down before the log, decimal values, no device names")
  func quirks() throws {
    var log = GeteventLog()
    log.device = nil
    log.decimal = true
    // Slot 0 is already touching when the log starts: values without a tracking id.
    log.event("EV_ABS", "ABS_MT_POSITION_X", 5); log.event("EV_ABS", "ABS_MT_POSITION_Y", 6); log.sync()
    log.event("EV_ABS", "ABS_MT_POSITION_X", 7); log.sync()
    log.event("EV_ABS", "ABS_MT_TRACKING_ID", -1); log.sync()
    // Slot 1: id 30, then id 31 without a lift (a missed lift frame), position carried over.
    log.event("EV_ABS", "ABS_MT_SLOT", 1)
    log.event("EV_ABS", "ABS_MT_TRACKING_ID", 30)
    log.event("EV_ABS", "ABS_MT_POSITION_X", 100); log.event("EV_ABS", "ABS_MT_POSITION_Y", 200); log.sync()
    log.event("EV_ABS", "ABS_MT_TRACKING_ID", 31); log.sync()
    log.event("EV_ABS", "ABS_MT_POSITION_Y", 210); log.sync()
    log.event("EV_ABS", "ABS_MT_TRACKING_ID", -1); log.sync()
    let trace = try Self.load(log.text)
    #expect(trace.strokes.map { $0.samples.map(\.x) } == [[5, 7], [100], [100, 100]])
    #expect(trace.strokes[2].samples.map(\.y) == [200, 210])
    #expect(trace.metadata.cleaning[AndroidGeteventImporter.alreadyDownRule] == 1)
    #expect(trace.metadata.cleaning[AndroidGeteventImporter.replacedRule] == 1)
    #expect(trace.metadata.millimetresPerUnit == nil)
    #expect(trace.strokes.allSatisfy { $0.samples.allSatisfy { $0.pressure == nil } })
  }

  /// A pen on a single-touch digitizer: in range (hover), touching with pressure and tilt, back
  /// to hover, out of range. The dump gives x resolution 100 units/mm, pressure 0…4095 and tilt
  /// resolution 57 units/radian (degrees, as Wacom drivers report).
  @Test("a pen digitizer: hover and contact strokes, pressure and tilt scaled by the dump")
  func penDigitizer() throws {
    let dump = """
      add device 2: /dev/input/event4
        name:     "stylus"
        events:
          KEY (0001): BTN_TOOL_PEN          BTN_TOUCH             BTN_STYLUS
          ABS (0003): ABS_X                 : value 0, min 0, max 26272, fuzz 0, flat 0, resolution 100
                      ABS_Y                 : value 0, min 0, max 16408, fuzz 0, flat 0, resolution 100
                      ABS_PRESSURE          : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0
                      ABS_TILT_X            : value 0, min -90, max 90, fuzz 0, flat 0, resolution 57
                      ABS_TILT_Y            : value 0, min -90, max 90, fuzz 0, flat 0, resolution 57

      """
    var log = GeteventLog()
    log.device = "/dev/input/event4"
    log.key("BTN_TOOL_PEN", down: true)
    log.event("EV_ABS", "ABS_TILT_X", 0); log.event("EV_ABS", "ABS_TILT_Y", 0)
    for x in [1000, 1010, 1020] { log.event("EV_ABS", "ABS_X", x); log.event("EV_ABS", "ABS_Y", 500); log.sync() }
    log.key("BTN_TOUCH", down: true)
    for (index, x) in [1030, 1040, 1050, 1060].enumerated() {
      log.event("EV_ABS", "ABS_X", x); log.event("EV_ABS", "ABS_PRESSURE", 1000 + index * 1000)
      if index == 1 { log.event("EV_ABS", "ABS_TILT_X", 57) }
      log.sync()
    }
    log.key("BTN_TOUCH", down: false); log.event("EV_ABS", "ABS_PRESSURE", 0); log.sync()
    log.event("EV_ABS", "ABS_X", 1070); log.sync()
    log.key("BTN_TOOL_PEN", down: false); log.sync()
    let trace = try Self.load(dump + log.text)
    #expect(trace.strokes.map(\.isHover) == [true, false, true])
    let xs: [[Double]] = [[1000, 1010, 1020], [1030, 1040, 1050, 1060], [1060, 1070]]
    #expect(trace.strokes.map { $0.samples.map(\.x) } == xs)
    #expect(trace.strokes.allSatisfy { $0.pointerType == .pen })
    let pressures: [Double?] = [1000.0 / 4095, 2000.0 / 4095, 3000.0 / 4095, 4000.0 / 4095]
    #expect(trace.strokes[1].samples.map(\.pressure) == pressures)
    #expect(trace.metadata.millimetresPerUnit == 0.01)
    // A typed size overrides the dump's resolution (it was ignored), and the note says so.
    let corrected = try Self.load(dump + log.text, settings: "mm_per_unit=0.02")
    #expect(corrected.metadata.millimetresPerUnit == 0.02)
    #expect(corrected.metadata.notes["millimetres_per_unit"]?.hasPrefix("from the import settings, over the getevent -lp dump's resolution 100") == true)
    #expect(try Self.load(dump + log.text, settings: "dpi=254").metadata.millimetresPerUnit == 25.4 / 254)
    // Tilt x = 57 units = 1 rad, tilt y = 0: altitude π/2 − 1, azimuth 0.
    let tilted = trace.strokes[1].samples[1]
    #expect(abs(tilted.altitude! - (Double.pi / 2 - 1)) < 1e-12 && abs(tilted.azimuth!) < 1e-12)
    #expect(trace.strokes[1].samples[0].altitude == Double.pi / 2)
    let noHover = try Self.load(dump + log.text, options: ImportOptions(includeHover: false))
    #expect(noHover.strokes.count == 1)
    #expect(noHover.metadata.cleaning[AndroidGeteventImporter.hoverLeftOutRule] == 5)
  }

  @Test("the worked example: dump then events of two fingers, millimetres and pressure from the dump")
  func workedExample() throws {
    let url = DelimitedTextImporterTests.examples.appendingPathComponent("android-getevent.txt")
    #expect(try TraceFormatDetector.detect(url: url) == .androidGetevent)
    let trace = try DatasetRegistry.load(url.path)
    // Tools/make_byod_examples.py: finger A changes in frames 0…12, finger B in frames 4…8.
    #expect(trace.strokes.map(\.samples.count) == [13, 5])
    #expect(trace.strokes[0].samples.map(\.x).prefix(3) == [400, 412, 424])
    #expect(trace.strokes[0].samples.map(\.y).prefix(4) == [1500, 1500, 1484, 1484])  // y carried on odd frames
    #expect(trace.strokes[1].samples.first?.pressure == 35.0 / 255)
    #expect(trace.metadata.millimetresPerUnit == 1.0 / 16)
    #expect(trace.metadata.device == "/dev/input/event2")
    #expect(trace.metadata.cleaning[AndroidGeteventImporter.ignoredEventRule] == 17)  // 14 MSC_TIMESTAMP, 1 TOUCH_MAJOR, 2 BTN_TOUCH
  }

  /// `rate_hz` is the trace's digitizer rate, as for a delimited-text mapping: there was no
  /// setting, so a getevent log's rate was always unknown (the importer does not take it from the
  /// SYN_REPORT stamps, which are when the driver reported; `datasets inspect` measures those). A
  /// value that is not a positive finite number is refused where it was written.
  @Test("rate_hz sets the digitizer rate; a bad one names the sidecar file, its line and the key")
  func digitizerRate() throws {
    let example = DelimitedTextImporterTests.example("android-getevent.txt")
    #expect(try DatasetRegistry.load(example).metadata.digitizerRateHz == nil)
    #expect(try DatasetRegistry.load(example + ":rate_hz=120").metadata.digitizerRateHz == 120)
    let data = try DelimitedTextImporterTests.temporaryFile(
      "touch.txt", try String(contentsOfFile: example, encoding: .utf8)).path
    defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: data).deletingLastPathComponent()) }
    try Data("device = /dev/input/event2\nrate_hz = 240\n".utf8).write(to: URL(fileURLWithPath: data + ".mapping"))
    #expect(try DatasetRegistry.load(data).metadata.digitizerRateHz == 240)
    for value in ["0", "-120", "inf", "nan", "fast"] {
      try Data("device = /dev/input/event2\nrate_hz = \(value)\n".utf8).write(to: URL(fileURLWithPath: data + ".mapping"))
      #expect(throws: TraceInputError(
        file: data + ".mapping", location: .line(2), field: "rate_hz", problem: "'\(value)' is not a positive number"
      )) { try DatasetRegistry.load(data) }
    }
    let refused = #expect(throws: TraceInputError.self) { try DatasetRegistry.load(example + ":rate_hz=0") }
    #expect(refused?.field == "rate_hz" && refused?.location == .file, "\(String(describing: refused))")
  }

  @Test("errors name the file, line and field", arguments: [
    ("[   1.000000] EV_ABS ABS_MT_POSITION_X zz\n", 1, "ABS_MT_POSITION_X", "is not a value"),
    ("[   1.000000] EV_ABS ABS_MT_POSITION_X 00000001\n[ 1.0x] EV_SYN SYN_REPORT 00000000\n", 2, "timestamp", "is not SECONDS.MICROS"),
    ("[   1.000000] EV_ABS ABS_MT_POSITION_X\n", 1, "value", "expected TYPE CODE VALUE"),
    ("[   1.000000 EV_ABS ABS_X 1\n", 1, "timestamp", "without ']'"),
    ("[   1.000000] EV_ABS ABS_MT_POSITION_X 00000001\n[   1.000000] EV_SYN SYN_MT_REPORT 00000000\n", 2, "SYN_MT_REPORT", "protocol A"),
    ("[   1.000000] EV_ABS ABS_MT_SLOT 00010000\n[   1.000000] EV_ABS ABS_MT_POSITION_X 1\n", 1, "ABS_MT_SLOT", "is not a slot number"),
    ("    ABS (0003): ABS_X : value 0, min zero, max 9\n[   1.000000] EV_ABS ABS_X 1\n", 1, "ABS_X", "is not 'NAME INTEGER'"),
    ("[   1.000000] /dev/input/event2: 0003 0035 000001a4\n", 1, "type", "record with getevent -lt"),
  ])
  func errors(text: String, line: Int, field: String, problem: String) throws {
    do {
      _ = try Self.load(text)
      Issue.record("accepted: \(text)")
    } catch let error as TraceInputError {
      #expect(error.file.hasSuffix("log.txt"))
      #expect(error.location == .line(line), "\(error)")
      #expect(error.field == field, "\(error)")
      #expect(error.problem.contains(problem), "\(error)")
    }
  }

  @Test("several devices reporting positions must be told apart with device=")
  func severalDevices() throws {
    var log = GeteventLog()
    for device in ["/dev/input/event1", "/dev/input/event2"] {
      log.device = device
      log.event("EV_ABS", "ABS_MT_TRACKING_ID", 1); log.event("EV_ABS", "ABS_MT_POSITION_X", 1); log.event("EV_ABS", "ABS_MT_POSITION_Y", 1)
      log.sync()
    }
    #expect(throws: TraceInputError.self) { try Self.load(log.text) }
    let chosen = try Self.load(log.text, settings: "device=/dev/input/event2")
    #expect(chosen.strokes.count == 1 && chosen.metadata.device == "/dev/input/event2")
    #expect(throws: TraceInputError.self) { try Self.load(log.text, settings: "resolution=3") }
  }

  /// A `device=` the log never names read no event and gave 0 strokes, exit 0; it is refused,
  /// listing the devices the log has, as the several-devices error does.
  @Test("a device= that is not in the log is refused, naming the devices it has")
  func unknownDevice() throws {
    var log = GeteventLog()
    log.device = "/dev/input/event5"
    log.key("KEY_POWER", down: true); log.sync()
    log.device = "/dev/input/event2"
    log.event("EV_ABS", "ABS_MT_TRACKING_ID", 1); log.event("EV_ABS", "ABS_MT_POSITION_X", 1); log.event("EV_ABS", "ABS_MT_POSITION_Y", 1)
    log.sync()
    let error = #expect(throws: TraceInputError.self) { try Self.load(log.text, settings: "device=/dev/input/event9") }
    #expect(error?.field == "device" && error?.location == .file)
    #expect(error?.problem == "'/dev/input/event9' has no events in this log; its events come from /dev/input/event5, "
      + "/dev/input/event2 (positions from /dev/input/event2); choose one with PATH:device=/dev/input/eventN")
  }
}
