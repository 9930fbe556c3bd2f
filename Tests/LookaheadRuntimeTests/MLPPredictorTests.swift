import Foundation
import LookaheadRuntime
import Testing

@Suite("MLP predictor")
struct MLPPredictorTests {
  /// A K = 1 network with one hidden ReLU unit, its weights chosen so the answer is worked out by
  /// hand. Samples (0 s, 0, 0) and (0.01 s, 3, 4): velocity (300, 400), speed 500, motion frame
  /// cos 0.6, sin 0.8. Inputs at h = 0.02: [500, 0, 10, 0, ln 0.01, 0.02]. Hidden: 0.001·500 + 0.5
  /// = 1. Outputs: (2·1 + 0.5, −3·1 + 1) = (2.5, −2), × outputScale 10 = (25, −20). Motion frame
  /// Δ/h = (500 + 25, −20); back in screen axes (0.6·525 + 0.8·20, 0.8·525 − 0.6·20) = (331, 408);
  /// × h = (6.62, 8.16); predicted (9.62, 12.16).
  static func handWorked(lengthScale: Double = 1, firstInputScale: Double = 1) -> MLPPredictor.Parameters {
    MLPPredictor.Parameters(
      historyCount: 1, hiddenSizes: [1], activation: .relu, lengthScale: lengthScale,
      inputMean: [0, 0, 0, 0, 0, 0], inputScale: [firstInputScale, 1, 1, 1, 1, 1], outputScale: 10,
      weights: [0.001, 0, 0, 0, 0, 0, 0.5, 2, -3, 0.5, 1])
  }

  /// What a valid model `parameters` predicts at 0.03 s after the worked stroke
  /// (``MLPEnsembleTests/observeWorkedStroke(_:)``), the time every hand-worked answer is for.
  static func predictAfterWorkedStroke(_ parameters: MLPPredictor.Parameters) throws -> PredictedPoint {
    try parameters.validate()
    var predictor = MLPPredictor(parameters: parameters)
    MLPEnsembleTests.observeWorkedStroke(&predictor)
    return try #require(predictor.predict(at: 0.03))
  }

  @Test("a hand-worked network predicts the worked answer")
  func handWorkedAnswer() throws {
    let p = try Self.predictAfterWorkedStroke(Self.handWorked())
    #expect(abs(p.x - 9.62) < 1e-9)
    #expect(abs(p.y - 12.16) < 1e-9)
    #expect(p.time == 0.03)
  }

  /// lengthScale 2 (the network's unit is half a coordinate unit) doubles the inputs; with the
  /// first input's scale 2 the hidden unit sees the same 500, so Δ/h in network units is
  /// (1000 + 25, −20) → (631, 808) in screen axes, × h / 2 = (6.31, 8.08).
  @Test("the length scale converts inputs and outputs")
  func lengthScale() throws {
    let p = try Self.predictAfterWorkedStroke(Self.handWorked(lengthScale: 2, firstInputScale: 2))
    #expect(abs(p.x - 9.31) < 1e-9)
    #expect(abs(p.y - 12.08) < 1e-9)
  }

  @Test("a zero network is two-point linear extrapolation on a curved, irregular stroke", arguments: [1, 4, 8])
  func linearStart(historyCount: Int) throws {
    for activation in MLPPredictor.Activation.allCases {
      let parameters = MLPPredictor.Parameters.linearStart(historyCount: historyCount, activation: activation)
      try parameters.validate()
      var predictor = MLPPredictor(parameters: parameters)
      var previous: PointerSample?
      for i in 0..<40 {
        let t = Double(i) * 0.008 + (i % 3 == 0 ? 0.002 : 0)
        let sample = PointerSample(time: t, x: 100 * t * t + 20 * sin(9 * t), y: 50 * t - 30 * cos(7 * t))
        predictor.observe(sample)
        if let previous {
          for h in [0.004, 0.0167, 0.033] {
            let p = try #require(predictor.predict(at: t + h))
            let expectedX = sample.x + (sample.x - previous.x) * h / (t - previous.time)
            let expectedY = sample.y + (sample.y - previous.y) * h / (t - previous.time)
            #expect(abs(p.x - expectedX) < 1e-9 && abs(p.y - expectedY) < 1e-9)
          }
        }
        previous = sample
      }
    }
  }

  @Test("before two samples it holds or knows nothing; a horizon of 0 holds")
  func warmUp() throws {
    var predictor = MLPPredictor(parameters: Self.handWorked())
    #expect(predictor.predict(at: 1) == nil)
    predictor.observe(PointerSample(time: 1, x: 5, y: 6))
    #expect(predictor.predict(at: 1.02).map { [$0.x, $0.y] } == [5, 6])
    predictor.observe(PointerSample(time: 1.01, x: 6, y: 6))
    #expect(predictor.predict(at: 1.01).map { [$0.x, $0.y] } == [6, 6])
  }

  @Test("malformed shapes and non-finite numbers are refused, naming the field")
  func validation() throws {
    var p = Self.handWorked()
    p.weights.removeLast()
    #expect(throws: MLPPredictor.Parameters.Invalid.count(field: "weights", expected: 11, found: 10)) { try p.checkShape() }
    p = Self.handWorked()
    p.weights[3] = .nan
    #expect(throws: MLPPredictor.Parameters.Invalid.nonFinite(field: "weights", index: 3)) { try p.checkShape() }
    p = Self.handWorked()
    p.inputScale[2] = 0
    #expect(throws: MLPPredictor.Parameters.Invalid.notPositive(field: "inputScale", index: 2)) { try p.checkShape() }
    p = Self.handWorked()
    p.inputMean.append(0)
    #expect(throws: MLPPredictor.Parameters.Invalid.count(field: "inputMean", expected: 6, found: 7)) { try p.checkShape() }
    p = Self.handWorked()
    p.hiddenSizes = []
    #expect(throws: MLPPredictor.Parameters.Invalid.hiddenSizes([])) { try p.checkShape() }
    p = Self.handWorked()
    p.outputScale = .infinity
    #expect(throws: MLPPredictor.Parameters.Invalid.nonFinite(field: "outputScale", index: 0)) { try p.checkShape() }
    // Through the configuration, the error names the exported JSON field.
    p = Self.handWorked()
    p.weights[7] = -.infinity
    #expect {
      try PredictorConfiguration(family: .mlp(p)).validate()
    } throws: { error in
      (error as? PredictorParameterError)?.parameter == "mlp.weights[7]"
    }
  }

  @Test("the configuration JSON round-trips exactly")
  func roundTrip() throws {
    var parameters = MLPPredictor.Parameters.linearStart(historyCount: 3, hiddenSizes: [4, 5], activation: .tanh)
    parameters.weights = parameters.weights.indices.map { 0.1 * sin(Double($0)) + 1e-17 * Double($0) }
    let configuration = PredictorConfiguration(family: .mlp(parameters), stages: PredictorStages(gapLimitSeconds: 0.05))
    let data = try JSONEncoder().encode(configuration)
    #expect(try JSONDecoder().decode(PredictorConfiguration.self, from: data) == configuration)
  }
}
