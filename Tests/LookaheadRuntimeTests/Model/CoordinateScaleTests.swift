import Foundation
import LookaheadRuntime
import Testing

@Suite("Coordinate scale")
struct CoordinateScaleTests {
  @Test("the model's own scale is the identity, and predictions are bit-for-bit the configuration's",
        arguments: ModelFixtures.configurations)
  func identity(configuration: PredictorConfiguration) throws {
    let model = try LookaheadModel(bytes: try ModelFixtures.file(configuration, millimetresPerUnit: 0.1).fileData())
    let scale = try model.scale(pointsPerMillimetre: 10)
    #expect(scale.isIdentity)
    var runtime = model.makePredictor(scale: scale)
    var direct = configuration.makePredictor()
    for sample in ModelFixtures.stroke() {
      runtime.observe(sample)
      direct.observe(sample)
      for horizon in [0.0, 0.008, 0.0251] {
        let a = runtime.predict(forPresentationTime: sample.time + horizon)
        let b = direct.predict(at: sample.time + horizon)
        #expect(a == b)
        #expect(a.map { [$0.x.bitPattern, $0.y.bitPattern] } == b.map { [$0.x.bitPattern, $0.y.bitPattern] })
      }
    }
  }

  /// Points per millimetre that differ from 1/mmPerUnit by rounding only still give identity.
  @Test("scales equal up to rounding are the identity", arguments: [0.1, 0.0254, 1.0 / 3, 0.264583, 7.0])
  func roundingIdentity(millimetresPerUnit: Double) throws {
    let scale = try CoordinateScale(pointsPerMillimetre: 1 / millimetresPerUnit, modelMillimetresPerUnit: millimetresPerUnit)
    #expect(scale.isIdentity)
  }

  /// Linear extrapolation commutes with scaling: on a line at 100 model units/s, a prediction
  /// 20 ms past the newest sample is 2 units further, which is 2 · 0.1 mm · 5 pt/mm = 1 app point.
  @Test("a different app scale converts in and out: a known line")
  func knownLine() throws {
    let model = try LookaheadModel(
      bytes: try ModelFixtures.file(PredictorConfiguration(family: .linear(LinearParameters(order: 1))), millimetresPerUnit: 0.1)
        .fileData())
    let scale = try model.scale(pointsPerMillimetre: 5)
    #expect(!scale.isIdentity)
    #expect(scale.modelToApp == 0.5)
    var predictor = model.makePredictor(scale: scale)
    // 100 model units/s = 10 mm/s = 50 app points/s.
    predictor.observe(PointerSample(time: 0, x: 0, y: 10))
    predictor.observe(PointerSample(time: 0.01, x: 0.5, y: 10))
    let point = try #require(predictor.predict(forPresentationTime: 0.03))
    #expect(abs(point.x - 1.5) <= 1e-12)
    #expect(abs(point.y - 10) <= 1e-12)
    #expect(predictor.horizon(forPresentationTime: 0.03) == 0.03 - 0.01)
  }

  @Test("unusable scales are refused")
  func refusals() throws {
    #expect(throws: CoordinateScaleError.invalidAppScale(0)) {
      try CoordinateScale(pointsPerMillimetre: 0, modelMillimetresPerUnit: 0.1)
    }
    #expect(throws: CoordinateScaleError.invalidAppScale(.infinity)) {
      try CoordinateScale(pointsPerMillimetre: .infinity, modelMillimetresPerUnit: 0.1)
    }
    let unknown = try LookaheadModel(
      bytes: try ModelFixtures.file(ModelFixtures.configurations[0], millimetresPerUnit: nil).fileData())
    #expect(throws: CoordinateScaleError.unknownModelUnit) { try unknown.scale(pointsPerMillimetre: 5) }
  }

  @Test("a path at the device rate ends at the presentation time and matches single predictions")
  func path() throws {
    let model = try LookaheadModel(
      bytes: try ModelFixtures.file(PredictorConfiguration(family: .polynomial(PolynomialParameters()))).fileData())
    var predictor = model.makePredictor()
    let stroke = ModelFixtures.stroke(count: 20)
    for sample in stroke { predictor.observe(sample) }
    let newest = stroke.last!.time
    let target = newest + 0.02
    var buffer = [PredictedPoint](repeating: PredictedPoint(time: 0, x: 0, y: 0), count: 16)
    let written = buffer.withUnsafeMutableBufferPointer {
      predictor.predictPath(toPresentationTime: target, into: $0)
    }
    // 240 Hz (the model's digitizer rate): newest + 1/240 … + 4/240 are before 20 ms, then the target.
    #expect(written == 5)
    for k in 0..<4 {
      #expect(buffer[k] == predictor.predict(at: newest + Double(k + 1) * (1.0 / 240)))
    }
    #expect(buffer[4] == predictor.predict(forPresentationTime: target))
    let small = [PredictedPoint](repeating: PredictedPoint(time: 0, x: 0, y: 0), count: 2)
    var smallBuffer = small
    let clipped = smallBuffer.withUnsafeMutableBufferPointer {
      predictor.predictPath(toPresentationTime: target, sampleIntervalSeconds: 0.001, into: $0)
    }
    #expect(clipped == 2)
    #expect(smallBuffer[1] == predictor.predict(forPresentationTime: target))
  }
}
