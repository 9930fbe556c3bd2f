import LookaheadRuntime
import Testing

/// AndroidX `input-motionprediction`'s `SinglePointerPredictorTest.simplePrediction`, restated:
/// each axis follows one of nine generators of the elapsed milliseconds d (constant, ±d, 2d,
/// ±d²/4, d²/2, ±(d + d²/4)), offset by 500, reported every 5 ms with pressure 1 by a stylus.
/// After 20 reports, 10 times in a row the prediction one report ahead must land within 0.5 px
/// of the next real report, at that report's time. All 81 pairs except (constant, constant),
/// for which AndroidX makes no prediction.
@Suite("AndroidX golden cases")
struct AndroidXGoldenTests {
  static let generators: [@Sendable (Double) -> Double] = [
    { _ in 0 }, { $0 }, { -$0 }, { 2 * $0 }, { $0 * $0 / 4 }, { -$0 * $0 / 4 }, { $0 * $0 / 2 },
    { $0 + $0 * $0 / 4 }, { -$0 - $0 * $0 / 4 },
  ]

  static let pairs: [(Int, Int)] = (0..<9).flatMap { x in (0..<9).map { (x, $0) } }.filter { $0 != (0, 0) }

  @Test("one report ahead within 0.5 px", arguments: 0..<80)
  func oneReportAhead(pairIndex: Int) throws {
    let (xi, yi) = Self.pairs[pairIndex]
    let configuration = PredictorConfiguration(family: .kalman(.androidx))
    var predictor = configuration.makePredictor()
    let rateMs = 5.0
    func report(_ k: Int) -> PointerSample {
      let d = Double(k) * rateMs
      // AndroidX feeds Float coordinates.
      let x = Double(Float(500 + Self.generators[xi](d)))
      let y = Double(Float(500 + Self.generators[yi](d)))
      return PointerSample(time: d / 1000, x: x, y: y, pressure: 1)
    }
    for k in 0..<20 { predictor.observe(report(k)) }
    for k in 20..<30 {
      let next = report(k)
      let predicted = try #require(predictor.predict(at: next.time), "pair \(xi),\(yi) at report \(k)")
      #expect(abs(predicted.time - next.time) < 1e-12)
      #expect(abs(predicted.x - next.x) <= 0.5, "pair \(xi),\(yi) report \(k): x \(predicted.x) vs \(next.x)")
      #expect(abs(predicted.y - next.y) <= 0.5, "pair \(xi),\(yi) report \(k): y \(predicted.y) vs \(next.y)")
      predictor.observe(next)
    }
  }

  @Test("falling pressure shortens the prediction where it would reach 0.1")
  func liftCutsPrediction() throws {
    var lifting = ComposedPredictor(base: KalmanPredictor(parameters: .androidx))
    var pressing = lifting
    for k in 0..<30 {
      let t = Double(k) * 0.005
      let x = 100 + 2000 * t
      pressing.observe(PointerSample(time: t, x: x, y: 0, pressure: 1))
      lifting.observe(PointerSample(time: t, x: x, y: 0, pressure: 1 - 0.025 * Double(k)))
    }
    let far = 29 * 0.005 + 0.05
    let full = try #require(pressing.predict(at: far))
    let cut = try #require(lifting.predict(at: far))
    // Pressure falls 0.025 per report from 0.275: it reaches 0.1 after 7 reports (35 ms) of the
    // 10 asked for, while x moves 10 units per report.
    #expect(abs(full.x - (100 + 2000 * far)) < 0.5)
    #expect(abs(cut.x - (100 + 2000 * (29 * 0.005 + 0.035))) < 0.5)
    #expect(cut.pressure.map { abs($0 - 0.1) < 1e-6 } == true)
    #expect(full.pressure.map { abs($0 - 1) < 1e-9 } == true)
  }
}
