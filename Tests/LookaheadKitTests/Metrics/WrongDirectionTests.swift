import Foundation
import LookaheadKit
import Testing

/// A reversal: the pen goes along +x one unit per sample up to sample K = 30, then straight back
/// along −x. Linear extrapolation through the last two samples keeps pointing +x (by m, the
/// horizon in samples) for anchors up to K. For the anchor j samples before K with j < m, the pen
/// at the target has turned and come back to K − (m − j), a true displacement of 2j − m: against
/// the prediction for j < m/2, none for j = m/2 (not judged), with it for j > m/2. From K+1 on
/// the prediction points −x too. So exactly ⌈m/2⌉ predictions point the wrong way, out of every
/// anchor but the one whose true displacement is 0 (when m is even).
@Suite struct WrongDirectionTests {
  static let turn = 30
  let stroke = MetricTestStrokes.stroke(
    (0..<61).map { k in (Double(k <= turn ? k : 2 * turn - k), 0) })

  @Test(arguments: [(1.0, 1.0), (2.0, 1.0), (4.0, 2.0), (8.0, 4.0)])
  func linearPredictionPointsBackForHalfTheHorizon(horizonSamples: Double, wrongCount: Double) throws {
    let anchors = 1...(60 - Int(horizonSamples))
    let events = MetricTestStrokes.events(
      for: stroke, horizonSamples: horizonSamples, anchors: anchors, predict: MetricTestStrokes.linear)
    let card = try MetricTestStrokes.score(stroke, events)
    let judged = Double(anchors.count) - (horizonSamples.truncatingRemainder(dividingBy: 2) == 0 ? 1 : 0)
    #expect(card.value("wrong_direction_count") == wrongCount)
    #expect(card.value("wrong_direction_fraction") == wrongCount / judged)
  }

  /// A perfect prediction is never the wrong way. Judged against the direction of motion at the
  /// target (the old definition), it was for anchors j samples before the turn with m/2 < j < m:
  /// the pen moves −x at the target but is still ahead of the anchor (3 anchors at m = 8, 1 at
  /// m = 4). Also on a circle (radius 16, π/16 a sample), where the displacement leads the
  /// tangent by half the arc.
  @Test(arguments: [1.0, 4.0, 8.0])
  func aPerfectPredictionIsNeverTheWrongWay(horizonSamples: Double) throws {
    let anchors = 1...(60 - Int(horizonSamples))
    let reversal = MetricTestStrokes.events(
      for: stroke, horizonSamples: horizonSamples, anchors: anchors, predict: MetricTestStrokes.oracle(stroke))
    #expect(try MetricTestStrokes.score(stroke, reversal).value("wrong_direction_count") == 0)
    let circle = MetricTestStrokes.stroke(
      (0..<64).map { k in (16 * cos(Double(k) * Double.pi / 16), 16 * sin(Double(k) * Double.pi / 16)) })
    let round = MetricTestStrokes.events(
      for: circle, horizonSamples: horizonSamples, anchors: 1...(63 - Int(horizonSamples)),
      predict: MetricTestStrokes.oracle(circle))
    let card = try MetricTestStrokes.score(circle, round)
    #expect(card.value("wrong_direction_count") == 0)
    #expect(card.value("wrong_direction_fraction") == 0)
  }

  @Test func holdIsNeverJudged() throws {
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 4, anchors: 1...56) { _, _ in nil }
    let card = try MetricTestStrokes.score(stroke, events)
    #expect(card.value("wrong_direction_count") == 0)
    #expect(card.value("wrong_direction_fraction") == nil)
  }
}
