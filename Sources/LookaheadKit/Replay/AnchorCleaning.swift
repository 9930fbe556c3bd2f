/// The cleaning rules R1–R3 of the per-sample anchor protocol (`../shared/design/ANCHOR-PROTOCOL.md`
/// §1.2), applied to one stroke's samples in order, each compared with the last *kept* sample:
///
/// - R1: a sample earlier than the last kept one is dropped (out of order);
/// - R2: a sample at the same time replaces the last kept one (the last of a same-time run wins);
/// - R3: a sample at most 1 ms after the last kept one at the same x and y is dropped (the Wacom
///   MSP13 duplicate-report rule, applied to every dataset).
///
/// The importers apply the same rules, so cleaning an imported trace again changes nothing.
public enum AnchorCleaning {
  /// How many samples each rule touched.
  public struct Counts: Sendable, Hashable {
    /// R1: dropped as out of order.
    public var outOfOrder = 0
    /// R2: replaced a same-time sample.
    public var sameTimeReplaced = 0
    /// R3: dropped as a ≤ 1 ms repeat of the same position.
    public var repeatedPosition = 0
    public init(outOfOrder: Int = 0, sameTimeReplaced: Int = 0, repeatedPosition: Int = 0) {
      self.outOfOrder = outOfOrder
      self.sameTimeReplaced = sameTimeReplaced
      self.repeatedPosition = repeatedPosition
    }
    public static func + (a: Counts, b: Counts) -> Counts {
      Counts(
        outOfOrder: a.outOfOrder + b.outOfOrder, sameTimeReplaced: a.sameTimeReplaced + b.sameTimeReplaced,
        repeatedPosition: a.repeatedPosition + b.repeatedPosition)
    }
  }

  /// R3's window, seconds (1 ms), with a 1 ns allowance for times that were converted from whole
  /// milliseconds to seconds and back.
  public static let repeatWindowSeconds = 0.001 + 1e-9

  /// Cleans `samples` into `kept` (cleared first; its capacity is reused) and counts the rules.
  public static func clean(_ samples: [TraceSample], into kept: inout [TraceSample]) -> Counts {
    var counts = Counts()
    kept.removeAll(keepingCapacity: true)
    for sample in samples {
      guard let last = kept.last else {
        kept.append(sample)
        continue
      }
      let dt = sample.time - last.time
      if dt < 0 {
        counts.outOfOrder += 1
      } else if dt == 0 {
        kept[kept.count - 1] = sample
        counts.sameTimeReplaced += 1
      } else if dt <= repeatWindowSeconds, sample.x == last.x, sample.y == last.y {
        counts.repeatedPosition += 1
      } else {
        kept.append(sample)
      }
    }
    return counts
  }

  /// Cleans `samples` into a new array.
  public static func clean(_ samples: [TraceSample]) -> (samples: [TraceSample], counts: Counts) {
    var kept: [TraceSample] = []
    kept.reserveCapacity(samples.count)
    let counts = clean(samples, into: &kept)
    return (kept, counts)
  }
}
