import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("Ridge regression by batched normal equations (OpenBLAS + LAPACKE)")
struct NormalEquationsTests {
  /// Noise-free rows y = x·W for a known W: the solve must give W back.
  @Test("recovers known weights from noise-free data", arguments: [1, 2, 3])
  func recoversKnownWeights(parts: Int) throws {
    var rng = SeededGenerator(seed: 7)
    let k = 6, m = 2, rows = 5_000
    let truth = (0..<(k * m)).map { _ in Double.random(in: -2...2, using: &rng) }
    var x: [Double] = [], y: [Double] = []
    for _ in 0..<rows {
      let row = (0..<k).map { _ in Double.random(in: -1...1, using: &rng) }
      x += row
      for target in 0..<m {
        y.append((0..<k).reduce(0) { $0 + row[$1] * truth[$1 * m + target] })
      }
    }
    let equations = NormalEquations.accumulated(features: x, targets: y, featureCount: k, targetCount: m, parts: parts)
    #expect(equations.rowCount == rows)
    let weights = try equations.solve(lambda: 0)
    for (w, t) in zip(weights, truth) { #expect(abs(w - t) < 1e-9) }
  }

  /// One feature, one target: the ridge solution is Σxy / (Σx² + λ n), worked by hand.
  @Test("ridge shrinkage matches the one-dimensional closed form")
  func oneDimensionalRidge() throws {
    let x: [Double] = [1, 2, 3, 4]
    let y: [Double] = [2, 3, 7, 8]  // Σxy = 2 + 6 + 21 + 32 = 61, Σx² = 30
    var equations = NormalEquations(featureCount: 1, targetCount: 1)
    equations.accumulate(features: x, targets: y)
    let lambda = 0.5  // λ n = 2
    let w = try equations.solve(lambda: lambda)
    #expect(abs(w[0] - 61.0 / 32.0) < 1e-12)
  }

  @Test("fold statistics by subtraction equal accumulating the other folds directly")
  func foldsBySubtraction() throws {
    var rng = SeededGenerator(seed: 3)
    let k = 3
    let blocks = (0..<3).map { _ in (0..<(30 * k)).map { _ in Double.random(in: -1...1, using: &rng) } }
    let targets = (0..<3).map { _ in (0..<30).map { _ in Double.random(in: -1...1, using: &rng) } }
    var total = NormalEquations(featureCount: k, targetCount: 1)
    var folds: [NormalEquations] = []
    for (x, y) in zip(blocks, targets) {
      var fold = NormalEquations(featureCount: k, targetCount: 1)
      fold.accumulate(features: x, targets: y)
      folds.append(fold)
      total += fold
    }
    var direct = NormalEquations(featureCount: k, targetCount: 1)
    direct.accumulate(features: blocks[0] + blocks[2], targets: targets[0] + targets[2])
    let bySubtraction = total - folds[1]
    let a = try bySubtraction.solve(lambda: 1e-3), b = try direct.solve(lambda: 1e-3)
    for (u, v) in zip(a, b) { #expect(abs(u - v) < 1e-12) }
  }

  @Test("a singular system without regularisation is reported, not solved into garbage")
  func singular() {
    var equations = NormalEquations(featureCount: 2, targetCount: 1)
    equations.accumulate(features: [1, 2, 2, 4, 3, 6], targets: [1, 2, 3])  // column 2 = 2 × column 1
    #expect(throws: NormalEquations.SingularSystem.self) { try equations.solve(lambda: 0) }
    #expect(throws: Never.self) { try equations.solve(lambda: 1e-6) }
  }
}
