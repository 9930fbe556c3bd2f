import Foundation
import Testing

@testable import LookaheadRuntime

/// Speed normalisation (``MLPPredictor/Parameters/speedNormalized``): the velocity inputs are
/// divided by the window's reference speed and the correction multiplied by it. Checked by hand,
/// by its exact scale equivariance (a stroke twice as large at the same tempo gets exactly twice
/// the predicted displacement), at the speed floor, and through the model file (its version 4).
@Suite("MLP speed normalisation")
struct MLPSpeedNormalizationTests {
  static func normalized(_ parameters: MLPPredictor.Parameters) -> MLPPredictor.Parameters {
    var p = parameters
    p.speedNormalized = true
    return p
  }

  /// The hand-worked network of ``MLPPredictorTests/handWorked(lengthScale:firstInputScale:)``
  /// (K = 1), normalised. Velocity (300, 400), speed 500, so the reference speed is 500 and the
  /// inputs at h = 0.02 are [1, 0, 0.02, 0, ln 0.01, 0.02]. Hidden: 0.001·1 + 0.5 = 0.501. Outputs:
  /// (2·0.501 + 0.5, −3·0.501 + 1) = (1.502, −0.503), × outputScale 10 = (15.02, −5.03). Motion
  /// frame Δ/h = 500 · (1 + 15.02, −5.03) = (8010, −2515); screen axes (0.6·8010 + 0.8·2515,
  /// 0.8·8010 − 0.6·2515) = (6818, 4899); × h = (136.36, 97.98); predicted (139.36, 101.98).
  @Test("a hand-worked network predicts the worked answer")
  func handWorked() throws {
    let p = try MLPPredictorTests.predictAfterWorkedStroke(Self.normalized(MLPPredictorTests.handWorked()))
    #expect(abs(p.x - 139.36) < 1e-9)
    #expect(abs(p.y - 101.98) < 1e-9)
  }

  /// The mean length of the K velocities, in the network's unit, never below the floor.
  @Test("the reference speed is the mean velocity length, at least the floor")
  func referenceSpeed() {
    var inputs: [Double] = [3, 4, 0, 0, /* the v·h half */ 9, 9, 9, 9]
    let mean = inputs.withUnsafeBufferPointer { MLPFeatures.referenceSpeed(of: $0, historyCount: 2) }
    #expect(mean == 2.5)
    inputs = [0.3, 0.4, 0.6, 0.8, 9, 9, 9, 9]
    let slow = inputs.withUnsafeBufferPointer { MLPFeatures.referenceSpeed(of: $0, historyCount: 2) }
    #expect(slow == MLPFeatures.minimumReferenceSpeed)
  }

  /// A curving stroke with uneven sample times (speeds of tens to hundreds of units per second,
  /// always above the floor at length scale 0.2), with pen properties when asked for.
  static func stroke(scale: Double, pen: Bool) -> [PointerSample] {
    MLPMirrorAveragingTests.stroke(pen: pen).map { var s = $0; s.x *= scale; s.y *= scale; return s }
  }

  /// Doubling every coordinate doubles every velocity, their lengths and mean, exactly; the
  /// normalised inputs are the same bits, so is the network's output, and the displacement is
  /// exactly twice as long. Without normalisation the same networks are not equivariant, so the
  /// test can fail.
  @Test("a stroke twice as large at the same tempo gets exactly twice the displacement", arguments: [0, 1, 2])
  func exactScaleEquivariance(model: Int) throws {
    let (name, parameters) = try MLPMirrorAveragingTests.models()[model]
    let pen = parameters.readsPenInputs
    let samples = Self.stroke(scale: 1, pen: pen), larger = Self.stroke(scale: 2, pen: pen)
    var predictor = MLPPredictor(parameters: Self.normalized(parameters))
    var largerPredictor = MLPPredictor(parameters: Self.normalized(parameters))
    var plain = MLPPredictor(parameters: parameters), plainLarger = MLPPredictor(parameters: parameters)
    var compared = 0, notEquivariantWithout = 0
    for (sample, big) in zip(samples, larger) {
      predictor.observe(sample)
      largerPredictor.observe(big)
      plain.observe(sample)
      plainLarger.observe(big)
      for h in [0.008, 0.0167, 0.033] {
        guard let p = predictor.predict(at: sample.time + h), let q = largerPredictor.predict(at: sample.time + h)
        else { continue }
        #expect(q.x.bitPattern == (2 * p.x).bitPattern, "\(name): x at \(sample.time) + \(h)")
        #expect(q.y.bitPattern == (2 * p.y).bitPattern, "\(name): y at \(sample.time) + \(h)")
        compared += 1
        if let a = plain.predict(at: sample.time + h), let b = plainLarger.predict(at: sample.time + h),
          abs(b.x - 2 * a.x) > 1e-9 || abs(b.y - 2 * a.y) > 1e-9
        {
          notEquivariantWithout += 1
        }
      }
    }
    #expect(compared > 140)
    #expect(notEquivariantWithout > compared / 2, "\(name): the test networks should not scale without normalisation")
  }

  @Test("the field is written only when on, round-trips, and needs model format version 4")
  func modelFile() throws {
    let parameters = MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5])
    try ModelFileVersionTests.expectWrittenOnlyWhenOn("speedNormalized", version: 4, plain: parameters, with: Self.normalized(parameters))
    // With mirror averaging too it is still version 4: each version holds everything before it.
    var both = Self.normalized(parameters)
    both.mirrorAveraged = true
    #expect(ModelFixtures.file(PredictorConfiguration(family: .mlp(both))).version == 4)
  }

  @Test("a speed-normalised model in a version-3 file is refused naming $.version")
  func refusedInVersionThree() throws {
    var file = ModelFixtures.file(
      PredictorConfiguration(family: .mlp(Self.normalized(MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5])))))
    file.version = 3
    ModelFileVersionTests.expectRefusedAtVersion(file, saying: "needs version 4")
  }

  @Test("networks with and without speed normalisation do not join one ensemble")
  func unsharedSpeedNormalization() throws {
    let parameters = MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5])
    #expect(throws: MLPPredictor.Parameters.Invalid.unsharedInputs) {
      try MLPPredictor.Parameters.ensemble([parameters, Self.normalized(parameters)])
    }
  }
}

/// The speed input (``MLPPredictor/Parameters/speedInput``): the log of the reference speed as the
/// last input, only with speed normalisation.
@Suite("MLP speed input")
struct MLPSpeedInputTests {
  static func withSpeedInput(historyCount: Int, hiddenSizes: [Int]) -> MLPPredictor.Parameters {
    var p = MLPPredictor.Parameters.linearStart(
      historyCount: historyCount, hiddenSizes: hiddenSizes, speedNormalized: true, speedInput: true)
    p.weights = p.weights.indices.map { 0.2 * sin(1 + 1.3 * Double($0)) }
    p.inputScale = p.inputScale.indices.map { 2 + Double($0) }
    p.outputScale = 3
    return p
  }

  /// Velocity (300, 400): speed 500, the reference speed of a K = 1 window. The inputs are the
  /// normalised velocity (1, 0), its h multiple (0.02, 0), ln 0.01, h = 0.02, and ln 500 last.
  @Test("the last input is the log of the reference speed")
  func lastInput() throws {
    let history = [PointerSample(time: 0, x: 0, y: 0), PointerSample(time: 0.01, x: 3, y: 4)]
    #expect(MLPFeatures.inputCount(historyCount: 1, speedInput: true) == 7)
    var inputs = [Double](repeating: .nan, count: 7)
    let frame = try #require(
      history.withUnsafeBufferPointer { history in
        inputs.withUnsafeMutableBufferPointer {
          MLPFeatures.write(
            history: history, historyCount: 1, horizon: 0.02, lengthScale: 1, speedNormalized: true, speedInput: true,
            into: $0)
        }
      })
    #expect(frame.referenceSpeed == 500)
    let expected: [Double] = [1, 0, 0.02, 0, log(0.01), 0.02, log(500)]
    for (value, want) in zip(inputs, expected) { #expect(abs(value - want) < 1e-12) }
    // With pen inputs it comes after them, still last.
    var withPen = [Double](repeating: .nan, count: MLPFeatures.inputCount(historyCount: 1, penInputs: true, speedInput: true))
    #expect(withPen.count == 15)
    _ = history.withUnsafeBufferPointer { history in
      withPen.withUnsafeMutableBufferPointer {
        MLPFeatures.write(
          history: history, historyCount: 1, horizon: 0.02, lengthScale: 1, penInputs: true, speedNormalized: true,
          speedInput: true, into: $0)
      }
    }
    #expect(withPen.allSatisfy { $0.isFinite })
    #expect(abs(withPen[14] - log(500)) < 1e-12)
  }

  @Test("a speed input without speed normalisation is refused, naming mlp.speedInput")
  func needsNormalization() throws {
    var p = Self.withSpeedInput(historyCount: 2, hiddenSizes: [4])
    try p.validate()
    p.speedNormalized = nil
    #expect { try p.validate() } throws: { error in
      (error as? PredictorParameterError)?.parameter == "mlp.speedInput"
    }
  }

  @Test("it round-trips through a version-4 model file, and predicts from it")
  func modelFile() throws {
    let parameters = Self.withSpeedInput(historyCount: 3, hiddenSizes: [5])
    var plain = parameters
    plain.speedInput = nil
    try ModelFileVersionTests.expectWrittenOnlyWhenOn("speedInput", version: 4, plain: plain, with: parameters)
    var predictor = MLPPredictor(parameters: parameters)
    for sample in MLPMirrorAveragingTests.stroke(count: 10) { predictor.observe(sample) }
    let p = try #require(predictor.predict(at: 0.05))
    #expect(p.x.isFinite && p.y.isFinite)
  }

  @Test("networks with and without the speed input do not join one ensemble")
  func unshared() throws {
    var other = Self.withSpeedInput(historyCount: 3, hiddenSizes: [5])
    let parameters = other
    other.speedInput = nil
    other.inputMean.removeLast()
    other.inputScale.removeLast()
    #expect(throws: MLPPredictor.Parameters.Invalid.unsharedInputs) {
      try MLPPredictor.Parameters.ensemble([parameters, other])
    }
  }
}
