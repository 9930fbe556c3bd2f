/// Turns recorded strokes into the frames an app would have seen on a device (``DeviceProfile``).
///
/// At each display refresh the app's callback receives every sample that has reached it since the
/// last callback (coalesced, after the delivery delay) and draws a frame that will be on the glass
/// after the pipeline latency. The horizon of that frame (presentation time − newest sample time)
/// is the latency a predictor can really remove, which is what the evaluation scores.
///
/// Deterministic: the same profile, seed and stroke index give the same frames. Each stroke is
/// replayed on its own (the display clock's phase is drawn per stroke), so strokes can be replayed
/// in parallel. Iterating a ``StrokeReplay`` allocates nothing.
public struct Replay: Sendable, Hashable {
  public let profile: DeviceProfile
  public let seed: UInt64
  /// `profile.missedFrames.frameIndices` sorted, sorted once here so that each stroke's replay
  /// finds them with a cursor (frames come in index order) instead of a search of the whole list
  /// at every frame: a profile listing 10⁵ frames, replayed with a frame at every refresh, took
  /// frames × indices steps.
  let missedFrameIndices: [Int]

  /// - Throws: ``DeviceProfileError`` if the profile is not valid.
  public init(profile: DeviceProfile, seed: UInt64 = 0) throws(DeviceProfileError) {
    try profile.validate()
    self.profile = profile
    self.seed = seed
    missedFrameIndices = profile.missedFrames.frameIndices.sorted()
  }

  /// The frames of one stroke, as a sequence that is also its own iterator (no allocation).
  ///
  /// - Parameter strokeIndex: the stroke's index in its trace; selects the stroke's random stream.
  /// - Throws: ``ReplayError`` if a sample time is not finite or time goes backwards.
  public func frames(of stroke: Stroke, strokeIndex: Int = 0) throws(ReplayError) -> StrokeReplay {
    try StrokeReplay(
      stroke: stroke, strokeIndex: strokeIndex, profile: profile, seed: seed, missedFrameIndices: missedFrameIndices)
  }

  /// Calls `body` with each frame of one stroke, in time order, allocating nothing.
  ///
  /// - Throws: ``ReplayError`` for a stroke that cannot be replayed, or what `body` throws.
  public func forEachFrame(
    of stroke: Stroke, strokeIndex: Int = 0, _ body: (ReplayFrame) throws -> Void
  ) throws {
    var frames = try frames(of: stroke, strokeIndex: strokeIndex)
    while let frame = frames.next() { try body(frame) }
  }

  /// All frames of one stroke as an array (a convenience; iterate ``frames(of:strokeIndex:)`` in
  /// hot loops).
  public func frameArray(of stroke: Stroke, strokeIndex: Int = 0) throws(ReplayError) -> [ReplayFrame] {
    var result: [ReplayFrame] = []
    var frames = try frames(of: stroke, strokeIndex: strokeIndex)
    while let frame = frames.next() { result.append(frame) }
    return result
  }

  /// The frames of every contact stroke of a trace, by the stroke's index in `trace.strokes`
  /// (hover runs are skipped and keep their index free).
  public func frameArrays(of trace: Trace) throws(ReplayError) -> [(strokeIndex: Int, frames: [ReplayFrame])] {
    var result: [(strokeIndex: Int, frames: [ReplayFrame])] = []
    for (index, stroke) in trace.strokes.enumerated() where !stroke.isHover {
      result.append((index, try frameArray(of: stroke, strokeIndex: index)))
    }
    return result
  }
}
