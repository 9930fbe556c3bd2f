import Foundation

/// Refuses a trace whose sample times cannot be a digitizer's, the sign of a time column read in
/// the wrong unit: milliseconds read as seconds make every stroke last minutes and every replay
/// frame see a stationary pen, so every predictor then "scores perfectly" with everything
/// declined, a wrong number nobody notices.
///
/// The statistic is the median of the positive intervals between consecutive samples of a
/// stroke (robust to pauses and to bursts of coalesced samples). Digitizers report at about
/// 30 Hz (old touch panels, webcams of a tracked pen) to 2 kHz (gaming mice, high-end pens),
/// 0.5–33 ms apart; the accepted range, 0.1 ms to 250 ms (10 kHz to 4 Hz), adds a factor of
/// 5–7 of margin on each side yet stays clear of the unit mistakes: a 2 kHz stream in ms read as
/// s has a median of 0.5 s, a 30 Hz stream in s read as ms one of 33 µs.
///
/// Applied once, to every trace loaded by ``TraceLoader`` or ``DatasetRegistry``, whatever its
/// format. A trace with no positive interval (single samples) has nothing to judge and passes.
public enum SampleIntervalCheck {
  /// The accepted median interval between samples, seconds.
  public static let plausibleMedianSeconds = 0.0001...0.25

  /// Time units by seconds per tick, for naming what the times look like.
  static let units: [(name: String, symbol: String, seconds: Double)] = [
    ("seconds", "s", 1), ("milliseconds", "ms", 1e-3), ("microseconds", "us", 1e-6), ("nanoseconds", "ns", 1e-9),
  ]

  /// The median positive interval between consecutive samples of the trace's strokes, seconds,
  /// or `nil` if there is none.
  public static func medianInterval(of trace: Trace) -> Double? {
    var intervals: [Double] = []
    intervals.reserveCapacity(trace.sampleCount)
    for stroke in trace.strokes {
      for index in stroke.samples.indices.dropFirst() {
        let interval = stroke.samples[index].time - stroke.samples[index - 1].time
        if interval > 0 { intervals.append(interval) }
      }
    }
    guard !intervals.isEmpty else { return nil }
    intervals.sort()
    let middle = intervals.count / 2
    return intervals.count % 2 == 1 ? intervals[middle] : (intervals[middle - 1] + intervals[middle]) / 2
  }

  /// Throws when the median interval is implausible.
  ///
  /// - `declaredSecondsPerTick`: the unit the file's time column was read in (1 for seconds,
  ///   1e-3 for milliseconds …), so that the error can say which unit the times look like.
  /// - `fix`: given the unit symbol the times look like (`ms`), the change the user should make,
  ///   in words (for a mapped file, `declare t=COLUMN:ms`).
  public static func check(
    _ trace: Trace, file: String, declaredSecondsPerTick: Double = 1, fix: (String) -> String
  ) throws {
    guard let median = medianInterval(of: trace), !plausibleMedianSeconds.contains(median) else { return }
    var problem = "the median interval between samples is \(describe(median)), outside the "
      + "\(describe(plausibleMedianSeconds.lowerBound))–\(describe(plausibleMedianSeconds.upperBound)) "
      + "a digitizer (30 Hz–2 kHz, with margin) produces"
    // The unit whose reading puts the median nearest the middle of the digitizer range (~4 ms).
    let declared = units.min { abs(log10($0.seconds / declaredSecondsPerTick)) < abs(log10($1.seconds / declaredSecondsPerTick)) }
    let candidates = units.compactMap { unit -> (unit: (name: String, symbol: String, seconds: Double), median: Double)? in
      guard unit.symbol != declared?.symbol else { return nil }
      let rescaled = median * unit.seconds / declaredSecondsPerTick
      return plausibleMedianSeconds.contains(rescaled) ? (unit, rescaled) : nil
    }
    if let best = candidates.min(by: { abs(log10($0.median / 0.004)) < abs(log10($1.median / 0.004)) }) {
      problem += "; read as \(best.unit.name) it would be \(describe(best.median)), so the times look like "
        + "\(best.unit.name): \(fix(best.unit.symbol))"
    }
    throw TraceInputError(file: file, location: .file, field: "t", problem: problem)
  }

  /// `8 s`, `16.7 ms`, `33 µs`: three significant digits in a fitting unit.
  static func describe(_ seconds: Double) -> String {
    let (value, unit): (Double, String) =
      seconds >= 1 ? (seconds, "s") : seconds >= 1e-3 ? (seconds * 1e3, "ms") : seconds >= 1e-6 ? (seconds * 1e6, "µs") : (seconds * 1e9, "ns")
    let rounded = (value * 100).rounded() / 100
    return (abs(rounded) < 1e15 && rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + " " + unit
  }
}
