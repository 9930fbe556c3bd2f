/// The forward pass of one of ``MLPPredictor``'s networks (a ``MLPPredictor/Member``), with the weights re-laid out once, when the
/// predictor is made, so that one pass computes several neurons at a time in SIMD lanes.
///
/// Why across neurons: a dense layer is `y_j = b_j + Σ_i W_ji·x_i`. Splitting the sum over `i`
/// into several accumulators would be faster still but changes the rounding, so a model would no
/// longer score exactly what it scored before (and what the workbench's parity tests pin). Here
/// lane `l` of a block holds neuron `j = block·L + l` and adds `W_ji·x_i` for `i = 0, 1, …` in
/// that order, starting from `b_j`: every neuron's sum is rounded exactly as in the textbook loop
/// (one multiply rounded, then one add, never fused), so the outputs are the same bits. The lanes
/// are independent chains of additions, which is what makes it fast on a core that would
/// otherwise wait for each addition of a single running sum.
///
/// Layout (``MLPPredictor/Parameters/weights`` keeps the model file's row-major `out × in` matrix
/// and biases; this is only the in-memory copy): per layer, per block of `L` neurons, the `L`
/// biases, then for each input `i` the `L` weights `W_ji` of the block's neurons. A last block
/// short of `L` neurons is padded with zero weights and biases; its padded lanes are computed and
/// never read.
struct MLPForwardPass: Sendable {
  /// Lanes for the hidden layers: 16 neurons per block (two 8-lane halves keep enough
  /// independent additions in flight on a 2-wide SSE2 core).
  typealias HiddenLanes = SIMD16<Double>
  /// Lanes for the output layer, which has exactly 2 neurons.
  typealias OutputLanes = SIMD2<Double>

  /// One dense layer's place in ``packed``.
  private struct Layer: Sendable {
    var inputWidth: Int
    /// Neurons, padded up to a whole number of blocks.
    var paddedWidth: Int
    /// Index of the layer's first block in ``packed``.
    var offset: Int
  }

  private let layers: [Layer]
  private let packed: [Double]
  private let inputMean: [Double]
  private let inputScale: [Double]
  private let relu: Bool
  /// The member's ``MLPPredictor/Member/outputScale``, which multiplies the two outputs.
  let outputScale: Double
  /// The widest padded layer: each of the two activation areas holds this many values.
  private let activationWidth: Int

  /// The first network of `parameters`.
  init(_ parameters: MLPPredictor.Parameters) {
    self.init(parameters.firstMember, inputCount: parameters.inputCount)
  }

  /// Re-lays out `member`'s weights; its model must have passed
  /// ``MLPPredictor/Parameters/checkShape()`` (a malformed model never reaches a predictor: the
  /// loader refuses it).
  init(_ member: MLPPredictor.Member, inputCount: Int) {
    let sizes = member.layerSizes(inputCount: inputCount)
    var layers: [Layer] = []
    var packed: [Double] = []
    var source = 0  // index of the layer's first weight in weights
    for layer in 0..<(sizes.count - 1) {
      let (inputs, outputs) = (sizes[layer], sizes[layer + 1])
      let lanes = layer == sizes.count - 2 ? OutputLanes.scalarCount : HiddenLanes.scalarCount
      let blocks = (outputs + lanes - 1) / lanes
      layers.append(Layer(inputWidth: inputs, paddedWidth: blocks * lanes, offset: packed.count))
      let biases = source + outputs * inputs
      for block in 0..<blocks {
        let neurons = (block * lanes)..<(block * lanes + lanes)
        packed += neurons.map { $0 < outputs ? member.weights[biases + $0] : 0 }
        for i in 0..<inputs {
          packed += neurons.map { $0 < outputs ? member.weights[source + $0 * inputs + i] : 0 }
        }
      }
      source = biases + outputs
    }
    self.layers = layers
    self.packed = packed
    inputMean = member.inputMean
    inputScale = member.inputScale
    relu = member.activation == .relu
    outputScale = member.outputScale
    activationWidth = layers.map(\.paddedWidth).max() ?? 0
  }

  /// Values of the one buffer a pass works in, for `inputCount` inputs: two areas that the layers
  /// write in turn, the first of which holds the inputs (read only by the first layer, so the
  /// second hidden layer may overwrite them). Sharing the inputs' area keeps a K = 10, 64×64
  /// network's buffer at 128 values, 1 KiB, which `withUnsafeTemporaryAllocation` still places on
  /// the stack; separate areas needed 179 values and a heap block per prediction.
  func bufferCount(inputCount: Int) -> Int {
    max(inputCount, activationWidth) + activationWidth
  }

  /// The network on raw inputs (``MLPFeatures``), which it standardises in place: the two
  /// outputs before ``outputScale``. `buffer` holds ``bufferCount(inputCount:)`` values, the
  /// `inputCount` inputs first; the pass overwrites it.
  func evaluate(buffer: UnsafeMutableBufferPointer<Double>, inputCount: Int) -> (Double, Double) {
    evaluate(inputs: UnsafeBufferPointer(rebasing: buffer[0..<inputCount]), buffer: buffer)
  }

  /// The network on the raw inputs `inputs` (``MLPFeatures``), which it leaves as they are (so
  /// the members of an ensemble read them in turn): the two outputs before ``outputScale``.
  /// `buffer` holds ``bufferCount(inputCount:)`` values and is overwritten; it may begin with
  /// the inputs themselves (each is read just before its standardised value replaces it).
  func evaluate(inputs raw: UnsafeBufferPointer<Double>, buffer: UnsafeMutableBufferPointer<Double>) -> (Double, Double) {
    let inputCount = raw.count
    precondition(buffer.count >= bufferCount(inputCount: inputCount), "MLP forward pass: buffer too small")
    let inputs = buffer.baseAddress!
    inputMean.withUnsafeBufferPointer { mean in
      inputScale.withUnsafeBufferPointer { scale in
        for i in 0..<inputCount { inputs[i] = (raw[i] - mean[i]) / scale[i] }
      }
    }
    // Layer 0 writes the second area, layer 1 the first (over the inputs), and so on.
    let second = inputs + max(inputCount, activationWidth)
    return packed.withUnsafeBufferPointer { weights in
      var source = UnsafePointer(inputs)
      let last = layers.count - 1
      for index in 0..<last {
        let target = index % 2 == 0 ? second : inputs
        Self.hidden(layers[index], weights: weights.baseAddress!, source: source, target: target, relu: relu)
        source = UnsafePointer(target)
      }
      // The output layer: its 2 neurons in the 2 lanes of one block, no non-linearity.
      let layer = layers[last]
      var block = UnsafeRawPointer(weights.baseAddress! + layer.offset)
      var sum = block.loadUnaligned(as: OutputLanes.self)
      for i in 0..<layer.inputWidth {
        block += MemoryLayout<OutputLanes>.stride
        sum += block.loadUnaligned(as: OutputLanes.self) * OutputLanes(repeating: source[i])
      }
      return (sum[0], sum[1])
    }
  }

  /// One hidden layer, ``HiddenLanes`` neurons at a time, into `target` (``Layer/paddedWidth``
  /// values), through ReLU or tanh.
  private static func hidden(
    _ layer: Layer, weights: UnsafePointer<Double>, source: UnsafePointer<Double>,
    target: UnsafeMutablePointer<Double>, relu: Bool
  ) {
    let width = HiddenLanes.scalarCount
    let stride = MemoryLayout<HiddenLanes>.stride
    var block = UnsafeRawPointer(weights + layer.offset)
    for first in Swift.stride(from: 0, to: layer.paddedWidth, by: width) {
      var sum = block.loadUnaligned(as: HiddenLanes.self)
      for i in 0..<layer.inputWidth {
        block += stride
        sum += block.loadUnaligned(as: HiddenLanes.self) * HiddenLanes(repeating: source[i])
      }
      block += stride
      if relu {
        // Lane by lane what `max(sum, 0)` returns: 0 when 0 ≥ sum (so −0 becomes +0), else sum.
        sum.replace(with: 0, where: sum .<= 0)
      } else {
        for l in 0..<width { sum[l] = cTanh(sum[l]) }
      }
      UnsafeMutableRawPointer(target + first).storeBytes(of: sum, as: HiddenLanes.self)
    }
  }
}
