/// A pointer predictor: a value-type state machine fed with the samples of one stroke.
///
/// Contract (checked for every predictor by the shared conformance suite):
/// - `reset()` makes the predictor equivalent to a freshly made one with the same parameters;
/// - `observe(_:)` takes samples in non-decreasing time order;
/// - `predict(at:)` returns where the pointer will be at `time`, or `nil` when the predictor is not
///   ready (warm-up) or a gate decided not to predict; it never mutates state, so a copy of a
///   predictor is a snapshot of it;
/// - for finite input, output is finite.
///
/// The shape follows Chromium's `ui::InputPredictor` (Reset / Update / GeneratePrediction) and
/// ink-stroke-modeler's `InputPredictor`, as a Swift value type.
public protocol Predictor: Sendable {
  /// Forgets every sample; called at each stroke start.
  mutating func reset()
  /// Takes the next sample of the current stroke.
  mutating func observe(_ sample: PointerSample)
  /// Predicts the pointer at `time` (seconds, same clock as the samples).
  func predict(at time: Double) -> PredictedPoint?
}
