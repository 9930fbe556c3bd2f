import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// The error metric reproduces the published per-sample protocol: `ANCHOR-PROTOCOL.md` §1 on
/// the TurboTouch strokes (§3, "TurboTouch-Nancel2018", native px), hold and linear rows, mean and
/// p95 at all seven horizons (28 numbers, to the printed digits) and the issue-point counts
/// exactly. This checks truth interpolation, the end rule, pooling and the type-7 p95 together.
///
/// The file is read here with a few lines (When,X,Y,Type; a stroke is DOWN…UP; no cleaning rule
/// fires on this file, §2), so that the metrics are tested independently of the importers.
@Suite struct AnchorProtocolErrorTests {
  struct Row {
    var horizonPeriods: Double
    var hold: (mean: Double, p95: Double)
    var linear: (mean: Double, p95: Double)
    var count: Int
  }

  /// `ANCHOR-PROTOCOL.md` §3, TurboTouch-Nancel2018, native units.
  static let published: [Row] = [
    Row(horizonPeriods: 1, hold: (9.65, 19.1), linear: (8.07, 9.47), count: 1026),
    Row(horizonPeriods: 2, hold: (19.0, 36.6), linear: (15.8, 18.0), count: 1026),
    Row(horizonPeriods: 3, hold: (28.6, 53.0), linear: (23.2, 23.8), count: 1026),
    Row(horizonPeriods: 4, hold: (38.0, 69.4), linear: (30.7, 30.1), count: 1026),
    Row(horizonPeriods: 5, hold: (47.6, 87.0), linear: (38.6, 34.2), count: 1024),
    Row(horizonPeriods: 6, hold: (56.9, 103), linear: (46.6, 40.9), count: 1024),
    Row(horizonPeriods: 8, hold: (75.9, 137), linear: (63.2, 55.6), count: 1020),
  ]

  static func strokes() throws -> [Stroke] {
    let url = try SharedDatasets.require("TurboTouch-Nancel2018/strokes.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    var strokes: [Stroke] = []
    var current: [TraceSample] = []
    var origin: Int64 = 0
    for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() where number > 0 {
      let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 4, let when = Int64(fields[0]), let x = Double(fields[1]), let y = Double(fields[2]) else {
        throw MetricInputError(index: number + 1, field: "strokes.csv", problem: "unreadable line '\(line)'")
      }
      if fields[3] == "DOWN" {
        current = []
        origin = when
      }
      current.append(TraceSample(time: Double(when - origin) / 1e9, x: x, y: y))
      if fields[3] == "UP" { strokes.append(Stroke(samples: current)) }
    }
    return strokes
  }

  static func score(
    _ strokes: [Stroke], horizon: Double, predict: ([TraceSample], Int, Double) -> PredictedPosition?
  ) throws -> Scorecard {
    let events = strokes.map { stroke -> [PredictionEvent] in
      let samples = stroke.samples
      guard samples.count > 4 else { return [] }
      return (4..<samples.count).compactMap { i in
        let target = samples[i].time + horizon
        guard target <= samples[samples.count - 1].time + 1e-9 else { return nil }
        return PredictionEvent(
          issueTime: samples[i].time, newestSampleIndex: i, targetTime: target, predicted: predict(samples, i, target))
      }
    }
    return try MetricsScorer.score(
      Trace(metadata: TraceMetadata(source: "TurboTouch-Nancel2018", coordinateUnit: "px"), strokes: strokes),
      events: events)
  }

  @Test(.needsShared("TurboTouch-Nancel2018"), arguments: published)
  func holdAndLinearRowsMatch(row: Row) throws {
    let strokes = try Self.strokes()
    #expect(strokes.count == 3)
    let horizon = row.horizonPeriods / 240
    let hold = try Self.score(strokes, horizon: horizon) { _, _, _ in nil }
    let linear = try Self.score(strokes, horizon: horizon) { samples, i, target in
      let a = samples[i - 1]
      let b = samples[i]
      let scale = (target - b.time) / (b.time - a.time)
      return PredictedPosition(x: b.x + (b.x - a.x) * scale, y: b.y + (b.y - a.y) * scale)
    }
    for (card, expected, name) in [(hold, row.hold, "hold"), (linear, row.linear, "linear")] {
      #expect(card.predictionCount == row.count, "\(name)")
      let mean = try #require(card.value("error_mean_native"))
      let p95 = try #require(card.value("error_p95_native"))
      #expect(abs(mean - expected.mean) <= Tolerance.printed(expected.mean), "\(name) mean \(mean)")
      #expect(abs(p95 - expected.p95) <= Tolerance.printed(expected.p95), "\(name) p95 \(p95)")
    }
  }

  /// Invariants on real, irregular data: a predictor that knows the truth (interpolated here
  /// independently) has no error, no jitter, and saves exactly the horizon; at horizon 0 a hold
  /// is exact.
  @Test(.needsShared("TurboTouch-Nancel2018")) func oracleSavesTheWholeHorizonOnRealStrokes() throws {
    let strokes = try Self.strokes()
    let horizon = 4.0 / 240
    let oracle = try Self.score(strokes, horizon: horizon) { samples, i, target in
      var j = i
      while j + 1 < samples.count, samples[j + 1].time <= target { j += 1 }
      guard j + 1 < samples.count else { return PredictedPosition(x: samples[j].x, y: samples[j].y) }
      let a = samples[j]
      let b = samples[j + 1]
      let f = (target - a.time) / (b.time - a.time)
      return PredictedPosition(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y))
    }
    #expect(try #require(oracle.value("error_max_native")) < 1e-9)
    #expect(try #require(oracle.value("jitter_max_native")) < 1e-9)
    let saved = try #require(oracle.value("latency_saved_mean_ms"))
    #expect(abs(saved - horizon * 1000) < 1e-6)
    #expect(try #require(oracle.value("lateness_p95_ms")) < 1e-6)
    #expect(try #require(oracle.value("over_anticipation_p95_ms")) < 1e-6)
    let zero = try Self.score(strokes, horizon: 0) { _, _, _ in nil }
    #expect(zero.value("error_max_native") == 0)
    #expect(zero.value("latency_saved_mean_ms") == 0)
  }
}
