/// What ``PointerPredictor/take(_:)`` did with a sample: taken, or ignored and why (the checks in
/// the order the predictor makes them). The C interface turns it into a status code, so the
/// reasons live in one place and a sample is judged once.
public enum SampleOutcome: Sendable, Equatable {
  /// Taken (a repeat of the newest time too).
  case taken
  /// Ignored: its time or position is not finite.
  case notFinite
  /// Ignored: earlier than the newest sample taken.
  case earlierThanNewest
  /// Ignored: its position overflows on its way to model units.
  case outOfRange
}
