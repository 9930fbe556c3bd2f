import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@Suite("Recorded predictions")
struct RecordedPredictionTests {
  /// A stroke along x at 1 unit per ms, with predictions anchored at samples 1 and 3.
  static let stroke = Stroke(
    samples: (0..<6).map { TraceSample(time: Double($0) * 0.004, x: Double($0) * 4, y: 0, pressure: 0.5) },
    recordedPredictions: [
      RecordedPrediction(anchorIndex: 3, time: 0.020, x: 21, y: 1),
      RecordedPrediction(anchorIndex: 1, time: 0.008, x: 8.5, y: 0),
      RecordedPrediction(anchorIndex: 3, time: 0.016, x: 16, y: -1, pressure: 0.7),
    ])

  @Test("interpolated: along anchor → recorded points, nil past the last one or without an anchor")
  func interpolated() throws {
    var predictor = RecordedPredictor(stroke: Self.stroke)
    #expect(predictor.predict(at: 0.001) == nil)
    predictor.observe(PointerSample(time: 0, x: 0, y: 0))
    #expect(predictor.anchorIndex == 0)
    #expect(predictor.predict(at: 0.004) == nil)  // nothing anchored at sample 0
    predictor.observe(PointerSample(time: 0.004, x: 4, y: 0))
    let half = try #require(predictor.predict(at: 0.006))
    #expect(abs(half.x - 6.25) < 1e-12 && half.y == 0 && half.time == 0.006)
    #expect(predictor.predict(at: 0.0081) == nil)
    predictor.observe(PointerSample(time: 0.008, x: 8, y: 0))
    #expect(predictor.predict(at: 0.009) == nil)  // sample 2 has no predictions
    predictor.observe(PointerSample(time: 0.012, x: 12, y: 0))
    #expect(predictor.anchorIndex == 3)
    // Sample 3 at 12 → (16, -1) at 16 ms → (21, 1) at 20 ms, sorted by time.
    let first = try #require(predictor.predict(at: 0.014))
    #expect(abs(first.x - 14) < 1e-12 && abs(first.y + 0.5) < 1e-12)
    #expect(abs(first.pressure! - 0.6) < 1e-12)
    let second = try #require(predictor.predict(at: 0.019))
    #expect(abs(second.x - 19.75) < 1e-12 && abs(second.y - 0.5) < 1e-12)
    #expect(predictor.predict(at: 0.0201) == nil)
    #expect(predictor.predict(at: 0.011) == nil)  // before the newest sample
    let now = try #require(predictor.predict(at: 0.012))
    #expect(now.x == 12 && now.y == 0)
  }

  @Test("nearest time: the recorded point nearest the asked time, with its own time")
  func nearest() throws {
    var predictor = RecordedPredictor(stroke: Self.stroke, selection: .nearestTime)
    for index in 0...3 {
      predictor.observe(PointerSample(time: Double(index) * 0.004, x: Double(index) * 4, y: 0))
    }
    let early = try #require(predictor.predict(at: 0.013))
    #expect(early.time == 0.016 && early.x == 16 && early.pressure == 0.7)
    let late = try #require(predictor.predict(at: 0.030))
    #expect(late.time == 0.020 && late.x == 21 && late.pressure == 0.5)
    let tie = try #require(predictor.predict(at: 0.018))
    #expect(tie.time == 0.016)
    predictor.reset()
    #expect(predictor.anchorIndex == nil && predictor.predict(at: 0.016) == nil)
  }

  @Test("anchoring is by time: a replay that skips samples still lines up")
  func skippedSamples() {
    var predictor = RecordedPredictor(stroke: Self.stroke)
    predictor.observe(PointerSample(time: 0.0, x: 0, y: 0))
    predictor.observe(PointerSample(time: 0.0125, x: 12, y: 0))  // coalesced up to sample 3
    #expect(predictor.anchorIndex == 3)
    #expect(predictor.predict(at: 0.016)?.x == 16)
  }

  @Test("Inkable: Apple's predicted touches reproduce the ANCHOR-PROTOCOL table (n, means, p95 in pt)")
  func appleTable() throws {
    let trace = try DatasetRegistry.load("Inkable-ApplePencil")
    #expect(trace.strokes.count == 5)
    #expect(trace.strokes.map(\.samples.count).reduce(0, +) == 571)
    let evaluation = RecordedPredictionScoring.evaluate(strokes: trace.strokes)
    #expect(evaluation.recorded == 494)
    #expect(evaluation.skippedAfterEnd == 12)
    #expect(evaluation.skippedInWarmUp == 0)
    let buckets = evaluation.buckets()
    #expect(buckets.map(\.periods) == [1, 2, 3, nil])
    let reference = ReferenceRows.appleRecordedPredictions
    for (index, bucket) in buckets.enumerated() {
      let apple = reference[index * 3]
      let hold = reference[index * 3 + 1]
      let linear = reference[index * 3 + 2]
      #expect(bucket.count == apple.count)
      #expect(abs(bucket.meanLead - apple.horizonSeconds) <= Tolerance.printed(apple.horizonSeconds * 1000) / 1000)
      for (ours, theirs) in [(bucket.recorded, apple), (bucket.hold, hold), (bucket.linear, linear)] {
        let printed = try #require(theirs.native)
        #expect(abs(ours.mean - printed.mean) <= Tolerance.printed(printed.mean),
                "\(theirs.predictor.id) bucket \(String(describing: bucket.periods)): mean \(ours.mean) vs \(printed.mean)")
        #expect(abs(ours.p95 - printed.p95!) <= Tolerance.printed(printed.p95!),
                "\(theirs.predictor.id) bucket \(String(describing: bucket.periods)): p95 \(ours.p95) vs \(printed.p95!)")
      }
    }
    // The lead ranges the table prints, ms.
    let ranges = buckets.map { (($0.minimumLead * 1000 * 100).rounded() / 100, ($0.maximumLead * 1000 * 100).rounded() / 100) }
    #expect(ranges.map(\.0) == [4.02, 8.03, 12.05, 4.02])
    #expect(ranges.map(\.1) == [4.52, 9.03, 13.55, 13.55])
  }

  @Test("TurboTouch: its recorded 64 ms output scores exactly as our port's output does", .needsShared("TurboTouch-Nancel2018"))
  func turboTouchRecorded() throws {
    let trace = try DatasetRegistry.load("TurboTouch-Nancel2018")
    #expect(trace.strokes.count == 3)
    let evaluation = RecordedPredictionScoring.evaluate(strokes: trace.strokes)
    #expect(evaluation.recorded == 1041)
    #expect(evaluation.scores.allSatisfy { abs($0.lead - 0.064) < 1e-9 })
    // Our port, fed the same file in one run as the reference program was, gives the same points
    // to the printed precision, hence the same errors within 0.01 px.
    var predictor = TurboTouchPredictor.turbotouch64()
    var ours: [[PredictedPoint]] = []
    for stroke in trace.strokes {
      var points: [PredictedPoint] = []
      for (index, sample) in stroke.samples.enumerated() {
        let phase: StrokePhase = index == 0 ? .down : (index == stroke.samples.count - 1 ? .up : .move)
        predictor.observe(PointerSample(time: sample.time, x: sample.x, y: sample.y), phase: phase)
        points.append(predictor.lookaheadPoint!)
      }
      ours.append(points)
    }
    for score in evaluation.scores {
      let point = ours[score.strokeIndex][score.anchorIndex]
      let error = ((point.x - score.truthX) * (point.x - score.truthX) + (point.y - score.truthY) * (point.y - score.truthY)).squareRoot()
      #expect(abs(error - score.error) <= 0.01)
    }
    #expect(evaluation.scores.count + evaluation.skippedAfterEnd + evaluation.skippedInWarmUp == 1041)
    #expect(evaluation.skippedInWarmUp == 12)  // anchors 0…3 of 3 strokes
  }

  @Test("Inkable through the Predictor interface: asked at a recorded time, it returns that recorded point")
  func inkableThroughPredictorInterface() throws {
    let trace = try DatasetRegistry.load("Inkable-ApplePencil")
    var answered = 0
    for stroke in trace.strokes {
      var predictor = BaselinePredictors.recorded(stroke: stroke)
      var nearest = BaselinePredictors.recorded(stroke: stroke, selection: .nearestTime)
      for (index, sample) in stroke.samples.enumerated() {
        let pointer = PointerSample(time: sample.time, x: sample.x, y: sample.y)
        predictor.observe(pointer)
        nearest.observe(pointer)
        #expect(predictor.anchorIndex == index)
        let anchored = stroke.recordedPredictions.filter { $0.anchorIndex == index }
        if anchored.isEmpty { #expect(predictor.predict(at: sample.time + 0.004) == nil) }
        for recorded in anchored where recorded.time >= sample.time {
          let point = try #require(predictor.predict(at: recorded.time))
          #expect(abs(point.x - recorded.x) < 1e-9 && abs(point.y - recorded.y) < 1e-9)
          let same = try #require(nearest.predict(at: recorded.time))
          #expect(same.time == recorded.time && same.x == recorded.x && same.y == recorded.y)
          answered += 1
        }
      }
    }
    #expect(answered == 494)
  }

  @Test("type-7 percentile matches numpy on small sets")
  func percentile() {
    // numpy.percentile([1, 2, 3, 4], 95) = 3.85; of [5] = 5; of [0, 10] = 9.5.
    #expect(abs(RecordedPredictionErrorSummary([4, 1, 3, 2]).p95 - 3.85) < 1e-12)
    #expect(RecordedPredictionErrorSummary([5]).p95 == 5)
    #expect(abs(RecordedPredictionErrorSummary([10, 0]).p95 - 9.5) < 1e-12)
    #expect(RecordedPredictionErrorSummary([]).mean.isNaN)
  }

  /// A prediction far from its anchor used to trap converting its lead in periods to `Int`; now
  /// a time outside ``TraceTimeLimit`` is counted and left out, and a lead beyond `Int` periods
  /// stays only in the overall bucket.
  @Test("a prediction absurdly far from its anchor is counted, not scored, and never traps")
  func farPredictionDoesNotTrap() {
    var stroke = Self.stroke
    stroke.recordedPredictions = [RecordedPrediction(anchorIndex: 4, time: -1e300, x: 0, y: 0)]
    let far = RecordedPredictionScoring.evaluate(strokes: [stroke])
    #expect(far.skippedUnusableTime == 1 && far.scores.isEmpty)
    #expect(far.buckets().isEmpty)
    stroke.recordedPredictions = [RecordedPrediction(anchorIndex: 4, time: 0.018, x: 18, y: 0)]
    let near = RecordedPredictionScoring.evaluate(strokes: [stroke])
    #expect(near.scores.count == 1)
    let buckets = near.buckets(periodSeconds: 1e-300)
    #expect(buckets.count == 1 && buckets[0].periods == nil && buckets[0].count == 1)
  }
}
