import Foundation
@testable import LookaheadRuntime
import Testing

/// The MLP's opt-in pen inputs (``MLPFeatures``, ``MLPPredictor/Parameters/penInputs``): worked
/// answers, rotation invariance, the "known" inputs, and a model file's shape rules.
@Suite("MLP pen inputs")
struct MLPPenInputsTests {
  /// Three samples moving along (3, 4)/5 at 500 units/s (motion frame cos 0.6, sin 0.8); pressure
  /// 0.2 → 0.5 over 0.02 s; the newest altitude 0.9 and azimuth 0 (pointing along +x).
  static let pen = [
    PointerSample(time: 0, x: 0, y: 0, pressure: 0.2, altitude: 0.5, azimuth: 1),
    PointerSample(time: 0.01, x: 3, y: 4, pressure: 0.3),
    PointerSample(time: 0.02, x: 6, y: 8, pressure: 0.5, altitude: 0.9, azimuth: 0),
  ]

  /// The inputs ``MLPFeatures/write`` gives for `history` (K = 2, h = 0.01 s, unit length scale).
  static func inputs(_ history: [PointerSample], penInputs: Bool) throws -> [Double] {
    var inputs = [Double](repeating: .nan, count: MLPFeatures.inputCount(historyCount: 2, penInputs: penInputs))
    let rotation = history.withUnsafeBufferPointer { history in
      inputs.withUnsafeMutableBufferPointer {
        MLPFeatures.write(history: history, historyCount: 2, horizon: 0.01, lengthScale: 1, penInputs: penInputs, into: $0)
      }
    }
    _ = try #require(rotation)
    return inputs
  }

  /// Worked by hand: pressure known, 0.5, (0.5 − 0.2) / 0.02 s = 15 per second; altitude known,
  /// 0.9; azimuth known, and the +x direction seen from a motion frame turned by θ (cos 0.6,
  /// sin 0.8) is (cos −θ, sin −θ) = (0.6, −0.8).
  @Test("the pen inputs of a hand-made history are the worked answer, after the 5K + 1 inputs unchanged")
  func workedAnswer() throws {
    #expect(MLPFeatures.inputCount(historyCount: 2) == 11)
    #expect(MLPFeatures.inputCount(historyCount: 2, penInputs: true) == 19)
    let with = try Self.inputs(Self.pen, penInputs: true)
    let without = try Self.inputs(Self.pen, penInputs: false)
    #expect(Array(with[0..<11]) == without)
    let expected = [1, 0.5, 15, 1, 0.9, 1, 0.6, -0.8]
    for (value, answer) in zip(with[11...], expected) { #expect(abs(value - answer) < 1e-12, "\(with[11...])") }
  }

  @Test("turning the stroke and the pen's azimuth together leaves every input as it was", arguments: [0.7, 2.5, -1.9])
  func rotationInvariant(angle: Double) throws {
    let (c, s) = (cos(angle), sin(angle))
    let turned = Self.pen.map { sample -> PointerSample in
      var t = sample
      (t.x, t.y) = (c * sample.x - s * sample.y, s * sample.x + c * sample.y)
      t.azimuth = sample.azimuth.map { $0 + angle }
      return t
    }
    let original = try Self.inputs(Self.pen, penInputs: true), rotated = try Self.inputs(turned, penInputs: true)
    for (a, b) in zip(original, rotated) { #expect(abs(a - b) < 1e-9, "\(original) vs \(rotated)") }
  }

  @Test("a trace without pen properties gives zeros with every known input 0; a pressure without an oldest one has no rate")
  func unknownProperties() throws {
    let finger = Self.pen.map { PointerSample(time: $0.time, x: $0.x, y: $0.y) }
    let inputs = try Self.inputs(finger, penInputs: true)
    #expect(Array(inputs[11...]) == [0, 0, 0, 0, 0, 0, 0, 0])
    #expect(Array(inputs[0..<11]) == (try Self.inputs(Self.pen, penInputs: false)))

    var late = Self.pen
    late[0].pressure = nil
    late[2].altitude = nil
    let partial = try Self.inputs(late, penInputs: true)
    #expect(Array(partial[11..<16]) == [1, 0.5, 0, 0, 0])
  }

  @Test("a non-finite pen property counts as unknown, so the prediction stays finite")
  func nonFiniteIsUnknown() throws {
    var bad = Self.pen
    bad[0].pressure = .nan
    bad[2].altitude = .infinity
    bad[2].azimuth = .nan
    let inputs = try Self.inputs(bad, penInputs: true)
    #expect(Array(inputs[11...]) == [1, 0.5, 0, 0, 0, 0, 0, 0])
    var predictor = MLPPredictor(parameters: Self.pressureOnly)
    predictor.observe(PointerSample(time: 0, x: 0, y: 0))
    predictor.observe(PointerSample(time: 0.01, x: 3, y: 4, pressure: .nan, altitude: .nan, azimuth: .infinity))
    let p = try #require(predictor.predict(at: 0.03))
    #expect(abs(p.x - 9) < 1e-9 && abs(p.y - 12) < 1e-9, "\(p)")
  }

  /// K = 1, one hidden ReLU unit reading only the pressure input (index 6 + 1): hidden = pressure,
  /// outputs (2 · hidden, 0) × outputScale 10. Samples (0 s, 0, 0) and (0.01 s, 3, 4), speed 500,
  /// at h = 0.02 s: with pressure 0.5 the motion-frame Δ/h is (500 + 10, 0), × h = 10.2 along
  /// (0.6, 0.8) → (9.12, 12.16); without pressure the network adds nothing → (9, 12).
  static let pressureOnly = MLPPredictor.Parameters(
    historyCount: 1, hiddenSizes: [1], inputMean: Array(repeating: 0, count: 14),
    inputScale: Array(repeating: 1, count: 14), outputScale: 10,
    weights: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0] + [0] + [2, 0, 0, 0], penInputs: true)

  @Test("the runtime predictor feeds the network the newest pressure (hand-worked)")
  func predictorReadsPressure() throws {
    try Self.pressureOnly.validate()
    for (pressure, expected) in [(0.5 as Double?, (9.12, 12.16)), (nil, (9.0, 12.0))] {
      var predictor = MLPPredictor(parameters: Self.pressureOnly)
      predictor.observe(PointerSample(time: 0, x: 0, y: 0, pressure: pressure))
      predictor.observe(PointerSample(time: 0.01, x: 3, y: 4, pressure: pressure))
      let p = try #require(predictor.predict(at: 0.03))
      #expect(abs(p.x - expected.0) < 1e-9 && abs(p.y - expected.1) < 1e-9, "\(p)")
    }
  }

  @Test("penInputs is written only when set, and a file without it reads as off")
  func coding() throws {
    let plain = MLPPredictor.Parameters.linearStart(historyCount: 2, hiddenSizes: [3])
    #expect(plain.penInputs == nil && !plain.readsPenInputs)
    let encoded = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
    #expect(!encoded.contains("penInputs"))
    let decoded = try JSONDecoder().decode(MLPPredictor.Parameters.self, from: Data(encoded.utf8))
    #expect(decoded == plain)

    let pen = MLPPredictor.Parameters.linearStart(historyCount: 2, hiddenSizes: [3], penInputs: true)
    #expect(pen.inputCount == 19 && pen.inputMean.count == 19)
    let again = try JSONDecoder().decode(MLPPredictor.Parameters.self, from: try JSONEncoder().encode(pen))
    #expect(again == pen && again.readsPenInputs)
  }

  @Test("weights shaped for the other pen-input setting are refused, naming the field and penInputs")
  func shapeRefused() throws {
    var lost = MLPPredictor.Parameters.linearStart(historyCount: 2, hiddenSizes: [3], penInputs: true)
    lost.penInputs = nil  // a pen model whose key went missing
    #expect(throws: PredictorParameterError.self) { try lost.validate() }
    do { try lost.validate() } catch {
      #expect(error.parameter == "mlp.weights")
      #expect(error.problem.contains("is the mlp.penInputs field missing?"), "\(error.problem)")
    }

    var added = MLPPredictor.Parameters.linearStart(historyCount: 2, hiddenSizes: [3])
    added.penInputs = true  // pen inputs claimed for a network that does not read them
    do { try added.validate() } catch {
      #expect(error.parameter == "mlp.weights")
      #expect(error.problem.contains("with penInputs") && error.problem.contains("without pen inputs"), "\(error.problem)")
    }
    #expect(throws: PredictorParameterError.self) { try added.validate() }
  }

  @Test("an ensemble's networks must agree on the pen inputs")
  func ensembleAgrees() throws {
    let plain = MLPPredictor.Parameters.linearStart(historyCount: 2, hiddenSizes: [3])
    let pen = MLPPredictor.Parameters.linearStart(historyCount: 2, hiddenSizes: [3], penInputs: true)
    #expect(throws: MLPPredictor.Parameters.Invalid.unsharedInputs) { try MLPPredictor.Parameters.ensemble([plain, pen]) }
    let both = try MLPPredictor.Parameters.ensemble([pen, pen])
    #expect(both.members.count == 2 && both.readsPenInputs)
    try both.validate()
    // A member sized without the pen inputs inside a pen model is refused by its own field.
    var mixed = both
    mixed.additionalMembers = plain.members
    do { try mixed.validate() } catch {
      #expect(error.parameter == "mlp.additionalMembers[0].weights", "\(error.parameter)")
    }
    #expect(throws: PredictorParameterError.self) { try mixed.validate() }
  }
}
