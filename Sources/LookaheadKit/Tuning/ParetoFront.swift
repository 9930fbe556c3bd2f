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
