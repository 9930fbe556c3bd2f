import LookaheadKit
import Testing

/// A reversal: the pen goes along +x one unit per sample up to sample K = 30, then straight back
/// along −x. Linear extrapolation through the last two samples keeps pointing +x for anchors up to
/// K; the truth at their targets (m samples later) already moves −x for anchors K−m+1…K (at the
/// turning sample itself the pen is still taken to move +x, its incoming direction). From K+1 on
/// the prediction points −x too. So exactly m predictions point the wrong way.
@Suite struct WrongDirectionTests {
  static let turn = 30
  let stroke = MetricTestStrokes.stroke(
    (0..<61).map { k in (Double(k <= turn ? k : 2 * turn - k), 0) })

  @Test(arguments: [1.0, 2.0, 4.0, 8.0])
  func linearPredictionPointsBackForHorizonManyFrames(horizonSamples: Double) throws {
    let anchors = 1...(60 - Int(horizonSamples))
    let events = MetricTestStrokes.events(
      for: stroke, horizonSamples: horizonSamples, anchors: anchors, predict: MetricTestStrokes.linear)
    let card = try MetricTestStrokes.score(stroke, events)
    #expect(card.value("wrong_direction_count") == horizonSamples)
    #expect(card.value("wrong_direction_fraction") == horizonSamples / Double(anchors.count))
  }

  @Test func holdIsNeverJudged() throws {
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: 4, anchors: 1...56) { _, _ in nil }
    let card = try MetricTestStrokes.score(stroke, events)
    #expect(card.value("wrong_direction_count") == 0)
    #expect(card.value("wrong_direction_fraction") == nil)
  }
}
