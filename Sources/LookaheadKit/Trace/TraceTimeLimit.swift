/// The times the workbench accepts: finite and within ±``seconds`` (1e10 s, about 317 years, so
/// Unix-epoch seconds fit).
///
/// Why a bound at all: the replay counts display refreshes across a stroke, and past about 1e15
/// refreshes a `Double` can no longer tell one refresh time from the next, so a single corrupted
/// timestamp (1e300, or a gap of 1e13 s) would make it step forever. Within ±1e10 s a time's
/// rounding step (ulp(1e10) ≈ 1.9 µs) stays far below the shortest display period (1 ms, the
/// 1000 Hz limit of ``DeviceProfile``), and a gap is at most 2·10¹³ refreshes, which an `Int`
/// counts exactly. The importers and the trace reader refuse a time outside this range with its
/// file, line and field, so no later stage sees one; the replay checks it again for strokes built
/// in code.
public enum TraceTimeLimit {
  /// The largest magnitude of a time, seconds.
  public static let seconds = 1e10

  /// Whether `time` (seconds) is finite and within ±``seconds``.
  public static func accepts(_ time: Double) -> Bool { time.isFinite && abs(time) <= seconds }

  /// What is wrong with a time that ``accepts(_:)`` refuses, for an error message.
  public static func problem(_ time: Double) -> String {
    time.isFinite
      ? "time \(time) s is beyond ±1e10 s (about 317 years); a corrupted or mis-scaled timestamp?"
      : "time is not finite (\(time))"
  }
}
