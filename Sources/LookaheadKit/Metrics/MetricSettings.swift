/// The few choices behind the metrics, each with its unit and why it has its default.
/// `Docs/Metrics.md` explains where each one enters a formula.
public struct MetricSettings: Sendable, Hashable, Codable {
  /// Least margin, seconds, searched on the true path before the newest sample and after the
  /// target when finding where a prediction landed (effective latency saved). The margin is the
  /// larger of this and the horizon. 8 ms is one frame at 120 Hz. Range 0…0.1.
  public var latencySearchMarginSeconds: Double
  /// A frame-to-frame change of the error vector larger than this is a *jump*. 1 mm is about
  /// twice the p95 error of linear prediction at one 240 Hz period on pencil traces
  /// (`ANCHOR-PROTOCOL.md` §3), and a step a user notices. Range 0.1…10 mm.
  public var jumpThreshold: MetricLength
  /// Displacements (prediction or truth, from the newest sample) shorter than this have no
  /// meaningful direction: wrong orientation and wrong direction skip them. 0.05 mm is below
  /// what a user can see. When the scale is unknown and this is in mm, any non-zero displacement
  /// counts.
  public var minimumDisplacement: MetricLength
  /// The pen is *at rest* at the end of a stroke while it stays within this radius of the final
  /// sample; the rest begins at the first such sample. 0.1 mm absorbs digitizer noise. When
  /// the scale is unknown and this is in mm, only exact repeats of the final position count. The
  /// final direction is the motion into the rest, so noise inside it cannot turn that direction.
  public var restRadius: MetricLength
  /// Predictions whose target time is at most this long before the pen came to rest (or after)
  /// are the *last predictions* scored for stroke-end overshoot, seconds. 50 ms covers the
  /// deceleration into a stop at the horizons that matter (≤ 35 ms). Range 0…0.5.
  public var strokeEndWindowSeconds: Double
  /// The final direction of motion (into the final rest) is taken from the newest sample at
  /// least this long before the rest began that differs from the rest's first sample, seconds,
  /// so that one noisy report does not turn it. Range 0…0.1.
  public var finalDirectionSpanSeconds: Double
  /// Percentile (0…100) of the true speed at the target, over all scored predictions of the run,
  /// above which a prediction belongs to the high-speed subset. 75 keeps a quarter of the
  /// predictions and needs no millimetre scale.
  public var highSpeedPercentile: Double

  public init(
    latencySearchMarginSeconds: Double = 0.008,
    jumpThreshold: MetricLength = .millimetres(1.0),
    minimumDisplacement: MetricLength = .millimetres(0.05),
    restRadius: MetricLength = .millimetres(0.1),
    strokeEndWindowSeconds: Double = 0.05,
    finalDirectionSpanSeconds: Double = 0.01,
    highSpeedPercentile: Double = 75
  ) {
    self.latencySearchMarginSeconds = latencySearchMarginSeconds
    self.jumpThreshold = jumpThreshold
    self.minimumDisplacement = minimumDisplacement
    self.restRadius = restRadius
    self.strokeEndWindowSeconds = strokeEndWindowSeconds
    self.finalDirectionSpanSeconds = finalDirectionSpanSeconds
    self.highSpeedPercentile = highSpeedPercentile
  }

  /// Checks every field; the error names the field and the value.
  public func validate() throws(MetricInputError) {
    func check(_ value: Double, _ field: String, _ range: ClosedRange<Double>) throws(MetricInputError) {
      guard value.isFinite, range.contains(value) else {
        throw MetricInputError(
          field: "MetricSettings.\(field)",
          problem: "is \(value); expected a finite number in \(range.lowerBound)…\(range.upperBound)")
      }
    }
    try check(latencySearchMarginSeconds, "latencySearchMarginSeconds", 0...1)
    try check(jumpThreshold.magnitude, "jumpThreshold", 0...1e12)
    try check(minimumDisplacement.magnitude, "minimumDisplacement", 0...1e12)
    try check(restRadius.magnitude, "restRadius", 0...1e12)
    try check(strokeEndWindowSeconds, "strokeEndWindowSeconds", 0...10)
    try check(finalDirectionSpanSeconds, "finalDirectionSpanSeconds", 0...10)
    try check(highSpeedPercentile, "highSpeedPercentile", 0...100)
  }
}
