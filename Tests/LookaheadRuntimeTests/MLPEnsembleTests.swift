import Foundation
import LookaheadRuntime
import Testing

/// MLP models of several networks (``MLPPredictor/Member``): the mean of the members' `Δ/h`, worked
/// out by hand; a single network exactly as before ensembles; the loader's refusals.
@Suite("MLP ensemble")
struct MLPEnsembleTests {
  /// The second member of the hand-worked ensemble, beside ``MLPPredictorTests/handWorked(lengthScale:firstInputScale:)``
  /// (whose correction to constant velocity is (25, −20)). Its own standardisation subtracts 100
  /// from the speed input: 500 → 400. Two ReLU units: 0.001·400 + 0.5 = 0.9, and a constant 3.
  /// Outputs (0.9 + 3, −2·3) = (3.9, −6), × its outputScale 5 = (19.5, −30).
  static let second = MLPPredictor.Member(
    hiddenSizes: [2], activation: .relu, inputMean: [100, 0, 0, 0, 0, 0], inputScale: [1, 1, 1, 1, 1, 1],
    outputScale: 5,
    weights: [0.001, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 3, 1, 1, 0, -2, 0, 0])

  static func observeWorkedStroke(_ predictor: inout MLPPredictor) {
    predictor.observe(PointerSample(time: 0, x: 0, y: 0))
    predictor.observe(PointerSample(time: 0.01, x: 3, y: 4))
  }

  /// Mean correction ((25, −20) + (19.5, −30)) / 2 = (22.25, −25); Δ/h in the motion frame
  /// (500 + 22.25, −25); in screen axes (0.6·522.25 + 0.8·25, 0.8·522.25 − 0.6·25) = (333.35, 402.8);
  /// × h = 0.02: (6.667, 8.056); predicted (9.667, 12.056).
  @Test("two networks predict the mean of their Δ/h, worked out by hand")
  func handWorkedMean() throws {
    var parameters = MLPPredictorTests.handWorked()
    parameters.additionalMembers = [Self.second]
    try parameters.validate()
    var predictor = MLPPredictor(parameters: parameters)
    Self.observeWorkedStroke(&predictor)
    let p = try #require(predictor.predict(at: 0.03))
    #expect(abs(p.x - 9.667) < 1e-9)
    #expect(abs(p.y - 12.056) < 1e-9)
    // The second member alone: Δ/h (519.5, −30) → (335.7, 397.6) × 0.02 → (9.714, 11.952).
    var alone = MLPPredictorTests.handWorked()
    (alone.hiddenSizes, alone.inputMean, alone.outputScale, alone.weights) =
      (Self.second.hiddenSizes, Self.second.inputMean, Self.second.outputScale, Self.second.weights)
    var single = MLPPredictor(parameters: alone)
    Self.observeWorkedStroke(&single)
    let q = try #require(single.predict(at: 0.03))
    #expect(abs(q.x - 9.714) < 1e-9 && abs(q.y - 11.952) < 1e-9)
  }

  /// Two copies of one network: (c + c) / 2 is c exactly, so the ensemble predicts the single
  /// network's bits; and a network's members list is itself, the model unchanged by `ensemble`.
  @Test("an ensemble of one network, or of two copies, predicts that network's bits")
  func copiesPredictTheSameBits() throws {
    let single = Self.trainedLike(historyCount: 8, hiddenSizes: [32, 32])
    #expect(single.members == [single.firstMember])
    #expect(try MLPPredictor.Parameters.ensemble([single]) == single)
    let twice = try MLPPredictor.Parameters.ensemble([single, single])
    #expect(twice.members.count == 2)
    try twice.validate()
    var a = MLPPredictor(parameters: single), b = MLPPredictor(parameters: twice)
    var predictions = 0
    for i in 0..<60 {
      let t = Double(i) * 0.0042 + (i % 4 == 0 ? 0.001 : 0)
      let sample = PointerSample(time: t, x: 90 * t * t + 15 * sin(11 * t), y: 40 * t - 25 * cos(6 * t))
      a.observe(sample)
      b.observe(sample)
      for h in [0.008, 0.0167, 0.033] {
        let p = a.predict(at: t + h), q = b.predict(at: t + h)
        #expect(p?.x.bitPattern == q?.x.bitPattern && p?.y.bitPattern == q?.y.bitPattern)
        if p != nil { predictions += 1 }
      }
    }
    #expect(predictions > 150)
  }

  @Test("members must read the same inputs; at most 8 networks")
  func ensembleOfModels() throws {
    let k8 = Self.trainedLike(historyCount: 8, hiddenSizes: [4])
    let k4 = Self.trainedLike(historyCount: 4, hiddenSizes: [4])
    #expect(throws: MLPPredictor.Parameters.Invalid.unsharedInputs) { try MLPPredictor.Parameters.ensemble([k8, k4]) }
    #expect(throws: MLPPredictor.Parameters.Invalid.memberCount(0)) { try MLPPredictor.Parameters.ensemble([]) }
    let eight = try MLPPredictor.Parameters.ensemble(Array(repeating: k8, count: 8))
    try eight.validate()
    #expect(throws: MLPPredictor.Parameters.Invalid.memberCount(9)) {
      try MLPPredictor.Parameters.ensemble(Array(repeating: k8, count: 9))
    }
  }

  /// Ways to damage a member, each with the JSON field the refusal must name.
  enum Damage: String, CaseIterable, Sendable {
    case weightMissing = "mlp.additionalMembers[1].weights"
    case weightNaN = "mlp.additionalMembers[1].weights[3]"
    case scaleZero = "mlp.additionalMembers[1].inputScale[2]"
    case outputScaleInfinite = "mlp.additionalMembers[1].outputScale"
    case noHiddenLayer = "mlp.additionalMembers[1].hiddenSizes"

    func apply(to m: inout MLPPredictor.Member) {
      switch self {
      case .weightMissing: m.weights.removeLast()
      case .weightNaN: m.weights[3] = .nan
      case .scaleZero: m.inputScale[2] = 0
      case .outputScaleInfinite: m.outputScale = .infinity
      case .noHiddenLayer: m.hiddenSizes = []
      }
    }
  }

  /// Each refusal through the configuration, as the loader reports it: the exported JSON field.
  @Test("a malformed member is refused naming its JSON field", arguments: Damage.allCases)
  func malformedMember(damage: Damage) throws {
    var parameters = Self.trainedLike(historyCount: 3, hiddenSizes: [4])
    var member = parameters.firstMember
    damage.apply(to: &member)
    parameters.additionalMembers = [parameters.firstMember, member]
    #expect {
      try PredictorConfiguration(family: .mlp(parameters)).validate()
    } throws: { error in
      (error as? PredictorParameterError)?.parameter == damage.rawValue
    }
  }

  /// A member trained for another history length has the wrong number of inputs' standardisation
  /// values and weights; nine networks are one too many.
  @Test("a member of another history length, and a ninth member, are refused naming the field")
  func otherHistoryAndTooMany() throws {
    var parameters = Self.trainedLike(historyCount: 3, hiddenSizes: [4])
    parameters.additionalMembers = [Self.trainedLike(historyCount: 5, hiddenSizes: [4]).firstMember]
    #expect {
      try PredictorConfiguration(family: .mlp(parameters)).validate()
    } throws: { error in
      guard let error = error as? PredictorParameterError else { return false }
      return error.parameter == "mlp.additionalMembers[0].weights" && error.problem.contains("historyCount 3")
    }
    parameters.additionalMembers = Array(repeating: parameters.firstMember, count: 8)
    #expect {
      try PredictorConfiguration(family: .mlp(parameters)).validate()
    } throws: { error in
      (error as? PredictorParameterError)?.parameter == "mlp.additionalMembers"
    }
    parameters.additionalMembers?.removeLast()
    try PredictorConfiguration(family: .mlp(parameters)).validate()
  }

  @Test("a single network's JSON has no additionalMembers key; an ensemble's round-trips exactly")
  func json() throws {
    let single = Self.trainedLike(historyCount: 3, hiddenSizes: [4, 3])
    let text = String(decoding: try JSONEncoder().encode(single), as: UTF8.self)
    #expect(!text.contains("additionalMembers"))
    var other = Self.trainedLike(historyCount: 3, hiddenSizes: [5], seed: 2).firstMember
    other.activation = .tanh
    let ensemble = try MLPPredictor.Parameters.ensemble([single]).with(additionalMembers: [other])
    let configuration = PredictorConfiguration(family: .mlp(ensemble))
    let data = try JSONEncoder().encode(configuration)
    #expect(try JSONDecoder().decode(PredictorConfiguration.self, from: data) == configuration)
  }

  /// A network with irregular non-zero weights and standardisation, as a trainer leaves one.
  static func trainedLike(historyCount: Int, hiddenSizes: [Int], seed: Double = 1) -> MLPPredictor.Parameters {
    var p = MLPPredictor.Parameters.linearStart(historyCount: historyCount, hiddenSizes: hiddenSizes)
    p.weights = p.weights.indices.map { 0.2 * sin(seed + 1.3 * Double($0)) }
    p.inputMean = p.inputMean.indices.map { 0.5 * cos(seed * Double($0)) }
    p.inputScale = p.inputScale.indices.map { 20 + Double($0) }
    p.outputScale = 30
    p.lengthScale = 0.2
    return p
  }
}

extension MLPPredictor.Parameters {
  fileprivate func with(additionalMembers: [MLPPredictor.Member]) -> Self {
    var copy = self
    copy.additionalMembers = additionalMembers
    return copy
  }
}
