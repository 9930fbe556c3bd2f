/// Pooled per-sample errors of one horizon, held as ascending runs — one per core, each sorted on
/// its own core — and reduced to exactly the mean and p95 that ``PerSampleScore`` computes from
/// the pooled list.
///
/// Exactly, to the bit: ``PerSampleScore`` sorts the pooled errors and sums them in ascending
/// order, so the mean depends on that order of additions and a streaming sum would differ in the
/// last bits. Here the runs are merged on the fly and summed in the same ascending order, and the
/// two order statistics around the 95th percentile are picked up during that walk, so the result
/// equals ``PerSampleScore`` without pooling hundreds of thousands of errors into one array and
/// comparison-sorting it on one core.
///
/// Each run is sorted by a least-significant-digit radix sort (Knuth, TAOCP vol. 3, §5.2.5) on
/// order-preserving 64-bit keys of the doubles — flip every bit of a negative number, only the
/// sign bit of a positive one (Herf, "Radix tricks", 2001) — by their top 33 bits in three 11-bit
/// digits (all three histograms counted in one pass; a pass skipped when every key has the same
/// digit there), then finished by an insertion pass over the whole keys, linear because only
/// near-equal neighbours can still be out of order. Runs stay as keys; the merge decodes them.
///
/// For values without NaN the ascending order is unique up to equal values (and −0 before +0,
/// which add the same), so the sum and the order statistics equal those after `Array.sort()`.
/// NaN has no place in that order (the standard library's result then depends on the input
/// order), so ``append(sorting:)`` refuses a run holding one and callers score such a predictor
/// the original way.
struct SortedErrorRuns: Sendable {
  /// Each run's keys in ascending order, followed by ``sentinel``.
  private var runs: [[UInt64]] = []

  /// Above every key of a number (the largest, +∞'s, is 0xFFF0…0; only NaNs reach higher and
  /// those are refused), so a merge can read past a run's end without checking it.
  private static let sentinel = UInt64.max

  init() {}

  /// The number of errors in all runs.
  var count: Int { runs.reduce(0) { $0 + $1.count - 1 } }

  /// Sorts `errors` and adds them as a run. Returns false, changing nothing, when one is NaN.
  mutating func append(sorting errors: UnsafeBufferPointer<Double>) -> Bool {
    guard let sorted = Self.sortedKeys(errors) else { return false }
    runs.append(sorted)
    return true
  }

  /// Adds `other`'s runs after this one's.
  mutating func append(contentsOf other: SortedErrorRuns) {
    runs += other.runs
  }

  /// Count, mean and type-7 95th percentile of all runs pooled, identical to
  /// ``PerSampleScore/init(horizon:errors:)`` on their concatenation.
  func score(horizon: FixedHorizon) -> PerSampleScore {
    let count = self.count
    guard count > 0 else { return PerSampleScore(horizon: horizon, issuePoints: 0, meanError: 0, p95Error: 0) }
    // The ranks Percentile.type7 reads.
    let (low, high, gamma) = Percentile.ranks(quantile: 0.95, count: count)
    // Down to two runs (more only with more than two cores), then one merging walk.
    var runs = self.runs
    while runs.count > 2 { runs.append(Self.merged(runs.removeFirst(), runs.removeFirst())) }
    let first = runs[0]
    let second = runs.count > 1 ? runs[1] : [Self.sentinel]
    var sum = 0.0, lowValue = 0.0, highValue = 0.0
    first.withUnsafeBufferPointer { a in
      second.withUnsafeBufferPointer { b in
        var i = 0, j = 0
        for rank in 0..<count {
          // Branch-free: the two runs interleave unpredictably. Equal keys are equal values.
          let x = a[i], y = b[j]
          let fromFirst = x <= y
          let key = fromFirst ? x : y
          i &+= fromFirst ? 1 : 0
          j &+= fromFirst ? 0 : 1
          let value = Self.value(ofKey: key)
          sum += value
          if rank == low { lowValue = value }
          if rank == high { highValue = value }
        }
      }
    }
    return PerSampleScore(
      horizon: horizon, issuePoints: count, meanError: sum / Double(count),
      p95Error: Percentile.lerp(lowValue, highValue, gamma))
  }

  /// Two runs merged into one (with its sentinel).
  private static func merged(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
    let n = a.count + b.count - 2
    var out = [UInt64](repeating: sentinel, count: n + 1)
    var i = 0, j = 0
    for k in 0..<n {
      let x = a[i], y = b[j]
      if x <= y {
        out[k] = x
        i += 1
      } else {
        out[k] = y
        j += 1
      }
    }
    return out
  }

  /// The radix passes sort by the key's top 33 bits (sign, exponent and 21 bits of mantissa) in
  /// three 11-bit digits (a histogram is 16 KiB); keys that agree there differ by less than one
  /// part in 2²¹ and are ordered by the insertion pass that finishes the sort. (A fourth pass
  /// costs more than the few such neighbours the insertion pass moves in real errors.)
  private static let digitBits = 11
  private static let passCount = 3
  private static let lowestSortedBit = 64 - passCount * digitBits

  /// The order-preserving unsigned key of a non-NaN double.
  @inline(__always)
  static func key(_ value: Double) -> UInt64 {
    let bits = value.bitPattern
    return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
  }

  /// The double whose key is `key`.
  @inline(__always)
  static func value(ofKey key: UInt64) -> Double {
    Double(bitPattern: key >> 63 == 1 ? key & ~(1 << 63) : ~key)
  }

  /// The keys of `values` in ascending order, or nil when one is NaN.
  static func sortedKeys(_ values: UnsafeBufferPointer<Double>) -> [UInt64]? {
    let n = values.count
    let bucketCount = 1 << digitBits
    let mask = UInt64(bucketCount - 1)
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: bucketCount * passCount)
    counts.initialize(repeating: 0)
    let first = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: n)
    let second = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: n)
    defer {
      counts.deallocate()
      first.deallocate()
      second.deallocate()
    }
    // Keys and every pass's histogram in one read of the values.
    var hasNaN = false
    for i in 0..<n {
      let v = values[i]
      hasNaN = hasNaN || v.isNaN
      let k = key(v)
      first.initializeElement(at: i, to: k)
      for p in 0..<passCount {
        let digit = (k >> UInt64(lowestSortedBit &+ p &* digitBits)) & mask
        counts[p &* bucketCount &+ Int(truncatingIfNeeded: digit)] &+= 1
      }
    }
    if hasNaN { return nil }
    var source = first, destination = second
    for p in 0..<passCount {
      let histogram = UnsafeMutableBufferPointer(rebasing: counts[(p * bucketCount)..<((p + 1) * bucketCount)])
      // Every key has the same digit here: the pass would move nothing.
      if histogram.contains(n) { continue }
      var offset = 0  // counts → where each bucket starts
      for b in 0..<bucketCount {
        let c = histogram[b]
        histogram[b] = offset
        offset += c
      }
      let shift = UInt64(lowestSortedBit + p * digitBits)
      for i in 0..<n {
        let k = source[i]
        let b = Int(truncatingIfNeeded: (k >> shift) & mask)
        // Read the position before the store, which the compiler cannot prove misses it.
        let position = histogram[b]
        histogram[b] = position &+ 1
        destination[position] = k
      }
      swap(&source, &destination)
    }
    // Insertion sort over the full keys: only keys equal in the top bits are out of order, and
    // they are next to each other, so this is one linear check. Should many share those bits
    // (errors within 2⁻²¹ of each other in bulk), a comparison sort finishes instead.
    var moves = 0
    let moveLimit = 4 * n + 64
    insertion: for i in source.indices.dropFirst() {
      let k = source[i]
      var j = i
      while j > 0, source[j - 1] > k {
        source[j] = source[j - 1]
        j -= 1
        moves += 1
      }
      source[j] = k
      if moves > moveLimit {
        source.sort()
        break insertion
      }
    }
    return [UInt64](unsafeUninitializedCapacity: n + 1) { buffer, initialized in
      _ = buffer.initialize(from: source)
      buffer.initializeElement(at: n, to: sentinel)
      initialized = n + 1
    }
  }
}
