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
      strata.shuffle(using: &rng)
      columns.append(strata.map { (Double($0) + Double.random(in: 0..<1, using: &rng)) / Double(count) })
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

/// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): the workbench's seeded generator, so that
/// searches are repeatable from their recorded seed.
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
}
