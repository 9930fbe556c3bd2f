import Foundation

/// A device profile measured from a browser recording, so that `tune --profile FILE` and
/// `replay --profile FILE` replay strokes at the recorded device's refresh rate, phase and
/// delivery delay instead of a preset's.
extension DeviceProfile {
  /// The phase consistency (``RecordedDisplayTiming/phaseConsistency``) from which the measured
  /// mean phase is fixed in the profile. Below it touch-down falls anywhere in the refresh cycle
  /// and the profile keeps the default, a phase drawn per stroke from the seed. 0.9 is our
  /// choice: phases spread over less than about a quarter of the cycle.
  public static let fixedPhaseConsistency = 0.9

  /// The fewest strokes the phase is fixed from: one or two touch-downs agree with themselves
  /// whatever the display does (consistency 1), so they say nothing about it.
  public static let fixedPhaseMinimumStrokes = 5

  /// What a browser cannot tell about its render pipeline: refreshes from the input callback to
  /// the glass. 2 is the common double-buffered case (the presets' default, `Docs/Replay.md`).
  public static let assumedBrowserPipelineFrames = 2.0

  /// The profile of the device that made `recording`: display rate and (when consistent over
  /// enough strokes) phase
  /// from its frame times, delivery delay from its event arrivals, every sample delivered (the
  /// recording is already at the device's scan rate), a 2-refresh pipeline (assumed).
  ///
  /// - Parameter timing: the recording's timing when the caller has measured it already (it
  ///   reads ``RecordedDisplayTiming/deliveryDelaySeconds`` too), so it is measured once.
  public static func measured(
    from recording: BrowserRecording, timing: RecordedDisplayTiming? = nil, name: String, file: String = "recording"
  ) throws -> DeviceProfile {
    let timing = try timing ?? RecordedDisplayTiming(recording: recording, file: file)
    let rate = rounded(timing.refreshRateHz)
    // Kept below the rounded rate's period, which the profile checks it against.
    let phase = timing.phaseConsistency >= fixedPhaseConsistency && timing.phaseStrokeCount >= fixedPhaseMinimumStrokes
      ? timing.meanPhaseSeconds.map { min($0, (1 / rate).nextDown) } : nil
    var facts = ["display \(number(rounded(timing.refreshRateHz))) Hz from \(timing.frameCount) frames"]
    if let mean = timing.meanPhaseSeconds {
      facts.append("touch-down phase \(number(rounded(mean * 1000))) ms, consistency \(number(rounded(timing.phaseConsistency))) over \(timing.phaseStrokeCount) strokes"
        + (phase == nil ? " (too few strokes or too spread to fix: drawn per stroke)" : ""))
    }
    if let samples = timing.samplesPerEvent { facts.append("\(number(rounded(samples))) samples per move event") }
    if let rate = timing.digitizerRateHz { facts.append("digitizer \(number(rounded(rate))) Hz") }
    if let delay = timing.deliveryDelaySeconds {
      // Refused rather than clamped into the profile's 0…1 s: the summary stated the measured
      // value while the profile held the clamped one, and a delay outside the range is a clock
      // fault in the recording, not a device to replay.
      guard delay >= 0, delay <= 1 else {
        throw TraceInputError(file: file, location: .jsonPath("$.events"), field: "received",
          problem: "the measured delivery delay ('received' − newest sample 'timeStamp', median over moves in contact) is "
            + "\(number(rounded(delay * 1000))) ms, outside the 0…1 s a device profile takes: "
            + (delay < 0 ? "events handled before their samples were taken, so the two clocks disagree"
              : "handled over a second after their samples, so the clocks disagree or the page stalled")
            + "; record again with the page of lookahead recorder (both on performance.now())")
      }
      facts.append("delivery delay \(number(rounded(delay * 1000))) ms")
    } else {
      facts.append("delivery delay not measured (no move event in contact): 0 assumed")
    }
    facts.append("pipeline \(number(assumedBrowserPipelineFrames)) refreshes assumed")
    let profile = DeviceProfile(
      name: name,
      summary: "Measured from a browser recording (\(BrowserRecordingImporter.browserName(userAgent: recording.userAgent))): "
        + facts.joined(separator: "; "),
      display: DisplayClock(rateHz: rate, phaseOffsetSeconds: phase),
      deliveryDelaySeconds: timing.deliveryDelaySeconds ?? 0,
      pipeline: PipelineLatency(frames: assumedBrowserPipelineFrames))
    do {
      try profile.validate()
    } catch {
      throw TraceInputError(file: file, location: .jsonPath("$.frames"), field: error.field ?? "frames",
        problem: "gives an unusable profile: \(error.problem)")
    }
    return profile
  }

  /// Four significant decimals are plenty for a measured rate or time, and keep the JSON readable.
  private static func rounded(_ value: Double) -> Double {
    (value * 10_000).rounded() / 10_000
  }
}
