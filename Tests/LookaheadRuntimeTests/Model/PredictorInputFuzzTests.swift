import Foundation
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// Hostile input to every family through the runtime: non-finite numbers, time going
/// backwards, huge gaps, repeated samples and predictions asked for strange times. The contract
/// (`Docs/Runtime.md`): no trap, every prediction finite or nil.
@Suite("Runtime predictor input fuzz")
struct PredictorInputFuzzTests {
  @Test("seeded hostile streams give finite predictions or nil", arguments: ModelFixtures.withInputStages)
  func hostileStreams(configuration: PredictorConfiguration) throws {
    let model = try LookaheadModel(bytes: try ModelFixtures.file(configuration).fileData())
    for seed: UInt64 in 1...6 {
      var random = SeededGenerator(seed: seed)
      var predictor = model.makePredictor(scale: try model.scale(pointsPerMillimetre: 6.5))
      var time = 0.0, x = 0.0, y = 0.0
      for step in 0..<600 {
        if step % 150 == 0 { predictor.reset() }
        var sample: PointerSample
        switch Int.random(in: 0..<20, using: &random) {
        case 0: sample = PointerSample(time: .nan, x: x, y: y)
        case 1: sample = PointerSample(time: time + 0.004, x: .infinity, y: y)
        case 2: sample = PointerSample(time: time + 0.004, x: x, y: -.infinity, pressure: .nan)
        case 3: sample = PointerSample(time: time - Double.random(in: 0...0.5, using: &random), x: x + 5, y: y)
        case 4:
          time += Double.random(in: 0.5...1e6, using: &random)
          sample = PointerSample(time: time, x: x, y: y)
        case 5: sample = PointerSample(time: time, x: x, y: y)  // repeated
        case 6: sample = PointerSample(time: time, x: x + 3, y: y - 2)  // same time, new place
        case 7: sample = PointerSample(time: time + 1e-12, x: x + 1e6, y: y)  // tiny dt, huge jump
        case 8: sample = PointerSample(time: time + 0.004, x: 1e300, y: -1e300)  // huge values
        case 9: sample = PointerSample(time: time + 0.004, x: x, y: y, pressure: .infinity, altitude: .nan, azimuth: .infinity)
        default:
          time += Double.random(in: 0.001...0.01, using: &random)
          x += Double.random(in: -8...8, using: &random)
          y += Double.random(in: -8...8, using: &random)
          sample = PointerSample(time: time, x: x, y: y, pressure: Double.random(in: 0...1, using: &random))
        }
        if case 8 = step % 97 { x = 0; y = 0 }
        predictor.observe(sample)
        let asks = [
          time + 0.016, time, time - 1, .nan, .infinity, -.infinity, time + 1e9,
          time + Double.random(in: 0...0.05, using: &random),
        ]
        for ask in asks {
          if let point = predictor.predict(forPresentationTime: ask) {
            #expect(point.x.isFinite && point.y.isFinite, "\(configuration.family.name) at \(ask): \(point)")
            if let pressure = point.pressure { #expect(pressure.isFinite) }
          }
        }
      }
    }
  }

  @Test("samples that cannot be used are dropped and leave the prediction unchanged", arguments: ModelFixtures.configurations)
  func droppedSamples(configuration: PredictorConfiguration) throws {
    let model = try LookaheadModel(bytes: try ModelFixtures.file(configuration).fileData())
    var clean = model.makePredictor()
    var dirty = model.makePredictor()
    for sample in ModelFixtures.stroke() {
      clean.observe(sample)
      dirty.observe(PointerSample(time: .nan, x: 1, y: 1))
      dirty.observe(sample)
      dirty.observe(PointerSample(time: sample.time - 0.5, x: 1e5, y: 1e5))
      dirty.observe(PointerSample(time: sample.time + 0.001, x: .nan, y: 0))
      #expect(clean.predict(at: sample.time + 0.02) == dirty.predict(at: sample.time + 0.02))
    }
  }
}
