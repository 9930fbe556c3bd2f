import LookaheadKit

/// The tests' seeded generator is the workbench's own (SplitMix64), so a test and a search given
/// the same seed draw the same numbers.
public typealias SeededGenerator = SplitMix64
