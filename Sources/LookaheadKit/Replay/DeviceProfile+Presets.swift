import Foundation

/// Named device profiles. Each states its sources; where a number is our assumption rather than a
/// published figure, the summary and `Docs/Replay.md` say so.
///
/// Sources (restated in our words):
/// - [AppleCoalesced] Apple developer documentation, "Getting high-fidelity input with coalesced
///   touches": Apple Pencil is scanned at 240 Hz and some iPad touch screens at 120 Hz, faster
///   than the display refreshes, so UIKit hands the app the extra samples of each frame coalesced.
/// - [AppleProMotion] Apple developer documentation, "Optimizing ProMotion refresh rates for
///   iPhone 13 Pro and iPad Pro": ProMotion panels refresh at 120 Hz and step down to 80, 60, 48,
///   40, 30 or 24 Hz; Low Power Mode caps them at 60 Hz.
/// - [AppleRenderLoop] WWDC 2021, "Explore UI animation hitches and the render loop": a frame is
///   committed in one refresh, rendered in the next and shown in the one after (2 refreshes from
///   the app's callback to the glass); a frame late for its deadline is shown a refresh later.
/// - [AndroidBuffering] Android Open Source Project, "Graphics architecture: SurfaceFlinger and
///   BufferQueue": input is batched per vsync by Choreographer and frames are queued in a
///   BufferQueue, giving 2–3 frames from input to display.
/// - [Henze2016] Henze, Funk, Sahami Shirazi, "Software-reduced touchscreen latency", MobileHCI
///   2016: finger input on Android devices arrives at about 60 Hz with tens of ms end-to-end latency.
extension DeviceProfile {
  /// Apple Pencil (240 Hz) on a 120 Hz ProMotion iPad: 2 samples a frame, 2-refresh pipeline.
  /// Delivery delay 4 ms is our assumption (one 240 Hz scan plus processing).
  public static let pencil240ProMotion120 = DeviceProfile(
    name: "pencil240-promotion120",
    summary: "Apple Pencil 240 Hz on a 120 Hz ProMotion iPad, 2-refresh pipeline [AppleCoalesced, AppleProMotion, AppleRenderLoop]",
    display: DisplayClock(rateHz: 120, allowedRatesHz: DisplayClock.proMotionRatesHz),
    deliveryDelaySeconds: 0.004,
    pipeline: PipelineLatency(frames: 2))

  /// The same pencil with the display capped at 60 Hz (Low Power Mode): 4 samples a frame.
  public static let pencil240Display60 = DeviceProfile(
    name: "pencil240-display60",
    summary: "Apple Pencil 240 Hz with the display capped at 60 Hz (Low Power Mode), 2-refresh pipeline [AppleCoalesced, AppleProMotion, AppleRenderLoop]",
    display: DisplayClock(rateHz: 60, allowedRatesHz: DisplayClock.proMotionRatesHz),
    deliveryDelaySeconds: 0.004,
    pipeline: PipelineLatency(frames: 2))

  /// A 240 Hz pencil trace decimated to 120 Hz on a 120 Hz display, for cross-rate studies.
  public static let pencil120ProMotion120 = DeviceProfile(
    name: "pencil120-promotion120",
    summary: "A 240 Hz pencil trace decimated to a 120 Hz scan (every 2nd sample) on a 120 Hz display [AppleCoalesced]",
    digitizer: Digitizer(decimation: 2),
    display: DisplayClock(rateHz: 120, allowedRatesHz: DisplayClock.proMotionRatesHz),
    deliveryDelaySeconds: 0.008,
    pipeline: PipelineLatency(frames: 2))

  /// A 120 Hz touch screen on a 60 Hz display (iPad before ProMotion): 2 samples a frame.
  /// Delivery delay 8 ms is our assumption (one 120 Hz scan plus processing).
  public static let finger120Display60 = DeviceProfile(
    name: "finger120-display60",
    summary: "120 Hz finger touch scan on a 60 Hz display, 2-refresh pipeline [AppleCoalesced, AppleRenderLoop]",
    display: DisplayClock(rateHz: 60),
    deliveryDelaySeconds: 0.008,
    pipeline: PipelineLatency(frames: 2))

  /// A 60 Hz Android phone: touch at about 60 Hz, 60 Hz display, 3-frame buffered pipeline.
  /// Delivery delay 10 ms is our assumption.
  public static let finger60Phone = DeviceProfile(
    name: "finger60-phone",
    summary: "60 Hz finger touch on a 60 Hz Android phone, triple-buffered (3 refreshes) [Henze2016, AndroidBuffering]",
    display: DisplayClock(rateHz: 60),
    deliveryDelaySeconds: 0.010,
    pipeline: PipelineLatency(frames: 3))

  /// ProMotion stepping during a stroke: 120 Hz, 60 Hz from 0.25 s (low power), back to 120 Hz
  /// at 0.5 s. The schedule is ours, to exercise rate changes; the rates are ProMotion's.
  public static let variableRate = DeviceProfile(
    name: "variable-rate",
    summary: "ProMotion 120 Hz dropping to 60 Hz 0.25 s into each stroke and back to 120 Hz at 0.5 s [AppleProMotion, AppleRenderLoop]",
    display: DisplayClock(
      rateHz: 120, allowedRatesHz: DisplayClock.proMotionRatesHz,
      schedule: [RateChange(atSeconds: 0.25, rateHz: 60), RateChange(atSeconds: 0.5, rateHz: 120)]),
    deliveryDelaySeconds: 0.004,
    pipeline: PipelineLatency(frames: 2))

  /// Every preset, in the order `lookahead replay profiles` lists them.
  public static let presets: [DeviceProfile] = [
    pencil240ProMotion120, pencil240Display60, pencil120ProMotion120, finger120Display60,
    finger60Phone, variableRate,
  ]

  /// The preset called `name`, or `nil`.
  public static func preset(named name: String) -> DeviceProfile? {
    presets.first { $0.name == name }
  }

  /// A preset by name, or else a profile read from the JSON file at `nameOrPath`.
  ///
  /// - Throws: ``DeviceProfileError`` naming the file and field, or listing the presets when
  ///   `nameOrPath` is neither a preset nor a readable file.
  public static func resolve(_ nameOrPath: String) throws(DeviceProfileError) -> DeviceProfile {
    if let preset = preset(named: nameOrPath) { return preset }
    guard FileManager.default.fileExists(atPath: nameOrPath) else {
      throw DeviceProfileError(
        profile: nameOrPath, field: nil,
        problem: "neither a preset (\(presets.map(\.name).joined(separator: ", "))) nor an existing file")
    }
    let profile = try load(contentsOf: URL(fileURLWithPath: nameOrPath))
    try profile.checkNotPosingAsPreset(file: nameOrPath)
    return profile
  }

  /// Refuses a profile of a file that takes a preset's name for another device: every table,
  /// model summary and report labels a run by the profile's name, so a 60 Hz profile named
  /// `pencil240-promotion120` read as the preset's run. A file holding a preset as it is (what
  /// `replay profiles --json NAME` writes) is that preset and passes. Only files a user gives
  /// are checked, not profiles embedded in model files, which record the definition they were
  /// made with.
  /// `recorded` is reserved the same way: it is `--profile recorded`, a recording's own frame
  /// times, and a profile of that name read as such a replay in every result.
  public func checkNotPosingAsPreset(file: String) throws(DeviceProfileError) {
    if name == RecordedDisplay.profileName {
      throw DeviceProfileError(
        profile: file, field: "name",
        problem: "'\(name)' names a browser recording's own frame times (--profile recorded), and results would be "
          + "labelled as such a replay: give the profile a name of its own")
    }
    guard let preset = Self.preset(named: name), preset != self else { return }
    throw DeviceProfileError(
      profile: file, field: "name",
      problem: "'\(name)' is a preset's name, but this profile defines another device, and results would be "
        + "labelled as the preset's: give it a name of its own")
  }
}
