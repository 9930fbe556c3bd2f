import LookaheadKit
import Testing

/// ``balancedRuns(cumulativeWeights:parts:)`` and ``parallelRuns(_:_:)``: the runs cover the items
/// in order, each holds at least one item, the heavy item gets a run of its own; and no items give
/// no runs and no calls (the empty case trapped `evaluate` on data without a contact stroke).
@Suite("balanced runs over items of different weights")
struct BalancedRunsTests {
  @Test("runs cover the items in order, one item at least each; weights decide the cut")
  func cover() {
    // Item weights 1, 1, 1, 10, 1: a two-way split puts the heavy item's boundary first.
    let weights = [1, 1, 1, 10, 1]
    let cumulative = weights.reduce(into: [0]) { $0.append($0.last! + $1) }
    #expect(balancedRuns(cumulativeWeights: cumulative, parts: 2) == [0..<4, 4..<5])
    #expect(balancedRuns(cumulativeWeights: cumulative, parts: 9) == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5])
    #expect(balancedRuns(cumulativeWeights: cumulative, parts: 1) == [0..<5])
    let runs = balancedRuns(cumulativeWeights: cumulative, parts: 3)
    #expect(parallelRuns(runs) { $0 } == runs)
  }

  @Test("no items: no runs, and parallelRuns calls nothing")
  func empty() {
    let runs = balancedRuns(cumulativeWeights: [0], parts: 4)
    #expect(runs.isEmpty)
    #expect(parallelRuns(runs) { run -> Int in Issue.record("called on \(run)"); return 0 }.isEmpty)
  }
}
