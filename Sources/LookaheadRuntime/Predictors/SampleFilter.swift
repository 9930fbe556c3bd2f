/// A causal filter over the samples of one stroke, applied before a predictor sees them
/// (pre-filter) or to a predictor's output (post-filter, see ``ComposedPredictor``).
package protocol SampleFilter: Sendable {
  /// Forgets the stroke.
  mutating func reset()
  /// Filters the 2-D value `value` observed at `time` (seconds) and returns the filtered value.
  mutating func filter(_ value: SIMD2<Double>, at time: Double) -> SIMD2<Double>
}
