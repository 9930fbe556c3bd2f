/// Percentiles exactly as `numpy.percentile(values, q)` computes them by default ("linear",
/// Hyndman & Fan 1996 type 7), so that numbers match a notebook's.
///
/// Type 7: with the `n` values sorted ascending, the virtual index is `h = (n − 1)·q/100`; the
/// result interpolates linearly between the values at `⌊h⌋` and `⌊h⌋ + 1`. The interpolation is
/// written the way numpy's `_lerp` writes it (`b − (b − a)(1 − γ)` when `γ ≥ 0.5`), so results
/// agree to the last bit, not just to rounding. Source: numpy `lib/_function_base_impl.py`
/// (`_quantile`, `_lerp`), and R. J. Hyndman, Y. Fan, "Sample Quantiles in Statistical Packages",
/// The American Statistician 50(4), 1996.
///
/// The selection works in place (a quickselect), so percentiles of a reused buffer allocate
/// nothing. Large buffers (the pooled values of a whole run) are first narrowed to the few
/// values between two pivots taken from a sample, the idea of Floyd and Rivest's SELECT
/// (R. W. Floyd, R. L. Rivest, "Expected time bounds for selection", CACM 18(3), 1975): a
/// vectorised counting pass checks that the wanted rank lies between the pivots, a branch-free
/// pass copies the values between them, and the quickselect runs on those. An order statistic
/// is one value whichever way it is found, so the result is the same number as the plain
/// quickselect's (where +0 and −0 tie, either may come out, as with any selection); and the
/// narrowing only reads the values, so pooled buffers need no copy.
public enum Percentile {
  /// The type-7 quantile `quantile` (0…1) of `sorted` (ascending), or `nil` when it is empty or
  /// `quantile` is not in 0…1: the same number as ``type7(_:of:)`` of `100 · quantile`, for
  /// values a caller has sorted anyway (the per-sample protocol, the replay's horizon summary).
  public static func type7(quantile: Double, ofSorted sorted: [Double]) -> Double? {
    guard !sorted.isEmpty, quantile.isFinite, quantile >= 0, quantile <= 1 else { return nil }
    let (lower, upper, gamma) = ranks(quantile: quantile, count: sorted.count)
    return lerp(sorted[lower], sorted[upper], gamma)
  }

  /// The two order statistics (0-based ranks, ascending) type 7 interpolates for `quantile`
  /// (0…1) of `count` values, and the weight γ of the upper one: the virtual index is
  /// `(count − 1)·quantile`. At the top both ranks are the last.
  @inline(__always)
  static func ranks(quantile: Double, count: Int) -> (lower: Int, upper: Int, gamma: Double) {
    let virtualIndex = Double(count - 1) * quantile
    if virtualIndex >= Double(count - 1) { return (count - 1, count - 1, 0) }
    let lower = Int(virtualIndex.rounded(.down))
    return (lower, lower + 1, virtualIndex - Double(lower))
  }

  /// The type-7 percentile `percent` (0…100) of `values`, or `nil` when `values` is empty or
  /// `percent` is not in 0…100. Reorders `values`.
  public static func type7(_ percent: Double, of values: inout [Double]) -> Double? {
    let count = values.count
    guard count > 0, percent.isFinite, percent >= 0, percent <= 100 else { return nil }
    let (lower, upper, gamma) = ranks(quantile: percent / 100, count: count)
    if upper == lower {
      return values.withUnsafeMutableBufferPointer { select(count - 1, in: $0) }
    }
    if count >= narrowingThreshold,
      let (a, b) = values.withUnsafeBufferPointer({ narrowedSelect(lower, in: $0) })
    {
      return lerp(a, b, gamma)
    }
    return values.withUnsafeMutableBufferPointer { buffer -> Double in
      let (a, b) = selectPair(lower, in: buffer)
      return lerp(a, b, gamma)
    }
  }

  /// The type-7 percentile `percent` of `values`, which are left as they are: a large buffer is
  /// narrowed without copying; otherwise `scratch` (reused between calls) receives a copy to
  /// select in. The same number as ``type7(_:of:)`` of a copy of `values`.
  static func type7(
    _ percent: Double, ofUnchanged values: UnsafeBufferPointer<Double>, scratch: inout [Double]
  ) -> Double? {
    let count = values.count
    if count >= narrowingThreshold, percent.isFinite, percent >= 0, percent < 100 {
      let (lower, upper, gamma) = ranks(quantile: percent / 100, count: count)
      if upper > lower, let (a, b) = narrowedSelect(lower, in: values) {
        return lerp(a, b, gamma)
      }
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: values)
    return type7(percent, of: &scratch)
  }

  /// Type-7 percentiles `percents` of `values`, which are left as they are, in the order asked
  /// (`nil` for a percent outside 0…100 or when `values` is empty). The same numbers as
  /// ``type7(_:of:)`` on a copy of `values` for each percent; the work is shared (one copy or one
  /// narrowing pass for all of them).
  static func type7(
    _ percents: [Double], ofUnchanged values: UnsafeBufferPointer<Double>, scratch: inout [Double]
  ) -> [Double?] {
    let count = values.count
    guard count > 0 else { return percents.map { _ in nil } }
    // Each percent's virtual index and the order statistics it interpolates.
    var lowerRanks: [Int] = []
    var gammas: [Double] = []
    for percent in percents {
      guard percent.isFinite, percent >= 0, percent <= 100 else {
        lowerRanks.append(-1)
        gammas.append(0)
        continue
      }
      let (lower, _, gamma) = ranks(quantile: percent / 100, count: count)
      lowerRanks.append(lower)
      gammas.append(gamma)
    }
    let pairs = orderStatisticPairs(lowerRanks.filter { $0 >= 0 }, ofUnchanged: values, scratch: &scratch)
    var next = 0
    return zip(lowerRanks, gammas).map { lower, gamma -> Double? in
      guard lower >= 0 else { return nil }
      let (a, b) = pairs[next]
      next += 1
      return lower == count - 1 ? a : lerp(a, b, gamma)
    }
  }

  /// For each rank `k` in `ranks` (each in `0..<values.count`), the `k`-th and (`k`+1)-th smallest
  /// of `values` (the second is +∞ for the last rank); `values` are left as they are. The order
  /// statistics from which any type-7 percentile, and any percentile of a monotone function of
  /// the values, interpolates.
  static func orderStatisticPairs(
    _ ranks: [Int], ofUnchanged values: UnsafeBufferPointer<Double>, scratch: inout [Double]
  ) -> [(Double, Double)] {
    let count = values.count
    var pairs: [(Double, Double)] = []
    pairs.reserveCapacity(ranks.count)
    if count >= narrowingThreshold {
      for k in ranks {
        guard let pair = narrowedSelect(k, in: values) else { break }
        pairs.append(pair)
      }
      if pairs.count == ranks.count { return pairs }
      pairs.removeAll()
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: values)
    scratch.withUnsafeMutableBufferPointer { buffer in
      for k in ranks { pairs.append(selectPair(k, in: buffer)) }
    }
    return pairs
  }

  /// The `k`-th and (`k`+1)-th smallest values of `buffer` (the second +∞ when `k` is the last
  /// index), reordering it: after selecting `k`, everything above it is ≥ the `k`-th, so the next
  /// order statistic is the least of that upper part.
  static func selectPair(_ k: Int, in buffer: UnsafeMutableBufferPointer<Double>) -> (Double, Double) {
    let a = select(k, in: buffer)
    var b = Double.infinity
    var index = k + 1
    while index < buffer.count {
      if buffer[index] < b { b = buffer[index] }
      index += 1
    }
    return (a, b)
  }

  /// Below this many values the quickselect alone is as fast as narrowing first.
  static let narrowingThreshold = 4096
  /// Values sampled to choose the two pivots from `n`: 16 √n (1024 for the smallest pools, about
  /// 10 000 for half a million values), at most 16 384. Selecting in the sample costs about `s`,
  /// in the middle about 5n/√s (below); 16 √n keeps both small for the pool sizes of a run.
  static func sampleCount(_ n: Int) -> Int { min(16_384, max(1024, Int(Double(n).squareRoot() * 16))) }
  /// How many sample ranks each pivot lies from the wanted rank: 2.5 √s, five standard
  /// deviations of a sample rank, so the wanted value is between them in all but freak inputs,
  /// and the middle keeps about 5/√s of the values (5 % at s = 10 000).
  static func pivotSpread(_ s: Int) -> Int { Int((2.5 * Double(s).squareRoot()).rounded(.up)) }

  /// The `k`-th and (`k`+1)-th smallest values (the second is +∞ when `k` is the last index),
  /// or `nil` when the sample's pivots miss `k` or a value is NaN (then the caller's quickselect
  /// decides, as it always did). Only reads `buffer`.
  static func narrowedSelect(_ k: Int, in buffer: UnsafeBufferPointer<Double>) -> (Double, Double)? {
    let n = buffer.count
    let s = sampleCount(n)
    let spread = pivotSpread(s)
    guard n >= s, let base = buffer.baseAddress else { return nil }
    // Pivots: order statistics of an evenly spaced sample around the sample rank of k.
    let (low, high) = withUnsafeTemporaryAllocation(of: Double.self, capacity: s) { sample -> (Double, Double) in
      for i in 0..<s { sample.initializeElement(at: i, to: buffer[i * n / s]) }
      let rank = k * s / n
      // Near either end there is no pivot on that side: the middle runs to the end.
      let lowRank = rank - spread
      let highRank = rank + spread + 1
      let low = lowRank >= 0 ? select(lowRank, in: sample) : -Double.infinity
      guard highRank < s else { return (low, Double.infinity) }
      // Everything after lowRank is ≥ low now; the higher pivot is selected among those.
      let from = max(0, lowRank + 1)
      let high = select(highRank - from, in: UnsafeMutableBufferPointer(rebasing: sample[from...]))
      return (low, high)
    }
    // Counting pass, eight lanes at a time: values below `low`, within `low…high`, NaNs, and
    // the least value above `high` (the next order statistic when k is the middle's last).
    let lanes = 8
    let lowLanes = SIMD8<Double>(repeating: low)
    let highLanes = SIMD8<Double>(repeating: high)
    var belowLanes = SIMD8<Int64>.zero
    var withinLanes = SIMD8<Int64>.zero
    var notANumberLanes = SIMD8<Int64>.zero
    var leastAboveLanes = SIMD8<Double>(repeating: .infinity)
    let raw = UnsafeRawPointer(base)
    var i = 0
    while i + lanes <= n {
      let v = raw.loadUnaligned(fromByteOffset: i * MemoryLayout<Double>.stride, as: SIMD8<Double>.self)
      let isBelow = v .< lowLanes
      let isAbove = v .> highLanes
      let isNaN = v .!= v
      belowLanes &+= SIMD8<Int64>.zero.replacing(with: 1, where: isBelow)
      withinLanes &+= SIMD8<Int64>.zero.replacing(with: 1, where: (v .>= lowLanes) .& (v .<= highLanes))
      notANumberLanes &+= SIMD8<Int64>.zero.replacing(with: 1, where: isNaN)
      leastAboveLanes.replace(with: v, where: isAbove .& (v .< leastAboveLanes))
      i += lanes
    }
    var below = Int(belowLanes.wrappedSum())
    var within = Int(withinLanes.wrappedSum())
    var notANumber = Int(notANumberLanes.wrappedSum())
    var leastAbove = leastAboveLanes.min()
    while i < n {
      let v = buffer[i]
      if v < low { below += 1 } else if v <= high { within += 1 } else if v > high { leastAbove = min(leastAbove, v) }
      if v.isNaN { notANumber += 1 }
      i += 1
    }
    guard notANumber == 0, below <= k, k < below + within else { return nil }
    // Copying pass, branch-free: every value is written, and kept by moving on when in range.
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: within + 1) { middle -> (Double, Double) in
      var kept = 0
      for i in 0..<n {
        let v = buffer[i]
        middle.initializeElement(at: kept, to: v)
        let atLeastLow: Int = v >= low ? 1 : 0
        let atMostHigh: Int = v <= high ? 1 : 0
        kept &+= atLeastLow & atMostHigh
      }
      let candidates = UnsafeMutableBufferPointer(rebasing: middle[0..<within])
      let kInMiddle = k - below
      // The next order statistic is in the middle or, when k is the middle's last, above it.
      let (a, nextInMiddle) = selectPair(kInMiddle, in: candidates)
      return (a, Swift.min(nextInMiddle, leastAbove))
    }
  }

  /// numpy's `_lerp`: `a + (b − a)·t`, or `b − (b − a)·(1 − t)` when `t ≥ 0.5`.
  static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    let difference = b - a
    return t >= 0.5 ? b - difference * (1 - t) : a + difference * t
  }

  /// Moves the `k`-th smallest value to index `k`, smaller ones before it and larger ones after
  /// it (Hoare's FIND with a median-of-three pivot), and returns it.
  static func select(_ k: Int, in buffer: UnsafeMutableBufferPointer<Double>) -> Double {
    var low = 0
    var high = buffer.count - 1
    while high > low {
      let middle = low + (high - low) / 2
      // Median of three to the middle, so sorted input stays linear.
      if buffer[middle] < buffer[low] { buffer.swapAt(middle, low) }
      if buffer[high] < buffer[low] { buffer.swapAt(high, low) }
      if buffer[high] < buffer[middle] { buffer.swapAt(high, middle) }
      let pivot = buffer[middle]
      var i = low
      var j = high
      while i <= j {
        while buffer[i] < pivot { i += 1 }
        while pivot < buffer[j] { j -= 1 }
        if i <= j {
          buffer.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if k <= j {
        high = j
      } else if k >= i {
        low = i
      } else {
        break
      }
    }
    return buffer[k]
  }
}
