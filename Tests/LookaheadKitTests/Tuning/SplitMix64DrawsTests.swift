import Testing

@testable import LookaheadKit

/// The seeded draws written out in ``SplitMix64`` are the ones the standard library made before
/// (Swift 6.x), so every recorded split, search and bootstrap is unchanged; if a toolchain ever
/// changes its algorithms this test says so, and the project's own draws stay as they are.
@Suite struct SplitMix64DrawsTests {
  @Test func shuffleEqualsTheStandardLibrarysOnTheSameStream() {
    for seed in UInt64(0)..<200 {
      for count in [0, 1, 2, 3, 5, 8, 13, 31] {
        var ours = SplitMix64(seed: seed)
        var theirs = SplitMix64(seed: seed)
        var elements = Array(0..<count)
        ours.shuffle(&elements)
        #expect(elements == Array(0..<count).shuffled(using: &theirs))
        // Both consumed the same draws.
        #expect(ours.next() == theirs.next())
      }
    }
  }

  @Test func indexAndUnitDrawsEqualTheStandardLibrarys() {
    var ours = SplitMix64(seed: 11)
    var theirs = SplitMix64(seed: 11)
    // Bounds near powers of two and a large one make the rejection step run.
    for bound in [1, 2, 3, 7, 64, 1000, (1 << 62) + 12345, Int.max] {
      for _ in 0..<50 {
        #expect(ours.nextIndex(below: bound) == Int.random(in: 0..<bound, using: &theirs))
        #expect(ours.nextIndex(below: bound) == Int(theirs.next(upperBound: UInt64(bound))))
        #expect(ours.nextUnit() == Double.random(in: 0..<1, using: &theirs))
      }
    }
  }

  /// Hand-checked: each position of a Fisher–Yates shuffle of 0..<4 is equally likely over many
  /// seeds (a biased swap rule, such as drawing from the whole array each time, fails this).
  @Test func shuffleIsUniformOverPositions() {
    var counts = [[Int]](repeating: [Int](repeating: 0, count: 4), count: 4)
    var rng = SplitMix64(seed: 5)
    for _ in 0..<24_000 {
      var elements = [0, 1, 2, 3]
      rng.shuffle(&elements)
      for (position, element) in elements.enumerated() { counts[element][position] += 1 }
    }
    // Expected 6000 each; 6 standard deviations (√(24000·¼·¾) ≈ 67) is about 400.
    for row in counts { for count in row { #expect(abs(count - 6000) < 400) } }
  }
}
