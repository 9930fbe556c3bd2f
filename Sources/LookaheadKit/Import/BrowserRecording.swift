import Foundation

/// A session file saved by the Lookahead recorder page (`lookahead recorder`, format
/// `lookahead-browser-recording` version 1, `Docs/Recorder.md`): every pointer event the page
/// received with its coalesced and predicted samples (W3C Pointer Events Level 3,
/// `getCoalescedEvents()` and `getPredictedEvents()`), the display's frame times from
/// `requestAnimationFrame`, and what is known of the screen.
///
/// Times stay as the file has them, milliseconds on the page's clock (`performance.now()`);
/// positions are CSS pixels of the viewport. ``BrowserRecordingImporter`` turns a recording into
/// strokes, ``DeviceProfile/measured(from:name:)`` into a device profile.
public struct BrowserRecording: Sendable, Hashable {
  /// The `format` field's value.
  public static let formatName = "lookahead-browser-recording"
  /// The only version this reader knows.
  public static let supportedVersion = 1

  /// One sample of a pointer event: the dispatched event itself, a coalesced or a predicted one.
  public struct Sample: Sendable, Hashable {
    /// Milliseconds on the page's clock.
    public var timeStampMilliseconds: Double
    /// CSS pixels from the viewport's left and top edges.
    public var x: Double
    public var y: Double
    /// 0…1; browsers report 0.5 for any pressed button or touch without a pressure sensor.
    public var pressure: Double?
    /// Degrees, −90…90, the W3C `tiltX`/`tiltY`.
    public var tiltXDegrees: Double?
    public var tiltYDegrees: Double?
    /// Radians, the W3C Level 3 `altitudeAngle` (π/2 upright) and `azimuthAngle`.
    public var altitude: Double?
    public var azimuth: Double?
  }

  /// One event as the page received it.
  public struct Event: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      case pointerdown, pointermove, pointerup, pointercancel
    }
    public var kind: Kind
    /// The event's own `timeStamp`, milliseconds.
    public var timeStampMilliseconds: Double
    /// `performance.now()` when the page's handler ran, milliseconds: the event's arrival.
    public var receivedMilliseconds: Double
    public var pointerId: Int
    public var pointerType: PointerType
    /// The W3C `buttons` bit mask; 0 for a pen or mouse moving without contact (hover).
    public var buttons: Int
    /// The coalesced samples, oldest first (the event itself where it has none).
    public var samples: [Sample]
    /// The browser's predicted samples for this event; empty where none were made.
    public var predicted: [Sample]
  }

  /// CSS pixels per millimetre from the page's calibration (screen diagonal or ruler); `nil`
  /// when the user skipped it.
  public var cssPixelsPerMillimetre: Double?
  /// How it was calibrated: `diagonal`, `ruler` or `none`.
  public var calibrationMethod: String
  public var userAgent: String
  public var devicePixelRatio: Double
  /// `screen.width` × `screen.height`, CSS pixels.
  public var screenWidth: Double
  public var screenHeight: Double
  /// Who recorded, as typed on the page; `nil` when left empty.
  public var writer: String?
  /// Whether the browser offered `getCoalescedEvents()` and `getPredictedEvents()`.
  public var supportsCoalescedEvents: Bool
  public var supportsPredictedEvents: Bool
  /// Every `requestAnimationFrame` timestamp, milliseconds, in the order received.
  public var frameTimesMilliseconds: [Double]
  public var events: [Event]
}

extension BrowserRecording {
  /// Reads a session file; every problem is a ``TraceInputError`` naming `file`, the JSON path
  /// and the field.
  public static func parse(_ data: Data, file: String) throws -> BrowserRecording {
    let root = try JSONValue.parse(data, file: file)
    let reader = BrowserRecordingReader(file: file)
    let top = try reader.object(root, at: "$")
    let format = try reader.string(top, "format", at: "$")
    guard format == formatName else {
      throw reader.fail("$.format", "format", "is '\(format)', expected '\(formatName)' (a file saved by `lookahead recorder`)")
    }
    let version = try reader.integer(top, "version", at: "$")
    guard version == supportedVersion else {
      throw reader.fail("$.version", "version", "is \(version); this lookahead reads version \(supportedVersion)")
    }
    let calibration = try top["calibration"].map { try reader.object($0, at: "$.calibration") } ?? [:]
    let method = try calibration["method"] == nil ? "none" : reader.string(calibration, "method", at: "$.calibration")
    var pixelsPerMillimetre: Double?
    if method != "none" {
      let value = try reader.number(calibration, "cssPixelsPerMillimetre", at: "$.calibration")
      guard value > 0.1, value < 1000 else {
        throw reader.fail("$.calibration.cssPixelsPerMillimetre", "cssPixelsPerMillimetre",
          "\(value) is not a plausible scale (0.1…1000 CSS px per mm); calibrate again")
      }
      pixelsPerMillimetre = value
    }
    let screen = try top["screen"].map { try reader.object($0, at: "$.screen") } ?? [:]
    let supports = try top["supports"].map { try reader.object($0, at: "$.supports") } ?? [:]
    let writer = try top["writer"] == nil ? "" : reader.string(top, "writer", at: "$")

    let framesValue = try reader.value(top, "frames", at: "$")
    guard case .array(let frameValues) = framesValue else {
      throw reader.fail("$.frames", "frames", "expected an array of frame times (ms), found \(framesValue.kind)")
    }
    var frames: [Double] = []
    frames.reserveCapacity(frameValues.count)
    for (index, value) in frameValues.enumerated() {
      frames.append(try reader.time(value, at: "$.frames[\(index)]", field: "frames"))
    }

    let eventsValue = try reader.value(top, "events", at: "$")
    guard case .array(let eventValues) = eventsValue else {
      throw reader.fail("$.events", "events", "expected an array of pointer events, found \(eventsValue.kind)")
    }
    var events: [Event] = []
    events.reserveCapacity(eventValues.count)
    for (index, value) in eventValues.enumerated() {
      events.append(try reader.event(value, at: "$.events[\(index)]"))
    }
    return BrowserRecording(
      cssPixelsPerMillimetre: pixelsPerMillimetre, calibrationMethod: method,
      userAgent: try top["userAgent"] == nil ? "" : reader.string(top, "userAgent", at: "$"),
      devicePixelRatio: try top["devicePixelRatio"] == nil ? 1 : reader.number(top, "devicePixelRatio", at: "$"),
      screenWidth: try screen["width"] == nil ? 0 : reader.number(screen, "width", at: "$.screen"),
      screenHeight: try screen["height"] == nil ? 0 : reader.number(screen, "height", at: "$.screen"),
      writer: writer.isEmpty ? nil : writer,
      supportsCoalescedEvents: try supports["coalescedEvents"] == nil ? false : reader.flag(supports, "coalescedEvents", at: "$.supports"),
      supportsPredictedEvents: try supports["predictedEvents"] == nil ? false : reader.flag(supports, "predictedEvents", at: "$.supports"),
      frameTimesMilliseconds: frames, events: events)
  }

  /// Reads the file at `url` (see ``parse(_:file:)``).
  ///
  /// A file that is not a JSON object (a trace, a CSV, a model file: what a user measuring a
  /// device from their own data gives `datasets profile`) is refused as not a session file,
  /// naming the format its content shows, rather than as invalid JSON ("is not valid JSON
  /// (truncated?)", as before).
  public static func load(contentsOf url: URL) throws -> BrowserRecording {
    let data = try DelimitedText.readData(url)
    let first = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    if first != UInt8(ascii: "{") {
      let what: String
      if let format = TraceFormatDetector.byContent(data) {
        what = "a \(format.rawValue) file"
      } else if let kind = WorkbenchFileKind.identify(data) {
        what = kind.summary
      } else {
        what = "not a JSON object"
      }
      throw TraceInputError(
        file: url.path, location: .line(1), field: "format",
        problem: "is \(what), not a browser recording: a device profile is measured from a session saved by the "
          + "recorder page (`lookahead recorder`, Docs/Recorder.md); for other data give --profile a preset "
          + "(`lookahead replay profiles`) or a profile JSON file (Docs/Replay.md)")
    }
    return try parse(data, file: url.path)
  }

  /// Whether `data` starts like a session file: a JSON object naming the format near its start
  /// (the page writes `format` first).
  static func looksLikeRecording(_ prefix: String) -> Bool {
    prefix.hasPrefix("{") && prefix.contains("\"\(formatName)\"")
  }
}

/// Typed access to the JSON of a session file, each failure naming the file, path and field.
private struct BrowserRecordingReader {
  var file: String

  func fail(_ path: String, _ field: String, _ problem: String) -> TraceInputError {
    TraceInputError(file: file, location: .jsonPath(path), field: field, problem: problem)
  }

  func object(_ value: JSONValue, at path: String) throws -> [String: JSONValue] {
    guard case .object(let object) = value else {
      throw TraceInputError(file: file, location: .jsonPath(path), problem: "expected an object, found \(value.kind)")
    }
    return object
  }

  func value(_ object: [String: JSONValue], _ key: String, at path: String) throws -> JSONValue {
    guard let value = object[key] else { throw fail("\(path).\(key)", key, "is missing") }
    return value
  }

  func string(_ object: [String: JSONValue], _ key: String, at path: String) throws -> String {
    let raw = try value(object, key, at: path)
    guard case .string(let text) = raw else { throw fail("\(path).\(key)", key, "expected a string, found \(raw.kind)") }
    return text
  }

  func flag(_ object: [String: JSONValue], _ key: String, at path: String) throws -> Bool {
    let raw = try value(object, key, at: path)
    guard case .bool(let flag) = raw else { throw fail("\(path).\(key)", key, "expected true or false, found \(raw.kind)") }
    return flag
  }

  func number(_ object: [String: JSONValue], _ key: String, at path: String) throws -> Double {
    let raw = try value(object, key, at: path)
    guard case .number(let number) = raw else { throw fail("\(path).\(key)", key, "expected a number, found \(raw.kind)") }
    guard number.isFinite else { throw fail("\(path).\(key)", key, "\(number) is not finite") }
    return number
  }

  /// A number that may be `null` or absent (a property the browser does not report).
  func optionalNumber(_ object: [String: JSONValue], _ key: String, at path: String) throws -> Double? {
    guard let raw = object[key], raw != .null else { return nil }
    return try number(object, key, at: path)
  }

  func integer(_ object: [String: JSONValue], _ key: String, at path: String) throws -> Int {
    let double = try number(object, key, at: path)
    guard double == double.rounded(), abs(double) < 1e15 else { throw fail("\(path).\(key)", key, "\(double) is not an integer") }
    return Int(double)
  }

  /// A time in milliseconds, within ``TraceTimeLimit`` once turned into seconds.
  func time(_ value: JSONValue, at path: String, field: String) throws -> Double {
    guard case .number(let number) = value, number.isFinite else {
      throw fail(path, field, "expected a finite time in milliseconds, found \(value.kind)")
    }
    guard TraceTimeLimit.accepts(number / 1000) else { throw fail(path, field, TraceTimeLimit.problem(number / 1000)) }
    return number
  }

  /// A coordinate within ``TracePositionLimit``, refused at its path: a coalesced or predicted
  /// sample's position is scored either way.
  func position(_ object: [String: JSONValue], _ key: String, at path: String) throws -> Double {
    let number = try number(object, key, at: path)
    guard TracePositionLimit.accepts(number) else { throw fail("\(path).\(key)", key, TracePositionLimit.problem(number)) }
    return number
  }

  func sample(_ value: JSONValue, at path: String) throws -> BrowserRecording.Sample {
    let object = try object(value, at: path)
    let stamp = try time(try self.value(object, "timeStamp", at: path), at: "\(path).timeStamp", field: "timeStamp")
    return BrowserRecording.Sample(
      timeStampMilliseconds: stamp, x: try position(object, "x", at: path), y: try position(object, "y", at: path),
      pressure: try optionalNumber(object, "pressure", at: path),
      tiltXDegrees: try optionalNumber(object, "tiltX", at: path), tiltYDegrees: try optionalNumber(object, "tiltY", at: path),
      altitude: try optionalNumber(object, "altitudeAngle", at: path),
      azimuth: try optionalNumber(object, "azimuthAngle", at: path))
  }

  func samples(_ object: [String: JSONValue], _ key: String, at path: String) throws -> [BrowserRecording.Sample] {
    let raw = try value(object, key, at: path)
    guard case .array(let values) = raw else { throw fail("\(path).\(key)", key, "expected an array of samples, found \(raw.kind)") }
    return try values.enumerated().map { try sample($0.element, at: "\(path).\(key)[\($0.offset)]") }
  }

  func event(_ value: JSONValue, at path: String) throws -> BrowserRecording.Event {
    let object = try object(value, at: path)
    let typeName = try string(object, "type", at: path)
    guard let kind = BrowserRecording.Event.Kind(rawValue: typeName) else {
      throw fail("\(path).type", "type", "'\(typeName)' is not one of "
        + BrowserRecording.Event.Kind.allCases.map(\.rawValue).joined(separator: ", "))
    }
    let pointerName = try string(object, "pointerType", at: path)
    guard let pointerType = PointerType(platformName: pointerName) else {
      throw fail("\(path).pointerType", "pointerType", "'\(pointerName)' is not pen, touch or mouse")
    }
    let samples = try samples(object, "samples", at: path)
    guard !samples.isEmpty else { throw fail("\(path).samples", "samples", "is empty; every event has at least its own sample") }
    return BrowserRecording.Event(
      kind: kind,
      timeStampMilliseconds: try time(try self.value(object, "timeStamp", at: path), at: "\(path).timeStamp", field: "timeStamp"),
      receivedMilliseconds: try time(try self.value(object, "received", at: path), at: "\(path).received", field: "received"),
      pointerId: try integer(object, "pointerId", at: path), pointerType: pointerType,
      buttons: try integer(object, "buttons", at: path), samples: samples,
      predicted: object["predicted"] == nil ? [] : try self.samples(object, "predicted", at: path))
  }
}
