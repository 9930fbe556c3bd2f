import LookaheadRuntime

/// The training rows of the MLP predictor: one per (issue point, horizon) of the anchor protocol
/// (`ANCHOR-PROTOCOL.md` §1: from sample 4 on, truth interpolated on the stroke), each with the
/// raw network inputs, the target `Δ/h` in the motion frame and the horizon (each divided or
/// multiplied by the window's reference speed for a speed-normalised model: see ``horizons``).
///
/// Rows come from driving the predictor exactly as it ships — ``LookaheadRuntime/MLPPredictor``
/// inside the ``ComposedPredictor`` with the model's stages — and asking it for its inputs
/// (``LookaheadRuntime/MLPPredictor/writeFeatures(horizon:into:)``), so training sees exactly what
/// prediction will see; the network's length unit is millimetres whenever the data knows its scale.
public struct MLPTrainingRows: Sendable {
  public let inputCount: Int
  /// Row-major `count × inputCount` raw inputs (before standardisation).
  public var inputs: [Double] = []
  /// Row-major `count × 2` targets `Δ/h` in the motion frame, network length unit per second
  /// (divided by the reference speed for a speed-normalised model, as its velocity inputs are).
  public var targets: [Double] = []
  /// What turns the row's `Δ/h` error into a displacement error in the network's length unit: the
  /// horizon in seconds, times the reference speed for a speed-normalised model
  /// (``LookaheadRuntime/MLPFeatures/Frame/referenceSpeed``), so the loss is the same error in
  /// length units with normalisation or without.
  public var horizons: [Double] = []

  public var count: Int { horizons.count }

  /// Each row's weight in the training loss, relative to the others (the trainer divides them by
  /// their mean, so only their ratios matter); empty, every row weighs 1. Training only: early
  /// stopping has its own weights.
  public var weights: [Double] = []

  public init(inputCount: Int) { self.inputCount = inputCount }

  /// Appends `other`'s rows.
  public mutating func append(_ other: MLPTrainingRows) {
    append(other, weight: nil)
  }

  /// Appends `other`'s rows, each weighing `weight` (`nil`: as `other` weighs them).
  public mutating func append(_ other: MLPTrainingRows, weight: Double?) {
    if weight != nil || !weights.isEmpty || !other.weights.isEmpty {
      if weights.isEmpty { weights = Array(repeating: 1, count: count) }
      if let weight {
        weights += repeatElement(weight, count: other.count)
      } else {
        weights += other.weights.isEmpty ? Array(repeating: 1, count: other.count) : other.weights
      }
    }
    inputs += other.inputs
    targets += other.targets
    horizons += other.horizons
  }

  /// Row `r`'s newest speed along the motion (its first input, before standardisation): the
  /// constant velocity the network corrects.
  func along(_ r: Int) -> Double { inputs[r * inputCount] }

  /// What the network must add to constant velocity on row `r`: its target `Δ/h` less
  /// (``along(_:)``, 0), in the motion frame.
  func residual(_ r: Int) -> (x: Double, y: Double) { (targets[2 * r] - along(r), targets[2 * r + 1]) }

  /// Constant-velocity extrapolation's error on row `r` (the zero network's): the residual over
  /// the horizon, in the network's length unit.
  func constantVelocityError(_ r: Int) -> Double {
    let (x, y) = residual(r)
    return horizons[r] * (x * x + y * y).squareRoot()
  }

  /// The rows of the strokes of `data` (with their augmented variants), built on `parts` cores and
  /// joined in stroke order, so the result does not depend on the core count.
  ///
  /// - Parameter shape: the model's history length and gap rule (its weights are irrelevant).
  public static func make(
    data: TuningData, strokes: [Int]? = nil, shape: MLPPredictor.Parameters, stages: PredictorStages,
    horizons: [Double], augmentation: StrokeAugmentation = .none, strokeEndRows: Bool = false,
    parts: Int = availableCoreCount
  ) -> MLPTrainingRows {
    let chosen = strokes ?? Array(data.strokes.indices)
    let chunks = parallelChunks(count: chosen.count, parts: parts) { range -> MLPTrainingRows in
      var rows = MLPTrainingRows(inputCount: shape.inputCount)
      for position in range {
        let index = chosen[position]
        var parameters = shape
        parameters.lengthScale = data.scales[index]
        let recorded = data.cleaned(index)
        for variant in augmentation.variants(of: recorded, seed: UInt64(index), lengthScale: data.scales[index]) {
          // A stroke up-sampled m times gives m times the (strongly correlated) issue points;
          // keeping every m-th keeps each variant's weight in the fit that of its recording.
          let stride = max(1, Int((Double(variant.count) / Double(max(recorded.count, 1))).rounded()))
          rows.appendRows(
            of: variant, parameters: parameters, stages: stages, horizons: horizons, issueStride: stride,
            pastEnd: strokeEndRows ? .heldAtLastSample : .skipped)
        }
      }
      return rows
    }
    var all = MLPTrainingRows(inputCount: shape.inputCount)
    all.inputs.reserveCapacity(chunks.reduce(0) { $0 + $1.inputs.count })
    for chunk in chunks { all.append(chunk) }
    return all
  }

  /// Appends the rows of one stroke (times from its first sample, cleaned), at every
  /// `issueStride`-th issue point: the per-sample loop (``IssuePointLoop``, the anchor protocol's
  /// warm-up and truth) walked with the family asked for its inputs instead of a prediction. With
  /// `pastEnd` ``IssuePointLoop/PastEnd/heldAtLastSample``, targets past the stroke's last sample
  /// are rows too, their truth the last sample (stroke-end rows).
  mutating func appendRows(
    of samples: [PointerSample], parameters: MLPPredictor.Parameters, stages: PredictorStages, horizons: [Double],
    issueStride: Int = 1, pastEnd: IssuePointLoop.PastEnd = .skipped
  ) {
    var predictor = ComposedPredictor(base: MLPPredictor(parameters: parameters), stages: stages)
    var loop = IssuePointLoop(
      horizons: horizons.filter { $0 > 0 }.map { .seconds($0) }, cleaning: .anchorRules,
      warmUpSamples: PerSampleReplay.warmUpSamples, issueStride: issueStride, declined: .reported, pastEnd: pastEnd)
    var row = [Double](repeating: 0, count: inputCount)
    samples.withUnsafeBufferPointer { samples in
      loop.forEachTarget(&predictor, onPrepared: samples) { predictor, point in
        guard let newest = predictor.base.newestSample else { return }
        // The horizon from the predictor's newest sample (the stages may have held one back).
        let modelHorizon = point.targetTime - newest.time
        guard modelHorizon > 0 else { return }
        let frame = row.withUnsafeMutableBufferPointer {
          predictor.base.writeFeatures(horizon: modelHorizon, into: $0)
        }
        guard let frame else { return }
        let target = MLPFeatures.target(
          from: newest, to: (point.truthX, point.truthY), horizon: modelHorizon, frame: frame,
          lengthScale: parameters.lengthScale)
        guard target.x.isFinite, target.y.isFinite, row.allSatisfy(\.isFinite) else { return }
        inputs += row
        targets.append(target.x)
        targets.append(target.y)
        self.horizons.append(modelHorizon * frame.referenceSpeed)
      }
    }
  }
}
