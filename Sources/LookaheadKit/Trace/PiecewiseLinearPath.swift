/// The true pointer path between samples: linear interpolation of x and y over time, clamped to
/// the first and last samples (ANCHOR-PROTOCOL §1 step 4).
///
/// Queries at non-decreasing times are amortised O(1): the path remembers the segment it found
/// last, which is how replays and metrics walk a stroke.
public struct PiecewiseLinearPath: Sendable {
  public let samples: [TraceSample]
  private var segment = 0

  public init(samples: [TraceSample]) { self.samples = samples }

  /// Position at `time`; before the first sample the first, after the last the last.
  public mutating func position(at time: Double) -> (x: Double, y: Double) {
    guard let first = samples.first, let last = samples.last else { return (0, 0) }
    if time <= first.time { return (first.x, first.y) }
    if time >= last.time { return (last.x, last.y) }
    if samples[segment].time > time { segment = 0 }
    while segment + 1 < samples.count, samples[segment + 1].time < time { segment += 1 }
    let a = samples[segment], b = samples[segment + 1]
    let span = b.time - a.time
    guard span > 0 else { return (b.x, b.y) }
    let f = (time - a.time) / span
    return (a.x + f * (b.x - a.x), a.y + f * (b.y - a.y))
  }
}
