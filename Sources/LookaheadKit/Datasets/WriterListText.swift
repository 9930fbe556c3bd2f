/// A list of writers as a report line shows it. Strokes whose trace records no writer (TurboTouch's
/// file, a recording of one's own without a writer column) have no name to list, and the report
/// line printed nothing after "held-out writers:"; they are shown as ``unrecorded`` instead.
public enum WriterListText {
  /// What strokes without a recorded writer are shown as.
  public static let unrecorded = "(strokes without a recorded writer)"

  /// The names joined by ", ", the empty name as ``unrecorded``; ``unrecorded`` for no names.
  public static func joined(_ writers: [String]) -> String {
    writers.isEmpty ? unrecorded : writers.map { $0.isEmpty ? unrecorded : $0 }.joined(separator: ", ")
  }
}
