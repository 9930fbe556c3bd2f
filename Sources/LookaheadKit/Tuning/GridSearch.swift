/// Every combination of `pointsPerDimension` evenly spaced values per dimension (ends included),
/// in lexicographic order: exhaustive and easy to read, for two or three parameters.
public struct GridSearch: SearchStrategy {
  public let dimensionCount: Int
  public let pointsPerDimension: Int
  private var index = 0

  public init(dimensionCount: Int, pointsPerDimension: Int) {
    precondition(dimensionCount > 0 && pointsPerDimension > 0)
    self.dimensionCount = dimensionCount
    self.pointsPerDimension = pointsPerDimension
  }

  public var totalCount: Int {
    (0..<dimensionCount).reduce(1) { product, _ in product * pointsPerDimension }
  }

  public mutating func next() -> [Double]? {
    guard index < totalCount else { return nil }
    var rest = index
    var point = Array(repeating: 0.0, count: dimensionCount)
    for d in (0..<dimensionCount).reversed() {
      let step = rest % pointsPerDimension
      rest /= pointsPerDimension
      point[d] = pointsPerDimension == 1 ? 0.5 : Double(step) / Double(pointsPerDimension - 1)
    }
    index += 1
    return point
  }

  public mutating func tell(_ point: [Double], score: Double) {}
}
