import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// The closest-point search behind effective latency saved returns exactly what an exhaustive
/// search over every segment in the window returns, on seeded random paths with pauses
/// (repeated points), zero-duration jumps and loops; and the loader derives every segment's
/// values exactly and names the first bad sample.
@Suite struct TruthPathTests {
  /// Every segment of the window, clipped, plus the held first and last samples; the minimum of
  /// (squared distance, distance in time from the preferred time). The window's segments are
  /// those of `TruthPath.closestTime`'s documentation: from the last segment starting at or
  /// before the window's start (the first segment if the window starts at or before the stroke)
  /// to the last one starting at or before its end. (A segment that ends exactly at the window's
  /// start is left out: its end is the next segment's start, except across a zero-duration jump,
  /// whose first end is then not searched.) The arithmetic per segment is written the same way
  /// as in `TruthPath`, so results agree to the bit.
  static func exhaustive(
    _ samples: [TraceSample], x: Double, y: Double, lower: Double, upper: Double, preferred: Double
  ) -> Double {
    var best = (distance: Double.infinity, gap: Double.infinity, time: preferred)
    func consider(_ distance: Double, _ time: Double) {
      let gap = abs(time - preferred)
      if distance < best.distance || (distance == best.distance && gap < best.gap) { best = (distance, gap, time) }
    }
    let first = samples[0]
    let last = samples[samples.count - 1]
    if lower < first.time || samples.count == 1 {
      consider((x - first.x) * (x - first.x) + (y - first.y) * (y - first.y), min(max(preferred, lower), min(first.time, upper)))
    }
    if upper > last.time {
      consider((x - last.x) * (x - last.x) + (y - last.y) * (y - last.y), min(max(preferred, max(last.time, lower)), upper))
    }
    guard samples.count > 1, upper >= first.time, lower <= last.time else { return best.time }
    let starts = samples.dropLast().map(\.time)
    let low = lower <= first.time ? 0 : starts.lastIndex { $0 <= lower } ?? 0
    let high = starts.lastIndex { $0 <= upper } ?? -1
    for k in 0..<(samples.count - 1) where k >= low && k <= high {
      let a = samples[k]
      let b = samples[k + 1]
      let duration = b.time - a.time
      if duration > 0 {
        let inverseDuration = 1 / duration
        let s0 = a.time >= lower ? 0 : (lower - a.time) * inverseDuration
        let s1 = b.time <= upper ? 1 : min(1, (upper - a.time) * inverseDuration)
        guard s0 <= s1 else { continue }
        let dx = b.x - a.x
        let dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var s =
          lengthSquared > 0 ? ((x - a.x) * dx + (y - a.y) * dy) * (1 / lengthSquared) : (preferred - a.time) * inverseDuration
        s = min(max(s, s0), s1)
        let ex = x - (a.x + s * dx)
        let ey = y - (a.y + s * dy)
        consider(ex * ex + ey * ey, a.time + s * (b.time - a.time))
      } else if a.time >= lower {
        consider((x - a.x) * (x - a.x) + (y - a.y) * (y - a.y), a.time)
        consider((x - b.x) * (x - b.x) + (y - b.y) * (y - b.y), a.time)
      }
    }
    return best.time
  }

  /// `overhang` > 0 also puts the preferred time outside the window now and then, where the
  /// search must start at the window's nearest end.
  @Test(arguments: [0.0, 0.03])
  func searchEqualsExhaustiveSearch(overhang: Double) throws {
    var generator = SeededGenerator(seed: 2016)
    func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
    var truth = TruthPath()
    var checked = 0
    for trial in 0..<400 {
      let count = 2 + trial % 60
      var samples: [TraceSample] = []
      var time = 0.0
      var x = 0.0
      var y = 0.0
      var heading = uniform(0...6.28)
      for _ in 0..<count {
        samples.append(TraceSample(time: time, x: x, y: y))
        let kind = Int.random(in: 0..<10, using: &generator)
        time += kind == 0 ? 0 : uniform(0.002...0.01)  // now and then a zero-duration jump
        if kind != 1 {  // now and then a pause
          heading += uniform(-0.9...0.9)  // turns, often enough to loop
          let step = uniform(0.1...5)
          x += step * cos(heading)
          y += step * sin(heading)
        }
      }
      try truth.load(samples, label: "random", restRadius: 0, finalDirectionSpan: 0.01)
      for _ in 0..<25 {
        let span = samples[count - 1].time
        let lower = uniform(-0.02...(span + 0.01))
        let upper = lower + uniform(0...0.08)
        let preferred = uniform((lower - overhang)...(upper + overhang))
        let anchor = samples[Int.random(in: 0..<count, using: &generator)]
        let px = anchor.x + uniform(-8...8)
        let py = anchor.y + uniform(-8...8)
        // Query times in order now and then, at random otherwise, so the cursor moves both ways.
        _ = truth.state(at: uniform(-0.01...(span + 0.01)))
        let found = truth.closestTime(toX: px, y: py, from: lower, to: upper, preferring: preferred)
        let expected = Self.exhaustive(samples, x: px, y: py, lower: lower, upper: upper, preferred: preferred)
        #expect(found == expected, "trial \(trial): \(found) vs \(expected)")
        checked += 1
      }
    }
    #expect(checked == 10_000)
  }

  /// Windows that start or end exactly at sample times (and preferred times at sample times),
  /// where the search switches between its clipped and unclipped forms, on paths with jumps at
  /// those times too.
  @Test func searchEqualsExhaustiveSearchAtSampleTimes() throws {
    var generator = SeededGenerator(seed: 4242)
    func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
    var truth = TruthPath()
    var checked = 0
    for trial in 0..<300 {
      let count = 2 + trial % 30
      var samples: [TraceSample] = []
      var time = 0.0
      var x = 0.0
      var y = 0.0
      for _ in 0..<count {
        samples.append(TraceSample(time: time, x: x, y: y))
        let kind = Int.random(in: 0..<8, using: &generator)
        time += kind == 0 ? 0 : uniform(0.002...0.01)
        if kind != 1 {
          x += uniform(-4...4)
          y += uniform(-4...4)
        }
      }
      try truth.load(samples, label: "random", restRadius: 0, finalDirectionSpan: 0.01)
      func sampleTime() -> Double { samples[Int.random(in: 0..<count, using: &generator)].time }
      for _ in 0..<30 {
        var lower = sampleTime()
        var upper = sampleTime()
        if lower > upper { swap(&lower, &upper) }
        if Bool.random(using: &generator) { lower -= uniform(0...0.01) }
        if Bool.random(using: &generator) { upper += uniform(0...0.01) }
        let preferred = Bool.random(using: &generator) ? sampleTime() : uniform(lower...upper)
        let anchor = samples[Int.random(in: 0..<count, using: &generator)]
        let px = anchor.x + uniform(-3...3)
        let py = anchor.y + uniform(-3...3)
        _ = truth.state(at: sampleTime())
        let found = truth.closestTime(toX: px, y: py, from: lower, to: upper, preferring: preferred)
        let expected = Self.exhaustive(samples, x: px, y: py, lower: lower, upper: upper, preferred: preferred)
        #expect(found == expected, "trial \(trial): \(found) vs \(expected)")
        checked += 1
      }
    }
    #expect(checked == 9_000)
  }

  /// What `load` derives for each segment (unit direction, speed) and `state(at:)` interpolates
  /// is, to the bit, the scalar textbook formula, on seeded random strokes with pauses (a pause
  /// keeps the last moving direction) and pressure on some samples: the loader's paired
  /// divisions must not change a quotient.
  @Test func loadDerivesEverySegmentExactly() throws {
    var generator = SeededGenerator(seed: 77)
    func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
    var truth = TruthPath()
    var checked = 0
    for trial in 0..<200 {
      let count = 2 + trial % 40
      var samples: [TraceSample] = []
      var time = uniform(0...3)
      var x = uniform(-500...500)
      var y = uniform(-500...500)
      for _ in 0..<count {
        samples.append(TraceSample(time: time, x: x, y: y, pressure: trial % 2 == 0 ? uniform(0...1) : nil))
        time += uniform(0.002...0.02)
        if Int.random(in: 0..<5, using: &generator) != 0 {  // now and then a pause
          x += uniform(-9...9)
          y += uniform(-9...9)
        }
      }
      try truth.load(samples, label: "random", restRadius: 0, finalDirectionSpan: 0.01)
      var directionX = Double.nan
      var directionY = Double.nan
      for k in 0..<(count - 1) {
        let a = samples[k]
        let b = samples[k + 1]
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        if length > 0 {
          directionX = dx / length
          directionY = dy / length
        }
        let t = a.time + 0.5 * (b.time - a.time)
        let fraction = (t - a.time) / (b.time - a.time)
        let state = truth.state(at: t)
        #expect(state.x.bitPattern == (a.x + fraction * (b.x - a.x)).bitPattern, "trial \(trial) segment \(k)")
        #expect(state.y.bitPattern == (a.y + fraction * (b.y - a.y)).bitPattern, "trial \(trial) segment \(k)")
        #expect(state.speed.bitPattern == (length / (b.time - a.time)).bitPattern, "trial \(trial) segment \(k)")
        #expect(state.directionX.bitPattern == directionX.bitPattern, "trial \(trial) segment \(k)")
        #expect(state.directionY.bitPattern == directionY.bitPattern, "trial \(trial) segment \(k)")
        if let pa = a.pressure, let pb = b.pressure {
          #expect(state.pressure.bitPattern == (pa + fraction * (pb - pa)).bitPattern)
        } else {
          #expect(state.pressure.isNaN)
        }
        checked += 1
      }
    }
    #expect(checked == 4_100)  // Σ (count − 1) = 5 × Σ_{j<40} (1 + j)
  }

  /// A bad sample is reported by stroke, sample index and field, the first in sample order (and
  /// within a sample: time, x, y, then the order of times); a refused stroke leaves the value
  /// usable for the next.
  @Test func loadNamesTheFirstBadSample() throws {
    func sample(_ time: Double, _ x: Double = 0, _ y: Double = 0) -> TraceSample { TraceSample(time: time, x: x, y: y) }
    func refusal(_ samples: [TraceSample]) -> MetricInputError? {
      var truth = TruthPath()
      do {
        try truth.load(samples, label: "s", restRadius: 0, finalDirectionSpan: 0.01)
        return nil
      } catch {
        return error
      }
    }
    #expect(refusal([])?.field == "samples")
    #expect(refusal([sample(0), sample(0.01, .nan), sample(0.02)])?.field == "samples[1].x")
    #expect(refusal([sample(0), sample(.infinity)])?.field == "samples[1].time")
    #expect(refusal([sample(0), sample(0.01, 1, -.infinity)])?.field == "samples[1].y")
    // Sample 1 goes back in time before sample 2 is non-finite: sample 1 is named.
    let backwards = refusal([sample(0.02), sample(0.01), sample(0.03, .nan)])
    #expect(backwards?.field == "samples[1].time")
    #expect(backwards?.stroke == "s")
    #expect(backwards?.problem.contains("goes back in time") == true)
    // Non-finite x and an earlier time in the same sample: the x is named first.
    #expect(refusal([sample(0.02), sample(0.01, .nan)])?.field == "samples[1].x")

    var truth = TruthPath()
    try truth.load([sample(0), sample(1, 2, 0)], label: "good", restRadius: 0, finalDirectionSpan: 0.01)
    #expect(throws: MetricInputError.self) {
      try truth.load([sample(0), sample(0.5, .nan)], label: "bad", restRadius: 0, finalDirectionSpan: 0.01)
    }
    try truth.load([sample(0), sample(1, 4, 0), sample(2, 4, 0)], label: "next", restRadius: 0, finalDirectionSpan: 0.01)
    #expect(truth.count == 3)
    let state = truth.state(at: 0.5)
    #expect(state.x == 2 && state.y == 0 && state.directionX == 1 && state.directionY == 0 && state.speed == 4)
    #expect(truth.closestTime(toX: 3, y: 1, from: 0, to: 2, preferring: 1) == 0.75)
  }

  /// The final direction is the motion into the rest: noise inside the rest radius (here a last
  /// step back of 0.25 against a radius of 0.5) cannot turn it, and a stroke that never leaves
  /// the radius has none. The rest starts at the first sample within the radius of the last.
  @Test func finalDirectionIsTheMotionIntoTheRest() throws {
    func stroke(_ xs: [Double]) -> [TraceSample] {
      xs.enumerated().map { TraceSample(time: Double($0.offset) / 100, x: $0.element, y: 0) }
    }
    var truth = TruthPath()
    try truth.load(stroke([0, 1, 2, 3, 4, 4, 3.75]), label: "noisy rest", restRadius: 0.5, finalDirectionSpan: 0.01)
    #expect(truth.finalDirectionX == 1 && truth.finalDirectionY == 0)
    #expect(truth.restStartTime == 0.04)
    // Radius 0: the step back is motion, the final direction turns with it.
    try truth.load(stroke([0, 1, 2, 3, 4, 4, 3.75]), label: "no radius", restRadius: 0, finalDirectionSpan: 0.01)
    #expect(truth.finalDirectionX == -1 && truth.restStartTime == 0.06)
    try truth.load(stroke([5, 5.25, 5, 5.25]), label: "tap", restRadius: 0.5, finalDirectionSpan: 0.01)
    #expect(!truth.hasFinalDirection)
  }
}
