import CLookahead
import Foundation
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// The C interface is the Swift runtime behind `@_cdecl` wrappers: on any input it must answer
/// what ``PointerPredictor`` answers, bit for bit, and say with a status code why it ignored a
/// sample (`Sources/CLookahead/lookahead.h`).
@Suite("C interface: parity with the Swift runtime")
struct CInterfaceParityTests {
  /// App scales: the model's own unit (0), an iPad's 5.2 pt/mm, and a scale that blows
  /// positions up by 10⁴ on the way in.
  static let scales: [Double] = [0, 5.2, 1e-3]

  @Test("seeded adversarial streams: the same points, paths and reasons as the Swift runtime",
    arguments: CInterfaceFixtures.specifications, scales)
  func parity(specification: String, pointsPerMillimetre: Double) throws {
    let file = try CInterfaceFixtures.modelFile(specification)
    let model = try LookaheadModel(bytes: try file.fileData())
    var swift = model.makePredictor(
      scale: pointsPerMillimetre == 0 ? .identity : try model.scale(pointsPerMillimetre: pointsPerMillimetre))
    let loaded = CInterfaceFixtures.load(try file.fileData())
    try #require(loaded.status == LOOKAHEAD_OK, "\(loaded.message)")
    defer { lookahead_model_free(loaded.model) }
    let made = CInterfaceFixtures.predictor(loaded.model, pointsPerMillimetre: pointsPerMillimetre)
    try #require(made.status == LOOKAHEAD_OK, "\(made.message)")
    defer { lookahead_predictor_free(made.predictor) }

    var random = SeededGenerator(seed: 23)
    var swiftPath = [PredictedPoint](repeating: PredictedPoint(time: 0, x: 0, y: 0), count: 12)
    var cPath = [lookahead_point](repeating: lookahead_point(), count: 12)
    var time = 3.0, x = 100.0, y = 50.0
    var predicted = 0, mismatches = 0
    for step in 0..<1500 {
      if step % 300 == 0 {
        swift.reset()
        #expect(lookahead_predictor_reset(made.predictor) == LOOKAHEAD_OK)
      }
      // Mostly a plausible 240 Hz stroke; now and then the awkward cases.
      var sample = PointerSample(
        time: time, x: x, y: y, pressure: Double.random(in: 0...1, using: &random), altitude: 1, azimuth: nil)
      switch Int.random(in: 0..<40, using: &random) {
      case 0: sample.time = .nan
      case 1: sample.x = .infinity
      case 2: sample.time -= 0.01  // backwards
      case 3: sample.x = 1e308  // overflows in model units at 1e-3 pt/mm
      case 4: sample.pressure = .nan
      case 5: sample.time = time.nextDown
      default: break
      }
      let newest = swift.newestSampleTime
      let expected: lookahead_status =
        if !(sample.time.isFinite && sample.x.isFinite && sample.y.isFinite) { LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE }
        else if let newest, sample.time < newest { LOOKAHEAD_ERROR_TIME_BACKWARDS }
        else if !swift.scale.toModel(sample).x.isFinite { LOOKAHEAD_ERROR_SAMPLE_OUT_OF_RANGE }
        else { LOOKAHEAD_OK }
      swift.observe(sample)
      let status = lookahead_predictor_observe(
        made.predictor, sample.time, sample.x, sample.y, sample.pressure ?? .nan,
        sample.altitude ?? .nan, sample.azimuth ?? .nan)  // LOOKAHEAD_UNKNOWN
      #expect(status == expected, "step \(step)")
      // The runtime took the sample exactly when the C call said OK.
      #expect(swift.newestSampleTime == (status == LOOKAHEAD_OK ? sample.time : newest), "step \(step)")

      let horizon = [0.0, 0.008, 1.0 / 60, 0.05, -0.01, .nan][Int.random(in: 0..<6, using: &random)]
      var point = lookahead_point()
      let cStatus = lookahead_predictor_predict(made.predictor, time + horizon, &point)
      switch (swift.predict(forPresentationTime: time + horizon), cStatus) {
      case (let answer?, LOOKAHEAD_OK):
        predicted += 1
        if !CInterfaceFixtures.same(point, answer) { mismatches += 1 }
      case (nil, LOOKAHEAD_NO_PREDICTION), (nil, LOOKAHEAD_ERROR_TIME_NOT_FINITE): break
      default: mismatches += 1
      }

      let capacity = Int.random(in: 0...12, using: &random)
      let interval = [0.0, 1.0 / 240, 1.0 / 120, -1, .nan][Int.random(in: 0..<5, using: &random)]
      let swiftCount = swiftPath.withUnsafeMutableBufferPointer {
        swift.predictPath(
          toPresentationTime: time + 0.03, sampleIntervalSeconds: interval == 0 ? nil : interval,
          into: UnsafeMutableBufferPointer(rebasing: $0[0..<capacity]))
      }
      var cCount = -1
      let pathStatus = lookahead_predictor_predict_path(made.predictor, time + 0.03, interval, &cPath, capacity, &cCount)
      #expect(pathStatus == (swiftCount > 0 ? LOOKAHEAD_OK : LOOKAHEAD_NO_PREDICTION))
      #expect(cCount == swiftCount)
      for index in 0..<min(cCount, swiftCount) where !CInterfaceFixtures.same(cPath[index], swiftPath[index]) {
        mismatches += 1
      }

      time += 1.0 / 240
      x += 2 + sin(Double(step) / 20)
      y += 1 + cos(Double(step) / 30)
    }
    #expect(mismatches == 0)
    // Enough frames predicted to mean something (gates decline some: Chromium's at slow speed).
    #expect(predicted > 100)
  }
}
