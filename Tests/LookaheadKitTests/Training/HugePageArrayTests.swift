import Testing

@testable import LookaheadKit

/// ``HugePageArray`` changes how the rows' memory is mapped, never a value: the array holds what
/// its closure wrote, in index order, at sizes below and above the advice's threshold (where the
/// region's start and end are rounded to whole huge pages inside it). That the training is the same
/// bits with it is checked where the rows are built (``StandardisedRows``): MLPTrainerTests and
/// every fixed network of the suite.
@Suite("Arrays on huge pages")
struct HugePageArrayTests {
  @Test("values in index order, advised or not", arguments: [0, 1, 1000, HugePageArray.minimumBytes / 8 + 12_345])
  func valuesInOrder(count: Int) {
    let array: [Double] = HugePageArray.make(count: count) { buffer in
      for i in buffer.indices { buffer.initializeElement(at: i, to: Double(i) * 0.5 - 3) }
    }
    #expect(array.count == count)
    #expect(array.enumerated().allSatisfy { $0.element == Double($0.offset) * 0.5 - 3 })
  }
}
