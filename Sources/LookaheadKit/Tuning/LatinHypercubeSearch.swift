/// Seeded Latin hypercube sampling (McKay, Beckman & Conover, Technometrics 1979): `count`
/// points such that each dimension's range, cut into `count` equal strata, has exactly one point
/// per stratum. Spreads a small budget more evenly than independent random draws.
public struct LatinHypercubeSearch: SearchStrategy {
  private var points: [[Double]]
  private var index = 0

  public init(dimensionCount: Int, count: Int, seed: UInt64) {
    precondition(dimensionCount > 0 && count > 0)
    var rng = SplitMix64(seed: seed)
    var columns: [[Double]] = []
    for _ in 0..<dimensionCount {
      var strata = Array(0..<count)
      rng.shuffle(&strata)
      columns.append(strata.map { (Double($0) + rng.nextUnit()) / Double(count) })
    }
    points = (0..<count).map { i in columns.map { $0[i] } }
  }

  public mutating func next() -> [Double]? {
    guard index < points.count else { return nil }
    defer { index += 1 }
    return points[index]
  }

  public mutating func tell(_ point: [Double], score: Double) {}
}
