/// The Nelder–Mead downhill simplex method (Nelder & Mead, "A simplex method for function
/// minimization", Computer Journal 1965; coefficients and tie rules as in Lagarias, Reeds, Wright
/// & Wright, SIAM J. Optim. 1998), written as an ask/tell state machine over the unit cube.
///
/// Points are clamped to [0, 1]ⁿ, which keeps every proposal inside the declared ranges (log
/// scales are handled by ``SearchSpace``). When the simplex collapses it restarts around the best
/// point with half the step, so a budget larger than one convergence keeps refining.
public struct NelderMeadSearch: SearchStrategy {
  private enum Phase: Sendable {
    case initial(vertex: Int)
    case reflect
    case expand(reflected: [Double], value: Double)
    case contractOutside(reflected: [Double], value: Double)
    case contractInside
    case shrink(vertex: Int)
  }

  public let dimensionCount: Int
  public let budget: Int
  private var proposed = 0
  private var start: [Double]
  private var step: Double
  private var simplex: [[Double]] = []
  private var values: [Double] = []
  private var centroid: [Double] = []
  private var phase = Phase.initial(vertex: 0)

  /// - Parameters:
  ///   - start: the first point (unit cube), for example the defaults' unit coordinates.
  ///   - step: the initial simplex's edge, in unit-cube lengths.
  ///   - budget: the number of points to propose in all.
  public init(start: [Double], step: Double = 0.25, budget: Int) {
    precondition(!start.isEmpty && budget > 0 && step > 0)
    dimensionCount = start.count
    self.budget = budget
    self.start = start.map { min(max($0, 0), 1) }
    self.step = step
  }

  public mutating func next() -> [Double]? {
    guard proposed < budget else { return nil }
    proposed += 1
    switch phase {
    case .initial(let vertex):
      var point = start
      if vertex > 0 {
        let d = vertex - 1
        point[d] = point[d] + step <= 1 ? point[d] + step : point[d] - step
      }
      return clamp(point)
    case .reflect:
      orderSimplex()
      if simplexDiameter() < 1e-6 {
        step = max(step / 2, 1e-3)
        start = simplex[0]
        simplex = [simplex[0]]
        values = [values[0]]
        phase = .initial(vertex: 1)
        proposed -= 1
        return next()
      }
      centroid = (0..<dimensionCount).map { d in
        simplex.dropLast().reduce(0) { $0 + $1[d] } / Double(dimensionCount)
      }
      return clamp(along(from: centroid, towards: simplex[dimensionCount], by: -1))
    case .expand(let reflected, _):
      return clamp(along(from: centroid, towards: reflected, by: 2))
    case .contractOutside(let reflected, _):
      return clamp(along(from: centroid, towards: reflected, by: 0.5))
    case .contractInside:
      return clamp(along(from: centroid, towards: simplex[dimensionCount], by: 0.5))
    case .shrink(let vertex):
      return clamp(along(from: simplex[0], towards: simplex[vertex], by: 0.5))
    }
  }

  public mutating func tell(_ point: [Double], score: Double) {
    let value = score.isNaN ? .infinity : score
    let worst = dimensionCount
    switch phase {
    case .initial(let vertex):
      simplex.append(point)
      values.append(value)
      phase = vertex < dimensionCount ? .initial(vertex: vertex + 1) : .reflect
    case .reflect:
      if value < values[0] {
        phase = .expand(reflected: point, value: value)
      } else if value < values[worst - 1] {
        replaceWorst(point, value)
      } else if value < values[worst] {
        phase = .contractOutside(reflected: point, value: value)
      } else {
        phase = .contractInside
      }
    case .expand(let reflected, let reflectedValue):
      if value < reflectedValue { replaceWorst(point, value) } else { replaceWorst(reflected, reflectedValue) }
    case .contractOutside(_, let reflectedValue):
      if value <= reflectedValue { replaceWorst(point, value) } else { phase = .shrink(vertex: 1) }
    case .contractInside:
      if value < values[worst] { replaceWorst(point, value) } else { phase = .shrink(vertex: 1) }
    case .shrink(let vertex):
      simplex[vertex] = point
      values[vertex] = value
      phase = vertex < dimensionCount ? .shrink(vertex: vertex + 1) : .reflect
    }
  }

  private mutating func replaceWorst(_ point: [Double], _ value: Double) {
    simplex[dimensionCount] = point
    values[dimensionCount] = value
    phase = .reflect
  }

  /// Sorts vertices best first; ties keep their order, so runs are deterministic.
  private mutating func orderSimplex() {
    let order = simplex.indices.sorted { values[$0] < values[$1] || (values[$0] == values[$1] && $0 < $1) }
    simplex = order.map { simplex[$0] }
    values = order.map { values[$0] }
  }

  private func simplexDiameter() -> Double {
    simplex.dropFirst().map { vertex in
      zip(vertex, simplex[0]).map { abs($0 - $1) }.max() ?? 0
    }.max() ?? 0
  }

  /// `from + factor · (towards − from)`.
  private func along(from: [Double], towards: [Double], by factor: Double) -> [Double] {
    zip(from, towards).map { $0 + factor * ($1 - $0) }
  }

  private func clamp(_ point: [Double]) -> [Double] { point.map { min(max($0, 0), 1) } }
}
