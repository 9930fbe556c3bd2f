import Foundation
@testable import LookaheadRuntime
import Testing

/// The neuron-parallel forward pass (``MLPForwardPass``) against the textbook one, written here
/// independently: each neuron's sum starts at its bias and adds `W_ji·x_i` for `i = 0, 1, …`, one
/// rounded multiply and one rounded add at a time. The two must agree to the last bit, so that a
/// model scores exactly what it scored before the runtime was vectorised.
@Suite("MLP forward pass")
struct MLPForwardPassTests {
  /// The textbook forward pass over the model file's layout (row-major `out × in`, then biases).
  static func reference(_ p: MLPPredictor.Parameters, inputs raw: [Double]) -> (Double, Double) {
    var values = zip(raw, zip(p.inputMean, p.inputScale)).map { ($0 - $1.0) / $1.1 }
    var offset = 0
    let sizes = p.layerSizes
    for layer in 0..<(sizes.count - 1) {
      let (inputs, outputs) = (sizes[layer], sizes[layer + 1])
      let biases = offset + outputs * inputs
      var next: [Double] = []
      for j in 0..<outputs {
        var sum = p.weights[biases + j]
        for i in 0..<inputs {
          let product = p.weights[offset + j * inputs + i] * values[i]
          sum = sum + product
        }
        if layer < sizes.count - 2 { sum = p.activation == .relu ? max(sum, 0) : tanh(sum) }
        next.append(sum)
      }
      values = next
      offset = biases + outputs
    }
    return (values[0], values[1])
  }

  /// Deterministic, irregular numbers of mixed magnitude (so that the order of additions shows in
  /// the last bits), with some exact zeros (so that ReLU sees sums of exactly 0).
  static func values(_ count: Int, seed: Double) -> [Double] {
    (0..<count).map { i in
      let x = sin(seed * 12.9898 + Double(i) * 78.233) * 43758.5453
      let fraction = x - x.rounded(.down)
      if i % 11 == 5 { return 0 }
      return (fraction - 0.5) * pow(10, Double(i % 5) - 2)
    }
  }

  @Test(
    "the same bits as the textbook pass, for widths on and off the lane blocks",
    arguments: [[1], [2], [15, 16], [16, 17], [33, 5, 1], [64, 64], [7, 8, 9, 10], [256]])
  func bitIdentical(hiddenSizes: [Int]) throws {
    for activation in MLPPredictor.Activation.allCases {
      for historyCount in [1, 8, 10] {
        var p = MLPPredictor.Parameters.linearStart(
          historyCount: historyCount, hiddenSizes: hiddenSizes, activation: activation)
        p.weights = Self.values(p.weights.count, seed: 1)
        p.inputMean = Self.values(p.inputCount, seed: 2)
        p.inputScale = Self.values(p.inputCount, seed: 3).map { abs($0) + 0.25 }
        try p.checkShape()
        let pass = MLPForwardPass(p)
        for trial in 0..<5 {
          let raw = Self.values(p.inputCount, seed: 10 + Double(trial)).map { $0 * 30 }
          let expected = Self.reference(p, inputs: raw)
          var buffer = raw + [Double](repeating: .nan, count: pass.bufferCount(inputCount: raw.count) - raw.count)
          let found = buffer.withUnsafeMutableBufferPointer { pass.evaluate(buffer: $0, inputCount: raw.count) }
          #expect(found.0.bitPattern == expected.0.bitPattern, "\(hiddenSizes) \(activation) K=\(historyCount)")
          #expect(found.1.bitPattern == expected.1.bitPattern, "\(hiddenSizes) \(activation) K=\(historyCount)")
        }
      }
    }
  }

  /// ReLU as `max(sum, 0)`: a sum of −0 becomes +0, which the next layer can tell apart (−0 plus
  /// +0 is +0, −0 plus −0 stays −0). The hidden unit's weights and bias are −0, so on positive
  /// inputs its sum is −0; the outputs' biases are −0 and their weights 1, so each output is
  /// −0 + 1·(+0) = +0, and would be −0 had ReLU passed the −0 through.
  @Test("ReLU turns a sum of −0 into +0, as max(sum, 0) does")
  func reluNegativeZero() throws {
    let p = MLPPredictor.Parameters(
      historyCount: 1, hiddenSizes: [1], activation: .relu, inputMean: [0, 0, 0, 0, 0, 0],
      inputScale: [1, 1, 1, 1, 1, 1], outputScale: 1,
      weights: [-0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, 1, 1, -0.0, -0.0])
    try p.checkShape()
    let pass = MLPForwardPass(p)
    var buffer = [1.0, 2, 3, 4, 5, 6] + [Double](repeating: .nan, count: pass.bufferCount(inputCount: 6) - 6)
    let found = buffer.withUnsafeMutableBufferPointer { pass.evaluate(buffer: $0, inputCount: 6) }
    #expect(found.0.bitPattern == (0.0).bitPattern && found.1.bitPattern == (0.0).bitPattern)
  }

  /// `withUnsafeTemporaryAllocation` keeps at most 1 KiB on the stack; above it every prediction
  /// would take a heap block. The inputs' area is shared with the second hidden layer's output.
  @Test("the shipped and the Henze-size networks' buffers fit the 1 KiB kept on the stack")
  func bufferFitsTheStack() throws {
    for (historyCount, hiddenSizes, expected) in [(8, [32, 32], 41 + 32), (10, [64, 64], 64 + 64)] {
      let p = MLPPredictor.Parameters.linearStart(historyCount: historyCount, hiddenSizes: hiddenSizes, activation: .relu)
      let count = MLPForwardPass(p).bufferCount(inputCount: p.inputCount)
      #expect(p.inputCount == 5 * historyCount + 1)
      #expect(count == expected, "K=\(historyCount) \(hiddenSizes)")
      #expect(count * MemoryLayout<Double>.stride <= 1024)
    }
  }
}
