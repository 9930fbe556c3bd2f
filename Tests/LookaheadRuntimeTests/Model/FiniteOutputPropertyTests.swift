import Foundation
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// The runtime's promise (`Docs/Runtime.md`, `Docs/Reliability.md`): whatever an app feeds it
/// and whatever coordinate scale it states, every prediction, path point and horizon is finite
/// or absent. Seeded adversarial streams — huge, tiny, NaN and infinite values, time going
/// backwards, repeated samples — through every family at scales that blow positions up or shrink
/// them to nothing on the way in or out. The first case is the audit's reproducer: a millimetre
/// model at 5.2 points per millimetre multiplied a finite model-unit prediction to infinity.
@Suite("Runtime output is finite for every input and scale")
struct FiniteOutputPropertyTests {
  /// (model millimetres per unit, app points per millimetre). A model's size is bounded (1e-6 to
  /// 1e6 mm per unit); the app's scale takes the product to 1e300 and 1e-300.
  static let scales: [(Double, Double)] = [
    (1, 5.2), (0.1, 6.5), (1e-3, 1e3), (1e3, 1e-3), (1e6, 1e294), (1e-6, 1e-294), (0.0254, 1),
  ]

  /// Adversarial values: extremes of `Double`, subnormals, NaN, infinities, and ordinary ones.
  static func awkward(_ random: inout SeededGenerator, near value: Double) -> Double {
    switch Int.random(in: 0..<12, using: &random) {
    case 0: .greatestFiniteMagnitude
    case 1: -.greatestFiniteMagnitude
    case 2: 1e300
    case 3: .leastNonzeroMagnitude
    case 4: .nan
    case 5: .infinity
    case 6: -.infinity
    case 7: value * 1e200
    default: value + Double.random(in: -8...8, using: &random)
    }
  }

  @Test("seeded adversarial streams at extreme scales give finite output or none",
    arguments: ModelFixtures.withInputStages)
  func finiteForEveryInputAndScale(configuration: PredictorConfiguration) throws {
    var checked = 0
    for (scaleIndex, (millimetresPerUnit, pointsPerMillimetre)) in Self.scales.enumerated() {
      let model = try LookaheadModel(
        bytes: try ModelFixtures.file(configuration, millimetresPerUnit: millimetresPerUnit).fileData())
      let scale = try model.scale(pointsPerMillimetre: pointsPerMillimetre)
      var random = SeededGenerator(seed: UInt64(100 + scaleIndex))
      var predictor = model.makePredictor(scale: scale)
      var time = 0.0, x = 0.0, y = 0.0
      let buffer = UnsafeMutableBufferPointer<PredictedPoint>.allocate(capacity: 8)
      defer { buffer.deallocate() }
      for step in 0..<800 {
        if step % 200 == 0 { predictor.reset() }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: time -= Double.random(in: 0...1, using: &random)  // backwards
        case 1: break  // duplicate time
        case 2: time = Self.awkward(&random, near: time)
        default: time += Double.random(in: 0.001...0.01, using: &random)
        }
        if Bool.random(using: &random) { x = Self.awkward(&random, near: x) }
        if Bool.random(using: &random) { y = Self.awkward(&random, near: y) }
        if !x.isFinite { x = 0 }
        if !y.isFinite { y = 0 }
        predictor.observe(PointerSample(
          time: time, x: x, y: y, pressure: Self.awkward(&random, near: 0.5), altitude: Self.awkward(&random, near: 1),
          azimuth: Self.awkward(&random, near: 0)))
        if !time.isFinite { time = 0 }
        for ask in [time + 0.016, time + 1e-9, time + 1e300, -.greatestFiniteMagnitude, .nan] {
          if let point = predictor.predict(forPresentationTime: ask) {
            #expect(Self.isFinite(point), "\(configuration.family.name) ×\(scale.modelToApp) at \(ask): \(point)")
            checked += 1
          }
          if let horizon = predictor.horizon(forPresentationTime: ask) { #expect(horizon.isFinite && horizon >= 0) }
          let written = predictor.predictPath(toPresentationTime: ask, sampleIntervalSeconds: 1.0 / 240, into: buffer)
          for point in buffer[0..<written] { #expect(Self.isFinite(point)) }
        }
      }
    }
    // The property is not vacuous: most asks are answered (hold answers every one after a sample).
    #expect(checked > 1000, "only \(checked) predictions were checked")
  }

  /// The audit's case: a millimetre model at 5.2 points per millimetre. Linear extrapolation
  /// (gap limit 10 s) from 3.0e307 mm to 3.4e307 mm in 1 s predicts 3.8e307 mm 1 s later —
  /// finite in the model — which is 1.98e308 points, past `Double`'s range, in the app. That
  /// prediction must be nil, while one 0.5 s ahead (3.6e307 mm, 1.87e308 … also past) and one
  /// 0.1 s ahead (3.44e307 mm = 1.789e308 points, inside) show where the line is.
  @Test("a prediction that overflows on its way to app units is nil, not infinity")
  func overflowOnTheWayOutIsNil() throws {
    let configuration = PredictorConfiguration(
      family: .linear(LinearParameters()), stages: PredictorStages(gapLimitSeconds: 10))
    let model = try LookaheadModel(
      bytes: try ModelFixtures.file(configuration, millimetresPerUnit: 1).fileData())
    var inModelUnits = model.makePredictor()
    inModelUnits.observe(PointerSample(time: 0, x: 3.0e307, y: 0))
    inModelUnits.observe(PointerSample(time: 1, x: 3.4e307, y: 0))
    let modelPoint = try #require(inModelUnits.predict(at: 2))
    #expect(abs(modelPoint.x / 3.8e307 - 1) < 1e-12)

    var predictor = model.makePredictor(scale: try model.scale(pointsPerMillimetre: 5.2))
    predictor.observe(PointerSample(time: 0, x: 3.0e307 * 5.2, y: 0))
    predictor.observe(PointerSample(time: 1, x: 3.4e307 * 5.2, y: 0))
    #expect(predictor.predict(at: 2) == nil)
    #expect(predictor.predict(at: 1.5) == nil)
    let near = try #require(predictor.predict(at: 1.1))
    #expect(abs(near.x / (3.44e307 * 5.2) - 1) < 1e-12)
  }

  static func isFinite(_ point: PredictedPoint) -> Bool {
    point.time.isFinite && point.x.isFinite && point.y.isFinite && (point.pressure?.isFinite ?? true)
      && (point.altitude?.isFinite ?? true) && (point.azimuth?.isFinite ?? true)
  }
}
