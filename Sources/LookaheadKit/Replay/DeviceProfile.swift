import Foundation
import LookaheadRuntime

/// How a device delivers pointer samples to an app: the digitizer, the display clock, the
/// delivery delay, the render pipeline, missed frames and late property updates.
///
/// A replay (``Replay``) uses a profile to turn a recorded stroke into the frames an app would
/// have seen. The model follows how UIKit and Android deliver input: samples are batched
/// ("coalesced") and handed to the app once per display refresh, and the frame drawn in that
/// callback reaches the glass a fixed number of refreshes later (Apple, "Minimizing latency with
/// predicted touches" and WWDC 2015 session 233 "Advanced Touch Input on iOS"; Android,
/// `Choreographer` input batching and `MotionEvent.getHistorical*`). `Docs/Replay.md` lists every
/// field with its unit and default, and the presets with their sources.
///
/// Every time is in seconds. A profile decodes from JSON; a field left out takes its default.
public struct DeviceProfile: Codable, Sendable, Hashable {
  /// Short name used on the command line, for example `pencil240-promotion120`.
  public var name: String
  /// One sentence on what the profile emulates.
  public var summary: String
  /// Which recorded samples the app receives. Default: all of them.
  public var digitizer: Digitizer
  /// When the display refreshes. Default: fixed 120 Hz, seeded phase.
  public var display: DisplayClock
  /// Seconds between a sample's digitizer time and the moment it can be delivered to the app
  /// (scan, bus, driver and event dispatch). A frame callback at time T receives only samples
  /// with time ≤ T − this delay. Default 0; real devices: about 2–10 ms.
  public var deliveryDelaySeconds: Double
  /// How long from the frame callback until the frame is on the glass. Default: 2 refreshes.
  public var pipeline: PipelineLatency
  /// Frames that miss their deadline and are shown one refresh later. Default: none.
  public var missedFrames: MissedFrames
  /// Whether estimated values (Apple Pencil force) stay estimates until their update arrives.
  /// When `false`, the app sees final values at once (an idealised device). Default `true`.
  public var appliesLatePropertyUpdates: Bool
  /// Whether a display refresh that brings no new sample still makes a frame (the app redraws
  /// with a longer horizon). Default `false`: as in UIKit, a touch callback needs new input.
  public var includesFramesWithoutNewSamples: Bool

  public init(
    name: String, summary: String = "", digitizer: Digitizer = Digitizer(),
    display: DisplayClock = DisplayClock(), deliveryDelaySeconds: Double = 0,
    pipeline: PipelineLatency = PipelineLatency(), missedFrames: MissedFrames = MissedFrames(),
    appliesLatePropertyUpdates: Bool = true, includesFramesWithoutNewSamples: Bool = false
  ) {
    self.name = name
    self.summary = summary
    self.digitizer = digitizer
    self.display = display
    self.deliveryDelaySeconds = deliveryDelaySeconds
    self.pipeline = pipeline
    self.missedFrames = missedFrames
    self.appliesLatePropertyUpdates = appliesLatePropertyUpdates
    self.includesFramesWithoutNewSamples = includesFramesWithoutNewSamples
  }

  // MARK: - Parts

  /// Which of the recorded samples reach the app. Sample times are the trace's own, never
  /// resampled.
  public struct Digitizer: Codable, Sendable, Hashable {
    /// Keep every `decimation`-th sample of a stroke (index 0, n, 2n, …) to emulate a slower scan,
    /// for example 2 to turn a 240 Hz pencil into a 120 Hz one. 1 keeps all. Range 1…16.
    public var decimation: Int

    public init(decimation: Int = 1) { self.decimation = decimation }

    public init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownProfileFields(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      let defaults = Self()
      decimation =
        try c.decodeIfPresent(Double.self, forKey: .decimation).map {
          try ProfileValueError.wholeNumber($0, at: c.codingPath + [CodingKeys.decimation], expected: "a whole number 1…16")
        } ?? defaults.decimation
    }
  }

  /// The display's refresh clock: a rate, optional scheduled changes, and its phase.
  public struct DisplayClock: Codable, Sendable, Hashable {
    /// Refresh rate at the start of each stroke, Hz. Default 120.
    public var rateHz: Double
    /// Rates the panel can run at, Hz; every rate in ``schedule`` must be one of them. Empty means
    /// any positive rate. ProMotion panels use 120, 80, 60, 48, 40, 30 and 24 Hz (integer
    /// divisors of 240 Hz). Default empty.
    public var allowedRatesHz: [Double]
    /// Rate changes, in time order. Each takes effect at the first refresh at or after its time.
    /// Default empty (a fixed rate).
    public var schedule: [RateChange]
    /// Time from a stroke's first sample to the first refresh after it, seconds, in
    /// `0 ..< 1/rateHz`. `nil` (the default) draws it uniformly from the replay's seed, once per
    /// stroke: the display clock is not synchronised with touch-down.
    public var phaseOffsetSeconds: Double?
    /// Recorded refresh times, seconds on the trace's clock, strictly increasing: when not empty
    /// the app's callbacks run at exactly these times instead of at a constant rate, and
    /// ``schedule`` and ``phaseOffsetSeconds`` are not used (a browser recording's
    /// `requestAnimationFrame` times, ``RecordedDisplay``). Tied to one trace's clock, so it is
    /// not part of a profile file. Default empty.
    public var recordedFrameTimesSeconds: [Double] = []

    /// The fields a profile file holds (``recordedFrameTimesSeconds`` is not one of them).
    enum CodingKeys: String, CodingKey {
      case rateHz, allowedRatesHz, schedule, phaseOffsetSeconds
    }

    public init(
      rateHz: Double = 120, allowedRatesHz: [Double] = [], schedule: [RateChange] = [],
      phaseOffsetSeconds: Double? = nil
    ) {
      self.rateHz = rateHz
      self.allowedRatesHz = allowedRatesHz
      self.schedule = schedule
      self.phaseOffsetSeconds = phaseOffsetSeconds
    }

    public init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownProfileFields(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      let defaults = Self()
      rateHz = try c.decodeIfPresent(Double.self, forKey: .rateHz) ?? defaults.rateHz
      allowedRatesHz = try c.decodeIfPresent([Double].self, forKey: .allowedRatesHz) ?? defaults.allowedRatesHz
      schedule = try c.decodeIfPresent([RateChange].self, forKey: .schedule) ?? defaults.schedule
      phaseOffsetSeconds =
        try c.decodeIfPresent(Double.self, forKey: .phaseOffsetSeconds) ?? defaults.phaseOffsetSeconds
    }

    /// The rates a ProMotion display offers, Hz (Apple, "Optimizing ProMotion refresh rates for
    /// iPhone 13 Pro and iPad Pro", developer documentation).
    public static let proMotionRatesHz: [Double] = [120, 80, 60, 48, 40, 30, 24]
  }

  /// A change of the display's refresh rate during a stroke.
  public struct RateChange: Codable, Sendable, Hashable {
    /// Seconds after the stroke's first sample.
    public var atSeconds: Double
    /// The new rate, Hz.
    public var rateHz: Double

    public init(atSeconds: Double, rateHz: Double) {
      self.atSeconds = atSeconds
      self.rateHz = rateHz
    }

    public init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownProfileFields(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      atSeconds = try c.decode(Double.self, forKey: .atSeconds)
      rateHz = try c.decode(Double.self, forKey: .rateHz)
    }
  }

  /// Callback-to-glass latency: `frames` refreshes (at the rate current at the callback) plus
  /// `extraSeconds`. The target presentation time of a frame is its callback time plus this.
  public struct PipelineLatency: Codable, Sendable, Hashable {
    /// Refreshes from callback to presentation: 1 with a low-latency compositor, 2–3 otherwise.
    /// Default 2.
    public var frames: Double
    /// Further fixed latency (scan-out, panel response), seconds. Default 0.
    public var extraSeconds: Double

    public init(frames: Double = 2, extraSeconds: Double = 0) {
      self.frames = frames
      self.extraSeconds = extraSeconds
    }

    public init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownProfileFields(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      let defaults = Self()
      frames = try c.decodeIfPresent(Double.self, forKey: .frames) ?? defaults.frames
      extraSeconds = try c.decodeIfPresent(Double.self, forKey: .extraSeconds) ?? defaults.extraSeconds
    }
  }

  /// Frames that miss their deadline. A missed frame is shown one refresh later than its target,
  /// so its prediction is scored against the time it was really shown.
  public struct MissedFrames: Codable, Sendable, Hashable {
    /// Chance that a frame misses, 0…1, drawn from the replay's seed. Default 0.
    public var probability: Double
    /// Frames that always miss: 0-based indices of the frames of each stroke. Default empty.
    public var frameIndices: [Int]

    public init(probability: Double = 0, frameIndices: [Int] = []) {
      self.probability = probability
      self.frameIndices = frameIndices
    }

    public init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownProfileFields(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      let defaults = Self()
      probability = try c.decodeIfPresent(Double.self, forKey: .probability) ?? defaults.probability
      frameIndices =
        try c.decodeIfPresent([Double].self, forKey: .frameIndices).map { values in
          try values.enumerated().map { i, value in
            try ProfileValueError.wholeNumber(
              value, at: c.codingPath + [CodingKeys.frameIndices, ProfileValueError.Index(intValue: i)],
              expected: "a whole frame index ≥ 0")
          }
        } ?? defaults.frameIndices
    }
  }

  // MARK: - Decoding with defaults

  /// A field left out takes the value the memberwise `init` gives it: every decoder here reads
  /// its defaults from a default-built value, so each default is written once, in its `init`.
  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownProfileFields(besides: CodingKeys.self)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    name = try c.decode(String.self, forKey: .name)
    let defaults = Self(name: name)
    summary = try c.decodeIfPresent(String.self, forKey: .summary) ?? defaults.summary
    digitizer = try c.decodeIfPresent(Digitizer.self, forKey: .digitizer) ?? defaults.digitizer
    display = try c.decodeIfPresent(DisplayClock.self, forKey: .display) ?? defaults.display
    deliveryDelaySeconds =
      try c.decodeIfPresent(Double.self, forKey: .deliveryDelaySeconds) ?? defaults.deliveryDelaySeconds
    pipeline = try c.decodeIfPresent(PipelineLatency.self, forKey: .pipeline) ?? defaults.pipeline
    missedFrames = try c.decodeIfPresent(MissedFrames.self, forKey: .missedFrames) ?? defaults.missedFrames
    appliesLatePropertyUpdates =
      try c.decodeIfPresent(Bool.self, forKey: .appliesLatePropertyUpdates) ?? defaults.appliesLatePropertyUpdates
    includesFramesWithoutNewSamples =
      try c.decodeIfPresent(Bool.self, forKey: .includesFramesWithoutNewSamples)
      ?? defaults.includesFramesWithoutNewSamples
  }

  // MARK: - Validation

  /// Checks every field; the error names the field and the value found.
  public func validate() throws(DeviceProfileError) {
    func fail(_ field: String, _ problem: String) -> DeviceProfileError {
      DeviceProfileError(profile: name, field: field, problem: problem)
    }
    guard !name.isEmpty else {
      throw fail("name", "must not be empty: it is how --profile, results and model files name the profile")
    }
    guard (1...16).contains(digitizer.decimation) else {
      throw fail("digitizer.decimation", "must be 1…16, found \(digitizer.decimation)")
    }
    guard display.rateHz.isFinite, display.rateHz >= 1, display.rateHz <= 1000 else {
      throw fail("display.rateHz", "must be 1…1000 Hz, found \(display.rateHz)")
    }
    for (i, rate) in display.allowedRatesHz.enumerated() where !(rate.isFinite && rate >= 1 && rate <= 1000) {
      throw fail("display.allowedRatesHz[\(i)]", "must be 1…1000 Hz, found \(rate)")
    }
    if !display.allowedRatesHz.isEmpty, !display.allowedRatesHz.contains(display.rateHz) {
      throw fail("display.rateHz", "\(display.rateHz) Hz is not among allowedRatesHz \(display.allowedRatesHz)")
    }
    var previous = -Double.infinity
    for (i, change) in display.schedule.enumerated() {
      let field = "display.schedule[\(i)]"
      guard change.atSeconds.isFinite, change.atSeconds >= 0 else {
        throw fail(field + ".atSeconds", "must be a finite time ≥ 0 s, found \(change.atSeconds)")
      }
      guard change.atSeconds >= previous else {
        throw fail(field + ".atSeconds", "changes must be in time order; \(change.atSeconds) s comes after \(previous) s")
      }
      previous = change.atSeconds
      guard change.rateHz.isFinite, change.rateHz >= 1, change.rateHz <= 1000 else {
        throw fail(field + ".rateHz", "must be 1…1000 Hz, found \(change.rateHz)")
      }
      if !display.allowedRatesHz.isEmpty, !display.allowedRatesHz.contains(change.rateHz) {
        throw fail(field + ".rateHz", "\(change.rateHz) Hz is not among allowedRatesHz \(display.allowedRatesHz)")
      }
    }
    if let phase = display.phaseOffsetSeconds {
      guard phase.isFinite, phase >= 0, phase < 1 / display.rateHz else {
        throw fail("display.phaseOffsetSeconds", "must be in 0 ..< 1/rateHz = \(1 / display.rateHz) s, found \(phase)")
      }
    }
    var previousFrame = -Double.infinity
    for (i, time) in display.recordedFrameTimesSeconds.enumerated() {
      guard TraceTimeLimit.accepts(time) else {
        throw fail("display.recordedFrameTimesSeconds[\(i)]", TraceTimeLimit.problem(time))
      }
      guard time > previousFrame else {
        throw fail("display.recordedFrameTimesSeconds[\(i)]",
          "frame times must increase; \(time) s comes after \(previousFrame) s")
      }
      previousFrame = time
    }
    guard deliveryDelaySeconds.isFinite, deliveryDelaySeconds >= 0, deliveryDelaySeconds <= 1 else {
      throw fail("deliveryDelaySeconds", "must be 0…1 s, found \(deliveryDelaySeconds)")
    }
    guard pipeline.frames.isFinite, pipeline.frames >= 0, pipeline.frames <= 16 else {
      throw fail("pipeline.frames", "must be 0…16 refreshes, found \(pipeline.frames)")
    }
    guard pipeline.extraSeconds.isFinite, pipeline.extraSeconds >= 0, pipeline.extraSeconds <= 1 else {
      throw fail("pipeline.extraSeconds", "must be 0…1 s, found \(pipeline.extraSeconds)")
    }
    guard missedFrames.probability.isFinite, (0...1).contains(missedFrames.probability) else {
      throw fail("missedFrames.probability", "must be 0…1, found \(missedFrames.probability)")
    }
    for (i, index) in missedFrames.frameIndices.enumerated() where index < 0 {
      throw fail("missedFrames.frameIndices[\(i)]", "must be a frame index ≥ 0, found \(index)")
    }
  }

  // MARK: - Files

  /// Reads a profile from a JSON file and validates it.
  ///
  /// - Throws: ``DeviceProfileError`` naming the file and the field (a JSON path for decoding
  ///   problems) and what was expected.
  public static func load(contentsOf url: URL) throws(DeviceProfileError) -> DeviceProfile {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DeviceProfileError(profile: url.path, field: nil, problem: "cannot read the file: \(error.localizedDescription)")
    }
    return try decode(data, file: url.path)
  }

  /// Decodes and validates a profile from JSON bytes; `file` names the source in errors.
  public static func decode(_ data: Data, file: String) throws(DeviceProfileError) -> DeviceProfile {
    let profile: DeviceProfile
    do {
      profile = try JSONDecoder().decode(DeviceProfile.self, from: data)
    } catch where JSONNesting.problem(in: data) != nil {
      throw DeviceProfileError(profile: file, field: nil, problem: JSONNesting.problem(in: data) ?? "")
    } catch let error as DecodingError {
      throw DeviceProfileError(decoding: error, file: file)
    } catch let error as ProfileValueError {
      throw DeviceProfileError(profile: file, field: JSONPath.text(of: error.codingPath), problem: error.problem)
    } catch let error as UnknownProfileField {
      throw DeviceProfileError(
        profile: file, field: JSONPath.text(of: error.codingPath),
        problem: "unknown field (Docs/Replay.md lists a profile's fields); a misspelt field would leave its part at the default")
    } catch {
      throw DeviceProfileError(profile: file, field: nil, problem: "\(error)")
    }
    do {
      try profile.validate()
    } catch {
      throw DeviceProfileError(profile: file, field: error.field, problem: error.problem)
    }
    return profile
  }

  /// The profile as pretty-printed JSON with sorted keys (the format ``load(contentsOf:)`` reads).
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }

  /// The profile as one line of JSON with sorted keys (``load(contentsOf:)`` reads it too), for
  /// the `# profile-definition:` line of a result CSV: the name alone does not say what a profile
  /// file held when the result was made.
  public var compactJSON: String? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
  }
}
