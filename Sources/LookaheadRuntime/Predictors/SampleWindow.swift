/// The newest samples of a stroke (time and position), kept in a ring whose storage is made once.
///
/// Predictors copy samples into it on every `observe`; because the storage is allocated when the
/// predictor is made and never resized, steady-state updates allocate nothing. A copy of a
/// predictor shares the storage until one of them writes (copy-on-write), so copies stay
/// independent snapshots.
package struct SampleWindow: Sendable, Equatable {
  /// One remembered sample: seconds and position in the caller's unit.
  package struct Entry: Sendable, Equatable {
    package var time: Double
    package var x: Double
    package var y: Double
    /// `2^(−(t − t_previous)/h)` for the recency half-life `h` the window was recorded with: the
    /// factor by which the weight of every older sample falls relative to this one (1 when the
    /// window is not recorded with a half-life, or for a stroke's first sample). A recency
    /// weight `2^(−age/h)` is then a running product of these, one `exp2` per sample recorded
    /// instead of one per sample fitted.
    package var recencyFactor: Double
    package init(time: Double, x: Double, y: Double, recencyFactor: Double = 1) {
      self.time = time
      self.x = x
      self.y = y
      self.recencyFactor = recencyFactor
    }
  }

  private var storage: ContiguousArray<Entry>
  private var next = 0
  /// How many samples are held (at most ``capacity``).
  package private(set) var count = 0

  /// A window holding at most `capacity` samples (at least 1).
  package init(capacity: Int) {
    storage = ContiguousArray(repeating: Entry(time: 0, x: 0, y: 0), count: max(1, capacity))
  }

  package var capacity: Int { storage.count }
  package var isEmpty: Bool { count == 0 }

  /// Adds a sample, dropping the oldest when full.
  package mutating func append(_ entry: Entry) {
    storage[next] = entry
    next += 1
    if next == storage.count { next = 0 }
    if count < storage.count { count += 1 }
  }

  /// Replaces the newest sample (used when a sample repeats the previous time stamp).
  package mutating func replaceNewest(with entry: Entry) {
    guard count > 0 else { append(entry); return }
    let index = next == 0 ? storage.count - 1 : next - 1
    storage[index] = entry
  }

  /// Records a sample of a stroke: appended when it is newer than the newest one, otherwise it
  /// replaces the newest position (a re-report of the same instant; the newest time is kept, so
  /// intervals never become zero or negative). Returns true when the sample was appended.
  ///
  /// With a `recencyHalfLife` above 0 the appended entry carries its ``Entry/recencyFactor``.
  @discardableResult
  package mutating func record(time: Double, x: Double, y: Double, recencyHalfLife: Double = 0) -> Bool {
    guard let newest else {
      append(Entry(time: time, x: x, y: y))
      return true
    }
    if time <= newest.time {
      replaceNewest(with: Entry(time: newest.time, x: x, y: y, recencyFactor: newest.recencyFactor))
      return false
    }
    let factor = recencyHalfLife > 0 ? cExp2(-(time - newest.time) / recencyHalfLife) : 1
    append(Entry(time: time, x: x, y: y, recencyFactor: factor))
    return true
  }

  /// Drops every sample, keeping the storage.
  package mutating func removeAll() {
    count = 0
    next = 0
  }

  /// Keeps only the newest `n` samples.
  package mutating func keepNewest(_ n: Int) {
    if n < count { count = max(0, n) }
  }

  /// The `k`-th newest sample: `back: 0` is the newest. `k` must be below ``count``.
  @inline(__always)
  package subscript(back k: Int) -> Entry {
    var index = next - 1 - k
    if index < 0 { index += storage.count }
    return storage[index]
  }

  /// Calls `body(k, entry)` for the newest `n` samples (`n` at most ``count``), newest first
  /// (`k` = 0 is the newest), reading the ring's storage directly: the fits that run on every
  /// sample spend less on indexing than through ``subscript(back:)``.
  @inline(__always)
  package func forEachNewest(_ n: Int, _ body: (Int, Entry) -> Void) {
    storage.withUnsafeBufferPointer { buffer in
      var index = next - 1
      for k in 0..<min(n, count) {
        if index < 0 { index += buffer.count }
        body(k, buffer[index])
        index -= 1
      }
    }
  }

  /// The newest sample, if any.
  package var newest: Entry? { count > 0 ? self[back: 0] : nil }
}
