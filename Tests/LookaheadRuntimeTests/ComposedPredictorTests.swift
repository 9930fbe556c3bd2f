import Foundation
import LookaheadRuntime
import Testing

/// The stages around a family: gap reset, input hygiene, gates, filters, pressure, tilt, paths.
@Suite("Composed predictor stages")
struct ComposedPredictorTests {
  static func linear(_ order: Int = 1, _ stages: PredictorStages = PredictorStages()) -> ComposedPredictor<LinearPredictor> {
    ComposedPredictor(base: LinearPredictor(parameters: LinearParameters(order: order)), stages: stages)
  }

  static func line(_ k: Int) -> PointerSample {
    PointerSample(time: Double(k) * 0.005, x: 10 + 300 * Double(k) * 0.005, y: 20, pressure: 0.5, altitude: 0.7, azimuth: 1.2)
  }

  @Test("a gap over the limit starts a new stroke; limit 0 never does")
  func gapReset() {
    var p = Self.linear()
    p.observe(PointerSample(time: 0, x: 0, y: 0))
    p.observe(PointerSample(time: 0.010, x: 1, y: 0))
    p.observe(PointerSample(time: 0.035, x: 2, y: 0))  // 25 ms gap
    #expect(p.predict(at: 0.04) == nil)
    var q = Self.linear(1, PredictorStages(gapLimitSeconds: 0))
    for s in [(0.0, 0.0), (0.010, 1.0), (0.035, 2.0)] { q.observe(PointerSample(time: s.0, x: s.1, y: 0)) }
    #expect(q.predict(at: 0.04) != nil)
  }

  @Test("non-finite and backwards samples are ignored")
  func hygiene() {
    var clean = Self.linear()
    var dirty = Self.linear()
    for k in 0..<5 {
      clean.observe(Self.line(k))
      dirty.observe(Self.line(k))
    }
    dirty.observe(PointerSample(time: 0.001, x: 900, y: 900))
    dirty.observe(PointerSample(time: .nan, x: 900, y: 900))
    dirty.observe(PointerSample(time: 0.021, x: .infinity, y: 900))
    #expect(dirty.predict(at: 0.03) == clean.predict(at: 0.03))
  }

  @Test("horizon cap shortens the prediction but keeps the asked time")
  func horizonCap() throws {
    var p = Self.linear(1, PredictorStages(gates: PredictionGateParameters(horizonCapSeconds: 0.010)))
    for k in 0..<5 { p.observe(Self.line(k)) }
    let q = try #require(p.predict(at: 0.02 + 0.05))
    #expect(abs(q.x - (10 + 300 * 0.03)) < 1e-9)
    #expect(abs(q.time - 0.07) < 1e-15)
  }

  @Test("speed floor cancels below it and lets faster motion through")
  func speedFloor() {
    let stages = PredictorStages(gates: PredictionGateParameters(speedFloor: 50))
    var slow = Self.linear(1, stages)
    var fast = Self.linear(1, stages)
    for k in 0..<5 {
      slow.observe(PointerSample(time: Double(k) * 0.005, x: 10 + 0.1 * Double(k), y: 0))
      fast.observe(Self.line(k))
    }
    #expect(slow.predict(at: 0.03) == nil)
    #expect(fast.predict(at: 0.03) != nil)
  }

  /// Second-order linear on 0, 10, 15 (10 ms apart): v = 500, a = −50000, so 30 ms ahead it
  /// predicts 15 + 15 − 22.5 = 7.5, behind the newest sample.
  @Test("direction cut-off cancels a prediction through a reversal")
  func directionCutOff() throws {
    let samples = [(0.0, 0.0), (0.01, 10.0), (0.02, 15.0)].map { PointerSample(time: $0.0, x: $0.1, y: 0) }
    var plain = Self.linear(2)
    var cut = Self.linear(2, PredictorStages(gates: PredictionGateParameters(directionCutOff: true)))
    for s in samples {
      plain.observe(s)
      cut.observe(s)
    }
    let q = try #require(plain.predict(at: 0.05))
    #expect(abs(q.x - 7.5) < 1e-9)
    #expect(cut.predict(at: 0.05) == nil)
    #expect(cut.predict(at: 0.025) != nil)  // 15 + 2.5 − 0.625: still ahead
  }

  @Test("stroke-end detection cancels while speed falls below a fraction of the peak")
  func strokeEnd() {
    let stages = PredictorStages(gates: PredictionGateParameters(strokeEndSpeedRatio: 0.6))
    var stopping = Self.linear(1, stages)
    var cruising = Self.linear(1, stages)
    for (k, x) in [0.0, 10, 20, 25].enumerated() { stopping.observe(PointerSample(time: Double(k) * 0.01, x: x, y: 0)) }
    for (k, x) in [0.0, 10, 20, 30].enumerated() { cruising.observe(PointerSample(time: Double(k) * 0.01, x: x, y: 0)) }
    #expect(stopping.predict(at: 0.04) == nil)
    #expect(cruising.predict(at: 0.04) != nil)
  }

  /// x = v₀t − at²/2 with v₀ = 1000 units/s, a = 4000 units/s², samples every 10 ms at t = 0…0.12:
  /// the pen stops at t = 0.25 s, x = 125. The last two intervals' mean speeds are the speeds at
  /// their midpoints, v(0.115) = 540 and v(0.105) = 580, so the gate measures a = 40/0.01 = 4000
  /// exactly and caps the horizon at 0.5·540/4000 = 0.0675 s. Linear extrapolates at 540 units/s
  /// from x(0.12) = 91.2: 91.2 + 540·0.0675 = 127.65 at any horizon beyond the cap, against a stop
  /// at 125 (linear alone, 100 ms ahead: 145.2).
  @Test("the stopping horizon caps a decelerating pen's prediction at factor × v / a, worked by hand")
  func stoppingHorizon() throws {
    var gated = Self.linear(1, PredictorStages(gates: PredictionGateParameters(stoppingHorizonFactor: 0.5)))
    var plain = Self.linear()
    for k in 0...12 {
      let t = Double(k) * 0.01
      let sample = PointerSample(time: t, x: 1000 * t - 2000 * t * t, y: 0)
      gated.observe(sample)
      plain.observe(sample)
    }
    for horizon in [0.0675, 0.1, 0.3] {
      let p = try #require(gated.predict(at: 0.12 + horizon))
      #expect(abs(p.x - 127.65) < 1e-9, "at \(horizon * 1000) ms: \(p.x)")
    }
    // Below the cap the horizon is untouched.
    let early = try #require(gated.predict(at: 0.12 + 0.02))
    #expect(abs(early.x - (91.2 + 540 * 0.02)) < 1e-9)
    #expect(abs(try #require(plain.predict(at: 0.22)).x - 145.2) < 1e-9)
    // Cruising (no deceleration) is never capped.
    var cruising = Self.linear(1, PredictorStages(gates: PredictionGateParameters(stoppingHorizonFactor: 0.5)))
    for k in 0...4 { cruising.observe(PointerSample(time: Double(k) * 0.01, x: 10 * Double(k), y: 0)) }
    #expect(abs(try #require(cruising.predict(at: 0.14)).x - 140) < 1e-9)  // 40 + 1000·0.1
  }

  @Test("a model file written before the stopping horizon existed reads with it off")
  func gatesWithoutStoppingHorizonDecode() throws {
    let old = #"{"horizonCapSeconds": 0.02, "speedFloor": 0, "turnAngleLow": 0, "turnAngleHigh": 0, "jerkLow": 0, "jerkHigh": 0, "directionCutOff": true, "strokeEndSpeedRatio": 0.3}"#
    let gates = try JSONDecoder().decode(PredictionGateParameters.self, from: Data(old.utf8))
    #expect(gates == PredictionGateParameters(horizonCapSeconds: 0.02, directionCutOff: true, strokeEndSpeedRatio: 0.3))
    let again = try JSONDecoder().decode(
      PredictionGateParameters.self, from: try JSONEncoder().encode(PredictionGateParameters(stoppingHorizonFactor: 0.5)))
    #expect(again.stoppingHorizonFactor == 0.5)
  }

  @Test("a right-angle turn at turn-high shrinks the horizon to 0")
  func turnAngle() throws {
    let stages = PredictorStages(gates: PredictionGateParameters(turnAngleLow: 0, turnAngleHigh: Double.pi / 2))
    var p = Self.linear(1, stages)
    for (k, xy) in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)].enumerated() {
      p.observe(PointerSample(time: Double(k) * 0.01, x: xy.0, y: xy.1))
    }
    let q = try #require(p.predict(at: 0.05))
    #expect(abs(q.x - 1) < 1e-9 && abs(q.y - 1) < 1e-9)
  }

  /// x = 1000·t³ has jerk 6000 everywhere; with the ramp 0…12000 the horizon is halved.
  @Test("jerk confidence scales the horizon")
  func jerkConfidence() throws {
    var gated = Self.linear(1, PredictorStages(gates: PredictionGateParameters(jerkLow: 0, jerkHigh: 12000)))
    var plain = Self.linear()
    for t in [0.1, 0.107, 0.111, 0.12] {
      let s = PointerSample(time: t, x: 1000 * t * t * t, y: 0)
      gated.observe(s)
      plain.observe(s)
    }
    let a = try #require(gated.predict(at: 0.12 + 0.02))
    let b = try #require(plain.predict(at: 0.12 + 0.01))
    #expect(abs(a.x - b.x) < 1e-9)
  }

  @Test("pressure held or extrapolated and clamped; tilt carried forward")
  func pressureAndTilt() throws {
    var held = Self.linear()
    var extrapolated = Self.linear(1, PredictorStages(pressure: .extrapolate))
    for (t, pressure) in [(0.0, 0.5), (0.01, 0.7)] {
      let s = PointerSample(time: t, x: t * 100, y: 0, pressure: pressure, altitude: 0.9, azimuth: 2)
      held.observe(s)
      extrapolated.observe(s)
    }
    #expect(try #require(held.predict(at: 0.02)).pressure == 0.7)
    #expect(abs(try #require(extrapolated.predict(at: 0.02)).pressure! - 0.9) < 1e-12)
    #expect(try #require(extrapolated.predict(at: 0.06)).pressure == 1)
    let q = try #require(extrapolated.predict(at: 0.03))
    #expect(q.altitude == 0.9 && q.azimuth == 2)
  }

  @Test("post-filter leaves a steady line exact and calms jitter")
  func postfilter() throws {
    let stages = PredictorStages(postfilter: OneEuroParameters(minCutoffHz: 3, beta: 0, derivativeCutoffHz: 1))
    var filtered = Self.linear(1, stages)
    for k in 0..<40 { filtered.observe(Self.line(k)) }
    let q = try #require(filtered.predict(at: 39 * 0.005 + 0.016))
    #expect(abs(q.x - (10 + 300 * (39 * 0.005 + 0.016))) < 1e-9)

    var raw = Self.linear()
    var smooth = Self.linear(1, stages)
    var jitterRaw = 0.0
    var jitterSmooth = 0.0
    var previous: (Double, Double)?
    for k in 0..<200 {
      let s = PointerSample(time: Double(k) * 0.005, x: Double(k) + (k % 2 == 0 ? 0.5 : -0.5), y: 0)
      raw.observe(s)
      smooth.observe(s)
      guard k > 10, let a = raw.predict(at: s.time + 0.016), let b = smooth.predict(at: s.time + 0.016) else { continue }
      let offsetA = a.x - s.x
      let offsetB = b.x - s.x
      if let (pa, pb) = previous {
        jitterRaw += abs(offsetA - pa)
        jitterSmooth += abs(offsetB - pb)
      }
      previous = (offsetA, offsetB)
    }
    #expect(jitterSmooth < 0.5 * jitterRaw)
  }

  @Test("pre-filter: horizon 0 is the filtered position")
  func prefilter() throws {
    let parameters = OneEuroParameters(minCutoffHz: 2, beta: 0.01, derivativeCutoffHz: 1)
    var p = ComposedPredictor(base: HoldPredictor(), stages: PredictorStages(prefilter: parameters))
    var f = OneEuroFilter(parameters: parameters)
    var last = SIMD2<Double>.zero
    for k in 0..<10 {
      let s = Self.line(k)
      p.observe(s)
      last = f.filter(SIMD2(s.x, s.y), at: s.time)
    }
    let q = try #require(p.predict(at: 9 * 0.005))
    #expect(q.x == last.x && q.y == last.y)
  }

  @Test("predictPath writes points at the interval and stops where the predictor declines")
  func path() {
    var p = Self.linear(1, PredictorStages(gates: PredictionGateParameters(horizonCapSeconds: 0.1)))
    for k in 0..<5 { p.observe(Self.line(k)) }
    let buffer = UnsafeMutableBufferPointer<PredictedPoint>.allocate(capacity: 5)
    defer { buffer.deallocate() }
    let n = p.predictPath(from: 0.02 + 1.0 / 240, interval: 1.0 / 240, into: buffer)
    #expect(n == 5)
    for i in 0..<n {
      let t = 0.02 + Double(i + 1) / 240
      #expect(abs(buffer[i].x - (10 + 300 * t)) < 1e-9 && abs(buffer[i].time - t) < 1e-15)
    }
    var fresh = Self.linear()
    fresh.observe(Self.line(0))
    #expect(fresh.predictPath(from: 0.01, interval: 0.004, into: buffer) == 0)
  }
}
