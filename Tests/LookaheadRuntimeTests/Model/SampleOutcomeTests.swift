import LookaheadRuntime
import Testing

/// `PointerPredictor.take(_:)`: each way a sample is judged, worked by hand, and the newest time
/// moving only for a taken sample.
@Suite("PointerPredictor.take: the sample's outcome")
struct SampleOutcomeTests {
  @Test("taken, a repeat of the newest time taken, not finite, earlier than the newest, out of range at app scale")
  func outcomes() throws {
    let model = try LookaheadModel(
      bytes: try ModelFixtures.file(PredictorConfiguration(family: .linear(LinearParameters(order: 1))), millimetresPerUnit: 0.1)
        .fileData())
    var predictor = model.makePredictor()
    #expect(predictor.take(PointerSample(time: 1, x: 0, y: 0)) == .taken)
    #expect(predictor.take(PointerSample(time: 1, x: 1, y: 0)) == .taken)
    #expect(predictor.take(PointerSample(time: .nan, x: 1, y: 0)) == .notFinite)
    #expect(predictor.take(PointerSample(time: 2, x: .infinity, y: 0)) == .notFinite)
    #expect(predictor.take(PointerSample(time: 0.5, x: 1, y: 0)) == .earlierThanNewest)
    #expect(predictor.newestSampleTime == 1)

    // 0.1 mm a unit at 0.01 pt/mm: a model unit is 1/1000 of an app point, so 1e306 points is
    // 1e309 units, which overflows.
    var scaled = model.makePredictor(scale: try model.scale(pointsPerMillimetre: 0.01))
    #expect(scaled.take(PointerSample(time: 1, x: 1e306, y: 0)) == .outOfRange)
    #expect(scaled.newestSampleTime == nil)
    #expect(scaled.take(PointerSample(time: 1, x: 1e300, y: 0)) == .taken)
    #expect(scaled.newestSampleTime == 1)
  }
}
