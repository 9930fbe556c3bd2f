/// The non-dominated trade-offs between two goals, for example error (lower is better) against
/// effective latency saved (higher is better): the configurations a product team chooses among.
public enum ParetoFront {
  /// Indices of the points not dominated by any other, sorted by the first goal. A point is
  /// dominated when another is at least as good in both goals and better in one.
  public static func indices(costs: [Double], benefits: [Double]) -> [Int] {
    precondition(costs.count == benefits.count)
    let order = costs.indices.filter { costs[$0].isFinite && benefits[$0].isFinite }
      .sorted { costs[$0] < costs[$1] || (costs[$0] == costs[$1] && (benefits[$0] > benefits[$1] || (benefits[$0] == benefits[$1] && $0 < $1))) }
    var front: [Int] = []
    var bestBenefit = -Double.infinity
    for index in order where benefits[index] > bestBenefit {
      front.append(index)
      bestBenefit = benefits[index]
    }
    return front
  }
}

extension ParetoFront {
  /// Indices of the points not dominated by any other, in any number of goals, all lower-is-better
  /// (negate a benefit), in index order. A point is dominated when another is at least as good in
  /// every goal and better in one; a point with a non-finite goal is left out. Equal points are
  /// all kept (none is better in any goal). Quadratic in the points, which is fine for the
  /// hundreds of trials a tune runs.
  public static func indices(goals points: [[Double]]) -> [Int] {
    let finite = points.indices.filter { points[$0].allSatisfy(\.isFinite) }
    func dominates(_ a: [Double], _ b: [Double]) -> Bool {
      var better = false
      for (x, y) in zip(a, b) {
        if x > y { return false }
        if x < y { better = true }
      }
      return better
    }
    return finite.filter { i in !finite.contains { j in j != i && dominates(points[j], points[i]) } }
  }
}
