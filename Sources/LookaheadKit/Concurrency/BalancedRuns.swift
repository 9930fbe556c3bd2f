/// Splits items `0..<count` into at most `parts` contiguous runs of about equal total weight
/// (each run at least one item), for ``parallelChunks(count:parts:_:)`` over work whose items
/// differ in size, such as strokes of a few or a few thousand samples: an even split by item count
/// leaves one core waiting on the other.
///
/// - Parameter cumulativeWeights: `count + 1` running totals, `cumulativeWeights[i]` the weight of
///   items `0..<i` (non-decreasing, starting at 0).
/// - Returns: the runs in order; they cover `0..<count`.
public func balancedRuns(cumulativeWeights: [Int], parts: Int) -> [Range<Int>] {
  let count = cumulativeWeights.count - 1
  guard count > 0 else { return [] }
  let partCount = max(1, min(parts, count))
  let total = cumulativeWeights[count]
  var runs: [Range<Int>] = []
  var start = 0
  for part in 1...partCount {
    var end = count
    if part < partCount {
      // The first item boundary at or past this part's share, leaving an item for each later part.
      let share = total * part / partCount
      end = start + 1
      while end < count - (partCount - part), cumulativeWeights[end] < share { end += 1 }
    }
    runs.append(start..<end)
    start = end
  }
  return runs
}

/// Runs `body` on each of `runs` (from ``balancedRuns(cumulativeWeights:parts:)``), each on its own
/// core, and returns the results in run order: none for no runs (no items), where
/// ``parallelChunks(count:parts:_:)`` would still call its body once, on an empty chunk.
public func parallelRuns<Result: Sendable>(
  _ runs: [Range<Int>], _ body: @Sendable (Range<Int>) -> Result
) -> [Result] {
  guard !runs.isEmpty else { return [] }
  return parallelChunks(count: runs.count, parts: runs.count) { chunk in body(runs[chunk.lowerBound]) }
}
