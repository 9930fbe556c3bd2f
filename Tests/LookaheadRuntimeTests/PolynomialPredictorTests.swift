import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@Suite("Polynomial least squares")
struct PolynomialPredictorTests {
  static func predictor(
    order: Int, window: Int, windowSeconds: Double = 0, halfLife: Double = 0, uniform: Bool = false,
    origin: PredictionOrigin = .lastSample
  ) -> PolynomialPredictor {
    PolynomialPredictor(
      parameters: PolynomialParameters(
        order: order, windowSamples: window, windowSeconds: windowSeconds, recencyHalfLifeSeconds: halfLife,
        uniformTime: uniform, origin: origin))
  }

  /// Irregular sample times, seconds (4–12 ms apart, as real digitisers deliver).
  static func times(_ n: Int, seed: UInt64) -> [Double] {
    var g = SeededGenerator(seed: seed)
    var t = 1.5
    return (0..<n).map { _ in
      defer { t += Double.random(in: 0.004...0.012, using: &g) }
      return t
    }
  }

  @Test("order p recovers every polynomial of degree ≤ p exactly", arguments: [1, 2, 3])
  func recoversPolynomials(order: Int) {
    var g = SeededGenerator(seed: UInt64(order) * 31)
    for trial in 0..<40 {
      let degree = Int.random(in: 0...order, using: &g)
      let cx = (0...degree).map { _ in Double.random(in: -2000...2000, using: &g) }
      let cy = (0...degree).map { _ in Double.random(in: -2000...2000, using: &g) }
      let t0 = 1.5
      func value(_ c: [Double], _ t: Double) -> Double {
        c.reversed().reduce(0) { $0 * (t - t0) + $1 } + 300
      }
      let window = Int.random(in: (order + 1)...12, using: &g)
      let halfLife = trial % 2 == 0 ? 0 : Double.random(in: 0.005...0.05, using: &g)
      let origin: PredictionOrigin = trial % 3 == 0 ? .model : .lastSample
      var p = Self.predictor(order: order, window: window, halfLife: halfLife, origin: origin)
      let ts = Self.times(window + 5, seed: UInt64(trial))
      for t in ts { p.observe(PointerSample(time: t, x: value(cx, t), y: value(cy, t))) }
      for h in [0, 0.004, 0.0167, 0.033] {
        let t = ts.last! + h
        guard let q = p.predict(at: t) else {
          Issue.record("order \(order) trial \(trial): no prediction")
          continue
        }
        let scale = max(1, abs(value(cx, t)), abs(value(cy, t)))
        #expect(abs(q.x - value(cx, t)) <= 1e-9 * scale, "order \(order) degree \(degree) trial \(trial) h \(h)")
        #expect(abs(q.y - value(cy, t)) <= 1e-9 * scale, "order \(order) degree \(degree) trial \(trial) h \(h)")
      }
    }
  }

  @Test("normal equations agree with a Householder QR fit on noisy data", arguments: [1, 2, 3])
  func agreesWithQR(order: Int) throws {
    var g = SeededGenerator(seed: 1000 + UInt64(order))
    for trial in 0..<30 {
      let window = Int.random(in: (order + 1)...16, using: &g)
      let halfLife = trial % 2 == 0 ? 0 : Double.random(in: 0.005...0.05, using: &g)
      let ts = Self.times(window, seed: 77 + UInt64(trial))
      let xs = ts.map { 100 + 800 * ($0 - 1.5) + Double.random(in: -3...3, using: &g) }
      var p = Self.predictor(order: order, window: window, halfLife: halfLife, origin: .model)
      for (t, x) in zip(ts, xs) { p.observe(PointerSample(time: t, x: x, y: 0)) }
      let newest = ts.last!
      // Oracle: weighted least squares on (t − t_newest) in seconds, rows scaled by √w.
      var rows: [[Double]] = []
      var rhs: [Double] = []
      for (t, x) in zip(ts, xs) {
        let w = halfLife > 0 ? Foundation_pow2(-(newest - t) / halfLife) : 1
        let s = w.squareRoot()
        rows.append((0...order).map { k in s * pow(t - newest, k) })
        rhs.append(s * x)
      }
      let c = try #require(HouseholderLeastSquares.solve(rows, rhs))
      for h in [0, 0.008, 0.025] {
        let expected = (0...order).reduce(0.0) { $0 + c[$1] * pow(h, $1) }
        let q = try #require(p.predict(at: newest + h))
        #expect(abs(q.x - expected) <= 1e-7 * max(1, abs(expected)), "order \(order) trial \(trial) h \(h): \(q.x) vs \(expected)")
      }
    }
  }

  /// Weights from `Tools/savitzky_golay_endpoint_weights.py` (numpy hat matrix), oldest first.
  @Test(
    "uniform time is Savitzky–Golay: the fit at the newest sample uses the SG end-point weights",
    arguments: 0..<3)
  func savitzkyGolayWeights(caseIndex: Int) throws {
    let table: [(order: Int, numerators: [Double], denominator: Double)] = [
      (2, [3, -5, -3, 9, 31], 35),
      (2, [5, -3, -6, -4, 3, 15, 32], 42),
      (3, [-1, 4, -6, 4, 69], 70),
    ]
    let order = table[caseIndex].order
    let weights = table[caseIndex].numerators.map { $0 / table[caseIndex].denominator }
    let allValues: [Double] = [3, -1, 4, 1, -5, 9, 2, 6]
    let values = Array(allValues.prefix(weights.count))
    var p = Self.predictor(order: order, window: weights.count, uniform: true, origin: .model)
    // Irregular times: uniform mode ignores them, which is the point of the special case.
    for (i, (t, v)) in zip(Self.times(weights.count, seed: 5), values).enumerated() {
      _ = i
      p.observe(PointerSample(time: t, x: v, y: -v))
    }
    let expected = zip(weights, values).reduce(0) { $0 + $1.0 * $1.1 }
    let q = try #require(p.predict(at: Self.times(weights.count, seed: 5).last!))
    #expect(abs(q.x - expected) < 1e-12)
    #expect(abs(q.y + expected) < 1e-12)
  }

  @Test("quadratic fit 10 ms ahead of irregular samples matches numpy.polyfit")
  func numpyQuadratic() throws {
    let t = [0.0, 0.004, 0.0095, 0.0121, 0.0168, 0.0203]
    let x = [3.0, 4.1, 6.3, 6.9, 9.4, 10.2]
    var p = Self.predictor(order: 2, window: 6, origin: .model)
    for i in t.indices { p.observe(PointerSample(time: t[i], x: x[i], y: 0)) }
    let q = try #require(p.predict(at: 0.0203 + 0.010))
    #expect(abs(q.x - 14.765720221332584) < 1e-9)  // Tools/savitzky_golay_endpoint_weights.py
  }

  @Test("a time window ignores older samples")
  func timeWindow() throws {
    var windowed = Self.predictor(order: 1, window: 10, windowSeconds: 0.0125)
    var reference = Self.predictor(order: 1, window: 3)
    // Two wild old samples, then a clean line every 5 ms.
    for (t, x) in [(0.0, 900.0), (0.005, -700.0)] { windowed.observe(PointerSample(time: t, x: x, y: 0)) }
    for k in 2..<8 {
      let s = PointerSample(time: Double(k) * 0.005, x: 10 + 2 * Double(k), y: 1)
      windowed.observe(s)
      reference.observe(s)
    }
    let a = try #require(windowed.predict(at: 0.05))
    let b = try #require(reference.predict(at: 0.05))
    #expect(abs(a.x - b.x) < 1e-9 && abs(a.x - 30) < 1e-9)
  }

  @Test("window smaller than order + 1 is rejected, naming the field")
  func validation() {
    #expect(throws: PredictorParameterError.self) { try PolynomialParameters(order: 3, windowSamples: 3).validate() }
    do {
      try PolynomialParameters(order: 3, windowSamples: 3).validate()
    } catch {
      #expect(error.parameter == "polynomial.windowSamples")
    }
  }

  /// The table declares order < window as a ramp, which a default tune searches so that it holds;
  /// `validate()` says the rule in its own words. The two must refuse the same pairs.
  @Test("the table's order–window ramp refuses exactly the pairs validate() refuses")
  func rampMatchesValidation() {
    #expect(PolynomialParameters.ramps == [ParameterRamp(low: "order", high: "windowSamples")])
    var refused = 0
    for order in 1...3 {
      for window in 2...64 {
        let parameters = PolynomialParameters(order: order, windowSamples: window)
        let byValidate = (try? parameters.validate()) == nil
        let byRamp = (try? parameters.validateRamps()) == nil
        #expect(byValidate == byRamp, "order \(order), window \(window)")
        if byValidate { refused += 1 }
      }
    }
    #expect(refused == 3)  // (2, 2), (3, 2), (3, 3)
  }
}

private func pow(_ x: Double, _ k: Int) -> Double { (0..<k).reduce(1) { r, _ in r * x } }
private func Foundation_pow2(_ x: Double) -> Double {
  // 2^x through e^(x ln 2) by a long Taylor series: independent of the code under test.
  let y = x * 0.693_147_180_559_945_3
  var term = 1.0
  var sum = 1.0
  for n in 1..<60 {
    term *= y / Double(n)
    sum += term
  }
  return sum
}
