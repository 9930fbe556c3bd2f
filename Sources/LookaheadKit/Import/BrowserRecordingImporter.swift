import Foundation

/// Session files saved by the Lookahead recorder page (``BrowserRecording``, `Docs/Recorder.md`).
///
/// Import:
/// - A contact stroke per pointer: a `pointerdown` opens it, `pointermove`s of that `pointerId`
///   add their coalesced samples, a `pointerup` or `pointercancel` closes it; a stroke still open
///   at the end of the file (a session saved mid-stroke) ends with its last sample.
/// - A pen moving with no button pressed and no open stroke is hovering (W3C Pointer Events: a
///   pen in range fires `pointermove` with `buttons == 0`): consecutive hover moves make a hover
///   stroke (phase `.hover`), unless ``ImportOptions/includeHover`` is off (then they are counted
///   as left out). Any other move or up without an open stroke is dropped and counted.
/// - The coalesced samples are the samples. Each event's predicted samples
///   (`getPredictedEvents()`) are ``RecordedPrediction``s anchored at the newest sample of the
///   stroke delivered so far, scored by `--predictor recorded` like UIKit's predicted touches.
/// Units: time s (the page's `performance.now()` clock); x, y in CSS pixels of the viewport,
/// millimetres from the page's calibration (unknown without one). Pressure, altitude and azimuth
/// only for pens: browsers report a constant 0.5 pressure and an upright angle for fingers and
/// mice. Altitude and azimuth from `altitudeAngle`/`azimuthAngle` where the browser gives them,
/// else from `tiltX`/`tiltY` (``TiltConversion``).
public struct BrowserRecordingImporter: TraceImporter {
  public init() {}
  public var format: TraceSourceFormat { .browserRecording }

  public static let moveOutsideStrokeRule = "browser event outside a stroke dropped"
  public static let hoverLeftOutRule = "browser hover sample left out"
  public static let unanchoredPredictionRule = "browser prediction outside a stroke dropped"

  public func metadata() -> TraceMetadata {
    TraceMetadata(
      source: "browser-recording", device: "unknown browser", coordinateUnit: "CSS px",
      licence: "your own recording", recordedPredictor: "browser-predicted-events",
      notes: ["pressure": "pens only, as the browser reports it (0…1)"])
  }

  /// The metadata of a trace made from `recordings` (in file order): the first one's device and
  /// scale. Recordings with different scales cannot share a trace (every metric would mix units),
  /// so that is an error naming the file that differs.
  func metadata(for recordings: [(file: URL, recording: BrowserRecording)]) throws -> TraceMetadata {
    var metadata = metadata()
    guard let (firstFile, first) = recordings.first else { return metadata }
    for (file, recording) in recordings.dropFirst() where recording.cssPixelsPerMillimetre != first.cssPixelsPerMillimetre {
      throw TraceInputError(file: file.path, location: .jsonPath("$.calibration"), field: "cssPixelsPerMillimetre",
        problem: "differs from \(firstFile.lastPathComponent)'s; recordings with different calibrations cannot share one trace, load them one at a time")
    }
    metadata.device = Self.browserName(userAgent: first.userAgent)
    metadata.recordedPredictor = Self.predictorName(userAgent: first.userAgent)
    metadata.millimetresPerUnit = first.cssPixelsPerMillimetre.map { 1 / $0 }
    metadata.notes["user_agent"] = first.userAgent
    metadata.notes["device_pixel_ratio"] = "\(first.devicePixelRatio)"
    metadata.notes["screen_css_px"] = "\(first.screenWidth) x \(first.screenHeight)"
    metadata.notes["calibration"] = first.calibrationMethod
    if first.cssPixelsPerMillimetre == nil {
      metadata.notes["millimetres_per_unit"] = "unknown: the recording was not calibrated, metrics stay in CSS px"
    }
    let frames = first.frameTimesMilliseconds.count
    if let timing = try? RecordedDisplayTiming(recording: first) {
      metadata.notes["display_frames"] = "\(frames) requestAnimationFrame times, \(DeviceProfile.number(timing.refreshRateHz)) Hz measured"
    }
    // Each session has its own clock (`performance.now()` starts at its page load), so frame
    // times are kept only for a single recording; a recording too short to measure keeps none.
    // A recording whose frames measure but whose profile is refused (a delivery delay outside
    // 0…1 s) says why, so that `replay --profile recorded` can.
    var measured: DeviceProfile?
    if recordings.count == 1 {
      do {
        measured = try DeviceProfile.measured(from: first, name: "measured", file: firstFile.path)
      } catch let error as TraceInputError where metadata.notes["display_frames"] != nil {
        metadata.notes["display_frames"]! += "; frame times not kept: \(error.problem)"
      } catch {}
    }
    if let profile = measured {
      // Sorted, a repeated time (a browser may stamp two callbacks alike) kept once.
      var seconds: [Double] = []
      for time in first.frameTimesMilliseconds.sorted().map({ $0 / 1000 }) where seconds.last.map({ $0 < time }) ?? true {
        seconds.append(time)
      }
      metadata.recordedDisplay = RecordedDisplay(frameTimesSeconds: seconds, measuredProfile: profile)
    } else if recordings.count > 1 {
      metadata.notes["display_frames"] = (metadata.notes["display_frames"].map { $0 + "; " } ?? "")
        + "frame times not kept: \(recordings.count) sessions have separate clocks (replay --profile recorded needs one session)"
    }
    return metadata
  }

  /// Several files are read in order (recordings are few and small).
  public func importTrace(files: [URL], options: ImportOptions) throws -> Trace {
    var recordings: [(file: URL, recording: BrowserRecording)] = []
    for file in files {
      recordings.append((file, try BrowserRecording.parse(try DelimitedText.readData(file), file: file.path)))
    }
    var metadata = try metadata(for: recordings)
    var report = CleaningReport()
    var strokes: [Stroke] = []
    for (file, recording) in recordings {
      strokes += try self.strokes(of: recording, file: file, options: options, report: &report)
    }
    metadata.cleaning = report
    if options.raw { metadata.notes["import"] = "raw: cleaning rules R1–R3 not applied" }
    return Trace(metadata: metadata, strokes: strokes)
  }

  public func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
    try strokes(of: try BrowserRecording.parse(data, file: file.path), file: file, options: options, report: &report)
  }

  /// A stroke being read: its rows and the predictions anchored at them.
  private struct OpenStroke {
    var order: Int
    var pointerId: Int
    var pointerType: PointerType
    var hover: Bool
    var rows: [TraceSample] = []
    var newestRow: Int?
    var predictions: [(row: Int, prediction: RecordedPrediction)] = []

    mutating func add(_ samples: [BrowserRecording.Sample]) {
      for sample in samples {
        rows.append(BrowserRecordingImporter.traceSample(sample, pointerType: pointerType))
        if newestRow.map({ rows[$0].time <= rows[rows.count - 1].time }) ?? true { newestRow = rows.count - 1 }
      }
    }

    mutating func addPredictions(_ samples: [BrowserRecording.Sample]) -> Bool {
      guard let anchor = newestRow else { return false }
      for sample in samples {
        predictions.append((anchor, RecordedPrediction(
          anchorIndex: anchor, time: sample.timeStampMilliseconds / 1000, x: sample.x, y: sample.y)))
      }
      return true
    }
  }

  func strokes(of recording: BrowserRecording, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
    let assembler = StrokeAssembler(options: options)
    assembler.declareRules(in: &report, hover: options.includeHover)
    report.add(Self.moveOutsideStrokeRule, 0)
    report.add(Self.unanchoredPredictionRule, 0)
    if !options.includeHover { report.add(Self.hoverLeftOutRule, 0) }

    var open: [Int: OpenStroke] = [:]
    var finished: [OpenStroke] = []
    var started = 0
    func finish(_ pointerId: Int) {
      if let stroke = open.removeValue(forKey: pointerId) { finished.append(stroke) }
    }
    func start(_ event: BrowserRecording.Event, hover: Bool) {
      var stroke = OpenStroke(order: started, pointerId: event.pointerId, pointerType: event.pointerType, hover: hover)
      started += 1
      stroke.add(event.samples)
      open[event.pointerId] = stroke
    }
    for event in recording.events {
      let current = open[event.pointerId]
      switch event.kind {
      case .pointerdown:
        finish(event.pointerId)
        start(event, hover: false)
      case .pointermove:
        if let current, !current.hover {
          open[event.pointerId]!.add(event.samples)
          if !event.predicted.isEmpty, !open[event.pointerId]!.addPredictions(event.predicted) {
            report.add(Self.unanchoredPredictionRule, event.predicted.count)
          }
        } else if event.pointerType == .pen, event.buttons == 0 {
          if !options.includeHover {
            report.add(Self.hoverLeftOutRule, event.samples.count)
          } else if current?.hover == true {
            open[event.pointerId]!.add(event.samples)
          } else {
            start(event, hover: true)
          }
          // A hover move's predictions have no contact sample to anchor at.
          report.add(Self.unanchoredPredictionRule, event.predicted.count)
        } else {
          report.add(Self.moveOutsideStrokeRule, event.samples.count)
          report.add(Self.unanchoredPredictionRule, event.predicted.count)
        }
      case .pointerup, .pointercancel:
        if let current, !current.hover {
          open[event.pointerId]!.add(event.samples)
          finish(event.pointerId)
        } else {
          report.add(Self.moveOutsideStrokeRule, event.samples.count)
          if current?.hover == true { finish(event.pointerId) }
        }
      }
    }
    finished += open.values
    finished.sort { $0.order < $1.order }

    let name = fileName(file)
    var strokes: [Stroke] = []
    for stroke in finished {
      if let assembled = try assembler.assemble(
        rows: stroke.rows, file: file.path, hover: stroke.hover, writer: recording.writer,
        origin: "\(name)#pointer\(stroke.pointerId)", pointerType: stroke.pointerType,
        predictions: stroke.predictions, report: &report)
      {
        strokes.append(assembled)
      }
    }
    return strokes
  }

  /// A trace sample from a browser sample: seconds, CSS px, and the pen-only values.
  static func traceSample(_ sample: BrowserRecording.Sample, pointerType: PointerType) -> TraceSample {
    var traceSample = TraceSample(time: sample.timeStampMilliseconds / 1000, x: sample.x, y: sample.y)
    guard pointerType == .pen else { return traceSample }
    traceSample.pressure = sample.pressure
    if let altitude = sample.altitude, let azimuth = sample.azimuth {
      traceSample.altitude = altitude
      traceSample.azimuth = azimuth
    } else if let tiltX = sample.tiltXDegrees, let tiltY = sample.tiltYDegrees {
      (traceSample.altitude, traceSample.azimuth) = TiltConversion.altitudeAzimuth(
        tiltX: tiltX * .pi / 180, tiltY: tiltY * .pi / 180)
    }
    return traceSample
  }

  /// The browser engine a user agent names, for the trace's device: Chromium-based browsers say
  /// `Chrome/` (and Edge `Edg/`), Firefox `Firefox/`, Safari `Safari/` without `Chrome/`.
  static func browserName(userAgent: String) -> String {
    switch engine(userAgent: userAgent) {
    case "chromium": "Chromium-based browser"
    case "gecko": "Firefox"
    case "webkit": userAgent.contains("iPad") || userAgent.contains("Macintosh") ? "Safari (macOS or iPadOS)" : "Safari"
    default: "unknown browser"
    }
  }

  /// The name of the recorded predictor: the browser engine's predicted events.
  static func predictorName(userAgent: String) -> String {
    "\(engine(userAgent: userAgent))-predicted-events"
  }

  private static func engine(userAgent: String) -> String {
    if userAgent.contains("Chrome/") || userAgent.contains("Chromium/") || userAgent.contains("Edg/") { return "chromium" }
    if userAgent.contains("Firefox/") { return "gecko" }
    if userAgent.contains("Safari/") || userAgent.contains("AppleWebKit/") { return "webkit" }
    return "browser"
  }
}
