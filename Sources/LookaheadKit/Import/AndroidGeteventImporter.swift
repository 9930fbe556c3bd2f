import Foundation

/// Raw Linux input events of an Android touchscreen or pen digitizer, as `adb shell getevent -lt`
/// prints them: `[   1234.567890] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 000001a4`.
///
/// What the kernel sends (Documentation/input/multi-touch-protocol.rst and event-codes.rst):
/// events accumulate into a frame that `SYN_REPORT` closes. A multi-touch device (protocol B)
/// addresses one slot at a time (`ABS_MT_SLOT`); `ABS_MT_TRACKING_ID` N gives a slot a new contact
/// and −1 lifts it; a slot's values (position, pressure, tool type) persist until changed, so a
/// frame carries only what moved. A single-touch device or pen (no `ABS_MT_POSITION_*`) sends
/// `ABS_X/Y`, `ABS_PRESSURE`, `ABS_TILT_X/Y`, with `BTN_TOUCH` for contact and `BTN_TOOL_PEN`
/// (or `_RUBBER`) while the pen is in range.
///
/// How it becomes a trace:
/// - a stroke is one contact (a tracking id in a slot; a `BTN_TOUCH` down…up); a sample is
///   taken at each `SYN_REPORT` for every contact that changed in that frame, with the values
///   carried over from earlier frames; time is the `SYN_REPORT`'s stamp;
/// - pen in range but not touching gives hover strokes (kept unless hover is off);
/// - pointer type: `ABS_MT_TOOL_TYPE` (0 finger, 1 pen, 2 palm) or `BTN_TOOL_PEN`/`_RUBBER` →
///   pen, `BTN_TOOL_FINGER` → touch; a multi-touch screen that says nothing → touch;
/// - units: positions in device units, y down as the sensor reports them (not rotated to the
///   display); millimetres per unit from the position axis's resolution in a `getevent -lp` dump
///   (in the same file, before the events, or `axes=FILE`), else `mm_per_unit=`/`dpi=`, else
///   unknown; pressure (v − min)/(max − min) with the dump's range, else raw; tilts ÷ their
///   resolution (units per radian), else read as degrees, then ``TiltConversion``;
/// - digitizer rate: `rate_hz=`, as a delimited-text mapping states it, else unknown. Neither the
///   dump nor the events state the nominal rate, and it is not taken from the `SYN_REPORT`
///   stamps, which are when the driver reported (`datasets inspect` measures those).
///
/// Real-device quirks handled (each counted when it changes anything): `SYN_DROPPED` (the
/// kernel's buffer overflowed: every open stroke ends there and the events up to the next
/// `SYN_REPORT` are discarded; later samples of a contact start a new stroke); tracking id −1
/// and a slot taking a new id without a lift; contacts already down when the log starts (values
/// without a tracking id); values written as `getevent` prints them (8 hex digits, so
/// `ffffffff` is −1) or as decimals; `DOWN`/`UP` key values; a legacy single-touch stream
/// beside the multi-touch one (ignored); several devices in one log (choose with
/// `device=/dev/input/eventN` when more than one reports positions); events other than these
/// (`EV_MSC`, touch size, orientation …) are counted and ignored; protocol A (`SYN_MT_REPORT`) is
/// refused, since all kernel drivers use protocol B.
public struct AndroidGeteventImporter: TraceImporter {
  public var format: TraceSourceFormat { .androidGetevent }

  public static let settingKeys = ["axes", "device", "mm_per_unit", "dpi", "rate_hz", "source"]
  public static let droppedRule = "getevent stroke ended at SYN_DROPPED"
  public static let replacedRule = "getevent contact replaced without a lift"
  public static let alreadyDownRule = "getevent contact down before the log"
  public static let liftedSlotRule = "getevent update of a lifted slot ignored"
  public static let ignoredEventRule = "getevent event not used"
  public static let hoverLeftOutRule = "getevent hover sample left out"

  var dump: AndroidInputDeviceDump
  var device: String?
  var millimetresPerUnit: Double?
  /// `rate_hz`: the digitizer's nominal rate, samples per second, as the trace's
  /// ``TraceMetadata/digitizerRateHz`` (a tune, training or model made from the log records it;
  /// `sweep` steps by it). Nil: unknown.
  var digitizerRateHz: Double?
  var source: String?

  public init() {
    dump = AndroidInputDeviceDump()
  }

  /// Reads `axes=FILE` (a `getevent -lp` dump), `device=`, `mm_per_unit=`/`dpi=`, `rate_hz=`,
  /// `source=`.
  public init(settings: ImportSettings) throws {
    try settings.requireKnownKeys(Self.settingKeys, for: "android-getevent")
    dump = AndroidInputDeviceDump()
    if let entry = settings["axes"] {
      let url = URL(fileURLWithPath: entry.value)
      let data = try DelimitedText.readData(url)
      let text = String(decoding: data, as: UTF8.self)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { ($0.offset + 1, $0.element) }
      try dump.read(lines: lines, file: url.path)
    }
    device = settings["device"]?.value
    millimetresPerUnit = try settings.millimetresPerUnit()
    digitizerRateHz = try settings.positiveNumber("rate_hz")
    source = settings["source"]?.value
  }

  /// Whether a line looks like a `getevent -t` event: `[ SECONDS] … EV_…`.
  public static func isEventLine(_ line: String) -> Bool {
    line.hasPrefix("[") && line.contains("]") && line.contains("EV_")
  }

  public func metadata() -> TraceMetadata {
    TraceMetadata(
      source: source ?? "android-getevent", device: "Android input device (getevent)", digitizerRateHz: digitizerRateHz,
      coordinateUnit: "device units", millimetresPerUnit: millimetresPerUnit, licence: "unknown (a user's own recording)")
  }

  /// Files are read in order (logs are small); the scale and notes come from the first file's
  /// dump or the settings, since a trace has one coordinate unit.
  public func importTrace(files: [URL], options: ImportOptions) throws -> Trace {
    var trace = Trace(metadata: metadata(), strokes: [])
    var report = CleaningReport()
    for (index, file) in files.enumerated() {
      let parsed = try parse(try DelimitedText.readData(file), file: file, options: options, into: &report)
      trace.strokes += parsed.strokes
      guard index == 0 else { continue }
      trace.metadata.millimetresPerUnit = parsed.millimetresPerUnit
      trace.metadata.notes = parsed.notes
      if !parsed.device.isEmpty { trace.metadata.device = parsed.device }
      if source == nil, files.count == 1 { trace.metadata.source = file.lastPathComponent }
    }
    trace.metadata.cleaning = report
    if options.raw { trace.metadata.notes["import"] = "raw: cleaning rules R1–R3 not applied" }
    return trace
  }

  public func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
    try parse(data, file: file, options: options, into: &report).strokes
  }

  /// Everything a file gives: strokes, and what the metadata should say.
  struct Parsed {
    var strokes: [Stroke] = []
    var millimetresPerUnit: Double?
    var device = ""
    var notes: [String: String] = [:]
  }

  /// One contact or hover run being collected.
  struct Collecting {
    var rows: [TraceSample] = []
    var lines: [Int] = []
    var hover = false
    var pointerType: PointerType
    var start: Int
  }

  /// The values of one multi-touch slot, carried from frame to frame.
  struct Slot {
    /// `nil`: never set in this log; −1: no contact.
    var trackingID: Int?
    var x: Int?, y: Int?, pressure: Int?, toolType: Int?
    var changed = false
    var lifted = false
    var stroke: Collecting?
  }

  /// An event of the log, as pass 2 reads it.
  struct Event {
    var line: Int
    /// The line's bytes in the file, to quote its fields in a message.
    var bytes: Range<Int>
    var time: Double
    /// Index in the log's list of devices.
    var device: Int
    var kind: GeteventEventKind
    var value: Int?
  }

  private func parse(_ data: Data, file: URL, options: ImportOptions, into report: inout CleaningReport) throws -> Parsed {
    let path = file.path
    let name = fileName(file)
    let assembler = StrokeAssembler(options: options)

    // Pass 1: the dump lines, and the events read into fields (GeteventLine), in place.
    var dumpLines: [(number: Int, text: Substring)] = []
    var events: [Event] = []
    var devices: [String] = []
    var deviceNumbers: [String: Int] = [:]
    var anyLabelled = false
    try data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var lines = ByteLines(bytes)
      var lastDevice: (range: Range<Int>, number: Int)?
      func deviceNumber(_ device: String) -> Int {
        if let known = deviceNumbers[device] { return known }
        devices.append(device)
        deviceNumbers[device] = devices.count - 1
        return devices.count - 1
      }
      while let range = lines.next() {
        let line = lines.lineNumber
        var event: Event
        var labelled: Bool
        if let fields = GeteventLine.event(bytes, range) {
          let device: Int
          if let last = lastDevice, GeteventLine.equal(bytes, last.range, fields.device) {
            device = last.number
          } else {
            device = deviceNumber(String(decoding: bytes[fields.device], as: UTF8.self))
            lastDevice = (fields.device, device)
          }
          event = Event(line: line, bytes: range, time: fields.time, device: device, kind: fields.kind, value: fields.value)
          labelled = fields.labelledType
        } else {
          let text = String(decoding: bytes[range], as: UTF8.self)
          switch try GeteventLine(text: text, line: line, file: path) {
          case .blank: continue
          case .dump(let text):
            dumpLines.append((line, Substring(text)))
            continue
          case .event(let fields):
            event = Event(
              line: line, bytes: range, time: fields.time, device: deviceNumber(fields.device), kind: fields.kind,
              value: fields.value)
            labelled = fields.labelledType
          }
        }
        anyLabelled = anyLabelled || labelled
        events.append(event)
      }
    }
    /// An event's line read again as text, for a message quoting its fields.
    func fields(_ event: Event) -> (type: String, code: String, value: String) {
      let text = data.withUnsafeBytes { String(decoding: $0.bindMemory(to: UInt8.self)[event.bytes], as: UTF8.self) }
      guard let fields = try? GeteventLine.fields(of: text.trimmingCharacters(in: .whitespaces), line: event.line, file: path) else {
        return ("", "", "")
      }
      return (String(fields.type), String(fields.code), String(fields.value))
    }
    if let first = events.first, !anyLabelled {
      throw TraceInputError(file: path, location: .line(first.line), field: "type",
        problem: "'\(fields(first).type)' is a numeric event type: record with getevent -lt (labelled events), not getevent -t")
    }
    var dump = self.dump
    if dump.isEmpty { try dump.read(lines: dumpLines, file: path) }

    // The device: the one that reports positions (or the one named).
    var positionDevices: [Int] = []
    var multiTouchDevices = [Bool](repeating: false, count: devices.count)
    for event in events where event.kind.isPosition {
      if !positionDevices.contains(event.device) { positionDevices.append(event.device) }
      if event.kind.isMultiTouchPosition { multiTouchDevices[event.device] = true }
    }
    let chosen: String
    if let device {
      // A device the log never names has no events to read: refused, not 0 strokes.
      guard deviceNumbers[device] != nil else {
        func named(_ number: Int) -> String { devices[number].isEmpty ? "lines naming no device" : devices[number] }
        let found = devices.isEmpty ? "the log holds no events"
          : "its events come from " + devices.indices.map(named).joined(separator: ", ")
            + (positionDevices.isEmpty ? "" : " (positions from " + positionDevices.map(named).joined(separator: ", ") + ")")
        throw TraceInputError(file: path, location: .file, field: "device",
          problem: "'\(device)' has no events in this log; \(found); choose one with PATH:device=/dev/input/eventN")
      }
      chosen = device
    } else if positionDevices.count > 1 {
      throw TraceInputError(file: path, location: .file, field: "device",
        problem: "several devices report positions (\(positionDevices.map { devices[$0] }.joined(separator: ", "))); choose one with PATH:device=/dev/input/eventN")
    } else {
      chosen = positionDevices.first.map { devices[$0] } ?? ""
    }
    // String equality, as the devices were told apart (deviceNumbers); no event's if unknown.
    let chosenNumber = deviceNumbers[chosen] ?? -1
    let multiTouch = chosenNumber >= 0 && multiTouchDevices[chosenNumber]
    assembler.declareRules(in: &report, hover: !multiTouch && options.includeHover)
    for rule in [Self.droppedRule, Self.replacedRule, Self.alreadyDownRule, Self.liftedSlotRule, Self.ignoredEventRule] {
      report.add(rule, 0)
    }
    if !multiTouch, !options.includeHover { report.add(Self.hoverLeftOutRule, 0) }
    var parsed = Parsed()
    parsed.device = chosen

    // Scales.
    let xAxis = dump.axis(multiTouch ? "ABS_MT_POSITION_X" : "ABS_X", device: chosen)
    let pressureAxis = dump.axis(multiTouch ? "ABS_MT_PRESSURE" : "ABS_PRESSURE", device: chosen)
    // A typed mm_per_unit or dpi overrides the dump (it was silently ignored, so a device that
    // reports a wrong resolution could not be corrected), and the note names both.
    if let millimetresPerUnit, let resolution = xAxis?.resolution, resolution > 0 {
      parsed.millimetresPerUnit = millimetresPerUnit
      parsed.notes["millimetres_per_unit"] =
        "from the import settings, over the getevent -lp dump's resolution \(resolution) units/mm (1/\(resolution) mm)"
    } else if let resolution = xAxis?.resolution, resolution > 0 {
      parsed.millimetresPerUnit = 1 / Double(resolution)
      parsed.notes["millimetres_per_unit"] = "1 / resolution \(resolution) units/mm of the getevent -lp dump"
    } else {
      parsed.millimetresPerUnit = millimetresPerUnit
      parsed.notes["millimetres_per_unit"] = millimetresPerUnit == nil
        ? "unknown: the dump gives no resolution; give mm_per_unit or dpi" : "from the import settings"
    }
    var pressureScale: ((Int) -> Double) = { Double($0) }
    if let axis = pressureAxis, axis.maximum > axis.minimum {
      pressureScale = { (Double($0) - Double(axis.minimum)) / (Double(axis.maximum) - Double(axis.minimum)) }
      parsed.notes["pressure"] = "(value − \(axis.minimum)) / \(axis.maximum - axis.minimum), from the getevent -lp dump"
    } else {
      parsed.notes["pressure"] = "raw device units (no getevent -lp range)"
    }
    func tiltRadians(_ label: String) -> (Int) -> Double {
      if let axis = dump.axis(label, device: chosen), axis.resolution > 0 {
        let resolution = Double(axis.resolution)
        return { Double($0) / resolution }
      }
      return { Double($0) * Double.pi / 180 }
    }
    let tiltXRadians = tiltRadians("ABS_TILT_X"), tiltYRadians = tiltRadians("ABS_TILT_Y")
    parsed.notes["orientation"] = "sensor coordinates as reported (not rotated to the display)"

    // Pass 2: the state machine.
    var finished: [Collecting] = []
    var started = 0
    var slots: [Int: Slot] = [:]
    var slotOrder: [Int] = []
    var slot = 0
    var dropping = false
    // Single-touch / pen state.
    var x: Int?, y: Int?, pressure: Int?, tiltX: Int?, tiltY: Int?
    var touching = false, penInRange = false, fingerTool = false
    var singleChanged = false
    var single: Collecting?

    func finish(_ stroke: inout Collecting?) {
      if let done = stroke, !done.rows.isEmpty { finished.append(done) }
      stroke = nil
    }
    func value(_ event: Event) throws -> Int {
      if let value = event.value { return value }
      let quoted = fields(event)
      throw TraceInputError(file: path, location: .line(event.line), field: quoted.code,
        problem: "'\(quoted.value)' is not a value (8 hex digits as getevent prints, a decimal, DOWN or UP)")
    }
    func angles() -> (Double?, Double?) {
      guard let tiltX, let tiltY else { return (nil, nil) }
      let (altitude, azimuth) = TiltConversion.altitudeAzimuth(tiltX: tiltXRadians(tiltX), tiltY: tiltYRadians(tiltY))
      return (altitude, azimuth)
    }
    func slotPointerType(_ state: Slot) -> PointerType {
      switch state.toolType {
      case 1?: return .pen
      case 0?, 2?: return .touch
      default: return penInRange ? .pen : .touch
      }
    }

    for event in events where event.device == chosenNumber {
      if dropping {
        if event.kind == .synReport { dropping = false }
        continue
      }
      switch event.kind {
      case .synReport:
        if multiTouch {
          // Slots are only ever added: sort their numbers again only when one was.
          if slotOrder.count != slots.count { slotOrder = slots.keys.sorted() }
          for key in slotOrder {
            // Taken out while it changes, so that its stroke's rows are not copied on append.
            guard var state = slots.removeValue(forKey: key) else { continue }
            if state.changed, state.trackingID == -1, !state.lifted { report.add(Self.liftedSlotRule) }
            if state.changed, state.trackingID != -1, let sx = state.x, let sy = state.y {
              if state.trackingID == nil, state.stroke == nil { report.add(Self.alreadyDownRule) }
              if state.stroke == nil {
                state.stroke = Collecting(pointerType: slotPointerType(state), start: started)
                started += 1
              }
              let (altitude, azimuth) = angles()
              state.stroke?.rows.append(TraceSample(
                time: event.time, x: Double(sx), y: Double(sy), pressure: state.pressure.map(pressureScale),
                altitude: altitude, azimuth: azimuth))
              state.stroke?.lines.append(event.line)
            }
            if state.lifted { finish(&state.stroke) }
            state.changed = false
            state.lifted = false
            slots[key] = state
          }
        } else {
          let hover = !touching && penInRange
          if let open = single, open.hover != hover || !(touching || penInRange) { finish(&single) }
          if (touching || penInRange), singleChanged || single == nil, let x, let y {
            if hover, !options.includeHover {
              report.add(Self.hoverLeftOutRule)
            } else {
              if single == nil {
                single = Collecting(hover: hover, pointerType: penInRange ? .pen : (fingerTool ? .touch : .unknown), start: started)
                started += 1
              }
              let (altitude, azimuth) = angles()
              single?.rows.append(TraceSample(
                time: event.time, x: Double(x), y: Double(y), pressure: pressure.map(pressureScale), altitude: altitude, azimuth: azimuth))
              single?.lines.append(event.line)
            }
          }
          singleChanged = false
        }
      case .synDropped:
        for key in slots.keys.sorted() {
          if slots[key]?.stroke != nil { report.add(Self.droppedRule) }
          finish(&slots[key, default: Slot()].stroke)
          slots[key]?.changed = false
          slots[key]?.lifted = false
        }
        if single != nil { report.add(Self.droppedRule) }
        finish(&single)
        dropping = true
      case .synMultiTouchReport:
        throw TraceInputError(file: path, location: .line(event.line), field: "SYN_MT_REPORT",
          problem: "multi-touch protocol A is not supported (all kernel drivers now use protocol B, with ABS_MT_SLOT)")
      case .slot:
        let index = try value(event)
        guard (0..<1024).contains(index) else {
          throw TraceInputError(file: path, location: .line(event.line), field: "ABS_MT_SLOT", problem: "\(index) is not a slot number 0…1023")
        }
        slot = index
      case .trackingID where multiTouch:
        let id = try value(event)
        var state = slots[slot, default: Slot()]
        if id < 0 {
          state.lifted = true
        } else if state.trackingID != id {
          if state.stroke != nil, state.trackingID != -1 {
            report.add(Self.replacedRule)
            finish(&state.stroke)
          }
          state.changed = true
        }
        state.trackingID = id < 0 ? -1 : id
        slots[slot] = state
      case .multiTouchX where multiTouch:
        slots[slot, default: Slot()].x = try value(event)
        slots[slot, default: Slot()].changed = true
      case .multiTouchY where multiTouch:
        slots[slot, default: Slot()].y = try value(event)
        slots[slot, default: Slot()].changed = true
      case .multiTouchPressure where multiTouch:
        slots[slot, default: Slot()].pressure = try value(event)
        slots[slot, default: Slot()].changed = true
      case .toolType where multiTouch:
        slots[slot, default: Slot()].toolType = try value(event)
      case .x where !multiTouch:
        x = try value(event)
        singleChanged = true
      case .y where !multiTouch:
        y = try value(event)
        singleChanged = true
      case .pressure where !multiTouch:
        pressure = try value(event)
        singleChanged = true
      case .tiltX:
        tiltX = try value(event)
        singleChanged = true
      case .tiltY:
        tiltY = try value(event)
        singleChanged = true
      case .touch where !multiTouch:
        touching = try value(event) != 0
        singleChanged = true
      case .penTool, .rubberTool:
        penInRange = try value(event) != 0
        singleChanged = true
      case .fingerTool:
        fingerTool = try value(event) != 0
      default:
        // Still check the value, so that a damaged line is reported rather than skipped.
        _ = try value(event)
        report.add(Self.ignoredEventRule)
      }
    }
    // Contacts still down when the log ends are kept as they are.
    for key in slots.keys.sorted() { finish(&slots[key, default: Slot()].stroke) }
    finish(&single)

    for collected in finished.sorted(by: { $0.start < $1.start }) {
      if let stroke = try assembler.assemble(
        rows: collected.rows, lines: collected.lines, file: path, hover: collected.hover, writer: nil,
        origin: "\(name) contact \(collected.start)", pointerType: collected.pointerType, report: &report)
      {
        parsed.strokes.append(stroke)
      }
    }
    return parsed
  }
}
