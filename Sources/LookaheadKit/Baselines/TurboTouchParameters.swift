/// Everything that configures a ``TurboTouchPredictor``: per-axis differentiator and prediction
/// gains, the speed gate, the transient suppression, the 1€ post-filter.
///
/// Names follow Nancel et al., UIST 2018 (doi:10.1145/3242587.3242646); the keys of the authors'
/// configuration files (`cpp/config/turbotouch*.cfg` in `LokiResearch/TurboTouchPredictor`) are
/// given in each doc so that a published configuration can be typed in. The algorithm and its
/// gains are under Inria's research-only licence: this type lives in `LookaheadKit`, never in the
/// runtime, and is never exported.
public struct TurboTouchParameters: Sendable, Hashable {
  /// The gains of one axis.
  public struct Axis: Sendable, Hashable {
    /// Differentiator bandwidth α, 1/s (`turbotouch-alpha-x`); range 10…500.
    public var alpha: Double
    /// Differentiator homogeneity λ (`turbotouch-lambda-x`); range -0.2…0, 0 is linear.
    public var lambda: Double
    /// γ2, γ3, γ4: displacement per unit of estimated velocity (s), acceleration (s²) and jerk
    /// (s³) — the linear terms of the prediction (`turbotouch-gamma2-x` … `gamma4-x`).
    public var velocityGain: Double
    public var accelerationGain: Double
    public var jerkGain: Double
    /// γ5…γ7: gains on the squared derivatives (0 in every published configuration).
    public var squaredVelocityGain: Double
    public var squaredAccelerationGain: Double
    public var squaredJerkGain: Double
    /// γ8…γ10: gains on the absolute derivatives (0 in every published configuration).
    public var absoluteVelocityGain: Double
    public var absoluteAccelerationGain: Double
    public var absoluteJerkGain: Double

    public init(
      alpha: Double, lambda: Double,
      velocityGain: Double, accelerationGain: Double, jerkGain: Double,
      squaredVelocityGain: Double = 0, squaredAccelerationGain: Double = 0, squaredJerkGain: Double = 0,
      absoluteVelocityGain: Double = 0, absoluteAccelerationGain: Double = 0, absoluteJerkGain: Double = 0
    ) {
      self.alpha = alpha
      self.lambda = lambda
      self.velocityGain = velocityGain
      self.accelerationGain = accelerationGain
      self.jerkGain = jerkGain
      self.squaredVelocityGain = squaredVelocityGain
      self.squaredAccelerationGain = squaredAccelerationGain
      self.squaredJerkGain = squaredJerkGain
      self.absoluteVelocityGain = absoluteVelocityGain
      self.absoluteAccelerationGain = absoluteAccelerationGain
      self.absoluteJerkGain = absoluteJerkGain
    }

    /// The displacement this axis adds to the newest sample, before the speed gate.
    func displacement(velocity v: Double, acceleration a: Double, jerk j: Double) -> Double {
      var delta = v * velocityGain + a * accelerationGain + j * jerkGain
      delta += v * v * squaredVelocityGain + a * a * squaredAccelerationGain + j * j * squaredJerkGain
      delta += abs(v) * absoluteVelocityGain + abs(a) * absoluteAccelerationGain + abs(j) * absoluteJerkGain
      return delta
    }
  }

  public var x: Axis
  public var y: Axis
  /// Divides positions before differentiation and multiplies the derivatives back
  /// (`turbotouch-sc`): the largest expected signal amplitude, position units; 10⁴ px by default.
  /// It matters because the differentiator is nonlinear when λ ≠ 0.
  public var signalScale: Double
  /// Speed above which the prediction is switched on (`turbotouch-V0`), position units per second;
  /// range 0…10⁵. TurboTouch64 uses 2000 px/s.
  public var speedThreshold: Double
  /// How fast the gate moves towards on (1) or off (0) at each sample (`turbotouch-alpha_gain`);
  /// range 0…1, 1 switches at once.
  public var gateGain: Double
  /// The sampling period the differentiator assumes (`turbotouch-ts`), seconds; the real time
  /// between samples is not used. 1/60 s in the published configurations.
  public var samplingPeriod: Double
  /// Explicit Euler sub-steps per sample (`turbotouch-intsteps`); 1…16, 2 by default.
  public var integrationSubsteps: Int
  /// Samples after a contact start whose derivatives are faded in, and samples at the very start
  /// whose prediction is the sample itself (`turbotouch-transients`); 0…100.
  public var transientSamples: Int
  /// The latency the gains were optimised to compensate, seconds (the `64` of `turbotouch64`).
  public var lookahead: Double
  /// The 1€ post-filter (`processor: one-euro-vector:`), or `nil` for none.
  public var postFilter: TurboTouchPostFilter.Settings?
  /// `true` reproduces two behaviours of the reference implementation that its reference output
  /// depends on: the differentiators start from 0 rather than from the first sample, and only the
  /// x differentiator restarts when a contact starts or ends (the two axes share one "last state"
  /// flag and x consumes the transition), so the y estimate carries a start-up transient into
  /// every stroke. `false` starts both axes at the first sample and restarts both at every contact
  /// transition, as the paper describes the method.
  public var reproducesReferenceQuirks: Bool

  public init(
    x: Axis, y: Axis, signalScale: Double = 1e4, speedThreshold: Double, gateGain: Double,
    samplingPeriod: Double, integrationSubsteps: Int = 2, transientSamples: Int, lookahead: Double,
    postFilter: TurboTouchPostFilter.Settings?, reproducesReferenceQuirks: Bool = true
  ) {
    self.x = x
    self.y = y
    self.signalScale = signalScale
    self.speedThreshold = speedThreshold
    self.gateGain = gateGain
    self.samplingPeriod = samplingPeriod
    self.integrationSubsteps = integrationSubsteps
    self.transientSamples = transientSamples
    self.lookahead = lookahead
    self.postFilter = postFilter
    self.reproducesReferenceQuirks = reproducesReferenceQuirks
  }

  /// The authors' 64 ms configuration, `cpp/config/turbotouch64.cfg` ("3M/64 - fq:60 - lag:64"),
  /// with its 1€ post-filter (min cutoff 16 Hz, β 0, assumed 60 Hz), and the reference
  /// implementation's quirks (``reproducesReferenceQuirks``). This is the configuration that produced
  /// `strokesPredicted64GroundTruth.csv`.
  public static let turbotouch64: TurboTouchParameters = {
    let axis = Axis(
      alpha: 113.512948520371, lambda: -0.014566967923,
      velocityGain: 0.526675783014, accelerationGain: -0.006507227229, jerkGain: 0.000044484667)
    return TurboTouchParameters(
      x: axis, y: axis, signalScale: 1e4, speedThreshold: 2000, gateGain: 0.7247796636776955,
      samplingPeriod: 0.016666666666666666, integrationSubsteps: 2, transientSamples: 3,
      lookahead: 0.064,
      postFilter: TurboTouchPostFilter.Settings(
        minimumCutoff: 16, beta: 0, derivativeCutoff: 1, initialFrequency: 60),
      reproducesReferenceQuirks: true)
  }()

  /// Checks every value against its documented range.
  public func validate() throws(BaselineParameterError) {
    func check(_ ok: Bool, _ name: String, _ value: Double, _ range: String) throws(BaselineParameterError) {
      if !ok { throw BaselineParameterError(predictor: "turbotouch", parameter: name, value: value, expected: range) }
    }
    for (label, axis) in [("x", x), ("y", y)] {
      try check(axis.alpha.isFinite && axis.alpha > 0, "alpha-\(label)", axis.alpha, "a finite value > 0 (1/s)")
      try check(axis.lambda >= -0.19 && axis.lambda <= 0, "lambda-\(label)", axis.lambda, "-0.19 … 0")
      let gains = [axis.velocityGain, axis.accelerationGain, axis.jerkGain, axis.squaredVelocityGain,
                   axis.squaredAccelerationGain, axis.squaredJerkGain, axis.absoluteVelocityGain,
                   axis.absoluteAccelerationGain, axis.absoluteJerkGain]
      for gain in gains {
        try check(gain.isFinite, "gamma-\(label)", gain, "a finite gain")
      }
    }
    try check(signalScale.isFinite && signalScale > 0, "sc", signalScale, "a finite value > 0")
    try check(speedThreshold.isFinite && speedThreshold >= 0, "V0", speedThreshold, "a finite value ≥ 0 (units/s)")
    try check(gateGain >= 0 && gateGain <= 1, "alpha_gain", gateGain, "0 … 1")
    try check(samplingPeriod.isFinite && samplingPeriod > 0, "ts", samplingPeriod, "a finite value > 0 (s)")
    try check((1...16).contains(integrationSubsteps), "intsteps", Double(integrationSubsteps), "1 … 16")
    try check((0...100).contains(transientSamples), "transients", Double(transientSamples), "0 … 100")
    try check(lookahead.isFinite && lookahead > 0, "lookahead", lookahead, "a finite value > 0 (s)")
    if let postFilter {
      try check(postFilter.minimumCutoff.isFinite && postFilter.minimumCutoff > 0, "one-euro-mincutoff",
                postFilter.minimumCutoff, "a finite value > 0 (Hz)")
      try check(postFilter.beta.isFinite && postFilter.beta >= 0, "one-euro-beta", postFilter.beta, "a finite value ≥ 0")
      try check(postFilter.derivativeCutoff.isFinite && postFilter.derivativeCutoff > 0, "one-euro-dcutoff",
                postFilter.derivativeCutoff, "a finite value > 0 (Hz)")
      try check(postFilter.initialFrequency.isFinite && postFilter.initialFrequency > 0, "one-euro-freq",
                postFilter.initialFrequency, "a finite value > 0 (Hz)")
    }
  }
}
