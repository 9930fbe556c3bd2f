import Foundation
import LookaheadRuntime

/// Trains ``LookaheadRuntime/MLPPredictor`` on recorded strokes: minibatch Adam with decoupled
/// weight decay (``AdamOptimizer``) on the batched passes of ``MLPNetwork``, early stopping on
/// writers held out of the fit, a resumable checkpoint after every epoch.
///
/// Deterministic for a given seed: the validation writers, the initial weights and every
/// epoch's row order are drawn from SplitMix64 seeded by the seed (the epoch's order from
/// seed and epoch, so a resumed run continues exactly as an uninterrupted one); the rows are
/// built in parallel but joined in stroke order; OpenBLAS runs on one thread.
public struct MLPTrainer: Sendable {
  public struct Options: Sendable {
    /// Horizons to train on, seconds (the horizon is a network input).
    public var horizons: [Double]
    public var historyCount = 8
    public var hiddenSizes = [32, 32]
    public var activation = MLPPredictor.Activation.relu
    /// Feed the networks the pen's pressure, altitude and azimuth too
    /// (``LookaheadRuntime/MLPPredictor/Parameters/penInputs``; `train --pen-inputs`).
    public var penInputs = false
    /// Ship the model with each prediction averaged with its mirror image's
    /// (``LookaheadRuntime/MLPPredictor/Parameters/mirrorAveraged``; `train --mirror-average`). A
    /// stage of the prediction, not of training: the fit, early stopping and the checkpoint read
    /// the networks alone, so the same networks are trained with it or without; every score made
    /// through the predictor (held-out tables, the Henze 2017 protocol's early-stopping and
    /// held-out cells) includes it.
    public var mirrorAveraged = false
    /// Divide the velocity inputs by the window's reference speed and multiply the correction by
    /// it (``LookaheadRuntime/MLPPredictor/Parameters/speedNormalized``; `train --speed-normalized`),
    /// so the model scales with the stroke at any speed. Unlike ``mirrorAveraged`` it changes what
    /// the networks are trained on (inputs and targets divided by the speed, the loss the same
    /// error in length units), so it is part of the ``fingerprint``.
    public var speedNormalized = false
    /// With ``speedNormalized``: the log of the reference speed as one more input
    /// (``LookaheadRuntime/MLPPredictor/Parameters/speedInput``; `train --speed-input`).
    public var speedInput = false
    /// Re-time late-stamped reports before reading each window's velocities, steps shorter than
    /// this fraction of the window's median step (``LookaheadRuntime/MLPPredictor/Parameters/lateReportFraction``;
    /// `train --retime-late-reports`); `nil`, off. It changes what the networks read, so it is part
    /// of the ``fingerprint``.
    public var lateReportFraction: Double? = nil
    public var stages = PredictorStages()
    public var loss = MLPLoss()
    public var augmentation = StrokeAugmentation.none
    /// Most passes over the rows; training stops earlier when validation stops improving.
    public var epochs = 40
    /// Epochs without a better validation error before stopping.
    public var patience = 6
    public var batchSize = 256
    public var learningRate = 2e-3
    /// Multiplies the learning rate after every epoch (epoch e steps at `learningRate ·
    /// learningRateDecay^(e−1)`); 1 keeps it constant. A decaying step lets Adam settle into a
    /// minimum instead of circling it at the batch noise's scale (step decay as in He et al.,
    /// CVPR 2016, here smooth per epoch). 0 < decay ≤ 1.
    public var learningRateDecay = 1.0
    public var weightDecay = 1e-4
    /// Probability that a hidden value is zeroed in a fitting pass (``HiddenDropout``; `train
    /// --dropout`); 0, off. Training only: validation, scores and the shipped network never drop.
    /// ReLU networks only.
    public var dropout = 0.0
    /// Score, early-stop on and ship an exponential moving average of the weights over Adam's
    /// steps (``WeightAverage``) with this decay per step, instead of the last step's weights;
    /// `nil`, off. The fit itself still steps from the raw weights.
    public var weightAverageDecay: Double? = nil
    public var seed: UInt64 = 1
    /// Fraction of the training writers held out for early stopping (at least one writer; with a
    /// single writer, every fifth stroke).
    public var validationFraction = 0.2
    /// Draw the early-stopping writers from each dataset (trace) separately, a
    /// ``validationFraction`` of each one's writers, instead of from the pooled writers: a pool
    /// dominated by one dataset's writers otherwise early-stops on that dataset alone.
    public var validationPerDataset = false
    /// The writers to early-stop on, named by `--split …;validation=C`: exactly their strokes
    /// choose the epoch and every other stroke is fit, in place of the seeded draw of
    /// ``validationFraction`` (a researcher who names them means them). `nil`: drawn.
    public var validationWriters: [String]? = nil
    /// Build the early-stopping rows with ``augmentation`` too (so stopping looks at every rate
    /// and variant the model is trained for), instead of from the recordings alone.
    public var augmentValidation = false
    /// Also train on the issue points whose target lies past the stroke's last sample, with the
    /// last sample as their truth (``IssuePointLoop/PastEnd/heldAtLastSample``): the anchor
    /// protocol has no truth there, so without them the network never sees a stroke end, which
    /// is where the "spring effect" happens. Fit and early-stopping rows alike.
    public var strokeEndRows = false
    /// Cores for building rows (training itself is one thread).
    public var parts = availableCoreCount
    /// The number type of the batched passes (``MLPTrainingScalar``): `double` (`dgemm`), or
    /// `single` (`sgemm`; about twice the matrix throughput, other rounding, so other networks).
    /// The weights, Adam and every score stay double; a model ships the same way from either.
    public var precision = Precision.double

    /// See ``precision``.
    public enum Precision: String, Sendable, CaseIterable {
      case double, single
    }

    public init(horizons: [Double]) { self.horizons = horizons }

    /// What a checkpoint must match to be resumed.
    package var fingerprint: String {
      "K=\(historyCount) hidden=\(hiddenSizes) \(activation) loss=\(loss.overshootWeight)\(loss.relativeToHorizon == true ? "/h" : "") aug=\(augmentation) "
        + "batch=\(batchSize) lr=\(learningRate) wd=\(weightDecay) seed=\(seed) val=\(validationFraction) "
        + "horizons=\(horizons) gap=\(stages.gapLimitSeconds)"
        + (learningRateDecay == 1 ? "" : " lrDecay=\(learningRateDecay)")
        + (weightAverageDecay.map { " weight-average=\($0)" } ?? "")
        + (dropout > 0 ? " dropout=\(dropout)" : "")
        + (validationPerDataset ? " val-per-dataset" : "") + (augmentValidation ? " val-augmented" : "")
        + (validationWriters.map { " val-writers=\($0.joined(separator: ","))" } ?? "")
        + (strokeEndRows ? " stroke-end-rows" : "")
        + (penInputs ? " pen-inputs" : "")
        + (speedNormalized ? " speed-normalized" : "") + (speedInput ? " speed-input" : "")
        + (lateReportFraction.map { " late-reports=\($0)" } ?? "")
        + (precision == .single ? " single-precision" : "")
    }

    /// The learning rate of epoch `epoch` (from 1).
    package func learningRate(epoch: Int) -> Double {
      learningRate * pow(learningRateDecay, Double(epoch - 1))
    }
  }

  /// One epoch's record.
  public struct Epoch: Sendable, Codable, Hashable {
    public var epoch: Int
    /// Mean training objective over the epoch's batches (network length unit).
    public var trainingLoss: Double
    /// Mean Euclidean error on the validation rows after the epoch.
    public var validationError: Double
    public var seconds: Double
  }

  public struct Result: Sendable {
    public var parameters: MLPPredictor.Parameters
    public var epochs: [Epoch]
    public var bestEpoch: Int
    public var trainingRows: Int
    public var validationRows: Int
    public var validationWriters: [String]
    /// The writers whose strokes gave ``trainingRows``: the training writers less those held for
    /// early stopping (a lone writer is both, its strokes split between them).
    public var fitWriters: [String] = []
    /// Linear extrapolation's mean error on the validation rows (the zero network), for scale.
    public var linearValidationError: Double
    /// Of an ensemble (``trainEnsemble(data:memberCount:checkpoint:memberStarted:progress:)``):
    /// each member's own result, in member order; empty for a single network.
    public var members: [Result] = []
    /// Of an ensemble: the mean error of the members' mean prediction on the validation rows
    /// (``ensembleValidationError(_:rows:)``), to set beside each member's own; `nil` for one network.
    public var ensembleValidationError: Double?
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public var options: Options
  public init(options: Options) { self.options = options }

  /// The model's shape (history, pen inputs, layers, gap rule) with linear-start weights.
  public var shape: MLPPredictor.Parameters {
    var p = MLPPredictor.Parameters.linearStart(
      historyCount: options.historyCount, hiddenSizes: options.hiddenSizes, activation: options.activation,
      penInputs: options.penInputs, speedNormalized: options.speedNormalized, speedInput: options.speedInput)
    p.mirrorAveraged = options.mirrorAveraged ? true : nil
    p.lateReportFraction = options.lateReportFraction
    p.maximumGapSeconds = LearnedLinearTrainer.gapSeconds(for: options.stages)
    return p
  }

  /// Strokes of `data` for fitting and for early stopping, split by writer (seeded).
  func splitForValidation(_ data: TuningData) -> (fit: [Int], validation: [Int], validationWriters: [String]) {
    let writers = data.strokes.map { $0.writer ?? "unknown" }
    var distinct: [String] = []
    for w in writers where !distinct.contains(w) { distinct.append(w) }
    if let named = options.validationWriters {
      let held = Set(named)
      let indices = Array(data.strokes.indices)
      return (indices.filter { !held.contains(writers[$0]) }, indices.filter { held.contains(writers[$0]) },
              distinct.filter { held.contains($0) })
    }
    if distinct.count < 2 {
      let all = Array(data.strokes.indices)
      return (all.filter { $0 % 5 != 4 }, all.filter { $0 % 5 == 4 }, ["every 5th stroke of \(distinct.first ?? "unknown")"])
    }
    if options.validationPerDataset, data.traces.count > 1 {
      return splitPerDataset(data)
    }
    var generator = SplitMix64(seed: options.seed)
    let shuffled = distinct.shuffled(using: &generator)
    let count = min(distinct.count - 1, max(1, Int((Double(distinct.count) * options.validationFraction).rounded())))
    let held = Set(shuffled.prefix(count))
    let indices = Array(data.strokes.indices)
    return (indices.filter { !held.contains(writers[$0]) }, indices.filter { held.contains(writers[$0]) },
            distinct.filter { held.contains($0) })
  }

  /// ``splitForValidation(_:)`` with ``Options/validationPerDataset``: in each trace with at
  /// least two writers, a seeded ``Options/validationFraction`` of them (at least one, never all);
  /// a trace of one writer is all fit.
  func splitPerDataset(_ data: TuningData) -> (fit: [Int], validation: [Int], validationWriters: [String]) {
    var held = Set<String>()  // "trace index/writer"
    var names: [String] = []
    for t in data.traces.indices {
      var distinct: [String] = []
      for (s, stroke) in data.strokes.enumerated() where data.traceIndices[s] == t {
        let w = stroke.writer ?? "unknown"
        if !distinct.contains(w) { distinct.append(w) }
      }
      guard distinct.count >= 2 else { continue }
      var generator = SplitMix64(seed: options.seed &+ UInt64(t))
      let shuffled = distinct.shuffled(using: &generator)
      let count = min(distinct.count - 1, max(1, Int((Double(distinct.count) * options.validationFraction).rounded())))
      for w in shuffled.prefix(count) {
        held.insert("\(t)/\(w)")
        names.append("\(data.traces[t].metadata.source):\(w)")
      }
    }
    let key = { (s: Int) in "\(data.traceIndices[s])/\(data.strokes[s].writer ?? "unknown")" }
    let indices = Array(data.strokes.indices)
    return (indices.filter { !held.contains(key($0)) }, indices.filter { held.contains(key($0)) }, names)
  }

  /// Trains on every stroke of `data`.
  ///
  /// - Parameters:
  ///   - checkpoint: written after every epoch; when it exists and matches these options and
  ///     rows, training resumes from it.
  ///   - progress: called after every epoch with its record and the most epochs left.
  public func train(
    data: TuningData, checkpoint: URL? = nil, progress: (Epoch, Int) -> Void = { _, _ in }
  ) throws -> Result {
    let rows = try trainingRows(data)
    var result = try train(fitRows: rows.fit, validationRows: rows.validation, checkpoint: checkpoint, progress: progress)
    result.validationWriters = rows.validationWriters
    result.fitWriters = rows.fitWriters
    result.parameters.lengthScale = data.scales.first ?? 1
    return result
  }

  /// The fitting and early-stopping rows of `data`, its writers split by ``Options/seed``.
  package func trainingRows(_ data: TuningData) throws -> (
    fit: MLPTrainingRows, validation: MLPTrainingRows, validationWriters: [String], fitWriters: [String]
  ) {
    let split = splitForValidation(data)
    let shape = self.shape
    let fitRows = MLPTrainingRows.make(
      data: data, strokes: split.fit, shape: shape, stages: options.stages, horizons: options.horizons,
      augmentation: options.augmentation, strokeEndRows: options.strokeEndRows, parts: options.parts)
    let validationRows = MLPTrainingRows.make(
      data: data, strokes: split.validation, shape: shape, stages: options.stages, horizons: options.horizons,
      augmentation: options.augmentValidation ? options.augmentation : .none, strokeEndRows: options.strokeEndRows,
      parts: options.parts)
    guard fitRows.count > 0, validationRows.count > 0 else {
      throw Failure(description: "too little data to train: \(fitRows.count) training and \(validationRows.count) validation rows")
    }
    var fitWriters: [String] = [], seen = Set<String>()
    for writer in split.fit.map({ data.strokes[$0].writer ?? "unknown" }) where seen.insert(writer).inserted {
      fitWriters.append(writer)
    }
    return (fitRows, validationRows, split.validationWriters, fitWriters)
  }

  /// Trains on prepared rows (their inputs raw, as ``MLPTrainingRows`` builds them).
  ///
  /// - Parameter validationWeights: one weight per validation row: early stopping then reads the
  ///   weighted mean of the rows' errors (``Henze2017MLPComparison/StoppingWeights/cells`` weighs
  ///   a table's cells alike); `nil`, the plain mean.
  public func train(
    fitRows: MLPTrainingRows, validationRows: MLPTrainingRows, validationWeights: [Double]? = nil,
    checkpoint: URL? = nil, progress: (Epoch, Int) -> Void = { _, _ in }
  ) throws -> Result {
    if let validationWeights {
      guard validationWeights.count == validationRows.count, validationWeights.allSatisfy({ $0 >= 0 && $0.isFinite }),
        validationWeights.contains(where: { $0 > 0 })
      else {
        throw Failure(description: "the early-stopping weights must be one finite, non-negative weight per validation row, not all zero")
      }
    }
    switch options.precision {
    case .double:
      return try train(
        Double.self, fitRows: fitRows, validationRows: validationRows, validationWeights: validationWeights,
        checkpoint: checkpoint, progress: progress)
    case .single:
      return try train(
        Float.self, fitRows: fitRows, validationRows: validationRows, validationWeights: validationWeights,
        checkpoint: checkpoint, progress: progress)
    }
  }

  /// ``train(fitRows:validationRows:validationWeights:checkpoint:progress:)`` with the batched
  /// passes in `Scalar`.
  func train<Scalar: MLPTrainingScalar>(
    _ scalar: Scalar.Type, fitRows: MLPTrainingRows, validationRows: MLPTrainingRows, validationWeights: [Double]? = nil,
    checkpoint: URL?, progress: (Epoch, Int) -> Void
  ) throws -> Result {
    var parameters = shape
    (parameters.inputMean, parameters.inputScale) = Self.standardisation(fitRows)
    parameters.outputScale = Self.outputScale(fitRows)
    let network = MLPNetwork(layerSizes: parameters.layerSizes, activation: options.activation)
    let fit = StandardisedRows<Scalar>(fitRows, parameters: parameters)
    let validation = StandardisedRows<Scalar>(validationRows, parameters: parameters)

    var weights = initialWeights(network)
    var decays = [Bool](repeating: false, count: network.weightCount)
    for layer in 0..<(network.layerSizes.count - 1) {
      for i in network.offsets[layer]..<(network.offsets[layer] + network.layerSizes[layer] * network.layerSizes[layer + 1]) {
        decays[i] = true
      }
    }
    var state = MLPCheckpoint(
      fingerprint: options.fingerprint
        + MLPCheckpoint.rowsFingerprint(fitRows: fitRows, validationRows: validationRows, validationWeights: validationWeights),
      completedEpochs: 0, weights: weights,
      optimizer: AdamOptimizer(
        weightCount: network.weightCount, decays: decays, learningRate: options.learningRate,
        weightDecay: options.weightDecay),
      bestWeights: weights, bestValidationError: .infinity, bestEpoch: 0, epochs: [],
      weightAverage: options.weightAverageDecay.map { WeightAverage(decay: $0, weightCount: network.weightCount) })
    if let checkpoint, let saved = try MLPCheckpoint.read(checkpoint, expecting: state.fingerprint) {
      state = saved
      weights = saved.weights
    }

    let batchSize = max(1, min(options.batchSize, fit.count))
    var workspace = MLPNetwork.Workspace<Scalar>(network: network, capacity: max(batchSize, 1024))
    var gradient = [Scalar](repeating: 0, count: network.weightCount)
    // The passes' copy of the weights and Adam's of the gradient (single precision only; in double
    // precision both arrays are handed through as they are).
    var passWeights: [Scalar] = [], wideGradient: [Double] = []
    var batch = BatchBuffers(capacity: max(batchSize, 1024))
    let horizonWeightScale = options.loss.horizonWeightScale(fit.horizons)
    let linearError = Self.validationError(network: network, weights: [Scalar](repeating: 0, count: network.weightCount),
      rows: validation, rowWeights: validationWeights, outputScale: parameters.outputScale, workspace: &workspace,
      batch: &batch)

    var epoch = state.completedEpochs
    while epoch < options.epochs, epoch - state.bestEpoch < options.patience || state.bestEpoch == 0 {
      epoch += 1
      let started = Date()
      state.optimizer.learningRate = options.learningRate(epoch: epoch)
      var generator = SplitMix64(seed: options.seed &+ 0x9E37_79B9 &* UInt64(epoch))
      let order = Array(0..<fit.count).shuffled(using: &generator)
      var lossSum = 0.0, batches = 0
      var start = 0
      while start < order.count {
        let rows = min(batchSize, order.count - start)
        batch.gather(order[start..<(start + rows)], from: fit, into: &workspace)
        // Its own seed per epoch and batch, so a resumed training drops the same values.
        var dropout = options.dropout > 0
          ? HiddenDropout(rate: options.dropout, seed: generator.next() ^ 0xD809_0D0F_5EED) : nil
        do {
          // Scoped, so that in double precision the weights are not shared while Adam updates them.
          let passed = Scalar.narrowed(weights, reusing: &passWeights)
          lossSum += Self.lossAndGradient(
            network: network, weights: passed, rows: rows, batch: &batch, outputScale: parameters.outputScale,
            loss: options.loss, horizonWeightScale: horizonWeightScale, workspace: &workspace, gradient: &gradient,
            dropout: &dropout)
        }
        state.optimizer.update(&weights, gradient: Scalar.widened(gradient, reusing: &wideGradient))
        state.weightAverage?.add(weights)
        batches += 1
        start += rows
      }
      // The weights this epoch would ship: the average when there is one.
      let scored = state.weightAverage?.average(orIfEmpty: weights) ?? weights
      let validationError = Self.validationError(
        network: network, weights: Scalar.narrowed(scored, reusing: &passWeights), rows: validation,
        rowWeights: validationWeights, outputScale: parameters.outputScale, workspace: &workspace, batch: &batch)
      guard validationError.isFinite, weights.allSatisfy(\.isFinite), scored.allSatisfy(\.isFinite) else {
        throw Failure(description: "training diverged at epoch \(epoch) (non-finite weights); lower --learning-rate")
      }
      let record = Epoch(
        epoch: epoch, trainingLoss: lossSum / Double(max(batches, 1)), validationError: validationError,
        seconds: Date().timeIntervalSince(started))
      state.epochs.append(record)
      if validationError < state.bestValidationError {
        state.bestValidationError = validationError
        state.bestWeights = scored
        state.bestEpoch = epoch
      }
      state.completedEpochs = epoch
      state.weights = weights
      if let checkpoint { try state.write(to: checkpoint) }
      progress(record, options.epochs - epoch)
    }
    parameters.weights = state.bestWeights
    return Result(
      parameters: parameters, epochs: state.epochs, bestEpoch: state.bestEpoch, trainingRows: fit.count,
      validationRows: validation.count, validationWriters: [], linearValidationError: linearError)
  }

  /// He-uniform hidden layers (He et al., ICCV 2015), zero biases, and a zero last layer, so
  /// training starts from exactly two-point linear extrapolation.
  func initialWeights(_ network: MLPNetwork) -> [Double] {
    var generator = SplitMix64(seed: options.seed ^ 0x5EED_0F_4D4C50)
    var weights = [Double](repeating: 0, count: network.weightCount)
    for layer in 0..<(network.layerSizes.count - 2) {
      let inWidth = network.layerSizes[layer], outWidth = network.layerSizes[layer + 1]
      let bound = (6 / Double(inWidth)).squareRoot()
      for i in network.offsets[layer]..<(network.offsets[layer] + inWidth * outWidth) {
        weights[i] = Double.random(in: -bound...bound, using: &generator)
      }
    }
    return weights
  }

  /// Per-input mean and standard deviation of the fit rows (1 where an input is constant).
  static func standardisation(_ rows: MLPTrainingRows) -> (mean: [Double], scale: [Double]) {
    let n = rows.count, width = rows.inputCount
    var mean = [Double](repeating: 0, count: width), square = [Double](repeating: 0, count: width)
    for r in 0..<n {
      for i in 0..<width { mean[i] += rows.inputs[r * width + i] }
    }
    for i in 0..<width { mean[i] /= Double(max(n, 1)) }
    for r in 0..<n {
      for i in 0..<width {
        let d = rows.inputs[r * width + i] - mean[i]
        square[i] += d * d
      }
    }
    let scale = square.map { s -> Double in
      let sd = (s / Double(max(n, 1))).squareRoot()
      return sd > 1e-12 && sd.isFinite ? sd : 1
    }
    return (mean, scale)
  }

  /// Root mean square of what the network must add to constant velocity (`Δ/h` − (v₁, 0)).
  static func outputScale(_ rows: MLPTrainingRows) -> Double {
    var sum = 0.0
    for r in 0..<rows.count {
      let (ax, ay) = rows.residual(r)
      sum += ax * ax + ay * ay
    }
    let rms = (sum / Double(max(2 * rows.count, 1))).squareRoot()
    return rms > 1e-12 && rms.isFinite ? rms : 1
  }

  /// The mean objective over the batch in the workspace, and its gradient (overwritten).
  /// `horizonWeightScale` is ``MLPLoss/horizonWeightScale(_:)`` of the training rows (`nil`: every
  /// row weighs 1).
  static func lossAndGradient<Scalar>(
    network: MLPNetwork, weights: [Scalar], rows: Int, batch: inout BatchBuffers, outputScale: Double, loss: MLPLoss,
    horizonWeightScale: Double? = nil, workspace: inout MLPNetwork.Workspace<Scalar>, gradient: inout [Scalar]
  ) -> Double {
    var none: HiddenDropout? = nil
    return lossAndGradient(
      network: network, weights: weights, rows: rows, batch: &batch, outputScale: outputScale, loss: loss,
      horizonWeightScale: horizonWeightScale, workspace: &workspace, gradient: &gradient, dropout: &none)
  }

  /// ``lossAndGradient(network:weights:rows:batch:outputScale:loss:horizonWeightScale:workspace:gradient:)``
  /// with the hidden layers passed through `dropout` when there is one (a fitting pass).
  static func lossAndGradient<Scalar>(
    network: MLPNetwork, weights: [Scalar], rows: Int, batch: inout BatchBuffers, outputScale: Double, loss: MLPLoss,
    horizonWeightScale: Double?, workspace: inout MLPNetwork.Workspace<Scalar>, gradient: inout [Scalar],
    dropout: inout HiddenDropout?
  ) -> Double {
    network.forward(weights, rows: rows, workspace: &workspace, dropout: &dropout)
    var total = 0.0
    for r in 0..<rows {
      let y = workspace.output(r)
      let h = batch.horizons[r]
      let ex = h * (batch.along[r] + outputScale * y.0 - batch.targets[2 * r])
      let ey = h * (outputScale * y.1 - batch.targets[2 * r + 1])
      let (l, dx, dy) = loss.evaluate(ex: ex, ey: ey)
      // Times 1 exactly for rows that are not weighed, so their loss is the same bits as before.
      let weight = (horizonWeightScale.map { $0 / h } ?? 1) * batch.rowWeights[r]
      total += l * weight
      let factor = h * outputScale * weight / Double(rows)
      batch.outputGradient[2 * r] = dx * factor
      batch.outputGradient[2 * r + 1] = dy * factor
    }
    batch.outputGradient.withUnsafeBufferPointer {
      network.backward(
        weights, rows: rows, outputGradient: $0, workspace: &workspace, gradient: &gradient,
        keptScale: dropout?.keptScale ?? 1)
    }
    return total / Double(rows)
  }

  /// Mean Euclidean error of the network's predictions on `rows`; with `rowWeights` (one per
  /// row), their weighted mean.
  static func validationError<Scalar>(
    network: MLPNetwork, weights: [Scalar], rows: StandardisedRows<Scalar>, rowWeights: [Double]? = nil, outputScale: Double,
    workspace: inout MLPNetwork.Workspace<Scalar>, batch: inout BatchBuffers
  ) -> Double {
    var sum = 0.0
    var start = 0
    while start < rows.count {
      let count = min(workspace.capacity, rows.count - start)
      batch.gather(start..<(start + count), from: rows, into: &workspace)
      network.forward(weights, rows: count, workspace: &workspace)
      for r in 0..<count {
        let y = workspace.output(r)
        let h = batch.horizons[r]
        let ex = h * (batch.along[r] + outputScale * y.0 - batch.targets[2 * r])
        let ey = h * (outputScale * y.1 - batch.targets[2 * r + 1])
        let error = (ex * ex + ey * ey).squareRoot()
        sum += rowWeights.map { $0[start + r] * error } ?? error
      }
      start += count
    }
    guard let rowWeights else { return sum / Double(max(rows.count, 1)) }
    return sum / rowWeights.reduce(0, +)
  }
}

/// Rows with standardised inputs, as the network reads them, and the raw newest speed (the
/// constant-velocity part the network corrects).
///
/// Each row is one contiguous record so that a batch drawn in shuffled order reads one region of
/// memory per row instead of one in each of five arrays: the gather is bound by those cache
/// misses. A record is whole 8-byte words: the `width` inputs in `Input`, the number type of the
/// batched passes (so single-precision training gathers half the bytes, and converts nothing per
/// batch: `Float(x)` is taken once here, the same rounding the passes would apply), then along,
/// target x, target y, horizon and weight as `Double`s. The records are on huge pages
/// (``HugePageArray``).
struct StandardisedRows<Input: MLPTrainingScalar>: Sendable {
  let width: Int
  /// Words of a record the inputs take (the last one padded with zero bytes).
  let inputWords: Int
  var words: [UInt64]
  let count: Int
  var stride: Int { inputWords + 5 }

  init(_ rows: MLPTrainingRows, parameters: MLPPredictor.Parameters) {
    let width = rows.inputCount, count = rows.count
    let inputWords = (width * MemoryLayout<Input>.stride + 7) / 8
    let stride = inputWords + 5
    self.width = width
    self.inputWords = inputWords
    self.count = count
    // The rows' weights relative to their mean, so that weighing them leaves the loss's scale (and
    // so the learning rate's) as it was; every row 1 when they are not weighed.
    precondition(rows.weights.isEmpty || rows.weights.count == rows.count, "one weight per row, or none")
    let weightScale = rows.weights.isEmpty ? 1 : Double(rows.count) / rows.weights.reduce(0, +)
    words = HugePageArray.make(count: count * stride) { buffer in
      buffer.initialize(repeating: 0)
      let base = UnsafeMutableRawPointer(buffer.baseAddress!)
      for r in 0..<count {
        let record = base + r * stride * 8
        for i in 0..<width {
          let value = (rows.inputs[r * width + i] - parameters.inputMean[i]) / parameters.inputScale[i]
          record.storeBytes(of: Input(value), toByteOffset: i * MemoryLayout<Input>.stride, as: Input.self)
        }
        let tail = record + inputWords * 8
        tail.storeBytes(of: rows.along(r), toByteOffset: 0, as: Double.self)
        tail.storeBytes(of: rows.targets[2 * r], toByteOffset: 8, as: Double.self)
        tail.storeBytes(of: rows.targets[2 * r + 1], toByteOffset: 16, as: Double.self)
        tail.storeBytes(of: rows.horizons[r], toByteOffset: 24, as: Double.self)
        tail.storeBytes(of: rows.weights.isEmpty ? 1 : rows.weights[r] * weightScale, toByteOffset: 32, as: Double.self)
      }
    }
  }

  /// Row `r`'s horizon, the fourth value of its tail (``BatchBuffers/gather(_:from:into:)`` reads
  /// the whole tail).
  func horizon(_ r: Int) -> Double { Double(bitPattern: words[r * stride + inputWords + 3]) }
  /// Every row's horizon, in row order.
  var horizons: [Double] { (0..<count).map(horizon) }
}

/// One batch's per-row values beside the workspace's inputs, reused across batches.
struct BatchBuffers {
  var along: [Double]
  var targets: [Double]
  var horizons: [Double]
  var rowWeights: [Double]
  var outputGradient: [Double]

  init(capacity: Int) {
    along = Array(repeating: 0, count: capacity)
    targets = Array(repeating: 0, count: 2 * capacity)
    horizons = Array(repeating: 0, count: capacity)
    rowWeights = Array(repeating: 1, count: capacity)
    outputGradient = Array(repeating: 0, count: 2 * capacity)
  }

  /// Copies the rows `indices` of `rows` into the batch and the workspace's inputs.
  mutating func gather<C: Collection<Int>, Scalar>(
    _ indices: C, from rows: StandardisedRows<Scalar>, into workspace: inout MLPNetwork.Workspace<Scalar>
  ) {
    let width = rows.width, stride = rows.stride, inputWords = rows.inputWords
    let inputBytes = width * MemoryLayout<Scalar>.stride
    workspace.withInputs { inputs in
      rows.words.withUnsafeBufferPointer { source in
        along.withUnsafeMutableBufferPointer { along in
          targets.withUnsafeMutableBufferPointer { targets in
            horizons.withUnsafeMutableBufferPointer { horizons in
              rowWeights.withUnsafeMutableBufferPointer { rowWeights in
                for (b, r) in indices.enumerated() {
                  let record = source.baseAddress! + r * stride
                  UnsafeMutableRawPointer(inputs.baseAddress! + b * width)
                    .copyMemory(from: UnsafeRawPointer(record), byteCount: inputBytes)
                  along[b] = Double(bitPattern: record[inputWords])
                  targets[2 * b] = Double(bitPattern: record[inputWords + 1])
                  targets[2 * b + 1] = Double(bitPattern: record[inputWords + 2])
                  horizons[b] = Double(bitPattern: record[inputWords + 3])
                  rowWeights[b] = Double(bitPattern: record[inputWords + 4])
                }
              }
            }
          }
        }
      }
    }
  }
}

extension MLPTrainer {
  /// The mean objective and its gradient over `rows` (inputs already standardised), as one batch:
  /// what a training step computes, for the gradient check against finite differences. With
  /// `dropout`, the hidden layers drop values as a fitting pass with that rate and seed does (the
  /// same seed drops the same values).
  public static func testObjective<Scalar: MLPTrainingScalar>(
    network: MLPNetwork, weights: [Scalar], rows: MLPTrainingRows, outputScale: Double, loss: MLPLoss,
    dropout: (rate: Double, seed: UInt64)? = nil, gradient: inout [Scalar]
  ) -> Double {
    let identity = MLPPredictor.Parameters(
      historyCount: 1, hiddenSizes: [1], inputMean: Array(repeating: 0, count: rows.inputCount),
      inputScale: Array(repeating: 1, count: rows.inputCount), outputScale: outputScale, weights: [])
    let standardised = StandardisedRows<Scalar>(rows, parameters: identity)
    var workspace = MLPNetwork.Workspace<Scalar>(network: network, capacity: rows.count)
    var batch = BatchBuffers(capacity: rows.count)
    batch.gather(0..<rows.count, from: standardised, into: &workspace)
    var dropping = dropout.map { HiddenDropout(rate: $0.rate, seed: $0.seed) }
    return lossAndGradient(
      network: network, weights: weights, rows: rows.count, batch: &batch, outputScale: outputScale, loss: loss,
      horizonWeightScale: loss.horizonWeightScale(standardised.horizons), workspace: &workspace, gradient: &gradient,
      dropout: &dropping)
  }
}
