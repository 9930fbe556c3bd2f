/// What a replay amounts to: how many frames, how many samples each delivered, how many missed,
/// and the distribution of the prediction horizon, the latency a predictor could hide.
///
/// An accumulator: ``add(_:)`` each frame (no allocation until ``horizonsSeconds`` grows), then
/// read the statistics.
public struct ReplaySummary: Sendable, Hashable {
  public private(set) var strokes = 0
  public private(set) var frames = 0
  public private(set) var deliveredSamples = 0
  public private(set) var missedFrames = 0
  public private(set) var framesWithoutNewSamples = 0
  /// Every frame's horizon, seconds, in the order added.
  public private(set) var horizonsSeconds: [Double] = []

  public init() {}

  public mutating func beginStroke() { strokes += 1 }

  public mutating func add(_ frame: ReplayFrame) {
    frames += 1
    deliveredSamples += frame.deliveredSamples.count
    if frame.isMissed { missedFrames += 1 }
    if frame.deliveredSamples.isEmpty { framesWithoutNewSamples += 1 }
    horizonsSeconds.append(frame.horizon)
  }

  /// Mean samples delivered per frame.
  public var samplesPerFrame: Double { frames == 0 ? 0 : Double(deliveredSamples) / Double(frames) }

  /// The horizon distribution, seconds: minimum, 5th, 50th and 95th percentiles (type 7, as
  /// numpy's default), mean and maximum. All zero when there are no frames.
  public var horizon: (min: Double, p5: Double, median: Double, mean: Double, p95: Double, max: Double) {
    let sorted = horizonsSeconds.sorted()
    guard let first = sorted.first, let last = sorted.last else { return (0, 0, 0, 0, 0, 0) }
    var sum = 0.0
    for h in sorted { sum += h }
    return (
      first, Percentile.type7(quantile: 0.05, ofSorted: sorted) ?? 0,
      Percentile.type7(quantile: 0.5, ofSorted: sorted) ?? 0, sum / Double(sorted.count),
      Percentile.type7(quantile: 0.95, ofSorted: sorted) ?? 0, last
    )
  }

  /// Replays every contact stroke of `trace` and summarises it; `visit` sees each frame with its
  /// stroke index (for per-frame output).
  public static func replay(
    _ trace: Trace, with replay: Replay, visit: (Int, ReplayFrame) -> Void = { _, _ in }
  ) throws(ReplayError) -> ReplaySummary {
    var summary = ReplaySummary()
    for (index, stroke) in trace.strokes.enumerated() where !stroke.isHover && !stroke.samples.isEmpty {
      summary.beginStroke()
      var frames = try replay.frames(of: stroke, strokeIndex: index)
      while let frame = frames.next() {
        summary.add(frame)
        visit(index, frame)
      }
    }
    return summary
  }
}
