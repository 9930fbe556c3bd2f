/// A multilayer-perceptron predictor: a small network reads the recent samples (``MLPFeatures``,
/// in the frame of the newest motion, with the horizon as an input) and corrects constant-velocity
/// extrapolation: `Δ/h = (v₁, 0) + outputScale · net(standardised inputs)` in the motion frame,
/// turned back into screen coordinates. With a zero last layer the model is exactly two-point
/// linear extrapolation, a known starting point for training (`lookahead train --family mlp`).
///
/// The idea of a network over a rotated window of recent displacements follows Henze et al.,
/// "Improving Software-Reduced Touchscreen Latency" (MobileHCI 2017); the inputs and size follow a
/// quick probe on the shared datasets (`../shared/design/LEARNED-PROBE.md`).
///
/// The inputs and activations of a prediction live in one temporary buffer, on the stack while it
/// fits the 1 KiB `withUnsafeTemporaryAllocation` keeps there: the shipped K = 8, 32×32 network
/// and the Henze-size K = 10, 64×64 one (exactly 1 KiB, ``MLPForwardPass/bufferCount(inputCount:)``)
/// allocate nothing per prediction; wider layers take one heap block per prediction.
public struct MLPPredictor: Predictor {
  /// The hidden layers' non-linearity.
  public enum Activation: String, Sendable, Hashable, Codable, CaseIterable {
    /// max(0, x): cheap, and what the probe found as good as tanh.
    case relu
    case tanh
  }

  /// The trained model.
  public struct Parameters: Sendable, Hashable, Codable {
    /// How many recent time steps feed the model (1…16).
    public var historyCount: Int
    /// Widths of the hidden layers, input side first (1…4 layers of 1…256 units).
    public var hiddenSizes: [Int]
    public var activation: Activation
    /// The network's length unit per coordinate unit (for example millimetres per pt): inputs are
    /// multiplied by it and outputs divided by it, so a model trained in mm serves any unit whose
    /// size is known. Positive.
    public var lengthScale: Double
    /// Per input: subtracted before the network (``MLPFeatures/inputCount(historyCount:)`` values).
    public var inputMean: [Double]
    /// Per input: divides after the mean is subtracted; positive.
    public var inputScale: [Double]
    /// Multiplies the network's two outputs (network length unit per second); positive.
    public var outputScale: Double
    /// Layer after layer, input side first: the `out × in` weight matrix row-major, then the
    /// `out` biases. The last layer has 2 outputs (along and across the motion).
    public var weights: [Double]
    /// A gap between samples longer than this (seconds) starts a new history.
    public var maximumGapSeconds: Double

    public init(
      historyCount: Int, hiddenSizes: [Int], activation: Activation = .relu, lengthScale: Double = 1,
      inputMean: [Double], inputScale: [Double], outputScale: Double, weights: [Double],
      maximumGapSeconds: Double = 0.1
    ) {
      self.historyCount = historyCount
      self.hiddenSizes = hiddenSizes
      self.activation = activation
      self.lengthScale = lengthScale
      self.inputMean = inputMean
      self.inputScale = inputScale
      self.outputScale = outputScale
      self.weights = weights
      self.maximumGapSeconds = maximumGapSeconds
    }

    /// Number of network inputs.
    public var inputCount: Int { MLPFeatures.inputCount(historyCount: historyCount) }

    /// Layer widths from the inputs to the two outputs.
    public var layerSizes: [Int] { [inputCount] + hiddenSizes + [2] }

    /// Number of weights and biases for these sizes.
    package static func weightCount(layerSizes: [Int]) -> Int {
      zip(layerSizes, layerSizes.dropFirst()).reduce(0) { $0 + $1.1 * ($1.0 + 1) }
    }

    /// A network with all-zero weights (so it predicts exactly two-point linear extrapolation),
    /// identity standardisation and unit scales.
    package static func linearStart(
      historyCount: Int, hiddenSizes: [Int] = [32, 32], activation: Activation = .relu
    ) -> Parameters {
      let inputs = MLPFeatures.inputCount(historyCount: historyCount)
      let sizes = [inputs] + hiddenSizes + [2]
      return Parameters(
        historyCount: historyCount, hiddenSizes: hiddenSizes, activation: activation,
        inputMean: Array(repeating: 0, count: inputs), inputScale: Array(repeating: 1, count: inputs),
        outputScale: 1, weights: Array(repeating: 0, count: weightCount(layerSizes: sizes)))
    }

    package enum Invalid: Error, Equatable, CustomStringConvertible {
      case historyCount(Int)
      case hiddenSizes([Int])
      case count(field: String, expected: Int, found: Int)
      case nonFinite(field: String, index: Int)
      case notPositive(field: String, index: Int)

      package var description: String {
        switch self {
        case .historyCount(let value): "historyCount \(value) is outside 1…16"
        case .hiddenSizes(let sizes): "hiddenSizes \(sizes): expected 1…4 layers of 1…256 units"
        case .count(let field, let expected, let found): "\(field): expected \(expected) values, found \(found)"
        case .nonFinite(let field, let index): "\(field)[\(index)] is not finite"
        case .notPositive(let field, let index): "\(field)[\(index)] must be above 0"
        }
      }
    }

    /// Throws naming the first malformed shape or bad number (``validate()`` restates it naming
    /// the exported JSON field).
    package func checkShape() throws(Invalid) {
      guard (1...16).contains(historyCount) else { throw .historyCount(historyCount) }
      guard (1...4).contains(hiddenSizes.count), hiddenSizes.allSatisfy({ (1...256).contains($0) }) else {
        throw .hiddenSizes(hiddenSizes)
      }
      let expected = Self.weightCount(layerSizes: layerSizes)
      guard weights.count == expected else { throw .count(field: "weights", expected: expected, found: weights.count) }
      for (field, values) in [("inputMean", inputMean), ("inputScale", inputScale)] {
        guard values.count == inputCount else { throw .count(field: field, expected: inputCount, found: values.count) }
      }
      for (field, values) in [("weights", weights), ("inputMean", inputMean), ("inputScale", inputScale)] {
        if let bad = values.firstIndex(where: { !$0.isFinite }) { throw .nonFinite(field: field, index: bad) }
      }
      if let bad = inputScale.firstIndex(where: { $0 <= 0 }) { throw .notPositive(field: "inputScale", index: bad) }
      for (field, value) in [("outputScale", outputScale), ("lengthScale", lengthScale), ("maximumGapSeconds", maximumGapSeconds)] {
        guard value.isFinite else { throw .nonFinite(field: field, index: 0) }
        guard value > 0 else { throw .notPositive(field: field, index: 0) }
      }
    }
  }

  public let parameters: Parameters
  /// The newest samples, under the learned predictors' one set of input rules.
  private var history: LearnedSampleHistory
  /// The network, its weights laid out for a forward pass several neurons at a time.
  private let network: MLPForwardPass

  public init(parameters: Parameters) {
    self.parameters = parameters
    history = LearnedSampleHistory(historyCount: parameters.historyCount)
    network = MLPForwardPass(parameters)
  }

  public mutating func reset() {
    history.reset()
  }

  /// The same history rules as ``LearnedLinearPredictor``: non-finite samples and time going
  /// backwards are ignored, a repeated time replaces the newest sample, a long gap resets.
  public mutating func observe(_ sample: PointerSample) {
    history.observe(sample, maximumGapSeconds: parameters.maximumGapSeconds)
  }

  public func predict(at time: Double) -> PredictedPoint? {
    guard let newest = history.newest else { return nil }
    let horizon = time - newest.time
    guard horizon.isFinite else { return nil }
    let hold = PredictedPoint(time: max(time, newest.time), x: newest.x, y: newest.y,
      pressure: newest.pressure, altitude: newest.altitude, azimuth: newest.azimuth)
    guard horizon > 0 else { return hold }
    let inputCount = parameters.inputCount
    let capacity = network.bufferCount(inputCount: inputCount)
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { buffer in
      let inputs = UnsafeMutableBufferPointer(rebasing: buffer[0..<inputCount])
      guard let rotation = writeFeatures(horizon: horizon, into: inputs) else { return hold }
      let along = inputs[0]
      let output = network.evaluate(buffer: buffer, inputCount: inputCount)
      let s = parameters.outputScale
      let tx = along + s * output.0, ty = s * output.1
      let perUnit = horizon / parameters.lengthScale
      var point = hold
      point.x = newest.x + (rotation.cos * tx - rotation.sin * ty) * perUnit
      point.y = newest.y + (rotation.sin * tx + rotation.cos * ty) * perUnit
      return point
    }
  }

  /// The newest sample observed, if any.
  public var newestSample: PointerSample? {
    history.newest
  }

  /// Writes the raw inputs (``MLPFeatures``, before standardisation) for a prediction `horizon`
  /// seconds past the newest sample, from exactly the history this predictor holds; the trainer
  /// calls this so that training and prediction see the same inputs. Returns the motion-frame
  /// rotation, or `nil` when no velocity is known yet.
  package func writeFeatures(
    horizon: Double, into inputs: UnsafeMutableBufferPointer<Double>
  ) -> (cos: Double, sin: Double)? {
    guard history.count >= 2 else { return nil }
    return history.withSamples { samples in
      MLPFeatures.write(
        history: samples, historyCount: parameters.historyCount, horizon: horizon,
        lengthScale: parameters.lengthScale, into: inputs)
    }
  }
}

extension MLPPredictor.Parameters: ParameterFieldTable {
  package static let fieldPrefix = "mlp."
  /// The one field with a fixed range. The rest (layer sizes, activation, standardisation,
  /// weights, the gap) are a trainer's output; ``validate()`` checks their shapes and numbers by
  /// ``checkShape()``.
  package static let fields: [ParameterField<MLPPredictor.Parameters>] = [
    .integer(
      "historyCount", \.historyCount, key: "history-count", unit: "samples", range: 1...16,
      "recent samples the network reads"),
  ]

  /// ``checkShape()`` restated as a ``PredictorParameterError`` naming the exported JSON field
  /// (`mlp.weights[17]`, `mlp.inputScale`, …).
  public func validate() throws(PredictorParameterError) {
    let p = self
    do { try checkShape() } catch {
      switch error {
      case .historyCount(let value):
        throw PredictorParameterError(parameter: "mlp.historyCount", value: Double(value), problem: "expected an integer in 1…16")
      case .hiddenSizes(let sizes):
        throw PredictorParameterError(
          parameter: "mlp.hiddenSizes", value: Double(sizes.count), problem: "expected 1…4 layers of 1…256 units, found \(sizes)")
      case .count(let field, let expected, let found):
        throw PredictorParameterError(
          parameter: "mlp.\(field)", value: Double(found),
          problem: "expected \(expected) values for historyCount \(p.historyCount) and hiddenSizes \(p.hiddenSizes), found \(found)")
      case .nonFinite(let field, let index):
        throw PredictorParameterError(
          parameter: Self.fieldPath(field, index), value: Self.value(p, field, index), problem: "expected a finite number")
      case .notPositive(let field, let index):
        throw PredictorParameterError(
          parameter: Self.fieldPath(field, index), value: Self.value(p, field, index), problem: "expected a value above 0")
      }
    }
  }

  /// `mlp.weights[3]` for an array field, `mlp.outputScale` for a number.
  private static func fieldPath(_ field: String, _ index: Int) -> String {
    ["weights", "inputMean", "inputScale"].contains(field) ? "mlp.\(field)[\(index)]" : "mlp.\(field)"
  }

  private static func value(_ p: MLPPredictor.Parameters, _ field: String, _ index: Int) -> Double {
    switch field {
    case "weights": p.weights[index]
    case "inputMean": p.inputMean[index]
    case "inputScale": p.inputScale[index]
    case "outputScale": p.outputScale
    case "lengthScale": p.lengthScale
    default: p.maximumGapSeconds
    }
  }
}
