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
/// nothing.
public enum Percentile {
  /// The type-7 percentile `percent` (0…100) of `values`, or `nil` when `values` is empty or
  /// `percent` is not in 0…100. Reorders `values`.
  public static func type7(_ percent: Double, of values: inout [Double]) -> Double? {
    let count = values.count
    guard count > 0, percent.isFinite, percent >= 0, percent <= 100 else { return nil }
    let quantile = percent / 100
    let virtualIndex = Double(count - 1) * quantile
    if virtualIndex >= Double(count - 1) {
      return values.withUnsafeMutableBufferPointer { select(count - 1, in: $0) }
    }
    let lower = Int(virtualIndex.rounded(.down))
    let gamma = virtualIndex - Double(lower)
    return values.withUnsafeMutableBufferPointer { buffer -> Double in
      let a = select(lower, in: buffer)
      // After selecting `lower`, everything above it is ≥ a; the next order statistic is the
      // minimum of that upper part.
      var b = Double.infinity
      var index = lower + 1
      while index < buffer.count {
        if buffer[index] < b { b = buffer[index] }
        index += 1
      }
      return lerp(a, b, gamma)
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
