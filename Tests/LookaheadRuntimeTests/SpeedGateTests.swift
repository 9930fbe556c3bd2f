import Foundation
import LookaheadRuntime
import Testing

/// The smoothed speed gate (`speed-gate`, `speed-gate-gain`): TurboTouch's switch, in the stages
/// any family can use.
@Suite("Smoothed speed gate")
struct SpeedGateTests {
  static func linear(threshold: Double, gain: Double) -> ComposedPredictor<LinearPredictor> {
    ComposedPredictor(
      base: LinearPredictor(parameters: LinearParameters(order: 1)),
      stages: PredictorStages(gates: PredictionGateParameters(speedGateThreshold: threshold, speedGateGain: gain)))
  }

  /// Threshold 500 units/s, gain 0.5, samples every 10 ms. The gate starts at 0 and, per sample,
  /// moves half-way towards 1 while the last interval's speed is above 500, towards 0 otherwise:
  /// x = 0 (no speed yet: 0), 10 (1000/s: 0.5), 20 (0.75), 30 (0.875), 31 (100/s: 0.4375).
  /// Linear extrapolates at the last interval's velocity over the horizon scaled by the gate.
  @Test("the gate fades the horizon in and out by its gain, worked by hand")
  func handWorked() throws {
    var p = Self.linear(threshold: 500, gain: 0.5)
    let xs = [0.0, 10, 20, 30, 31]
    // (asked horizon, expected x) after each sample; nil: the gate is shut.
    let expected: [(Double, Double?)] = [
      (0.02, nil),
      (0.02, 10 + 1000 * 0.02 * 0.5),
      (0.04, 20 + 1000 * 0.04 * 0.75),
      (0.04, 30 + 1000 * 0.04 * 0.875),
      (0.08, 31 + 100 * 0.08 * 0.4375),
    ]
    for (k, x) in xs.enumerated() {
      let t = Double(k) * 0.01
      p.observe(PointerSample(time: t, x: x, y: 0))
      let (horizon, want) = expected[k]
      let got = p.predict(at: t + horizon)
      if let want {
        let point = try #require(got, "sample \(k)")
        #expect(abs(point.x - want) < 1e-9, "sample \(k): \(point.x) against \(want)")
        #expect(abs(point.time - (t + horizon)) < 1e-15)
      } else {
        #expect(got == nil, "sample \(k)")
      }
    }
  }

  @Test("a repeated time stamp replaces the newest sample and moves the gate once")
  func repeatedTime() throws {
    var p = Self.linear(threshold: 500, gain: 0.5)
    p.observe(PointerSample(time: 0, x: 0, y: 0))
    p.observe(PointerSample(time: 0.01, x: 10, y: 0))
    p.observe(PointerSample(time: 0.01, x: 10, y: 0))
    // Gate 0.5 (moved once), not 0.75: 10 + 1000 · 0.02 · 0.5.
    #expect(abs(try #require(p.predict(at: 0.03)).x - 20) < 1e-9)
  }

  @Test("with gain 1 the gate switches at once, as a speed floor does")
  func gainOneIsAFloor() {
    var gate = Self.linear(threshold: 150, gain: 1)
    var floor = ComposedPredictor(
      base: LinearPredictor(parameters: LinearParameters(order: 1)),
      stages: PredictorStages(gates: PredictionGateParameters(speedFloor: 150)))
    // Speeds 100, 200, 300, 100, 250 units/s (none exactly at the threshold).
    var x = 0.0
    for (k, step) in [0.0, 1, 2, 3, 1, 2.5].enumerated() {
      x += step
      let sample = PointerSample(time: Double(k) * 0.01, x: x, y: 0)
      gate.observe(sample)
      floor.observe(sample)
      #expect(gate.predict(at: sample.time + 0.03) == floor.predict(at: sample.time + 0.03), "sample \(k)")
    }
  }

  @Test("off at its defaults, and model files without it read with it off")
  func offByDefault() throws {
    let defaults = PredictionGateParameters()
    #expect(defaults.speedGateThreshold == 0 && !defaults.isActive)
    #expect(PredictionGateParameters(speedGateThreshold: 1).isActive)
    let old = #"{"horizonCapSeconds": 0, "speedFloor": 0, "turnAngleLow": 0, "turnAngleHigh": 0, "jerkLow": 0, "jerkHigh": 0, "directionCutOff": false, "strokeEndSpeedRatio": 0.3, "stoppingHorizonFactor": 0.5}"#
    let gates = try JSONDecoder().decode(PredictionGateParameters.self, from: Data(old.utf8))
    #expect(gates == PredictionGateParameters(strokeEndSpeedRatio: 0.3, stoppingHorizonFactor: 0.5))
    let written = PredictionGateParameters(speedGateThreshold: 2000, speedGateGain: 0.72)
    #expect(try JSONDecoder().decode(PredictionGateParameters.self, from: JSONEncoder().encode(written)) == written)
  }

  @Test("a gain outside 0.01…1 or a negative threshold is refused, naming the field")
  func validation() {
    #expect(throws: PredictorParameterError(
      parameter: "gates.speedGateGain", value: 0, problem: "expected a finite value in 0.01…1.0")
    ) { try PredictionGateParameters(speedGateThreshold: 100, speedGateGain: 0).validate() }
    #expect(throws: PredictorParameterError(
      parameter: "gates.speedGateThreshold", value: -1, problem: "expected a finite value in 0.0…1000000000.0")
    ) { try PredictionGateParameters(speedGateThreshold: -1).validate() }
  }
}
