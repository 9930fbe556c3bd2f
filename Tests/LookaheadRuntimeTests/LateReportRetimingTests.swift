import Foundation
import Testing

@testable import LookaheadRuntime
import _LookaheadTestSupport

/// Late-report re-timing (``LateReportRetiming``, ``MLPPredictor/Parameters/lateReportFraction``):
/// worked windows, the invariants (steps stay positive, the newest sample never moves, a regular
/// window is left to the bit), and through the learned families: a zero network or a
/// constant-velocity learned linear model with it is exactly two-point linear extrapolation from
/// the re-timed window, and their model files are versions 5 and 6.
@Suite("Late-report re-timing")
struct LateReportRetimingTests {
  static func samples(_ times: [Double]) -> [PointerSample] {
    times.enumerated().map { PointerSample(time: $0.element, x: 3 * Double($0.offset), y: 0) }
  }

  static func retimed(_ times: [Double], fraction: Double = 0.25) -> [Double] {
    var window = samples(times)
    window.withUnsafeMutableBufferPointer { LateReportRetiming.retime($0, fraction: fraction) }
    return window.map(\.time)
  }

  /// Steps 8, 8, 7.8, 0.2, 8 ms: median 8, threshold 2. The 0.2 ms step moves its older sample
  /// (23.8) to the middle of 16 and 24.
  @Test("a late report moves to the middle of its neighbours")
  func worked() {
    #expect(Self.retimed([0, 0.008, 0.016, 0.0238, 0.024, 0.032]) == [0, 0.008, 0.016, 0.02, 0.024, 0.032])
  }

  /// The late pair is the newest: the newest sample stays, the one before it moves.
  @Test("at the newest step the older sample moves and the newest stays")
  func newestPair() {
    #expect(Self.retimed([0, 0.008, 0.016, 0.0238, 0.024]) == [0, 0.008, 0.016, 0.02, 0.024])
  }

  /// The oldest sample has no older neighbour: one median step (8 ms) before its newer neighbour.
  @Test("the oldest sample moves one median step back")
  func oldest() {
    #expect(Self.retimed([0.0078, 0.008, 0.016, 0.024, 0.032]) == [0, 0.008, 0.016, 0.024, 0.032])
  }

  @Test("the median step, odd and even counts")
  func median() {
    let odd = Self.samples([0, 1, 3, 7])  // steps 1, 2, 4
    let even = Self.samples([0, 1, 3, 7, 15])  // steps 1, 2, 4, 8
    #expect(odd.withUnsafeBufferPointer { LateReportRetiming.medianStep(of: $0) } == 2)
    #expect(even.withUnsafeBufferPointer { LateReportRetiming.medianStep(of: $0) } == 3)
  }

  /// Jittered steps all above a quarter of the median: nothing moves, to the bit.
  @Test("a window without a short step is left exactly as it was")
  func regularUnchanged() {
    let times: [Double] = (0..<17).map { (i: Int) -> Double in Double(i) * 0.008 + (i % 3 == 0 ? 0.0015 : 0) }
    #expect(Self.retimed(times).map(\.bitPattern) == times.map(\.bitPattern))
  }

  /// Times near the largest finite value: a step that overflows leaves the window as recorded, and
  /// a midpoint of two huge times is still their midpoint, not infinity.
  @Test("extreme times neither overflow nor move a sample out of order")
  func extremeTimes() {
    let overflowing = [-1.5e308, 1.5e308, 1.5e308 + 1e292]  // steps ∞ and 1e292: the median is ∞
    #expect(Self.retimed(overflowing) == overflowing)
    let huge = [1.0e308, 1.2e308, 1.4e308 - 1e290, 1.4e308, 1.6e308]
    #expect(Self.retimed(huge) == [1.0e308, 1.2e308, 1.3e308, 1.4e308, 1.6e308])
  }

  /// Random windows with random near-coincident steps (seeded), runs of them included: after
  /// re-timing, the times still increase strictly and the newest is unchanged.
  @Test("steps stay positive and the newest sample never moves", arguments: [0.1, 0.25, 0.5])
  func invariants(fraction: Double) {
    var generator = SeededGenerator(seed: 17)
    for _ in 0..<500 {
      var times: [Double] = [0]
      let count = Int.random(in: 3...17, using: &generator)
      for _ in 1..<count {
        let step = Double.random(in: 0..<1, using: &generator) < 0.2
          ? Double.random(in: 0.0001...0.0005, using: &generator) : Double.random(in: 0.006...0.010, using: &generator)
        times.append(times.last! + step)
      }
      let after = Self.retimed(times, fraction: fraction)
      #expect(after.last == times.last)
      for i in 1..<after.count { #expect(after[i] > after[i - 1], "\(times) → \(after)") }
    }
  }

  /// The history re-times once per sample, on `observe`: after every sample its window is the
  /// rule applied afresh to the samples held as recorded (never to an already re-timed window),
  /// oldest first, through a full window sliding, repeated times, times going backwards and gaps.
  /// The reference is a plain array under the same input rules.
  @Test("the history's window is the recorded window re-timed afresh after every sample")
  func historyRetimesTheRecordedWindow() {
    var generator = SeededGenerator(seed: 29)
    var history = LearnedSampleHistory(historyCount: 6, lateReportFraction: 0.25)
    var plain = LearnedSampleHistory(historyCount: 6)
    var recorded: [PointerSample] = []
    var time = 0.0
    for i in 0..<2_000 {
      let roll = Double.random(in: 0..<1, using: &generator)
      // Mostly 8 ms steps; some late reports, repeated times, steps back and gaps over 20 ms.
      time += roll < 0.15 ? Double.random(in: 0.0001...0.0005, using: &generator)
        : roll < 0.18 ? 0 : roll < 0.20 ? -0.003 : roll < 0.22 ? 0.05 : Double.random(in: 0.007...0.009, using: &generator)
      let sample = PointerSample(time: time, x: Double(i), y: Double(i % 7))
      history.observe(sample, maximumGapSeconds: 0.02)
      plain.observe(sample, maximumGapSeconds: 0.02)
      if let newest = recorded.last {
        let dt = time - newest.time
        if dt < 0 {
          time = newest.time  // ignored: the next step counts from the newest sample held
        } else if dt == 0 {
          recorded[recorded.count - 1] = sample
        } else {
          if dt > 0.02 { recorded.removeAll() }
          recorded.append(sample)
        }
      } else {
        recorded.append(sample)
      }
      if recorded.count > 7 { recorded.removeFirst() }
      var expected = recorded
      expected.withUnsafeMutableBufferPointer { LateReportRetiming.retime($0, fraction: 0.25) }
      #expect(history.withWindow { Array($0) }.map(\.time.bitPattern) == expected.map(\.time.bitPattern), "sample \(i)")
      #expect(history.withWindow { Array($0) }.map(\.x) == recorded.map(\.x))
      #expect(plain.withWindow { Array($0) } == recorded)
      #expect(history.newest == recorded.last)
    }
  }

  /// A zero network predicts `(v₁, 0)` in the motion frame, that is two-point linear extrapolation,
  /// from the window as its features read it: with re-timing, from the re-timed older sample.
  @Test("a zero network with it is linear extrapolation from the re-timed window")
  func zeroNetworkIsRetimedLinear() throws {
    var p = MLPPredictor.Parameters.linearStart(historyCount: 4, hiddenSizes: [3])
    p.lateReportFraction = 0.25
    var predictor = MLPPredictor(parameters: p)
    var plain = MLPPredictor(parameters: MLPPredictor.Parameters.linearStart(historyCount: 4, hiddenSizes: [3]))
    let times = [0, 0.008, 0.016, 0.0238, 0.024]
    let xs = [0.0, 8, 16, 24, 32]
    for (t, x) in zip(times, xs) {
      predictor.observe(PointerSample(time: t, x: x, y: 1))
      plain.observe(PointerSample(time: t, x: x, y: 1))
    }
    let h = 0.016
    let retimed = try #require(predictor.predict(at: 0.024 + h))
    // 8 px over 0.024 − 0.020 s: 2 000 px/s, so 32 px further in 16 ms.
    #expect(abs(retimed.x - (32 + 8 / 0.004 * h)) < 1e-9)
    #expect(abs(retimed.y - 1) < 1e-12)
    // As recorded: 8 px over 0.2 ms, 40 000 px/s: 640 px further.
    let raw = try #require(plain.predict(at: 0.024 + h))
    #expect(abs(raw.x - (32 + 8 / 0.0002 * h)) < 1e-6)
  }

  @Test("the field is written only when set, round-trips, and needs model format version 5")
  func modelFile() throws {
    let parameters = MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5])
    var with = parameters
    with.lateReportFraction = 0.25
    try ModelFileVersionTests.expectWrittenOnlyWhenOn("lateReportFraction", value: "0.25", version: 5, plain: parameters, with: with)
    var file = ModelFixtures.file(PredictorConfiguration(family: .mlp(with)))
    file.version = 4
    ModelFileVersionTests.expectRefusedAtVersion(file, saying: "needs version 5")
  }

  /// Constant-velocity weights read `v₁` alone, so the learned linear model is two-point linear
  /// extrapolation from the window its features read: the same window the network reads.
  @Test("a constant-velocity learned linear model with it predicts as the zero network does")
  func learnedLinearIsRetimedLinear() throws {
    var p = LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 4)
    p.lateReportFraction = 0.25
    try p.validate()
    var learned = LearnedLinearPredictor(parameters: p)
    var q = MLPPredictor.Parameters.linearStart(historyCount: 4, hiddenSizes: [3])
    q.lateReportFraction = 0.25
    var network = MLPPredictor(parameters: q)
    var plain = LearnedLinearPredictor(parameters: .constantVelocity(historyCount: 4))
    let times = [0, 0.008, 0.016, 0.0238, 0.024]
    let xs = [0.0, 8, 16, 24, 32]
    for (t, x) in zip(times, xs) {
      learned.observe(PointerSample(time: t, x: x, y: 1))
      network.observe(PointerSample(time: t, x: x, y: 1))
      plain.observe(PointerSample(time: t, x: x, y: 1))
    }
    let h = 0.016
    let retimed = try #require(learned.predict(at: 0.024 + h))
    #expect(abs(retimed.x - (32 + 8 / 0.004 * h)) < 1e-9)
    #expect(abs(retimed.x - (try #require(network.predict(at: 0.024 + h))).x) < 1e-9)
    #expect(abs(retimed.y - 1) < 1e-12)
    let raw = try #require(plain.predict(at: 0.024 + h))
    #expect(abs(raw.x - (32 + 8 / 0.0002 * h)) < 1e-6)
  }

  @Test("in a learned linear model the field is written only when set and needs model format version 6")
  func learnedLinearModelFile() throws {
    let parameters = LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 3)
    var with = parameters
    with.lateReportFraction = 0.25
    try ModelFileVersionTests.expectWrittenOnlyWhenOn(
      "lateReportFraction", value: "0.25", version: 6, plain: parameters, with: .learnedLinear(with))
    var file = ModelFixtures.file(PredictorConfiguration(family: .learnedLinear(with)))
    file.version = 5
    ModelFileVersionTests.expectRefusedAtVersion(file, saying: "needs version 6")
  }

  @Test("a learned linear threshold outside 0…1 is refused, naming learnedLinear.lateReportFraction", arguments: [0, 1, -0.2, .nan])
  func refusedLearnedLinearThreshold(fraction: Double) {
    var p = LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 3)
    p.lateReportFraction = fraction
    #expect { try p.validate() } throws: { error in
      (error as? PredictorParameterError)?.parameter == "learnedLinear.lateReportFraction"
    }
  }

  @Test("a threshold outside the open interval 0…1 is refused, naming mlp.lateReportFraction", arguments: [0, 1, -0.2, 2, .nan, .infinity])
  func refusedThreshold(fraction: Double) {
    var p = MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5])
    p.lateReportFraction = fraction
    #expect { try p.validate() } throws: { error in
      (error as? PredictorParameterError)?.parameter == "mlp.lateReportFraction"
    }
  }

  @Test("networks with different thresholds do not join one ensemble")
  func unshared() {
    let parameters = MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5])
    var other = parameters
    other.lateReportFraction = 0.25
    #expect(throws: MLPPredictor.Parameters.Invalid.unsharedInputs) {
      try MLPPredictor.Parameters.ensemble([parameters, other])
    }
  }
}
