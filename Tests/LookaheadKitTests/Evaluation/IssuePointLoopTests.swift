import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// Holds the newest sample, but declines (returns nil) while that sample's x is odd: a stand-in
/// for a gate, so that each ``IssuePointLoop/DeclinedPrediction`` setting has something to do.
private struct OddDecliningHold: Predictor {
  var newest: PointerSample?
  mutating func reset() { newest = nil }
  mutating func observe(_ sample: PointerSample) { newest = sample }
  func predict(at time: Double) -> PredictedPoint? {
    guard let newest, Int(newest.x) % 2 == 0 else { return nil }
    return PredictedPoint(time: time, x: newest.x, y: newest.y)
  }
}

/// x = k (1 unit per 10 ms), y = 0, sample k at 5 s + 10 ms · k.
private func line(count: Int) -> Stroke {
  Stroke(samples: (0..<count).map { k in TraceSample(time: 5 + Double(k) * 0.01, x: Double(k), y: 0) })
}

@Suite("IssuePointLoop: the one per-sample loop and its named settings")
struct IssuePointLoopTests {
  private func points(
    _ loop: IssuePointLoop, _ stroke: Stroke, predictor: some Predictor = OddDecliningHold()
  ) -> [IssuePointLoop.IssuePoint] {
    var loop = loop
    var predictor = predictor
    var report = CleaningReport()
    var points: [IssuePointLoop.IssuePoint] = []
    loop.run(&predictor, on: stroke, report: &report) { points.append($0) }
    return points
  }

  /// 8 samples, a 10 ms horizon: issue points at samples 4, 5, 6 (7's target is past the end).
  /// Sample 5 (x odd) is declined: drawn as the newest sample, passed on as nil, or left out.
  @Test func declinedPredictionSettings() {
    let stroke = line(count: 8)
    let drawn = points(IssuePointLoop(horizons: [.seconds(0.010)], cleaning: .asRecorded, declined: .newestSample), stroke)
    #expect(drawn.map(\.sampleIndex) == [4, 5, 6])
    #expect(drawn.map { $0.predicted?.x } == [4, 5, 6])  // hold: the newest sample, declined or not
    #expect(drawn.map(\.truthX).enumerated().allSatisfy { abs($1 - Double($0 + 5)) < 1e-9 })
    let reported = points(IssuePointLoop(horizons: [.seconds(0.010)], cleaning: .asRecorded, declined: .reported), stroke)
    #expect(reported.map { $0.predicted?.x } == [4, nil, 6])
    let skipped = points(IssuePointLoop(horizons: [.seconds(0.010)], cleaning: .asRecorded, declined: .skipped), stroke)
    #expect(skipped.map(\.sampleIndex) == [4, 6])
  }

  /// 8 samples (the last, x = 7, 70 ms after the first), a 25 ms horizon. Skipped past the end,
  /// only sample 4 issues (its target 65 ms after the first sample, x = 6.5): from sample 5 on the
  /// target (75 ms, …) is past the end. Held at the last sample, samples 5, 6 and 7 issue too,
  /// their truth x = 7 (where the stroke ends).
  @Test func pastEndSettings() {
    let stroke = line(count: 8)
    let skipped = points(IssuePointLoop(horizons: [.seconds(0.025)], cleaning: .asRecorded, declined: .reported), stroke)
    #expect(skipped.map(\.sampleIndex) == [4])
    #expect(abs(skipped[0].truthX - 6.5) < 1e-9)
    let held = points(
      IssuePointLoop(horizons: [.seconds(0.025)], cleaning: .asRecorded, declined: .reported, pastEnd: .heldAtLastSample),
      stroke)
    #expect(held.map(\.sampleIndex) == [4, 5, 6, 7])
    #expect(held.map(\.truthX) == [skipped[0].truthX, 7, 7, 7])
    #expect(held.allSatisfy { $0.truthY == 0 })
    #expect(held.map(\.targetTime).enumerated().allSatisfy { abs($1 - (5.065 + 0.01 * Double($0))) < 1e-9 })
    // An event-count horizon has no target past the end either way.
    let events = points(
      IssuePointLoop(horizons: [.events(2)], cleaning: .asRecorded, declined: .reported, pastEnd: .heldAtLastSample), stroke)
    #expect(events.map(\.sampleIndex) == [4, 5])
  }

  /// A later first issue point with a longer warm-up; with decimation 2 the predictor observes
  /// samples 0, 2, 4, …, the warm-up counts observed samples (the 5th is sample 8) and the truth
  /// is still the whole recording (x = 9 at 10 ms after sample 8).
  @Test func warmUpAndDecimation() {
    let stroke = line(count: 12)
    let late = points(
      IssuePointLoop(horizons: [.seconds(0.010)], cleaning: .asRecorded, warmUpSamples: 6, declined: .newestSample), stroke)
    #expect(late.map(\.sampleIndex) == [6, 7, 8, 9, 10])
    let decimated = points(
      IssuePointLoop(horizons: [.seconds(0.010)], cleaning: .asRecorded, decimation: 2, declined: .reported), stroke)
    #expect(decimated.map(\.sampleIndex) == [8, 10])
    #expect(abs(decimated[0].truthX - 9) < 1e-9 && decimated[0].predicted?.x == 8)
  }

  /// With issue stride 3 the predictor still observes every sample, but only every third issue
  /// point issues: samples 4, 7, 10 of 12 (11's target is past the end anyway).
  @Test func issueStride() {
    let stroke = line(count: 12)
    let every = points(
      IssuePointLoop(horizons: [.seconds(0.010)], cleaning: .asRecorded, issueStride: 3, declined: .reported), stroke)
    #expect(every.map(\.sampleIndex) == [4, 7, 10])
    // Every sample observed: the hold's answer at sample 10 is sample 10 itself.
    #expect(every.map { $0.predicted?.x } == [4, nil, 10])
    #expect(every.map(\.truthX).enumerated().allSatisfy { abs($1 - Double(5 + 3 * $0)) < 1e-9 })
  }

  /// The walk under ``IssuePointLoop/run(_:onPrepared:_:)`` visits the same targets and truths
  /// with the predictor as observed so far, never asking it for a prediction; `run` is that walk
  /// plus the answer.
  @Test func targetWalkIsRunWithoutTheAnswer() {
    let stroke = line(count: 10)
    let loop = IssuePointLoop(
      horizons: [.seconds(0.010), .seconds(0.025), .events(2)], cleaning: .asRecorded, declined: .reported)
    let answered = points(loop, stroke)
    var walker = loop
    var predictor = OddDecliningHold()
    var report = CleaningReport()
    var walked: [IssuePointLoop.IssuePoint] = []
    var newestAtVisit: [Double] = []
    walker.prepared(stroke, report: &report).withUnsafeBufferPointer { samples in
      walker.forEachTarget(&predictor, onPrepared: samples) { predictor, point in
        walked.append(point)
        newestAtVisit.append(predictor.newest?.x ?? -1)
      }
    }
    #expect(walked.count == answered.count && walked.count > 10)
    #expect(walked.allSatisfy { $0.predicted == nil })
    #expect(walked.map { var p = $0; p.predicted = nil; return p } == answered.map { var p = $0; p.predicted = nil; return p })
    #expect(newestAtVisit == walked.map { Double($0.sampleIndex) })
  }

  /// Anchor-rule cleaning drops R1–R3 rows, counts them, and starts the clock at the first kept
  /// sample; as recorded keeps every row and the absolute time.
  @Test func cleaningSettings() {
    var samples = line(count: 8).samples
    samples.insert(TraceSample(time: samples[2].time, x: 2, y: 0), at: 3)  // R2: a repeat at the same time
    let stroke = Stroke(samples: samples)
    let cleaned = IssuePointLoop.anchorProtocol(horizons: [.seconds(0.010)])
    var report = CleaningReport()
    let prepared = cleaned.prepared(stroke, report: &report)
    #expect(prepared.count == 8 && prepared[0].time == 0)
    #expect(report.total == 1)
    #expect(points(cleaned, stroke).map(\.issueTime).allSatisfy { $0 < 1 })
    let raw = IssuePointLoop(horizons: [.seconds(0.010)], cleaning: .asRecorded, declined: .newestSample)
    var untouched = CleaningReport()
    #expect(raw.prepared(stroke, report: &untouched).map(\.time) == samples.map(\.time))
    #expect(untouched.total == 0)
    // The repeated row is observed as a fifth sample: the first issue point is the original sample 3.
    #expect(points(raw, stroke).first?.issueTime == samples[4].time)
  }

  /// An event-count horizon: target and truth are the sample j events later, and nothing is
  /// issued without one (or for j < 1).
  @Test func eventHorizons() {
    let got = points(
      IssuePointLoop(horizons: [.events(2), .events(0)], cleaning: .anchorRules, declined: .newestSample), line(count: 8))
    #expect(got.map(\.sampleIndex) == [4, 5])
    #expect(got.map(\.horizonIndex) == [0, 0])
    #expect(got.map(\.truthX) == [6, 7])
    #expect(abs(got[0].targetTime - 0.06) < 1e-12)
  }

  /// The prepared (tuner's) path is the stroke path: same points, in the same order, to the bit,
  /// on the bundled Inkable traces for a few families (the per-horizon truth cursor, strokes
  /// prepared once, and the declined rule included).
  @Test(arguments: ["kalman", "polynomial", "desp"])
  func preparedPathEqualsStrokePath(_ name: String) throws {
    let trace = try DatasetRegistry.load("Inkable-ApplePencil")
    let data = try TuningData(traces: [trace])
    let configuration = try PredictorCatalog.exported.configure(specification: name)
    var byStroke: [IssuePointLoop.IssuePoint] = []
    var byPrepared: [IssuePointLoop.IssuePoint] = []
    var loop = IssuePointLoop.anchorProtocol(horizons: FixedHorizon.anchorHorizons)
    var report = CleaningReport()
    for (s, stroke) in data.strokes.enumerated() {
      var predictor = configuration.makePredictor()
      loop.run(&predictor, on: stroke, report: &report) { byStroke.append($0) }
      data.cleaned(s).withUnsafeBufferPointer { samples in
        var fresh = configuration.makePredictor()
        loop.run(&fresh, onPrepared: samples) { byPrepared.append($0) }
      }
    }
    #expect(byStroke.count > 1000)
    #expect(byStroke == byPrepared)
  }
}
