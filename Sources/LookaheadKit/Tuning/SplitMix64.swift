/// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): the workbench's seeded generator, so that
/// searches, splits, replays and bootstraps are repeatable from their recorded seed.
///
/// The draws a seeded result depends on (an index below a bound, a unit-interval number, a
/// shuffle) are written out here rather than taken from the standard library's
/// `Int.random(in:using:)`, `Double.random(in:using:)` and `shuffle(using:)`, whose algorithms
/// Swift does not promise to keep: a recorded seed must give the same split and the same trials
/// on every toolchain. They are the algorithms Swift 6.x uses today (a test checks they agree),
/// so results recorded before they were written out are unchanged.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
  private var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in `0 ..< bound` (`bound` > 0), without bias: D. Lemire's multiply-and-reject
  /// ("Fast random integer generation in an interval", ACM TOMACS 29(1), 2019): the high word of
  /// `next() × bound`, drawn again while the low word falls in the short first stretch.
  public mutating func nextIndex(below bound: Int) -> Int {
    precondition(bound > 0, "nextIndex(below:) needs a positive bound")
    let upper = UInt64(bound)
    var product = next().multipliedFullWidth(by: upper)
    if product.low < upper {
      let threshold = (0 &- upper) % upper
      while product.low < threshold { product = next().multipliedFullWidth(by: upper) }
    }
    return Int(product.high)
  }

  /// Uniform in `0 ..< 1` on the 2⁻⁵³ grid, from the low 53 bits of one draw.
  public mutating func nextUnit() -> Double {
    Double(next() & (1 << 53 - 1)) * 0x1p-53
  }

  /// Shuffles `elements` in place: Fisher–Yates (Durstenfeld's forward form; Knuth, TAOCP vol. 2,
  /// §3.4.2, Algorithm P), position `i` swapped with one drawn from `i ..< count`.
  public mutating func shuffle<Element>(_ elements: inout [Element]) {
    guard elements.count > 1 else { return }
    for i in 0..<(elements.count - 1) {
      elements.swapAt(i, i + nextIndex(below: elements.count - i))
    }
  }
}
