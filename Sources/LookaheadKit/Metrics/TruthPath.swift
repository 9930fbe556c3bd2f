/// The true pointer path of one stroke, as the metrics query it: position, pressure, direction of
/// motion and speed at any time, and where on the path (in time) a point lands.
///
/// The path is the piecewise-linear interpolation of the samples over time; before the first
/// sample it is the first sample and after the last it is the last (the pen is held where it was
/// put down and where it was lifted), as in `ANCHOR-PROTOCOL.md` §1 step 4.
///
/// One value is reused stroke after stroke: ``load(_:label:restRadius:finalDirectionSpan:)`` refills
/// its buffers keeping their capacity, and every query is O(1) amortised for targets in time
/// order (a cursor walks the segments), so scoring allocates nothing per prediction.
public struct TruthPath: Sendable {
  private(set) var times: [Double] = []
  private(set) var xs: [Double] = []
  private(set) var ys: [Double] = []
  /// Pressure per sample, NaN where the sample has none.
  private(set) var pressures: [Double] = []
  /// Unit direction of motion on segment k (samples k → k+1). A segment without motion inherits
  /// the direction of the latest moving segment before it; NaN while the pen has not moved yet.
  private var segmentDirectionX: [Double] = []
  private var segmentDirectionY: [Double] = []
  /// Speed on segment k, trace units per second (0 for a segment of zero duration).
  private var segmentSpeed: [Double] = []
  /// 1 / squared length and 1 / duration of segment k (0 when the segment has none), so that the
  /// closest-point search divides nothing per segment.
  private var segmentInverseLengthSquared: [Double] = []
  private var segmentInverseDuration: [Double] = []
  private var cursor = 0

  /// Number of samples.
  public private(set) var count = 0
  /// Unit direction of the final motion (see ``MetricSettings/finalDirectionSpanSeconds``), NaN
  /// when the pen never moved.
  public private(set) var finalDirectionX = Double.nan
  public private(set) var finalDirectionY = Double.nan
  /// Time of the first sample of the final rest (see ``MetricSettings/restRadius``); the last
  /// sample's time when the pen was lifted while moving.
  public private(set) var restStartTime = 0.0

  public init() {}

  public var firstTime: Double { times[0] }
  public var lastTime: Double { times[count - 1] }
  public var lastX: Double { xs[count - 1] }
  public var lastY: Double { ys[count - 1] }
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
    times.removeAll(keepingCapacity: true)
    xs.removeAll(keepingCapacity: true)
    ys.removeAll(keepingCapacity: true)
    pressures.removeAll(keepingCapacity: true)
    segmentDirectionX.removeAll(keepingCapacity: true)
    segmentDirectionY.removeAll(keepingCapacity: true)
    segmentSpeed.removeAll(keepingCapacity: true)
    segmentInverseLengthSquared.removeAll(keepingCapacity: true)
    segmentInverseDuration.removeAll(keepingCapacity: true)
    cursor = 0
    count = samples.count
    for (index, sample) in samples.enumerated() {
      try Self.requireFinite(sample.time, label, index, "time")
      try Self.requireFinite(sample.x, label, index, "x")
      try Self.requireFinite(sample.y, label, index, "y")
      if index > 0, sample.time < samples[index - 1].time {
        throw MetricInputError(
          stroke: label, field: "samples[\(index)].time",
          problem: "goes back in time (\(sample.time) s after \(samples[index - 1].time) s)")
      }
      times.append(sample.time)
      xs.append(sample.x)
      ys.append(sample.y)
      pressures.append(sample.pressure.flatMap { $0.isFinite ? $0 : nil } ?? .nan)
    }
    var directionX = Double.nan
    var directionY = Double.nan
    for k in 0..<(count - 1) {
      let dx = xs[k + 1] - xs[k]
      let dy = ys[k + 1] - ys[k]
      let length = (dx * dx + dy * dy).squareRoot()
      let duration = times[k + 1] - times[k]
      if length > 0 {
        directionX = dx / length
        directionY = dy / length
      }
      segmentDirectionX.append(directionX)
      segmentDirectionY.append(directionY)
      segmentSpeed.append(duration > 0 ? length / duration : 0)
      let lengthSquared = dx * dx + dy * dy
      segmentInverseLengthSquared.append(lengthSquared > 0 ? 1 / lengthSquared : 0)
      segmentInverseDuration.append(duration > 0 ? 1 / duration : 0)
    }
    // Final direction: from the newest sample at least `finalDirectionSpan` before the end that
    // differs from the final position (or the earliest differing one if none is that old).
    finalDirectionX = .nan
    finalDirectionY = .nan
    var k = count - 2
    var from = -1
    while k >= 0 {
      if xs[k] != lastX || ys[k] != lastY {
        from = k
        if lastTime - times[k] >= finalDirectionSpan { break }
      }
      k -= 1
    }
    if from >= 0 {
      let dx = lastX - xs[from]
      let dy = lastY - ys[from]
      let length = (dx * dx + dy * dy).squareRoot()
      finalDirectionX = dx / length
      finalDirectionY = dy / length
    }
    // Rest: the longest run of final samples within `restRadius` of the final position.
    var rest = count - 1
    let radiusSquared = restRadius * restRadius
    while rest > 0 {
      let dx = xs[rest - 1] - lastX
      let dy = ys[rest - 1] - lastY
      if dx * dx + dy * dy > radiusSquared { break }
      rest -= 1
    }
    restStartTime = times[rest]
  }

  private static func requireFinite(
    _ value: Double, _ label: String, _ index: Int, _ name: String
  ) throws(MetricInputError) {
    guard value.isFinite else {
      throw MetricInputError(
        stroke: label, field: "samples[\(index)].\(name)", problem: "is \(value); expected a finite number")
    }
  }

  // MARK: - Queries

  /// The segment k with `times[k] ≤ time < times[k+1]`, for `firstTime ≤ time < lastTime`
  /// (moves the cursor; O(1) amortised for times in order).
  @inline(__always)
  mutating func segment(containing time: Double) -> Int {
    var k = min(cursor, count - 2)
    while k + 1 < count - 1, times[k + 1] <= time { k += 1 }
    while k > 0, times[k] > time { k -= 1 }
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
    if count == 1 || time >= lastTime {
      let n = count - 1
      return State(
        x: xs[n], y: ys[n], pressure: pressures[n], directionX: finalDirectionX,
        directionY: finalDirectionY, speed: 0)
    }
    if time < firstTime {
      return State(x: xs[0], y: ys[0], pressure: pressures[0], directionX: .nan, directionY: .nan, speed: 0)
    }
    let k = segment(containing: time)
    let duration = times[k + 1] - times[k]
    let fraction = duration > 0 ? (time - times[k]) / duration : 0
    let x = xs[k] + fraction * (xs[k + 1] - xs[k])
    let y = ys[k] + fraction * (ys[k + 1] - ys[k])
    let pressure = pressures[k] + fraction * (pressures[k + 1] - pressures[k])
    if time == times[k], k > 0 {
      let dx = xs[k + 1] - xs[k - 1]
      let dy = ys[k + 1] - ys[k - 1]
      let length = (dx * dx + dy * dy).squareRoot()
      if length > 0 {
        let span = times[k + 1] - times[k - 1]
        return State(
          x: x, y: y, pressure: pressure, directionX: dx / length, directionY: dy / length,
          speed: span > 0 ? length / span : 0)
      }
      return State(
        x: x, y: y, pressure: pressure, directionX: segmentDirectionX[k - 1],
        directionY: segmentDirectionY[k - 1], speed: 0)
    }
    return State(
      x: x, y: y, pressure: pressure, directionX: segmentDirectionX[k],
      directionY: segmentDirectionY[k], speed: segmentSpeed[k])
  }

  /// The sample at `index`: position and pressure (NaN if none).
  @inline(__always)
  func sample(_ index: Int) -> (time: Double, x: Double, y: Double, pressure: Double) {
    (times[index], xs[index], ys[index], pressures[index])
  }

  /// The time of the point of the true path closest to (`x`, `y`) among times in
  /// `lowerTime…upperTime`, where the path is held at the first sample before the stroke and at
  /// the last after it. Ties (equal distances, for example a pen at rest) go to the time nearest
  /// `preferredTime`.
  public mutating func closestTime(
    toX x: Double, y: Double, from lowerTime: Double, to upperTime: Double, preferring preferredTime: Double
  ) -> Double {
    var bestDistance = Double.infinity
    var bestTime = preferredTime
    var bestGap = Double.infinity
    @inline(__always)
    func consider(_ distanceSquared: Double, _ time: Double) {
      let gap = abs(time - preferredTime)
      if distanceSquared < bestDistance || (distanceSquared == bestDistance && gap < bestGap) {
        bestDistance = distanceSquared
        bestTime = time
        bestGap = gap
      }
    }
    if lowerTime < firstTime || count == 1 {
      let dx = x - xs[0]
      let dy = y - ys[0]
      consider(dx * dx + dy * dy, min(max(preferredTime, lowerTime), min(firstTime, upperTime)))
    }
    if upperTime > lastTime {
      let dx = x - lastX
      let dy = y - lastY
      consider(dx * dx + dy * dy, min(max(preferredTime, max(lastTime, lowerTime)), upperTime))
    }
    if count > 1, upperTime >= firstTime, lowerTime <= lastTime {
      let savedCursor = cursor
      var k = lowerTime <= firstTime ? 0 : segment(containing: min(lowerTime, lastTime))
      while k < count - 1, times[k] <= upperTime {
        let t0 = times[k]
        let duration = times[k + 1] - t0
        let x0 = xs[k]
        let y0 = ys[k]
        if duration > 0 {
          // Only the first and last segments of the window are clipped.
          let inverseDuration = segmentInverseDuration[k]
          let s0 = t0 >= lowerTime ? 0 : (lowerTime - t0) * inverseDuration
          let s1 = times[k + 1] <= upperTime ? 1 : min(1, (upperTime - t0) * inverseDuration)
          if s0 <= s1 {
            let dx = xs[k + 1] - x0
            let dy = ys[k + 1] - y0
            let inverseLengthSquared = segmentInverseLengthSquared[k]
            var s =
              inverseLengthSquared > 0
              ? ((x - x0) * dx + (y - y0) * dy) * inverseLengthSquared : (preferredTime - t0) * inverseDuration
            s = min(max(s, s0), s1)
            let ex = x - (x0 + s * dx)
            let ey = y - (y0 + s * dy)
            consider(ex * ex + ey * ey, t0 + s * duration)
          }
        } else if t0 >= lowerTime {
          // A jump with no duration: both ends were on the path at t0.
          let ex = x - x0
          let ey = y - y0
          consider(ex * ex + ey * ey, t0)
          let fx = x - xs[k + 1]
          let fy = y - ys[k + 1]
          consider(fx * fx + fy * fy, t0)
        }
        k += 1
      }
      cursor = savedCursor
    }
    return bestTime
  }
}
