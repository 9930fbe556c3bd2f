import LookaheadRuntime

/// A recorded point in time: what the true path is drawn through. Trace samples and the
/// runtime's pointer samples (the tuner's prepared strokes) both are.
public protocol TimedPosition {
  /// Seconds.
  var time: Double { get }
  var x: Double { get }
  var y: Double { get }
}

extension TraceSample: TimedPosition {}
extension PointerSample: TimedPosition {}

/// The true pen position at a time: the one implementation of ANCHOR-PROTOCOL §1 step 4 that
/// every replay, scorer, tuner and trainer asks.
///
/// The rule, for samples in time order:
/// - inside the stroke, the *last sample at or before* `time` and the one after it are
///   interpolated linearly, `x = a.x + f·(b.x − a.x)` with `f = (time − a.time) / (b.time − a.time)`
///   (divided, as the protocol writes it, so numbers agree to the last bit). At a sample's own
///   time that is the sample itself, exactly (f = 0);
/// - at or before the first sample, the first sample; at or after the last, the last (the pen is
///   held where it touched down and where it lifted);
/// - **no samples: NaN**, the one empty-input convention. An empty stroke has no position, and a
///   NaN cannot pass for a real one (the metrics refuse non-finite truths), where (0, 0) could.
///
/// ``position(in:at:)`` finds the segment by binary search (any query order, O(log n));
/// ``position(in:at:searchingFrom:)`` walks forward from a known segment, amortised O(1) when
/// queries come in time order, which is how replays, metrics and the tuner ask; a test checks the
/// two agree to the bit.
public struct PiecewiseLinearPath: Sendable {
  public let samples: [TraceSample]
  private var segment = 0

  public init(samples: [TraceSample]) { self.samples = samples }

  /// Position at `time`, remembering the segment for the next (usually later) query.
  public mutating func position(at time: Double) -> (x: Double, y: Double) {
    Self.position(in: samples, at: time, searchingFrom: &segment)
  }

  /// Position at `time` on the path through `samples` (in time order), by binary search.
  public static func position<Samples: RandomAccessCollection>(
    in samples: Samples, at time: Double
  ) -> (x: Double, y: Double) where Samples.Element: TimedPosition, Samples.Index == Int {
    var segment = samples.startIndex
    return position(in: samples, at: time, searchingFrom: &segment, binarySearch: true)
  }

  /// Position at `time`, searching forward from `segment` (an index into `samples` whose time is
  /// at or before `time`; any other hint falls back to a binary search). On return `segment` is
  /// the index of the sample the answer was interpolated from.
  @inline(__always)
  public static func position<Samples: RandomAccessCollection>(
    in samples: Samples, at time: Double, searchingFrom segment: inout Int
  ) -> (x: Double, y: Double) where Samples.Element: TimedPosition, Samples.Index == Int {
    position(in: samples, at: time, searchingFrom: &segment, binarySearch: false)
  }

  @inline(__always)
  static func position<Samples: RandomAccessCollection>(
    in samples: Samples, at time: Double, searchingFrom segment: inout Int, binarySearch: Bool
  ) -> (x: Double, y: Double) where Samples.Element: TimedPosition, Samples.Index == Int {
    let start = samples.startIndex
    let end = samples.endIndex
    guard start < end else { return (.nan, .nan) }
    let first = samples[start]
    let last = samples[end - 1]
    if time <= first.time { return (first.x, first.y) }
    if time >= last.time {
      segment = end - 1
      return (last.x, last.y)
    }
    // Here first.time < time < last.time, so the last sample at or before `time` exists and has
    // a later neighbour strictly after `time`.
    var low = segment
    if binarySearch || low < start || low >= end || samples[low].time > time {
      low = start
      var high = end - 1
      while high - low > 1 {
        let middle = low + (high - low) / 2
        if samples[middle].time <= time { low = middle } else { high = middle }
      }
    } else {
      while low + 1 < end, samples[low + 1].time <= time { low += 1 }
    }
    segment = low
    let a = samples[low]
    let b = samples[low + 1]
    let fraction = (time - a.time) / (b.time - a.time)
    return (a.x + fraction * (b.x - a.x), a.y + fraction * (b.y - a.y))
  }
}
