import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

@Suite("Tuning objectives: parsing, hand-checked values, TurboTouch cost")
struct TuningObjectiveTests {
  /// Straight strokes at 200 units/s, 240 Hz, 0.5 mm per unit, two writers.
  static func lineData() throws -> TuningData {
    let strokes = (0..<4).map { k in
      Stroke(writer: "w\(k % 2)", samples: (0..<96).map { i in
        let t = Double(i) / 240
        return TraceSample(time: t, x: 200 * t, y: 5, phase: i == 0 ? .down : (i == 95 ? .up : .move))
      })
    }
    return try TuningData(traces: [
      Trace(metadata: TraceMetadata(source: "line", coordinateUnit: "u", millimetresPerUnit: 0.5), strokes: strokes)
    ])
  }

  static func evaluator(_ objective: TuningObjective) throws -> ObjectiveEvaluator {
    ObjectiveEvaluator(
      objective: objective, data: try lineData(), replay: try Replay(profile: .pencil240ProMotion120, seed: 1), parts: 2)
  }

  static let hold: @Sendable () -> any Predictor = { HoldPredictor(parameters: HoldParameters()) }
  static let linear: @Sendable () -> any Predictor = { LinearPredictor(parameters: LinearParameters(order: 1)) }

  @Test("every objective's text form parses back to the same objective", arguments: [
    "error", "error:statistic=p95,horizon=16.6667", "latency", "latency:overshoot=0.5,jitter=none,wrong-direction=0.1",
    "latency:overshoot=0.5,jitter=0.3,wrong-direction=none,orientation=45",
    "turbotouch", "turbotouch:horizon=33.3333,w1=1,w2=0.5,w3=2,cutoff=8,jitter-low=0.05,jitter-high=0.2",
    "weighted:error_mean_mm=1,latency_saved_mean_ms=-0.1",
  ])
  func roundTrip(_ text: String) throws {
    let objective = try TuningObjective(parsing: text)
    #expect(try TuningObjective(parsing: objective.description) == objective)
  }

  @Test("bad objectives are refused with the setting named", arguments: [
    ("speed", "unknown objective"), ("error:statistic=median", "statistic must be mean or p95"),
    ("error:horizon=-3", "horizon must be a number"), ("latency:overshot=1", "no setting \"overshot\""),
    ("weighted", "name at least one"), ("weighted:error_mean_mm=x", "weight of error_mean_mm"),
    ("weighted:error_p95x=1", "\"error_p95x\" is not a scorecard column; give columns such as error_mean_mm"),
    ("turbotouch:jitter-low=0.2,jitter-high=0.1", "jitter-high must be above"), ("error:statistic", "is not key=value"),
  ])
  func refused(_ text: String, _ fragment: String) {
    #expect {
      _ = try TuningObjective(parsing: text)
    } throws: { error in
      "\(error)".contains(fragment) && "\(error)".contains(text)
    }
  }

  @Test("hold on a constant-speed line: mean and p95 error are speed × horizon × scale (100 mm/s × h)")
  func errorOfHold() throws {
    for statistic in TuningObjective.ErrorStatistic.allCases {
      let score = try Self.evaluator(.error(statistic: statistic, horizons: [0.01, 0.02])).score(Self.hold)
      // 200 units/s × 0.5 mm = 100 mm/s; the average of 1 mm and 2 mm.
      #expect(abs(score.value - 1.5) < 1e-9)
      #expect(abs(score.metrics["error_mean_mm"]! - 1.5) < 1e-9)
    }
    let linear = try Self.evaluator(.error(statistic: .mean, horizons: [0.01])).score(Self.linear)
    #expect(linear.value < 1e-9)
  }

  @Test("TurboTouch cost: hold costs exactly 2 (J1 and J2 relative to itself, no jitter); a perfect predictor 0")
  func turboTouchCost() throws {
    let evaluator = try Self.evaluator(try TuningObjective(parsing: "turbotouch:horizon=16.6667"))
    #expect(abs(try evaluator.score(Self.hold).value - 2) < 1e-12)
    #expect(abs(try evaluator.score(Self.linear).value) < 1e-9)
  }

  @Test("TurboTouch jitter: an error alternating ±1 mm at 240 Hz is all high-frequency (RMS 1); a constant one has none")
  func turboTouchJitter() {
    let alternating = (0..<480).map { i in
      TurboTouchCost.ErrorPoint(time: Double(i) / 240, dx: i % 2 == 0 ? 1 : -1, dy: 0)
    }
    let c = TurboTouchCost.components([alternating], cutoffHz: 6)
    #expect(c.mean == 1 && c.maximum == 1)
    #expect(abs(c.jitter - 1) < 0.01)
    let constant = (0..<100).map { TurboTouchCost.ErrorPoint(time: Double($0) / 240, dx: 0.3, dy: 0.4) }
    let k = TurboTouchCost.components([constant], cutoffHz: 6)
    #expect(abs(k.mean - 0.5) < 1e-12 && abs(k.jitter) < 1e-12)
    // Cost: J1, J2 at half of hold's, J3 clamped into [0, 1] by the bounds.
    var settings = TurboTouchCost.Settings()
    settings.jitterWeight = 2
    let cost = TurboTouchCost.cost(
      .init(mean: 1, maximum: 2, jitter: 0.12), hold: .init(mean: 2, maximum: 4, jitter: 0), settings: settings)
    #expect(abs(cost - (0.5 + 0.5 + 2 * 0.5)) < 1e-12)
  }

  @Test("weighted and latency objectives read the replay scorecard: weight × column, −latency saved when feasible")
  func replayObjectives() throws {
    let weighted = try Self.evaluator(try TuningObjective(parsing: "weighted:error_mean_mm=2"))
    let card = try weighted.scorecard(Self.linear)
    let error = try #require(card.value("error_mean_mm"))
    #expect(abs(try weighted.score(Self.linear).value - 2 * error) < 1e-12)
    let unbounded = try Self.evaluator(try TuningObjective(parsing: "latency:overshoot=none,jitter=none,wrong-direction=none"))
    let saved = try #require(card.value("latency_saved_mean_ms"))
    #expect(try unbounded.score(Self.linear).value == -saved)
    // A column the parser cannot know of (made by hand) still fails its trial with its name.
    let missing = try Self.evaluator(.weighted([.init(column: "no_such_column", weight: 1)]))
    #expect(throws: ObjectiveEvaluator.ObjectiveError.self) { try missing.score(Self.linear) }
    // A length metric without its unit is its millimetre column, as --paired-column takes it.
    #expect(try TuningObjective(parsing: "weighted:error_p95=1").description == "weighted:error_p95_mm=1")
  }

  @Test("a replay scorecard is the same trial after trial (scorers reused) and on one core or two")
  func replayScorecardsRepeat() throws {
    let evaluator = try Self.evaluator(.weighted([.init(column: "error_mean_mm", weight: 1)]))
    let first = try evaluator.scorecard(Self.linear)
    let hold = try evaluator.scorecard(Self.hold)
    let again = try evaluator.scorecard(Self.linear)
    let oneCore = try ObjectiveEvaluator(
      objective: evaluator.objective, data: try Self.lineData(),
      replay: try Replay(profile: .pencil240ProMotion120, seed: 1), parts: 1
    ).scorecard(Self.linear)
    let same = (again == first, oneCore == first, hold == first)
    #expect(same.0)
    #expect(same.1)
    #expect(!same.2)
  }

  @Test("latency: a violated bound costs the penalty plus its relative excess, so any feasible trial is better")
  func latencyPenalty() throws {
    // Linear extrapolation runs past the end of strokes that stop dead.
    let card = try Self.evaluator(.weighted([.init(column: "error_mean_mm", weight: 1)])).scorecard(Self.linear)
    let overshoot = try #require(card.value("stroke_end_overshoot_p95_mm"))
    try #require(overshoot > 0)
    let objective = TuningObjective.latency(
      overshootP95Millimetres: overshoot / 2, jitterRMSMillimetres: nil, wrongDirectionFraction: nil)
    let value = try Self.evaluator(objective).score(Self.linear).value
    #expect(abs(value - (TuningObjective.infeasiblePenalty + 1)) < 1e-9)
  }

  @Test("latency: the orientation bound (degrees) bounds wrong_orientation_p95_deg; the others keep their defaults")
  func orientationBound() throws {
    let objective = try TuningObjective(parsing: "latency:orientation=30")
    #expect(objective.bounds.map(\.column) == [
      "stroke_end_overshoot_p95_mm", "jitter_rms_mm", "wrong_direction_fraction", "wrong_orientation_p95_deg",
    ])
    #expect(objective.bounds.map(\.bound) == [1, 0.5, 0.05, 30])
    // Journals written before the bound existed keep their objective text.
    #expect(try TuningObjective(parsing: "latency").description == "latency:overshoot=1,jitter=0.5,wrong-direction=0.05")
  }

  @Test("the objective's score is identical for 1 and 2 cores")
  func coreCountInvariance() throws {
    let data = try Self.lineData()
    let objective = TuningObjective.error(statistic: .p95, horizons: FixedHorizon.anchorSeconds)
    let replay = try Replay(profile: .pencil240ProMotion120)
    let predictor: @Sendable () -> any Predictor = {
      PolynomialPredictor(parameters: PolynomialParameters(order: 2, windowSamples: 5))
    }
    let one = try ObjectiveEvaluator(objective: objective, data: data, replay: replay, parts: 1).score(predictor)
    let two = try ObjectiveEvaluator(objective: objective, data: data, replay: replay, parts: 2).score(predictor)
    #expect(one == two)
  }
}

@Suite("Objective evaluator: the prepared per-sample path is the anchor protocol")
struct PreparedPerSampleTests {
  @Test("pooled errors equal PerSampleReplay's on the bundled Inkable traces, to the bit", arguments: ["polynomial", "kalman", "linear"])
  func sameAsPerSampleReplay(_ name: String) throws {
    var trace = try DatasetRegistry.load("Inkable-ApplePencil")
    trace.metadata.millimetresPerUnit = nil  // trace units, so no scaling enters
    let data = try TuningData(traces: [trace])
    let family: PredictorFamily =
      switch name {
      case "polynomial": .polynomial(PolynomialParameters())
      case "kalman": .kalman(KalmanParameters())
      default: .linear(LinearParameters())
      }
    let configuration = PredictorConfiguration(family: family)
    let errors = ObjectiveEvaluator.perSampleErrors(
      data: data, horizons: FixedHorizon.anchorSeconds, parts: 2, makePredictor: { configuration.makePredictor() })
    let reference = PerSampleReplay().score(configuration.makePredictor(), on: trace.contactStrokes)
    for (h, score) in reference.enumerated() {
      let sorted = errors[h].sorted()
      #expect(sorted.count == score.issuePoints)
      var sum = 0.0
      for e in sorted { sum += e }
      #expect(sum / Double(sorted.count) == score.meanError)
      let position = Double(sorted.count - 1) * 0.95
      let low = Int(position.rounded(.down))
      let p95 = sorted[low] + (position - Double(low)) * (sorted[min(low + 1, sorted.count - 1)] - sorted[low])
      #expect(p95 == score.p95Error)
    }
  }
}
