import Testing

@testable import LookaheadKit

/// The one reader of recorded predictions: inside the recorded span both policies give the same
/// interpolated point; outside it one says nothing and the other holds the ends.
@Suite struct RecordedPredictionPolylineTests {
  static let anchor = TraceSample(time: 1, x: 10, y: 20, pressure: 0.5)
  /// Recorded +4 and +8 ms ahead of the anchor.
  static let points: ArraySlice<RecordedPrediction> = [
    RecordedPrediction(anchorIndex: 0, time: 1.004, x: 14, y: 20, pressure: 0.7),
    RecordedPrediction(anchorIndex: 0, time: 1.008, x: 14, y: 28),
  ][...]

  @Test(arguments: [RecordedPredictionPolyline.Outside.nothing, .heldEnds])
  func insideTheSpanBothInterpolate(outside: RecordedPredictionPolyline.Outside) throws {
    // At the first recorded point exactly, then halfway along the second segment (y 20 → 28).
    let first = try #require(RecordedPredictionPolyline.point(at: 1.004, from: Self.anchor, through: Self.points, outside: outside))
    #expect(first.x == 14 && first.y == 20 && first.pressure == 0.7)
    let second = try #require(RecordedPredictionPolyline.point(at: 1.006, from: Self.anchor, through: Self.points, outside: outside))
    #expect(second.x == 14 && abs(second.y - 24) < 1e-9 && second.time == 1.006)
    // The second point has no pressure: the last known one carries on.
    #expect(second.pressure == 0.7)
  }

  @Test func outsideTheSpanNothingOrTheHeldEnds() throws {
    #expect(RecordedPredictionPolyline.point(at: 1.02, from: Self.anchor, through: Self.points, outside: .nothing) == nil)
    #expect(RecordedPredictionPolyline.point(at: 0.9, from: Self.anchor, through: Self.points, outside: .nothing) == nil)
    let tip = try #require(RecordedPredictionPolyline.point(at: 1.02, from: Self.anchor, through: Self.points, outside: .heldEnds))
    #expect(tip.x == 14 && tip.y == 28 && tip.time == 1.02)
    let before = try #require(RecordedPredictionPolyline.point(at: 0.9, from: Self.anchor, through: Self.points, outside: .heldEnds))
    #expect(before.x == 10 && before.y == 20 && before.pressure == 0.5)
  }
}
