/// A global look, then a local one: a seeded Latin hypercube (``LatinHypercubeSearch``) over the
/// whole space for the first `exploreCount` trials, then Nelder–Mead (``NelderMeadSearch``)
/// started at the best point the hypercube found, for the rest of the budget. Either alone
/// fails in a familiar way: a hypercube of a few dozen points never lands exactly on a good
/// corner (for the polynomial predictor, order 1 with a window of 2, which is linear
/// extrapolation), and Nelder–Mead from the defaults refines the wrong basin.
///
/// Ask/tell and deterministic like its parts, so a journal resumes it exactly (``Tuner``).
public struct ExploreThenRefineSearch: SearchStrategy {
  private var explore: LatinHypercubeSearch
  public let exploreCount: Int
  public let refineBudget: Int
  public let step: Double
  private var best: (point: [Double], score: Double)?
  private var refine: NelderMeadSearch?
  private var exploring = true

  /// - Parameters:
  ///   - dimensionCount: dimensions of the unit cube.
  ///   - exploreCount: Latin hypercube points first (at least 1).
  ///   - refineBudget: Nelder–Mead points after (0 = none).
  ///   - step: the refinement's initial simplex edge, unit-cube lengths (smaller than a fresh
  ///     Nelder–Mead's, since it starts near a good point).
  public init(dimensionCount: Int, exploreCount: Int, refineBudget: Int, seed: UInt64, step: Double = 0.1) {
    precondition(exploreCount > 0 && refineBudget >= 0)
    explore = LatinHypercubeSearch(dimensionCount: dimensionCount, count: exploreCount, seed: seed)
    self.exploreCount = exploreCount
    self.refineBudget = refineBudget
    self.step = step
  }

  public mutating func next() -> [Double]? {
    if exploring {
      if let point = explore.next() { return point }
      exploring = false
      guard refineBudget > 0, let best else { return nil }
      refine = NelderMeadSearch(start: best.point, step: step, budget: refineBudget)
    }
    return refine?.next()
  }

  public mutating func tell(_ point: [Double], score: Double) {
    if exploring {
      if score.isFinite, best.map({ score < $0.score }) ?? true { best = (point, score) }
    } else {
      refine?.tell(point, score: score)
    }
  }
}
