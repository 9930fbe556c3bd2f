/// A learned linear predictor: the displacement to the horizon is a linear function of the recent
/// velocities (see ``LearnedLinearFeatures``), with weights fitted by ridge regression on recorded
/// traces in the workbench (`lookahead train`).
///
/// The idea of learning the extrapolation from the recent displacements follows Henze, Funk &
/// Sahami Shirazi, "Software-reduced touchscreen latency" (MobileHCI 2016) and Henze et al.,
/// "Improving Software-Reduced Touchscreen Latency" (MobileHCI 2017), who used neural networks
/// on rotated windows of displacements; a linear model keeps it to a few multiply-adds per sample.
public struct LearnedLinearPredictor: Predictor {
  /// The trained model.
  public struct Parameters: PredictorParameters, Hashable {
    /// How many recent velocities feed the model (range in ``fields``).
    public var historyCount: Int
    /// Whether features are rotated into the direction of motion.
    public var rotateToMotion: Bool
    /// Row-major `featureCount × 2` weights (`LearnedLinearFeatures.featureCount(historyCount:)`).
    public var weights: [Double]
    /// A gap between samples longer than this (seconds) starts a new history, as after a pause
    /// the old velocities say nothing about the new motion.
    public var maximumGapSeconds: Double
    /// A fraction of the window's median time step (above 0, below 1): predictions read the window
    /// with its late-stamped reports re-timed, steps shorter than this (``LateReportRetiming``,
    /// as ``MLPPredictor/Parameters/lateReportFraction`` does), so that a report stamped a fraction
    /// of a millisecond after its predecessor does not read as a velocity tens of times too large.
    /// `nil`: the times are read as recorded. The weights are fitted with one setting, so it is not
    /// a switch to flip on a trained model. Written only when set; a model with it needs format
    /// version 6 (``ModelFile/requiredVersion(for:)``), so that a runtime without it refuses the file.
    public var lateReportFraction: Double?

    public init(
      historyCount: Int, rotateToMotion: Bool, weights: [Double], maximumGapSeconds: Double = 0.1,
      lateReportFraction: Double? = nil
    ) {
      self.historyCount = historyCount
      self.rotateToMotion = rotateToMotion
      self.weights = weights
      self.maximumGapSeconds = maximumGapSeconds
      self.lateReportFraction = lateReportFraction
    }

    /// Weights that reproduce constant-velocity (linear) extrapolation from the newest
    /// velocity: a sensible, exactly known starting point.
    public static func constantVelocity(historyCount: Int, rotateToMotion: Bool = true) -> Parameters {
      var weights = Array(repeating: 0.0, count: LearnedLinearFeatures.featureCount(historyCount: historyCount) * 2)
      weights[0 * 2 + 0] = 1  // target x ← v_1.x
      weights[1 * 2 + 1] = 1  // target y ← v_1.y
      return Parameters(historyCount: historyCount, rotateToMotion: rotateToMotion, weights: weights)
    }

    /// Throws naming the first field out of range (as `learnedLinear.…`, the exported JSON
    /// field): the table's fields, then the weights' count and finiteness and a positive finite
    /// gap, which depend on the trained data rather than on a fixed range.
    public func validate() throws(PredictorParameterError) {
      try validateFields()
      let expected = LearnedLinearFeatures.featureCount(historyCount: historyCount) * 2
      guard weights.count == expected else {
        throw PredictorParameterError(
          parameter: "learnedLinear.weights", value: Double(weights.count),
          problem: "expected \(expected) weights (4 · historyCount features × 2 targets), found \(weights.count)")
      }
      if let bad = weights.firstIndex(where: { !$0.isFinite }) {
        throw PredictorParameterError(
          parameter: "learnedLinear.weights[\(bad)]", value: weights[bad], problem: "expected a finite number")
      }
      guard maximumGapSeconds > 0, maximumGapSeconds.isFinite else {
        throw PredictorParameterError(
          parameter: "learnedLinear.maximumGapSeconds", value: maximumGapSeconds,
          problem: "expected a finite value above 0")
      }
      if let fraction = lateReportFraction, !LateReportRetiming.isValid(fraction: fraction) {
        throw PredictorParameterError(
          parameter: "learnedLinear.lateReportFraction", value: fraction,
          problem: "expected a fraction of the median time step above 0 and below 1")
      }
    }
  }

  public let parameters: Parameters
  /// The newest samples, under the learned predictors' one set of input rules.
  private var history: LearnedSampleHistory

  public init(parameters: Parameters) {
    self.parameters = parameters
    history = LearnedSampleHistory(historyCount: parameters.historyCount, lateReportFraction: parameters.lateReportFraction)
  }

  public mutating func reset() {
    history.reset()
  }

  public mutating func observe(_ sample: PointerSample) {
    history.observe(sample, maximumGapSeconds: parameters.maximumGapSeconds)
  }

  @inline(__always)
  public func predict(at time: Double) -> PredictedPoint? {
    guard let newest = history.newest else { return nil }
    let horizon = time - newest.time
    guard horizon.isFinite else { return nil }
    let hold = PredictedPoint(time: max(time, newest.time), x: newest.x, y: newest.y,
      pressure: newest.pressure, altitude: newest.altitude, azimuth: newest.azimuth)
    guard horizon > 0 else { return hold }
    let featureCount = LearnedLinearFeatures.featureCount(historyCount: parameters.historyCount)
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: featureCount) { features in
      guard let rotation = writeFeatures(horizon: horizon, into: features) else { return hold }
      var tx = 0.0, ty = 0.0
      parameters.weights.withUnsafeBufferPointer { w in
        for f in 0..<featureCount {
          tx += features[f] * w[2 * f]
          ty += features[f] * w[2 * f + 1]
        }
      }
      // Back from the motion frame, and from Δ/h to Δ.
      let dx = (rotation.cos * tx - rotation.sin * ty) * horizon
      let dy = (rotation.sin * tx + rotation.cos * ty) * horizon
      var point = hold
      point.x = newest.x + dx
      point.y = newest.y + dy
      return point
    }
  }

  /// The newest sample observed, if any.
  public var newestSample: PointerSample? {
    history.newest
  }

  /// Writes the features for a prediction `horizon` seconds past the newest sample, from exactly
  /// the history this predictor holds; the trainer calls this so that training and prediction see
  /// the same inputs. Returns the motion-frame rotation, or `nil` when no velocity is known yet.
  public func writeFeatures(
    horizon: Double, into features: UnsafeMutableBufferPointer<Double>
  ) -> (cos: Double, sin: Double)? {
    guard history.count >= 2 else { return nil }
    return history.withWindow { window in
      LearnedLinearFeatures.write(
        history: window, historyCount: parameters.historyCount,
        horizon: horizon, rotateToMotion: parameters.rotateToMotion, into: features)
    }
  }
}

extension LearnedLinearPredictor.Parameters: ParameterFieldTable {
  package static let fieldPrefix = "learnedLinear."
  /// The two fields a tuner may set. `weights` are a trainer's output and `maximumGapSeconds` is
  /// set from the stages' gap limit; ``validate()`` checks both by their own rules.
  package static let fields: [ParameterField<LearnedLinearPredictor.Parameters>] = [
    .integer(
      "historyCount", \.historyCount, key: "history-count", unit: "samples", range: 1...16,
      "recent velocities the model reads"),
    .flag(
      "rotateToMotion", \.rotateToMotion, key: "rotate-to-motion",
      "express the velocities in the frame of the newest motion (rotation-invariant)"),
  ]
}
