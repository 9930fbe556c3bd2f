/// Indices into a stroke's ``Stroke/samples``: `count` of them, from `lowerBound` in steps of
/// `step` (the step is the digitizer decimation, 1 when every sample is kept).
///
/// A value, not an array, so that a replay frame allocates nothing.
public struct SampleIndices: RandomAccessCollection, Sendable, Hashable {
  /// The first index.
  public var lowerBound: Int
  /// How many indices.
  public var count: Int
  /// Distance between consecutive indices, ≥ 1.
  public var step: Int

  public init(lowerBound: Int, count: Int, step: Int = 1) {
    self.lowerBound = lowerBound
    self.count = Swift.max(0, count)
    self.step = Swift.max(1, step)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }
  public subscript(position: Int) -> Int { lowerBound + position * step }
  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }
}
