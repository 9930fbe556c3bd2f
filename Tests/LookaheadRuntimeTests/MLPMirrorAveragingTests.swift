import Foundation
import Testing

@testable import LookaheadRuntime

/// Mirror averaging (``MLPPredictor/Parameters/mirrorAveraged``): each prediction is the mean of
/// the window's and, mirrored back, its mirror image's. Checked by hand on a straight stroke, by
/// its exact symmetry, against the two predictions computed independently from two predictors
/// without the stage, and through the model file (its version 3).
@Suite("MLP mirror averaging")
struct MLPMirrorAveragingTests {
  static func mirrored(_ parameters: MLPPredictor.Parameters) -> MLPPredictor.Parameters {
    var p = parameters
    p.mirrorAveraged = true
    return p
  }

  /// The hand-worked network of ``MLPPredictorTests/handWorked(lengthScale:firstInputScale:)``
  /// reads K = 1: its only cross-motion inputs are the newest velocity's, 0 by construction, so the
  /// mirror image has the same inputs and the same outputs (25, −20). Averaged: along (25 + 25) / 2
  /// = 25, across (−20 − (−20)) / 2 = 0. Motion frame Δ/h = (525, 0); screen axes (0.6·525,
  /// 0.8·525) = (315, 420); × h = 0.02: (6.3, 8.4); predicted (9.3, 12.4). Without the stage the
  /// same network predicts (9.62, 12.16): a straight stroke has no side to lean to.
  @Test("a straight stroke loses its cross-motion correction, worked out by hand")
  func handWorkedStraightStroke() throws {
    let p = try MLPPredictorTests.predictAfterWorkedStroke(Self.mirrored(MLPPredictorTests.handWorked()))
    #expect(abs(p.x - 9.3) < 1e-9)
    #expect(abs(p.y - 12.4) < 1e-9)
  }

  /// A curving stroke with uneven sample times, and pen properties when asked for.
  static func stroke(count: Int = 50, pen: Bool = false) -> [PointerSample] {
    (0..<count).map { i in
      let t = Double(i) * 0.0042 + (i % 5 == 0 ? 0.0007 : 0)
      var s = PointerSample(time: t, x: 90 * t * t + 15 * sin(11 * t), y: 40 * t - 25 * cos(6 * t))
      if pen {
        s.pressure = 0.5 + 0.3 * sin(4 * t)
        s.altitude = 0.9 + 0.2 * cos(3 * t)
        s.azimuth = 0.7 + 0.5 * sin(2 * t)
      }
      return s
    }
  }

  /// The stroke mirrored in the x axis: y → −y and azimuth → −azimuth (cos and sin are odd and
  /// even to the bit, so the pen inputs mirror exactly; `2π − azimuth` would round).
  static func mirrorImage(_ samples: [PointerSample]) -> [PointerSample] {
    samples.map { var s = $0; s.y = -s.y; s.azimuth = s.azimuth.map { -$0 }; return s }
  }

  static func models() throws -> [(String, MLPPredictor.Parameters)] {
    let single = MLPEnsembleTests.trainedLike(historyCount: 8, hiddenSizes: [32, 32])
    let ensemble = try MLPPredictor.Parameters.ensemble([
      single, MLPEnsembleTests.trainedLike(historyCount: 8, hiddenSizes: [16, 8, 8], seed: 2),
    ])
    var pen = MLPPredictor.Parameters.linearStart(historyCount: 6, hiddenSizes: [12], penInputs: true)
    pen.weights = pen.weights.indices.map { 0.2 * sin(3 + 0.7 * Double($0)) }
    pen.inputScale = pen.inputScale.indices.map { 10 + Double($0) }
    pen.outputScale = 20
    return [("single network", single), ("ensemble of two", ensemble), ("pen inputs", pen)]
  }

  /// The prediction for the mirrored stroke is the mirror image of the stroke's prediction, to the
  /// bit: the two passes swap places, and the stage adds them up so that swapping them keeps the
  /// along-motion part and negates the cross-motion part exactly.
  @Test("the mirrored stroke's prediction is the prediction mirrored, exactly", arguments: [0, 1, 2])
  func exactSymmetry(model: Int) throws {
    let (name, parameters) = try Self.models()[model]
    let pen = parameters.readsPenInputs
    let samples = Self.stroke(pen: pen), mirrorSamples = Self.mirrorImage(samples)
    var predictor = MLPPredictor(parameters: Self.mirrored(parameters))
    var mirrorPredictor = MLPPredictor(parameters: Self.mirrored(parameters))
    var plain = MLPPredictor(parameters: parameters), plainMirror = MLPPredictor(parameters: parameters)
    var compared = 0, asymmetricWithout = 0
    for (sample, mirror) in zip(samples, mirrorSamples) {
      predictor.observe(sample)
      mirrorPredictor.observe(mirror)
      plain.observe(sample)
      plainMirror.observe(mirror)
      for h in [0.008, 0.0167, 0.033] {
        guard let p = predictor.predict(at: sample.time + h), let q = mirrorPredictor.predict(at: sample.time + h) else {
          continue
        }
        #expect(p.x.bitPattern == q.x.bitPattern, "\(name): x at \(sample.time) + \(h)")
        #expect(p.y == -q.y, "\(name): y at \(sample.time) + \(h)")
        compared += 1
        if let a = plain.predict(at: sample.time + h), let b = plainMirror.predict(at: sample.time + h),
          abs(a.y + b.y) > 1e-9 || abs(a.x - b.x) > 1e-9
        {
          asymmetricWithout += 1
        }
      }
    }
    #expect(compared > 140)
    // Without the stage the same networks are not symmetric: the test could fail.
    #expect(asymmetricWithout > compared / 2, "\(name): the test networks should be asymmetric without the stage")
  }

  /// The stage against an independent computation: two predictors without it, one fed the stroke
  /// and one its mirror image, whose displacements are averaged in screen axes (the second's
  /// mirrored back) — the procedure of the session-13 probe, which worked on whole predictions.
  @Test("equals the mean of the stroke's and its mirror image's predictions, computed apart", arguments: [0, 1, 2])
  func meanOfTwoPredictors(model: Int) throws {
    let (name, parameters) = try Self.models()[model]
    let samples = Self.stroke(pen: parameters.readsPenInputs), mirrorSamples = Self.mirrorImage(samples)
    var staged = MLPPredictor(parameters: Self.mirrored(parameters))
    var plain = MLPPredictor(parameters: parameters), plainMirror = MLPPredictor(parameters: parameters)
    var compared = 0
    for (sample, mirror) in zip(samples, mirrorSamples) {
      staged.observe(sample)
      plain.observe(sample)
      plainMirror.observe(mirror)
      for h in [0.008, 0.0167, 0.033] {
        guard let s = staged.predict(at: sample.time + h), let a = plain.predict(at: sample.time + h),
          let b = plainMirror.predict(at: mirror.time + h)
        else { continue }
        let expectedX = sample.x + ((a.x - sample.x) + (b.x - mirror.x)) / 2
        let expectedY = sample.y + ((a.y - sample.y) - (b.y - mirror.y)) / 2
        let size = max(1, abs(a.x - sample.x) + abs(a.y - sample.y))
        #expect(abs(s.x - expectedX) < 1e-12 * size, "\(name): x at \(sample.time) + \(h)")
        #expect(abs(s.y - expectedY) < 1e-12 * size, "\(name): y at \(sample.time) + \(h)")
        compared += 1
      }
    }
    #expect(compared > 140)
  }

  @Test("the field is written only when on, round-trips, and needs model format version 3")
  func modelFile() throws {
    let parameters = MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5])
    try ModelFileVersionTests.expectWrittenOnlyWhenOn("mirrorAveraged", version: 3, plain: parameters, with: Self.mirrored(parameters))
    // An ensemble with it is version 3 too: each version holds everything before it.
    let ensemble = try MLPPredictor.Parameters.ensemble([Self.mirrored(parameters), Self.mirrored(parameters)])
    #expect(ModelFixtures.file(PredictorConfiguration(family: .mlp(ensemble))).version == 3)
  }

  @Test("a mirror-averaged model in a version-2 file is refused naming $.version")
  func refusedInVersionTwo() throws {
    var file = ModelFixtures.file(
      PredictorConfiguration(family: .mlp(Self.mirrored(MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5])))))
    file.version = 2
    ModelFileVersionTests.expectRefusedAtVersion(file, saying: "needs version 3")
  }

  @Test("networks with and without mirror averaging do not join one ensemble")
  func unsharedMirrorAveraging() throws {
    let parameters = MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5])
    #expect(throws: MLPPredictor.Parameters.Invalid.unsharedInputs) {
      try MLPPredictor.Parameters.ensemble([parameters, Self.mirrored(parameters)])
    }
  }
}
