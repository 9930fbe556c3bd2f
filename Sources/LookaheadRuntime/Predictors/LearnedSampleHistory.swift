/// The history the learned predictors (``LearnedLinearPredictor``, ``MLPPredictor``) read: the
/// newest `historyCount + 1` samples with their pen properties, under one set of input rules —
/// non-finite samples and time going backwards are ignored, a repeated time replaces the newest
/// sample, a gap longer than the model's `maximumGapSeconds` starts afresh.
///
/// One implementation, so the two families (and their trainers, which read features through the
/// predictors) can never disagree on what a stroke's history is. The ring's storage is made once;
/// observing allocates nothing.
package struct LearnedSampleHistory: Sendable {
  /// The newest samples; `count` of them valid, oldest at `start`.
  private var ring: [PointerSample]
  private var start = 0
  /// How many samples are held (at most `historyCount + 1`).
  package private(set) var count = 0

  package init(historyCount: Int) {
    ring = Array(repeating: PointerSample(time: 0, x: 0, y: 0), count: historyCount + 1)
  }

  package mutating func reset() {
    start = 0
    count = 0
  }

  package mutating func observe(_ sample: PointerSample, maximumGapSeconds: Double) {
    guard sample.time.isFinite, sample.x.isFinite, sample.y.isFinite else { return }
    if count > 0 {
      let newestIndex = (start + count - 1) % ring.count
      let dt = sample.time - ring[newestIndex].time
      if dt < 0 { return }  // time going backwards: ignore the sample
      if dt > maximumGapSeconds { reset() }
      else if dt == 0 {  // a repeated time replaces the newest sample
        ring[newestIndex] = sample
        return
      }
    }
    if count < ring.count {
      ring[(start + count) % ring.count] = sample
      count += 1
    } else {
      ring[start] = sample
      start = (start + 1) % ring.count
    }
  }

  /// The newest sample held, if any.
  @inline(__always)
  package var newest: PointerSample? {
    count > 0 ? ring[(start + count - 1) % ring.count] : nil
  }

  /// Calls `body` with the samples held, oldest first, in a temporary buffer (no allocation).
  package func withSamples<Result>(_ body: (UnsafeBufferPointer<PointerSample>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: PointerSample.self, capacity: count) { history in
      for i in 0..<count { history[i] = ring[(start + i) % ring.count] }
      return body(UnsafeBufferPointer(history))
    }
  }
}
