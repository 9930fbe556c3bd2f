/// The true pointer path of one stroke, as the metrics query it: position, pressure, direction of
/// motion and speed at any time, and where on the path (in time) a point lands.
///
/// The path is the piecewise-linear interpolation of the samples over time; before the first
/// sample it is the first sample and after the last it is the last (the pen is held where it was
/// put down and where it was lifted), as in `ANCHOR-PROTOCOL.md` §1 step 4.
///
/// One value is reused stroke after stroke: ``load(_:label:restRadius:finalDirectionSpan:)`` refills
/// its buffer keeping its capacity, and every query is O(1) amortised for targets in time order
/// (a cursor walks the segments), so scoring allocates nothing per prediction. Each sample and the
/// segment that starts at it are stored together (``Node``), so a query touches one array.
/// Loading also finds the final rest, the final direction and, for stroke-end overshoot, the
/// pen's reach past its end from each sample on (one running maximum, in a second reused buffer).
public struct TruthPath: Sendable {
  /// Sample k and the segment from sample k to k+1 (segment fields are 0 / NaN on the last node).
  ///
  /// The fields ``closestTime(toX:y:from:to:preferring:)`` reads for every segment come first, so
  /// that they share a cache line more often (72 bytes a node; measured ~5 % faster searches than
  /// the same fields interleaved with the rest).
  struct Node: Sendable {
    var time: Double
    var x: Double
    var y: Double
    /// 1 / squared length and 1 / duration of the segment (0 when it has none), so that the
    /// closest-point search divides nothing.
    var inverseLengthSquared: Double
    var inverseDuration: Double
    /// NaN where the sample has no pressure.
    var pressure: Double
    /// Unit direction of motion on the segment. A segment without motion inherits the direction
    /// of the latest moving segment before it; NaN while the pen has not moved yet.
    var directionX: Double
    var directionY: Double
    /// Trace units per second (0 for a segment of zero duration).
    var speed: Double
  }

  private(set) var nodes: [Node] = []
  private var cursor = 0

  /// Number of samples.
  public var count: Int { nodes.count }
  /// Unit direction of the motion into the final rest (see
  /// ``MetricSettings/finalDirectionSpanSeconds``), NaN when the pen never left the rest radius
  /// of its final position.
  public private(set) var finalDirectionX = Double.nan
  public private(set) var finalDirectionY = Double.nan
  /// Time of the first sample of the final rest (see ``MetricSettings/restRadius``); the last
  /// sample's time when the pen was lifted while moving.
  public private(set) var restStartTime = 0.0
  /// `finalReach[k]`: the furthest the pen went past the last sample along the final direction
  /// at or after sample k, `max over j ≥ k of (p_j − p_last)·u_final` (≥ 0, trace units; the
  /// piecewise-linear path between samples reaches no further than its vertices). Empty when the
  /// pen never moved. See ``reachPastEnd(from:)``.
  private var finalReach: [Double] = []

  public init() {}

  public var firstTime: Double { nodes[0].time }
  public var lastTime: Double { nodes[nodes.count - 1].time }
  public var lastX: Double { nodes[nodes.count - 1].x }
  public var lastY: Double { nodes[nodes.count - 1].y }
  public var hasFinalDirection: Bool { !finalDirectionX.isNaN }

  /// Loads a stroke, checking that it is non-empty, finite and in time order.
  /// - Parameters:
  ///   - restRadius: trace units (see ``MetricSettings/restRadius``).
  ///   - finalDirectionSpan: seconds (see ``MetricSettings/finalDirectionSpanSeconds``).
  public mutating func load(
    _ samples: [TraceSample], label: String, restRadius: Double, finalDirectionSpan: Double
  ) throws(MetricInputError) {
    guard !samples.isEmpty else {
      throw MetricInputError(stroke: label, field: "samples", problem: "the stroke has no samples")
    }
    nodes.removeAll(keepingCapacity: true)
    nodes.reserveCapacity(samples.count)
    cursor = 0
    let n = samples.count
    var directionX = Double.nan
    var directionY = Double.nan
    var a = samples[0]
    guard a.time.isFinite, a.x.isFinite, a.y.isFinite else { throw Self.refusal(samples, 0, label) }
    // One pass: each sample is checked as it is read (the stroke's samples are usually not in
    // the cache yet), then the node of the segment it ends is built.
    for k in 1..<n {
      let b = samples[k]
      guard b.time.isFinite, b.x.isFinite, b.y.isFinite, b.time >= a.time else {
        throw Self.refusal(samples, k, label)
      }
      let dx = b.x - a.x
      let dy = b.y - a.y
      let lengthSquared = dx * dx + dy * dy
      let length = lengthSquared.squareRoot()
      let duration = b.time - a.time
      // Two divisions per instruction: each lane is the correctly rounded scalar quotient (IEEE
      // 754 division is exact to the last bit lane by lane), so nothing changes but the count of
      // divisions, the slowest step here. Quotients by zero are computed and not used.
      let direction = SIMD2(dx, dy) / SIMD2(repeating: length)
      let perSecond = SIMD2(length, 1) / SIMD2(repeating: duration)
      if length > 0 {
        directionX = direction[0]
        directionY = direction[1]
      }
      nodes.append(
        Node(
          time: a.time, x: a.x, y: a.y, inverseLengthSquared: lengthSquared > 0 ? 1 / lengthSquared : 0,
          inverseDuration: duration > 0 ? perSecond[1] : 0, pressure: Self.pressure(of: a),
          directionX: directionX, directionY: directionY, speed: duration > 0 ? perSecond[0] : 0))
      a = b
    }
    nodes.append(
      Node(
        time: a.time, x: a.x, y: a.y, inverseLengthSquared: 0, inverseDuration: 0, pressure: Self.pressure(of: a),
        directionX: .nan, directionY: .nan, speed: 0))
    // Rest: the longest run of final samples within `restRadius` of the final position.
    let last = nodes[n - 1]
    var rest = n - 1
    let radiusSquared = restRadius * restRadius
    while rest > 0 {
      let dx = nodes[rest - 1].x - last.x
      let dy = nodes[rest - 1].y - last.y
      if dx * dx + dy * dy > radiusSquared { break }
      rest -= 1
    }
    restStartTime = nodes[rest].time
    // Final direction: the motion into the rest, from the newest sample at least
    // `finalDirectionSpan` before the rest began that differs from the rest's first sample (or
    // the earliest differing one if none is that old), to that first sample. Ending at the
    // rest's first sample rather than the last keeps digitizer noise inside the rest from
    // turning it (see Docs/Metrics.md, Final direction); with no rest the two are the same.
    finalDirectionX = .nan
    finalDirectionY = .nan
    let restFirst = nodes[rest]
    var k = rest - 1
    var from = -1
    while k >= 0 {
      if nodes[k].x != restFirst.x || nodes[k].y != restFirst.y {
        from = k
        if restFirst.time - nodes[k].time >= finalDirectionSpan { break }
      }
      k -= 1
    }
    finalReach.removeAll(keepingCapacity: true)
    if from >= 0 {
      let dx = restFirst.x - nodes[from].x
      let dy = restFirst.y - nodes[from].y
      let length = (dx * dx + dy * dy).squareRoot()
      finalDirectionX = dx / length
      finalDirectionY = dy / length
      // Reach: running maximum, from the end backwards, of how far each sample lies past the
      // last one along the final direction (0 at the last sample itself).
      finalReach.append(contentsOf: repeatElement(0, count: n))
      let ux = finalDirectionX
      let uy = finalDirectionY
      var reach = 0.0
      for index in stride(from: n - 1, through: 0, by: -1) {
        reach = max(reach, (nodes[index].x - last.x) * ux + (nodes[index].y - last.y) * uy)
        finalReach[index] = reach
      }
    }
  }

  /// The sample's pressure, NaN when it has none (or a non-finite one).
  @inline(__always)
  private static func pressure(of sample: TraceSample) -> Double {
    sample.pressure.flatMap { $0.isFinite ? $0 : nil } ?? .nan
  }

  /// Why sample `index` is refused: the first of its time, x and y that is not finite, else its
  /// time going back (the caller found one of these).
  private static func refusal(_ samples: [TraceSample], _ index: Int, _ label: String) -> MetricInputError {
    let sample = samples[index]
    for (name, value) in [("time", sample.time), ("x", sample.x), ("y", sample.y)] where !value.isFinite {
      return MetricInputError(
        stroke: label, field: "samples[\(index)].\(name)", problem: "is \(value); expected a finite number")
    }
    return MetricInputError(
      stroke: label, field: "samples[\(index)].time",
      problem: "goes back in time (\(sample.time) s after \(samples[index - 1].time) s)")
  }

  // MARK: - Queries

  /// The segment k with `time(k) ≤ time < time(k+1)`, for `firstTime ≤ time < lastTime`
  /// (moves the cursor; O(1) amortised for times in order).
  @inline(__always)
  mutating func segment(containing time: Double) -> Int {
    let last = nodes.count - 2
    var k = min(cursor, last)
    nodes.withUnsafeBufferPointer { nodes in
      while k < last, nodes[k + 1].time <= time { k += 1 }
      while k > 0, nodes[k].time > time { k -= 1 }
    }
    cursor = k
    return k
  }

  /// A point of the true path with its direction of motion and speed.
  public struct State: Sendable, Hashable {
    public var x: Double
    public var y: Double
    /// NaN where the sample pressures around the time are missing.
    public var pressure: Double
    /// Unit direction of motion; NaN when the pen has not moved yet.
    public var directionX: Double
    public var directionY: Double
    /// Trace units per second.
    public var speed: Double
  }

  /// The true state at `time`.
  ///
  /// Direction and speed are those of the segment containing `time`. Exactly at an interior
  /// sample they are those of the chord from the previous to the next sample (the symmetric
  /// difference, which is the exact tangent of a uniformly sampled circle), falling back to the
  /// incoming segment when that chord is zero (a reversal). Past the end the direction is the
  /// final direction and the speed 0; before the start the pen has no direction yet.
  public mutating func state(at time: Double) -> State {
    let n = nodes.count
    if n == 1 || time >= lastTime {
      let last = nodes[n - 1]
      return State(
        x: last.x, y: last.y, pressure: last.pressure, directionX: finalDirectionX, directionY: finalDirectionY,
        speed: 0)
    }
    if time < firstTime {
      let first = nodes[0]
      return State(x: first.x, y: first.y, pressure: first.pressure, directionX: .nan, directionY: .nan, speed: 0)
    }
    let k = segment(containing: time)
    let a = nodes[k]
    let b = nodes[k + 1]
    // Divided, not multiplied by the inverse: the protocol's formula to the last bit.
    let fraction = a.inverseDuration > 0 ? (time - a.time) / (b.time - a.time) : 0
    let x = a.x + fraction * (b.x - a.x)
    let y = a.y + fraction * (b.y - a.y)
    let pressure = a.pressure + fraction * (b.pressure - a.pressure)
    if time == a.time, k > 0 {
      let before = nodes[k - 1]
      let dx = b.x - before.x
      let dy = b.y - before.y
      let length = (dx * dx + dy * dy).squareRoot()
      if length > 0 {
        let span = b.time - before.time
        return State(
          x: x, y: y, pressure: pressure, directionX: dx / length, directionY: dy / length,
          speed: span > 0 ? length / span : 0)
      }
      return State(
        x: x, y: y, pressure: pressure, directionX: before.directionX, directionY: before.directionY, speed: 0)
    }
    return State(x: x, y: y, pressure: pressure, directionX: a.directionX, directionY: a.directionY, speed: a.speed)
  }

  /// How far the pen itself went past its last sample along the final direction from sample
  /// `index` to the end (trace units, ≥ 0): any point of the true path from that sample on lies
  /// no further along the final direction than the last sample plus this. NaN when the pen never
  /// moved. Used by ``StrokeEndOvershootMetric``, so that ink the pen really drew is no overshoot.
  @inline(__always)
  func reachPastEnd(from index: Int) -> Double {
    finalReach.isEmpty ? .nan : finalReach[index]
  }

  /// The sample at `index`: time, position and pressure (NaN if none).
  @inline(__always)
  func sample(_ index: Int) -> (time: Double, x: Double, y: Double, pressure: Double) {
    let node = nodes[index]
    return (node.time, node.x, node.y, node.pressure)
  }

  /// The time of the point of the true path closest to (`x`, `y`) among times in
  /// `lowerTime…upperTime`, where the path is held at the first sample before the stroke and at
  /// the last after it. Ties (equal distances, for example a pen at rest) go to the time nearest
  /// `preferredTime`.
  ///
  /// Exact: every segment of the window (from the last one starting at or before `lowerTime`, or
  /// the first if the window starts at or before the stroke, to the last one starting at or
  /// before `upperTime`) is examined, clipped to the window, in a fixed sweep order (the segment
  /// of `preferredTime`, then forwards to the window's end, then backwards from the segment
  /// before it to the window's start); a candidate replaces the best one only when it is closer,
  /// or as close and nearer `preferredTime` in time, so an equal distance at an equal time gap
  /// keeps the first in that order. (A zero-duration jump ending exactly at `lowerTime` thus
  /// contributes only its later end.) Tested against an exhaustive search over the same window.
  ///
  /// No segment is skipped. An earlier version skipped runs of path provably farther than the
  /// best point (by the triangle inequality on path length), but on the shared corpus a query's
  /// window holds only ~7.4 segments of which it skipped ~2.5, and what it paid per step (two
  /// square roots and a data-dependent branch) cost more than the segments it saved: a whole-corpus
  /// Kalman evaluation's searches took ~100 ns each with the skip and ~63 ns without (release, one
  /// core, the evaluation's 446,150 queries replayed against both; ~58 ns with the unclipped
  /// segments of the window taken in a shorter form, as now). A cheaper per-segment bound
  /// (squared distances to both ends against `(d + length)²`) and branch-free or two-lane
  /// (`SIMD2`) sweeps were also measured and were slower (70–90 ns): the straight sweep's branches
  /// predict well.
  public mutating func closestTime(
    toX x: Double, y: Double, from lowerTime: Double, to upperTime: Double, preferring preferredTime: Double
  ) -> Double {
    var bestDistance = Double.infinity
    var bestTime = preferredTime
    var bestGap = Double.infinity
    @inline(__always)
    func consider(_ distanceSquared: Double, _ time: Double) {
      if distanceSquared <= bestDistance {
        let gap = abs(time - preferredTime)
        if distanceSquared < bestDistance || gap < bestGap {
          bestDistance = distanceSquared
          bestTime = time
          bestGap = gap
        }
      }
    }
    let n = nodes.count
    let first = nodes[0]
    let last = nodes[n - 1]
    if lowerTime < first.time || n == 1 {
      let dx = x - first.x
      let dy = y - first.y
      consider(dx * dx + dy * dy, min(max(preferredTime, lowerTime), min(first.time, upperTime)))
    }
    if upperTime > last.time {
      let dx = x - last.x
      let dy = y - last.y
      consider(dx * dx + dy * dy, min(max(preferredTime, max(last.time, lowerTime)), upperTime))
    }
    guard n > 1, upperTime >= first.time, lowerTime <= last.time else { return bestTime }
    // Segments with a point in the window: lowSegment…highSegment, where lowSegment is 0 or the
    // last segment starting at or before lowerTime and highSegment the last starting at or
    // before upperTime. Rather than walking to both ends first, the sweeps test membership as
    // they go: segment k ≤ n − 2 is at or before highSegment exactly when it starts at or before
    // upperTime, and at or after lowSegment exactly when its end is after lowerTime (or the
    // window starts before the stroke). The sweeps start at the segment of preferredTime, where
    // the cursor usually already is (``state(at:)`` put it there), moved into the window.
    let savedCursor = cursor
    let clampsLow = lowerTime > first.time
    var startSegment = segment(containing: min(max(preferredTime, first.time), last.time))
    if clampsLow, startSegment + 1 <= n - 2, nodes[startSegment + 1].time <= lowerTime {
      startSegment = segment(containing: min(lowerTime, last.time))
    }
    if upperTime < last.time, nodes[startSegment].time > upperTime {
      startSegment = segment(containing: upperTime)
    }
    cursor = savedCursor
    nodes.withUnsafeBufferPointer { nodes in
      @inline(__always)
      func inWindowForwards(_ k: Int) -> Bool { k <= n - 2 && nodes[k].time <= upperTime }
      @inline(__always)
      func inWindowBackwards(_ k: Int) -> Bool { k >= 0 && (!clampsLow || nodes[k + 1].time > lowerTime) }
      @inline(__always)
      func examine(_ k: Int) {
        let a = nodes[k]
        let b = nodes[k + 1]
        if a.inverseDuration > 0 {
          // Only the first and last segments of the window are clipped.
          let s0 = a.time >= lowerTime ? 0 : (lowerTime - a.time) * a.inverseDuration
          let s1 = b.time <= upperTime ? 1 : min(1, (upperTime - a.time) * a.inverseDuration)
          guard s0 <= s1 else { return }
          let dx = b.x - a.x
          let dy = b.y - a.y
          var s =
            a.inverseLengthSquared > 0
            ? ((x - a.x) * dx + (y - a.y) * dy) * a.inverseLengthSquared
            : (preferredTime - a.time) * a.inverseDuration
          s = min(max(s, s0), s1)
          let ex = x - (a.x + s * dx)
          let ey = y - (a.y + s * dy)
          consider(ex * ex + ey * ey, a.time + s * (b.time - a.time))
        } else if a.time >= lowerTime, a.time <= upperTime {
          // A jump with no duration: both ends were on the path at that instant.
          let ex = x - a.x
          let ey = y - a.y
          consider(ex * ex + ey * ey, a.time)
          let fx = x - b.x
          let fy = y - b.y
          consider(fx * fx + fy * fy, a.time)
        }
      }
      /// A segment that starts at or after lowerTime and ends by upperTime: `examine` with its
      /// clip bounds folded to the 0 and 1 that it would compute (same arithmetic otherwise).
      /// Written out rather than sharing a projection helper with `examine`: that version
      /// measured 2.5 % slower over the whole evaluation.
      @inline(__always)
      func examineUnclipped(_ k: Int) {
        let a = nodes[k]
        let b = nodes[k + 1]
        guard a.inverseDuration > 0 else { return examine(k) }
        let dx = b.x - a.x
        let dy = b.y - a.y
        var s =
          a.inverseLengthSquared > 0
          ? ((x - a.x) * dx + (y - a.y) * dy) * a.inverseLengthSquared
          : (preferredTime - a.time) * a.inverseDuration
        s = min(max(s, 0), 1)
        let ex = x - (a.x + s * dx)
        let ey = y - (a.y + s * dy)
        consider(ex * ex + ey * ey, a.time + s * (b.time - a.time))
      }
      // Each sweep takes runs of unclipped segments in the short form and any other segment of
      // the window (its first and last, in practice) in the general one, in the same order; an
      // unclipped segment is in the window in either direction.
      var k = startSegment
      while true {
        while k <= n - 2, nodes[k].time >= lowerTime, nodes[k + 1].time <= upperTime {
          examineUnclipped(k)
          k += 1
        }
        guard inWindowForwards(k) else { break }
        examine(k)
        k += 1
      }
      k = startSegment - 1
      while true {
        while k >= 0, nodes[k].time >= lowerTime, nodes[k + 1].time > lowerTime, nodes[k + 1].time <= upperTime {
          examineUnclipped(k)
          k -= 1
        }
        guard inWindowBackwards(k) else { break }
        examine(k)
        k -= 1
      }
    }
    return bestTime
  }
}
