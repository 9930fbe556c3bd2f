/// The display timing a trace was recorded with: every frame time the recording holds and the
/// device profile measured from it, so a replay can run at exactly the recorded refreshes
/// (``replayProfile``) instead of a preset's constant-rate clock.
///
/// Set by the browser-recording importer (the page logs every `requestAnimationFrame` time;
/// `Docs/Recorder.md`). Kept in memory with the imported trace only: the trace file
/// (`Docs/TraceFormat.md`) does not carry it, so replay with recorded timing reads the session
/// file itself.
public struct RecordedDisplay: Sendable, Hashable {
  /// Frame times, seconds on the trace's clock (the samples' clock), strictly increasing.
  public var frameTimesSeconds: [Double]
  /// The profile measured from the same recording (``DeviceProfile/measured(from:name:file:)``):
  /// its delivery delay and pipeline apply to the recorded frames.
  public var measuredProfile: DeviceProfile

  public init(frameTimesSeconds: [Double], measuredProfile: DeviceProfile) {
    self.frameTimesSeconds = frameTimesSeconds
    self.measuredProfile = measuredProfile
  }

  /// The name that selects this timing on the command line: `--profile recorded`.
  public static let profileName = "recorded"

  /// The measured profile with its display clock replaced by the recorded frame times: each
  /// frame's callback is a recorded frame time and it is presented the measured profile's
  /// pipeline delay later (``DeviceProfile/DisplayClock/recordedFrameTimesSeconds``).
  public var replayProfile: DeviceProfile {
    var profile = measuredProfile
    profile.name = Self.profileName
    profile.summary = "The recorded frame times (\(frameTimesSeconds.count)) with the measured profile's delivery delay and pipeline: "
      + measuredProfile.summary
    profile.display.recordedFrameTimesSeconds = frameTimesSeconds
    return profile
  }
}
