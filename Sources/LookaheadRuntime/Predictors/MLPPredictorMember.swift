extension MLPPredictor {
  /// One network of an MLP model. A model holds one (its fields are then the top-level ones of
  /// ``Parameters``) or several, an ensemble, whose prediction is the mean of theirs: averaging a
  /// few independently trained networks is the usual cheap way to lower a small regression net's
  /// error (Hansen & Salamon, "Neural network ensembles", IEEE PAMI 1990). The members share what
  /// makes their inputs and outputs comparable — the history length, the features
  /// (``MLPFeatures``), ``Parameters/lengthScale`` and the gap rule — and each keeps its own size,
  /// non-linearity, standardisation, output scale and weights.
  public struct Member: Sendable, Hashable, Codable {
    /// Widths of the hidden layers, input side first (1…4 layers of 1…256 units).
    public var hiddenSizes: [Int]
    public var activation: Activation
    /// Per input: subtracted before the network (``MLPFeatures/inputCount(historyCount:penInputs:)`` values).
    public var inputMean: [Double]
    /// Per input: divides after the mean is subtracted; positive.
    public var inputScale: [Double]
    /// Multiplies the network's two outputs (network length unit per second); positive.
    public var outputScale: Double
    /// Layer after layer, input side first: the `out × in` weight matrix row-major, then the
    /// `out` biases. The last layer has 2 outputs (along and across the motion).
    public var weights: [Double]

    public init(
      hiddenSizes: [Int], activation: Activation, inputMean: [Double], inputScale: [Double], outputScale: Double,
      weights: [Double]
    ) {
      self.hiddenSizes = hiddenSizes
      self.activation = activation
      self.inputMean = inputMean
      self.inputScale = inputScale
      self.outputScale = outputScale
      self.weights = weights
    }

    /// Layer widths from `inputCount` inputs to the two outputs.
    package func layerSizes(inputCount: Int) -> [Int] { [inputCount] + hiddenSizes + [2] }

    /// Throws naming the first malformed shape or bad number, for a model of `inputCount` inputs
    /// (a member made for another history length has the wrong number of standardisation values
    /// and weights, and is refused here).
    package func checkShape(inputCount: Int) throws(Parameters.Invalid) {
      guard (1...4).contains(hiddenSizes.count), hiddenSizes.allSatisfy({ (1...256).contains($0) }) else {
        throw .hiddenSizes(hiddenSizes)
      }
      let expected = Parameters.weightCount(layerSizes: layerSizes(inputCount: inputCount))
      guard weights.count == expected else { throw .count(field: "weights", expected: expected, found: weights.count) }
      for (field, values) in [("inputMean", inputMean), ("inputScale", inputScale)] {
        guard values.count == inputCount else { throw .count(field: field, expected: inputCount, found: values.count) }
      }
      for (field, values) in [("weights", weights), ("inputMean", inputMean), ("inputScale", inputScale)] {
        if let bad = values.firstIndex(where: { !$0.isFinite }) { throw .nonFinite(field: field, index: bad) }
      }
      if let bad = inputScale.firstIndex(where: { $0 <= 0 }) { throw .notPositive(field: "inputScale", index: bad) }
      guard outputScale.isFinite else { throw .nonFinite(field: "outputScale", index: 0) }
      guard outputScale > 0 else { throw .notPositive(field: "outputScale", index: 0) }
    }

    /// The value a ``Parameters/Invalid`` names: `field` is one of this member's, `index` into it.
    func value(field: String, index: Int) -> Double {
      switch field {
      case "weights": weights[index]
      case "inputMean": inputMean[index]
      case "inputScale": inputScale[index]
      default: outputScale
      }
    }
  }
}
