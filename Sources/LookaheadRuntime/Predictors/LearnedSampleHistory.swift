/// The history the learned predictors (``LearnedLinearPredictor``, ``MLPPredictor``) read: the
/// newest `historyCount + 1` samples with their pen properties, under one set of input rules —
/// non-finite samples and time going backwards are ignored, a repeated time replaces the newest
/// sample, a gap longer than the model's `maximumGapSeconds` starts afresh — and, when the model
/// re-times late-stamped reports, the window as the model reads it (``LateReportRetiming``).
///
/// One implementation, so the two families (and their trainers, which read features through the
/// predictors) can never disagree on what a stroke's history is. The window is laid out oldest
/// first and re-timed once per sample, on `observe`, so a prediction (training asks for several
/// horizons per sample) reads it in place. The storage is made once; observing allocates nothing.
package struct LearnedSampleHistory: Sendable {
  /// The newest samples as recorded, oldest first; `count` of them valid.
  private var recorded: [PointerSample]
  /// The recorded samples re-timed by ``LateReportRetiming`` (the model's `lateReportFraction`),
  /// rebuilt from `recorded` after every change, since the rule reads the whole window as
  /// recorded; empty when the model reads the times as recorded.
  private var retimed: [PointerSample]
  private let lateReportFraction: Double?
  /// How many samples are held (at most `historyCount + 1`).
  package private(set) var count = 0

  /// - Parameter lateReportFraction: re-time the window's late-stamped reports, steps shorter than
  ///   this fraction of the window's median step (``LateReportRetiming``); `nil`, read the times
  ///   as recorded.
  package init(historyCount: Int, lateReportFraction: Double? = nil) {
    let capacity = historyCount + 1
    recorded = Array(repeating: PointerSample(time: 0, x: 0, y: 0), count: capacity)
    retimed = lateReportFraction == nil ? [] : recorded
    self.lateReportFraction = lateReportFraction
  }

  package mutating func reset() {
    count = 0
  }

  package mutating func observe(_ sample: PointerSample, maximumGapSeconds: Double) {
    guard sample.time.isFinite, sample.x.isFinite, sample.y.isFinite else { return }
    if count > 0 {
      let dt = sample.time - recorded[count - 1].time
      if dt < 0 { return }  // time going backwards: ignore the sample
      if dt > maximumGapSeconds { reset() }
      else if dt == 0 {  // a repeated time replaces the newest sample
        recorded[count - 1] = sample
        retime()
        return
      }
    }
    if count < recorded.count {
      recorded[count] = sample
      count += 1
    } else {
      // Full: the oldest leaves, the rest move down one place (at most 16 samples).
      recorded.withUnsafeMutableBufferPointer { window in
        for i in 0..<(window.count - 1) { window[i] = window[i + 1] }
        window[window.count - 1] = sample
      }
    }
    retime()
  }

  /// Rebuilds `retimed` from the samples held, when the model re-times late reports.
  private mutating func retime() {
    guard let lateReportFraction else { return }
    let count = count
    recorded.withUnsafeBufferPointer { source in
      retimed.withUnsafeMutableBufferPointer { target in
        for i in 0..<count { target[i] = source[i] }
        LateReportRetiming.retime(UnsafeMutableBufferPointer(rebasing: target[0..<count]), fraction: lateReportFraction)
      }
    }
  }

  /// The newest sample held, if any (as recorded: re-timing never moves the newest sample).
  @inline(__always)
  package var newest: PointerSample? {
    count > 0 ? recorded[count - 1] : nil
  }

  /// Calls `body` with the window the model reads, oldest first: the samples held, re-timed when
  /// the model re-times late reports. Read in place (no copy, no allocation).
  package func withWindow<Result>(_ body: (UnsafeBufferPointer<PointerSample>) -> Result) -> Result {
    let count = count
    if lateReportFraction == nil {
      return recorded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }
    return retimed.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
  }
}
