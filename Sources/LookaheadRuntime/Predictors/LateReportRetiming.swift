/// Re-times late-stamped reports in a window of recent samples before its velocities are read.
///
/// Some touch controllers stamp a report when they deliver it, not when they sampled it: a report
/// held back arrives just before the next one, so one step lasts a fraction of a millisecond yet
/// carries a whole step's motion, and the step before it is as much too long. TurboTouch's
/// `strokes.csv` has 16 such steps of 0.16–0.29 ms between steps of about 8 ms
/// (`../shared/design/ANCHOR-PROTOCOL.md`, §2); Henze 2017 and WacomMSP13 keep some 1 ms steps
/// with real motion. A velocity over such a step is tens of times too large, and two-point
/// extrapolation from it overshoots by as much. ink-stroke-modeler's Kalman predictor is immune
/// because it counts samples, not time; this rule keeps the time steps and repairs only the
/// suspicious ones.
///
/// The rule: with `m` the median of the window's steps, a step shorter than `fraction · m` moves
/// its older sample to the middle of its neighbours (the newer neighbour as recorded, the older one
/// as already re-timed), or, for the window's oldest sample, to one median step before its newer
/// neighbour. The newest sample is never moved (its successor is not known yet), so the prediction's
/// horizon is unchanged. A re-timed sample always lies strictly between its neighbours, so the steps
/// stay positive. A window with no step below the threshold is left exactly as it was, and so is a
/// window whose times are so far apart that a step overflows (an app's garbage, not a late report).
///
/// The learned families read a re-timed window through ``LearnedSampleHistory``, which applies the
/// rule once per sample to the window as recorded.
package enum LateReportRetiming {
  /// The accepted thresholds, as fractions of the window's median step: above 0, below 1 (a
  /// threshold at the median itself would move half the samples of a regular stroke).
  package static func isValid(fraction: Double) -> Bool {
    fraction.isFinite && fraction > 0 && fraction < 1
  }

  /// Re-times `samples` (oldest first, strictly increasing times) in place by the rule above.
  package static func retime(_ samples: UnsafeMutableBufferPointer<PointerSample>, fraction: Double) {
    let count = samples.count
    guard count >= 3 else { return }
    let median = medianStep(of: UnsafeBufferPointer(samples))
    guard median.isFinite else { return }
    let threshold = fraction * median
    for j in 0..<(count - 1) {
      let newerTime = samples[j + 1].time
      guard newerTime - samples[j].time < threshold else { continue }
      // Halves added rather than a sum halved: the same number, without overflowing near the
      // largest finite time.
      let moved = j > 0 ? samples[j - 1].time / 2 + newerTime / 2 : newerTime - median
      if moved.isFinite { samples[j].time = moved }
    }
  }

  /// The median of the `count − 1` steps between consecutive samples (the mean of the middle two
  /// for an even count), sorted on the stack: a window holds at most 17 samples.
  static func medianStep(of samples: UnsafeBufferPointer<PointerSample>) -> Double {
    let stepCount = samples.count - 1
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: stepCount) { steps in
      for i in 0..<stepCount { steps[i] = samples[i + 1].time - samples[i].time }
      // Insertion sort: at most 16 values.
      for i in 1..<stepCount {
        let value = steps[i]
        var k = i
        while k > 0 && steps[k - 1] > value {
          steps[k] = steps[k - 1]
          k -= 1
        }
        steps[k] = value
      }
      let middle = stepCount / 2
      return stepCount % 2 == 1 ? steps[middle] : (steps[middle - 1] + steps[middle]) / 2
    }
  }
}
