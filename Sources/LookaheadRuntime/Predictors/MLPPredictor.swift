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
/// A model may hold several networks (``Member``, an ensemble of up to 8): the prediction is then the
/// mean of their `Δ/h`, added up in member order so that every run gives the same bits.
///
/// A model may also average each prediction with its mirror image's (``Parameters/mirrorAveraged``):
/// the networks also read the window mirrored across the motion (``MLPFeatures/writeMirrored(_:into:historyCount:penInputs:)``),
/// their cross-motion output is mirrored back, and the two are averaged. The prediction for a
/// mirrored stroke is then exactly the mirror image of the stroke's prediction, which a network
/// trained on reflected strokes is only approximately; it costs a second forward pass.
///
/// A model may also be speed-normalised (``Parameters/speedNormalized``): the velocity inputs are
/// divided by the window's reference speed `s` (``MLPFeatures/referenceSpeed(of:historyCount:)``)
/// and `Δ/h = s · ((v₁/s, 0) + outputScale · net(…))`, so a stroke made larger at the same tempo gets
/// exactly the larger prediction, at any speed, seen in training or not.
///
/// The raw inputs of a prediction live in one temporary buffer and a member's standardised inputs
/// and activations in another, reused by the members one after the other; each is on the stack
/// while it fits the 1 KiB `withUnsafeTemporaryAllocation` keeps there: the shipped K = 8, 32×32
/// network and the Henze-size K = 10, 64×64 one (exactly 1 KiB,
/// ``MLPForwardPass/bufferCount(inputCount:)``), alone or in an ensemble, allocate nothing per
/// prediction; wider layers take one heap block per prediction.
public struct MLPPredictor: Predictor {
  /// The hidden layers' non-linearity.
  public enum Activation: String, Sendable, Hashable, Codable, CaseIterable {
    /// max(0, x): cheap, and what the probe found as good as tanh.
    case relu
    case tanh
  }

  /// The trained model: the shared input rules, the first network's fields, and the other
  /// networks of an ensemble, if any.
  public struct Parameters: Sendable, Hashable, Codable {
    /// How many recent time steps feed the model (1…16); every member reads the same.
    public var historyCount: Int
    /// Widths of the hidden layers, input side first (1…4 layers of 1…256 units).
    public var hiddenSizes: [Int]
    public var activation: Activation
    /// The network's length unit per coordinate unit (for example millimetres per pt): inputs are
    /// multiplied by it and outputs divided by it, so a model trained in mm serves any unit whose
    /// size is known. Positive.
    public var lengthScale: Double
    /// Per input: subtracted before the network (``MLPFeatures/inputCount(historyCount:penInputs:)`` values).
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
    /// The networks after the first of an ensemble (at most ``maximumMemberCount`` − 1), or `nil`
    /// for a single network: a single network's model file has no such key, as before ensembles.
    public var additionalMembers: [Member]?
    /// `true`: the networks also read the pen's pressure, altitude and azimuth
    /// (``MLPFeatures/penInputCount`` inputs after the `5K + 1`, each group with a "known" input,
    /// see ``MLPFeatures``); `nil` or `false`: they do not. A model file written before pen inputs
    /// has no such key and reads as `nil`; a model without pen inputs is written without the key,
    /// so its file is byte for byte what it was. Every member of an ensemble reads the same inputs.
    public var penInputs: Bool?
    /// `true`: each prediction is the mean of the window's and, mirrored back, its mirror image's
    /// (see the type's documentation); `nil` or `false`: the window's alone. Written only when
    /// `true`, so every other model file is byte for byte what it was; a model with it needs
    /// format version 3 (``ModelFile/requiredVersion(for:)``), so that a runtime without this
    /// stage refuses the file instead of predicting without it.
    public var mirrorAveraged: Bool?
    /// `true`: the velocity inputs are divided by the window's reference speed and the networks'
    /// correction multiplied by it (see the type's documentation); `nil` or `false`: not. The
    /// networks are trained for one setting or the other, so it is not a switch to flip on a
    /// trained model. Written only when `true`; a model with it needs format version 4
    /// (``ModelFile/requiredVersion(for:)``), so that a runtime without it refuses the file.
    public var speedNormalized: Bool?
    /// `true` (with ``speedNormalized`` only): the log of the reference speed is one more input,
    /// the last (``MLPFeatures``), so the networks can still use how fast the stroke is. `nil` or
    /// `false`: not. Written only when `true`; part of the input count the weights must match.
    public var speedInput: Bool?
    /// A fraction of the window's median time step (above 0, below 1): predictions read the window
    /// with its late-stamped reports re-timed, steps shorter than this (``LateReportRetiming``),
    /// so that a report stamped a fraction of a millisecond after its predecessor does not read as
    /// a velocity tens of times too large. `nil`: the times are read as recorded. The networks are
    /// trained with one setting, so it is not a switch to flip on a trained model. Written only when
    /// set; a model with it needs format version 5 (``ModelFile/requiredVersion(for:)``), so that a
    /// runtime without it refuses the file.
    public var lateReportFraction: Double?

    /// The most networks a model holds: the cost of a prediction grows with each.
    public static let maximumMemberCount = 8

    public init(
      historyCount: Int, hiddenSizes: [Int], activation: Activation = .relu, lengthScale: Double = 1,
      inputMean: [Double], inputScale: [Double], outputScale: Double, weights: [Double],
      maximumGapSeconds: Double = 0.1, additionalMembers: [Member]? = nil, penInputs: Bool? = nil,
      mirrorAveraged: Bool? = nil, speedNormalized: Bool? = nil, speedInput: Bool? = nil,
      lateReportFraction: Double? = nil
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
      self.additionalMembers = additionalMembers
      self.penInputs = penInputs
      self.mirrorAveraged = mirrorAveraged
      self.speedNormalized = speedNormalized
      self.speedInput = speedInput
      self.lateReportFraction = lateReportFraction
    }

    /// Whether the networks read the pen inputs (``penInputs`` absent means no).
    public var readsPenInputs: Bool { penInputs ?? false }

    /// Whether each prediction is averaged with its mirror image's (``mirrorAveraged`` absent means no).
    public var averagesMirrorImage: Bool { mirrorAveraged ?? false }

    /// Whether the velocity inputs are speed-normalised (``speedNormalized`` absent means no).
    public var normalizesSpeed: Bool { speedNormalized ?? false }

    /// Whether the log of the reference speed is an input (``speedInput`` absent means no).
    public var readsSpeed: Bool { speedInput ?? false }

    /// The first network, the one the top-level fields describe.
    public var firstMember: Member {
      Member(
        hiddenSizes: hiddenSizes, activation: activation, inputMean: inputMean, inputScale: inputScale,
        outputScale: outputScale, weights: weights)
    }

    /// Every network, the first one first: the order the ensemble's mean adds them up in.
    public var members: [Member] { [firstMember] + (additionalMembers ?? []) }

    /// The ensemble of `models`, in that order, which must share the history length, the pen
    /// inputs, the length scale, the gap rule, the mirror averaging and the speed normalisation (the trainer's runs with
    /// several seeds or candidate configurations do). Each model's own members all join.
    package static func ensemble(_ models: [Parameters]) throws(Invalid) -> Parameters {
      guard var first = models.first else { throw .memberCount(0) }
      for other in models.dropFirst() {
        guard other.historyCount == first.historyCount, other.readsPenInputs == first.readsPenInputs,
          other.lengthScale == first.lengthScale, other.maximumGapSeconds == first.maximumGapSeconds,
          other.averagesMirrorImage == first.averagesMirrorImage, other.normalizesSpeed == first.normalizesSpeed,
          other.readsSpeed == first.readsSpeed, other.lateReportFraction == first.lateReportFraction
        else { throw .unsharedInputs }
      }
      let rest = Array(first.members.dropFirst()) + models.dropFirst().flatMap(\.members)
      first.additionalMembers = rest.isEmpty ? nil : rest
      guard rest.count < maximumMemberCount else { throw .memberCount(rest.count + 1) }
      return first
    }

    /// Number of network inputs.
    public var inputCount: Int {
      MLPFeatures.inputCount(historyCount: historyCount, penInputs: readsPenInputs, speedInput: readsSpeed)
    }

    /// Layer widths from the inputs to the two outputs.
    public var layerSizes: [Int] { [inputCount] + hiddenSizes + [2] }

    /// Number of weights and biases for these sizes.
    package static func weightCount(layerSizes: [Int]) -> Int {
      zip(layerSizes, layerSizes.dropFirst()).reduce(0) { $0 + $1.1 * ($1.0 + 1) }
    }

    /// A network with all-zero weights (so it predicts exactly two-point linear extrapolation),
    /// identity standardisation and unit scales.
    package static func linearStart(
      historyCount: Int, hiddenSizes: [Int] = [32, 32], activation: Activation = .relu, penInputs: Bool = false,
      speedNormalized: Bool = false, speedInput: Bool = false
    ) -> Parameters {
      let inputs = MLPFeatures.inputCount(historyCount: historyCount, penInputs: penInputs, speedInput: speedInput)
      let sizes = [inputs] + hiddenSizes + [2]
      return Parameters(
        historyCount: historyCount, hiddenSizes: hiddenSizes, activation: activation,
        inputMean: Array(repeating: 0, count: inputs), inputScale: Array(repeating: 1, count: inputs),
        outputScale: 1, weights: Array(repeating: 0, count: weightCount(layerSizes: sizes)),
        penInputs: penInputs ? true : nil, speedNormalized: speedNormalized ? true : nil,
        speedInput: speedInput ? true : nil)
    }

    package enum Invalid: Error, Equatable, CustomStringConvertible {
      case historyCount(Int)
      case hiddenSizes([Int])
      case count(field: String, expected: Int, found: Int)
      case nonFinite(field: String, index: Int)
      case notPositive(field: String, index: Int)
      /// An ensemble of no network, or of more than ``maximumMemberCount``.
      case memberCount(Int)
      /// Networks to join into an ensemble that read different inputs.
      case unsharedInputs
      /// The speed input without speed normalisation.
      case speedInputWithoutNormalization
      /// A late-report threshold that is not a fraction above 0 and below 1.
      case lateReportFraction(Double)
      /// A problem of `additionalMembers[index]`.
      indirect case member(index: Int, Invalid)

      package var description: String {
        switch self {
        case .historyCount(let value): "historyCount \(value) is outside 1…16"
        case .hiddenSizes(let sizes): "hiddenSizes \(sizes): expected 1…4 layers of 1…256 units"
        case .count(let field, let expected, let found): "\(field): expected \(expected) values, found \(found)"
        case .nonFinite(let field, let index): "\(field)[\(index)] is not finite"
        case .notPositive(let field, let index): "\(field)[\(index)] must be above 0"
        case .memberCount(let count): "\(count) networks: a model holds 1…\(Parameters.maximumMemberCount)"
        case .unsharedInputs: "the networks of an ensemble must share historyCount, penInputs, lengthScale, maximumGapSeconds, mirrorAveraged, speedNormalized, speedInput and lateReportFraction"
        case .lateReportFraction(let value): "lateReportFraction \(value) is outside the open interval 0…1"
        case .speedInputWithoutNormalization: "speedInput needs speedNormalized"
        case .member(let index, let problem): "additionalMembers[\(index)].\(problem)"
        }
      }
    }

    /// Throws naming the first malformed shape or bad number (``validate()`` restates it naming
    /// the exported JSON field).
    package func checkShape() throws(Invalid) {
      guard (1...16).contains(historyCount) else { throw .historyCount(historyCount) }
      guard !readsSpeed || normalizesSpeed else { throw .speedInputWithoutNormalization }
      if let fraction = lateReportFraction, !LateReportRetiming.isValid(fraction: fraction) {
        throw .lateReportFraction(fraction)
      }
      try firstMember.checkShape(inputCount: inputCount)
      for (field, value) in [("lengthScale", lengthScale), ("maximumGapSeconds", maximumGapSeconds)] {
        guard value.isFinite else { throw .nonFinite(field: field, index: 0) }
        guard value > 0 else { throw .notPositive(field: field, index: 0) }
      }
      let others = additionalMembers ?? []
      guard others.count < Self.maximumMemberCount else { throw .memberCount(others.count + 1) }
      for (index, member) in others.enumerated() {
        do { try member.checkShape(inputCount: inputCount) } catch { throw .member(index: index, error) }
      }
    }
  }

  public let parameters: Parameters
  /// The newest samples, under the learned predictors' one set of input rules.
  private var history: LearnedSampleHistory
  /// The networks in member order, their weights laid out for a forward pass several neurons at
  /// a time.
  private let networks: [MLPForwardPass]
  /// Values of the work buffer the members share: the largest any of them needs.
  private let bufferCount: Int

  public init(parameters: Parameters) {
    self.parameters = parameters
    history = LearnedSampleHistory(historyCount: parameters.historyCount, lateReportFraction: parameters.lateReportFraction)
    let inputCount = parameters.inputCount
    networks = parameters.members.map { MLPForwardPass($0, inputCount: inputCount) }
    bufferCount = networks.map { $0.bufferCount(inputCount: inputCount) }.max() ?? 0
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
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: inputCount) { inputs in
      guard let frame = writeFeatures(horizon: horizon, into: inputs) else { return hold }
      let along = inputs[0]
      let correction = withUnsafeTemporaryAllocation(of: Double.self, capacity: bufferCount) { buffer in
        let direct = meanCorrection(inputs: UnsafeBufferPointer(inputs), buffer: buffer)
        guard parameters.averagesMirrorImage else { return direct }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: inputCount) { mirroredInputs in
          MLPFeatures.writeMirrored(
            UnsafeBufferPointer(inputs), into: mirroredInputs, historyCount: parameters.historyCount,
            penInputs: parameters.readsPenInputs)
          let mirrored = meanCorrection(inputs: UnsafeBufferPointer(mirroredInputs), buffer: buffer)
          // The mirror image's correction, mirrored back (across → −across), averaged with the
          // window's. Written as a sum and a difference so that swapping the two passes (what a
          // mirrored stroke does) gives the same along and exactly the negated across.
          return ((direct.along + mirrored.along) / 2, (direct.across - mirrored.across) / 2)
        }
      }
      let tx = along + correction.along, ty = correction.across
      // The reference speed is 1 without speed normalisation, and h · 1 is h to the bit.
      let perUnit = horizon * frame.referenceSpeed / parameters.lengthScale
      var point = hold
      point.x = newest.x + (frame.cos * tx - frame.sin * ty) * perUnit
      point.y = newest.y + (frame.sin * tx + frame.cos * ty) * perUnit
      return point
    }
  }

  /// The members' mean correction to constant velocity, `outputScale · net(inputs)`, along and
  /// across the motion. Added up in member order starting from the first member's own value (not
  /// from 0, which would turn a −0 into +0), then divided by the count: a single network's
  /// correction is its own to the bit (x / 1 is x), as before ensembles.
  private func meanCorrection(
    inputs: UnsafeBufferPointer<Double>, buffer: UnsafeMutableBufferPointer<Double>
  ) -> (along: Double, across: Double) {
    var along = 0.0, across = 0.0
    for (index, network) in networks.enumerated() {
      let output = network.evaluate(inputs: inputs, buffer: buffer)
      let s = network.outputScale
      if index == 0 {
        (along, across) = (s * output.0, s * output.1)
      } else {
        along += s * output.0
        across += s * output.1
      }
    }
    let count = Double(networks.count)
    return (along / count, across / count)
  }

  /// The newest sample observed, if any.
  public var newestSample: PointerSample? {
    history.newest
  }

  /// Writes the raw inputs (``MLPFeatures``, before standardisation) for a prediction `horizon`
  /// seconds past the newest sample, from exactly the history this predictor holds; the trainer
  /// calls this so that training and prediction see the same inputs. Returns the frame (rotation
  /// and reference speed), or `nil` when no velocity is known yet.
  package func writeFeatures(
    horizon: Double, into inputs: UnsafeMutableBufferPointer<Double>
  ) -> MLPFeatures.Frame? {
    guard history.count >= 2 else { return nil }
    return history.withWindow { window in
      MLPFeatures.write(
        history: window, historyCount: parameters.historyCount, horizon: horizon,
        lengthScale: parameters.lengthScale, penInputs: parameters.readsPenInputs,
        speedNormalized: parameters.normalizesSpeed, speedInput: parameters.readsSpeed, into: inputs)
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
  /// (`mlp.weights[17]`, `mlp.inputScale`, `mlp.additionalMembers[1].outputScale`, …).
  public func validate() throws(PredictorParameterError) {
    do { try checkShape() } catch { throw restated(error, prefix: "mlp.", member: firstMember) }
  }

  /// When `found` values of `field` are what the other pen-input setting would need, a hint saying
  /// so (a file whose `penInputs` key was lost or added by hand); otherwise empty.
  private func penInputsHint(field: String, found: Int, member: MLPPredictor.Member) -> String {
    let other = MLPFeatures.inputCount(historyCount: historyCount, penInputs: !readsPenInputs, speedInput: readsSpeed)
    let fits = field == "weights"
      ? found == Self.weightCount(layerSizes: member.layerSizes(inputCount: other)) : found == other
    guard fits else { return "" }
    return readsPenInputs
      ? " (that is the count without pen inputs: penInputs is true here)"
      : " (that is the count with pen inputs: is the mlp.penInputs field missing?)"
  }

  /// `problem` as a ``PredictorParameterError``; `prefix` and `member` say whose field it is.
  private func restated(_ problem: Invalid, prefix: String, member: MLPPredictor.Member) -> PredictorParameterError {
    /// `weights[3]` for an array field, `outputScale` for a number.
    func path(_ field: String, _ index: Int) -> String {
      prefix + (["weights", "inputMean", "inputScale"].contains(field) ? "\(field)[\(index)]" : field)
    }
    func value(_ field: String, _ index: Int) -> Double {
      switch field {
      case "lengthScale": lengthScale
      case "maximumGapSeconds": maximumGapSeconds
      default: member.value(field: field, index: index)
      }
    }
    switch problem {
    case .historyCount(let value):
      return PredictorParameterError(parameter: prefix + "historyCount", value: Double(value), problem: "expected an integer in 1…16")
    case .hiddenSizes(let sizes):
      return PredictorParameterError(
        parameter: prefix + "hiddenSizes", value: Double(sizes.count), problem: "expected 1…4 layers of 1…256 units, found \(sizes)")
    case .count(let field, let expected, let found):
      return PredictorParameterError(
        parameter: prefix + field, value: Double(found),
        problem: "expected \(expected) values for the model's historyCount \(historyCount)"
          + (readsPenInputs ? " with penInputs" : "") + (readsSpeed ? " with speedInput" : "") + " and hiddenSizes \(member.hiddenSizes), found \(found)"
          + penInputsHint(field: field, found: found, member: member))
    case .nonFinite(let field, let index):
      return PredictorParameterError(parameter: path(field, index), value: value(field, index), problem: "expected a finite number")
    case .notPositive(let field, let index):
      return PredictorParameterError(parameter: path(field, index), value: value(field, index), problem: "expected a value above 0")
    case .memberCount(let count):
      return PredictorParameterError(
        parameter: prefix + "additionalMembers", value: Double(count),
        problem: "expected 1…\(Self.maximumMemberCount) networks in all (at most \(Self.maximumMemberCount - 1) additional members), found \(count)")
    case .unsharedInputs:
      return PredictorParameterError(
        parameter: prefix + "additionalMembers", value: Double(members.count), problem: problem.description)
    case .speedInputWithoutNormalization:
      return PredictorParameterError(parameter: prefix + "speedInput", value: 1, problem: "expected speedNormalized true with it")
    case .lateReportFraction(let value):
      return PredictorParameterError(
        parameter: prefix + "lateReportFraction", value: value,
        problem: "expected a fraction of the median time step above 0 and below 1")
    case .member(let index, let inner):
      let others = additionalMembers ?? []
      return restated(inner, prefix: "\(prefix)additionalMembers[\(index)].", member: others[index])
    }
  }
}
