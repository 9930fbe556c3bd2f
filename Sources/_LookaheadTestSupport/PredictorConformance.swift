import LookaheadRuntime

/// The invariants every predictor must keep, checked on analytic motion. Each check returns a
/// list of violations (empty when the predictor conforms), so a test can print all of them.
///
/// The contract is the one documented on `Predictor`; the checks are those of issue 5: on a
/// constant-speed line the prediction is on the true point once warmed up; a still pointer
/// never moves; horizon 0 returns the last position; finite input gives finite output; no output
/// precedes the input; reset is a fresh predictor; a copy is an independent snapshot; and random
/// command sequences, including non-finite and backwards times, never produce NaN.
public struct PredictorConformance {
  public var make: () -> any Predictor
  /// Samples after which a constant-speed line must be predicted exactly.
  public var settleSamples: Int
  /// The horizons checked, seconds.
  public var horizons: [Double] = [0, 1.0 / 240, 0.008, 1.0 / 60, 0.025, 1.0 / 30]
  /// Absolute tolerance for "exactly" (units).
  public var tolerance = 1e-9

  public init(settleSamples: Int, make: @escaping () -> any Predictor) {
    self.make = make
    self.settleSamples = settleSamples
  }

  /// All checks at 120 and 240 Hz.
  public func violations(seed: UInt64 = 1) -> [String] {
    var all: [String] = []
    for rate in [120.0, 240.0] {
      all += lineIsPredicted(rateHz: rate)
      all += stillPointerNeverMoves(rateHz: rate)
      for motion in AnalyticMotion.standard {
        all += horizonZeroIsLastSample(motion, rateHz: rate)
        all += outputFiniteAndNotBeforeInput(motion, rateHz: rate)
        all += resetIsFresh(motion, rateHz: rate)
        all += copyIsSnapshot(motion, rateHz: rate)
      }
    }
    all += fuzz(seed: seed, commands: 4000)
    return all
  }

  public func lineIsPredicted(rateHz: Double) -> [String] {
    let motion = AnalyticMotion.standard[1]
    var predictor = make()
    var problems: [String] = []
    for (i, s) in motion.samples(rateHz: rateHz, count: settleSamples + 60).enumerated() {
      predictor.observe(s)
      guard i + 1 >= settleSamples else { continue }
      for h in horizons {
        let truth = motion.position(at: s.time + h)
        guard let p = predictor.predict(at: s.time + h) else {
          problems.append("line @\(rateHz) Hz, sample \(i), h \(h): no prediction")
          continue
        }
        if abs(p.x - truth.x) > tolerance || abs(p.y - truth.y) > tolerance {
          problems.append(
            "line @\(rateHz) Hz, sample \(i), h \(h): (\(p.x), \(p.y)) vs (\(truth.x), \(truth.y))")
        }
      }
    }
    return Array(problems.prefix(5))
  }

  public func stillPointerNeverMoves(rateHz: Double) -> [String] {
    let motion = AnalyticMotion.standard[0]
    var predictor = make()
    var problems: [String] = []
    let here = motion.position(at: 0)
    for (i, s) in motion.samples(rateHz: rateHz, count: 80).enumerated() {
      predictor.observe(s)
      for h in horizons {
        if let p = predictor.predict(at: s.time + h), p.x != here.x || p.y != here.y {
          problems.append("still @\(rateHz) Hz, sample \(i), h \(h): moved to (\(p.x), \(p.y))")
        }
      }
    }
    return Array(problems.prefix(5))
  }

  public func horizonZeroIsLastSample(_ motion: AnalyticMotion, rateHz: Double) -> [String] {
    var predictor = make()
    var problems: [String] = []
    for (i, s) in motion.samples(rateHz: rateHz, count: 60).enumerated() {
      predictor.observe(s)
      if let p = predictor.predict(at: s.time),
        abs(p.x - s.x) > tolerance || abs(p.y - s.y) > tolerance || p.time != s.time
      {
        problems.append("\(motion) @\(rateHz) Hz, sample \(i): horizon 0 gave (\(p.x), \(p.y)) at \(p.time)")
      }
    }
    return Array(problems.prefix(5))
  }

  public func outputFiniteAndNotBeforeInput(_ motion: AnalyticMotion, rateHz: Double) -> [String] {
    var predictor = make()
    var problems: [String] = []
    for (i, s) in motion.samples(rateHz: rateHz, count: 120).enumerated() {
      predictor.observe(s)
      for h in horizons + [-0.01, 0.2] {
        guard let p = predictor.predict(at: s.time + h) else { continue }
        if !(p.x.isFinite && p.y.isFinite && p.time.isFinite) {
          problems.append("\(motion) @\(rateHz) Hz, sample \(i), h \(h): non-finite output")
        }
        if p.time < s.time {
          problems.append("\(motion) @\(rateHz) Hz, sample \(i), h \(h): output time \(p.time) before input \(s.time)")
        }
      }
    }
    return Array(problems.prefix(5))
  }

  public func resetIsFresh(_ motion: AnalyticMotion, rateHz: Double) -> [String] {
    var used = make()
    for s in AnalyticMotion.standard[3].samples(rateHz: rateHz, count: 37, startTime: 5) { used.observe(s) }
    used.reset()
    var fresh = make()
    var problems: [String] = []
    for (i, s) in motion.samples(rateHz: rateHz, count: 50).enumerated() {
      used.observe(s)
      fresh.observe(s)
      for h in horizons where used.predict(at: s.time + h) != fresh.predict(at: s.time + h) {
        problems.append("\(motion) @\(rateHz) Hz, sample \(i), h \(h): reset predictor differs from a fresh one")
      }
    }
    return Array(problems.prefix(5))
  }

  public func copyIsSnapshot(_ motion: AnalyticMotion, rateHz: Double) -> [String] {
    var original = make()
    let samples = motion.samples(rateHz: rateHz, count: 60)
    for s in samples.prefix(30) { original.observe(s) }
    let snapshot = original
    let probe = samples[29].time + 0.01
    let before = snapshot.predict(at: probe)
    var copy = original
    var problems: [String] = []
    for (i, s) in samples.dropFirst(30).enumerated() {
      original.observe(s)
      copy.observe(s)
      for h in horizons where original.predict(at: s.time + h) != copy.predict(at: s.time + h) {
        problems.append("\(motion) @\(rateHz) Hz, sample \(30 + i), h \(h): copy differs from original")
      }
    }
    if snapshot.predict(at: probe) != before {
      problems.append("\(motion) @\(rateHz) Hz: a copy changed when the original observed more samples")
    }
    return Array(problems.prefix(5))
  }

  /// Random reset / observe / predict commands with valid and invalid input (NaN, infinities,
  /// backwards and repeated times, huge jumps). Nothing may trap and no output may be NaN.
  public func fuzz(seed: UInt64, commands: Int) -> [String] {
    var generator = SeededGenerator(seed: seed)
    var predictor = make()
    var time = 0.0
    var x = 0.0
    var y = 0.0
    var problems: [String] = []
    for step in 0..<commands {
      let roll = Double.random(in: 0..<1, using: &generator)
      if roll < 0.02 {
        predictor.reset()
      } else if roll < 0.7 {
        var t = time
        let kind = Double.random(in: 0..<1, using: &generator)
        if kind < 0.6 { t += Double.random(in: 0.001...0.012, using: &generator) }
        else if kind < 0.7 { t += 0 }
        else if kind < 0.75 { t -= 0.005 }
        else if kind < 0.8 { t += 0.05 }
        else if kind < 0.85 { t = .nan }
        else if kind < 0.88 { t = .infinity }
        else if kind < 0.9 { t = -.infinity }
        else { t += Double.random(in: 0.0001...0.0003, using: &generator) }
        x += Double.random(in: -5...5, using: &generator)
        y += Double.random(in: -5...5, using: &generator)
        var sx = x
        if Double.random(in: 0..<1, using: &generator) < 0.03 { sx = .nan }
        let pressure: Double? =
          Double.random(in: 0..<1, using: &generator) < 0.5 ? Double.random(in: 0...1, using: &generator) : nil
        predictor.observe(PointerSample(time: t, x: sx, y: y, pressure: pressure, altitude: 1, azimuth: 0.5))
        if t.isFinite, t > time { time = t }
      } else {
        let kind = Double.random(in: 0..<1, using: &generator)
        let target: Double =
          kind < 0.9 ? time + Double.random(in: -0.01...0.05, using: &generator) : (kind < 0.95 ? .nan : .infinity)
        if let p = predictor.predict(at: target) {
          if p.x.isNaN || p.y.isNaN || p.time.isNaN || (p.pressure?.isNaN ?? false) {
            problems.append("fuzz seed \(seed), step \(step): NaN in \(p)")
          }
        }
      }
    }
    return Array(problems.prefix(5))
  }
}
