import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// A straight stroke sampled at exactly `rateHz`, `count` samples from t = 0.
private func uniformStroke(rateHz: Double, count: Int) -> Stroke {
  Stroke(samples: (0..<count).map { k in
    TraceSample(time: Double(k) / rateHz, x: Double(k), y: 2 * Double(k), pressure: 0.5)
  })
}

private func profile(
  rateHz: Double, phase: Double = 0.001, delay: Double = 0, frames: Double = 2,
  schedule: [DeviceProfile.RateChange] = [], missed: [Int] = [], decimation: Int = 1,
  includeEmpty: Bool = false
) -> DeviceProfile {
  DeviceProfile(
    name: "test", digitizer: .init(decimation: decimation),
    display: .init(rateHz: rateHz, schedule: schedule, phaseOffsetSeconds: phase),
    deliveryDelaySeconds: delay, pipeline: .init(frames: frames),
    missedFrames: .init(frameIndices: missed), includesFramesWithoutNewSamples: includeEmpty)
}

@Suite("Replay")
struct ReplayTests {
  /// 240 Hz samples at k/240 s, a 120 Hz display whose refreshes fall 1 ms after each even
  /// sample: refresh m (at 0.001 + m/120 s) receives samples 2m−1 and 2m. The frame is shown 2
  /// refreshes later, so the horizon is 1 ms + 2/120 s = 17.667 ms on every frame.
  @Test func pencil240OnDisplay120DeliversTwoSamplesAFrame() throws {
    let replay = try Replay(profile: profile(rateHz: 120))
    let frames = try replay.frameArray(of: uniformStroke(rateHz: 240, count: 49))
    #expect(frames.count == 25)
    #expect(Array(frames[0].deliveredSamples) == [0])
    for (m, frame) in frames.enumerated().dropFirst() {
      #expect(Array(frame.deliveredSamples) == [2 * m - 1, 2 * m])
      #expect(abs(frame.callbackTime - (0.001 + Double(m) / 120)) < Tolerance.arithmetic)
      #expect(abs(frame.newestSampleTime - Double(m) / 120) < Tolerance.arithmetic)
      #expect(abs(frame.horizon - (0.001 + 2.0 / 120)) < Tolerance.arithmetic)
      #expect(!frame.isMissed && frame.presentationTime == frame.targetPresentationTime)
    }
  }

  /// A 60 Hz display that switches to 120 Hz at 0.1 s. Refreshes at 0.001 + m/60 s; the first
  /// at or after 0.1 s is 0.101 s, from which the rate is 120 Hz. With a 240 Hz trace the newest
  /// sample is always 1 ms old, so the horizon is 1 ms + 2 refreshes: 34.333 ms before the switch
  /// and 17.667 ms after it, 16.667 ms (2/60 − 2/120 s) less.
  @Test func switchFrom60To120HzShortensTheHorizonByTwoRefreshDifferences() throws {
    let replay = try Replay(
      profile: profile(rateHz: 60, schedule: [.init(atSeconds: 0.1, rateHz: 120)]))
    let frames = try replay.frameArray(of: uniformStroke(rateHz: 240, count: 61))
    let before = frames.filter { $0.callbackTime < 0.1 }
    let after = frames.filter { $0.callbackTime > 0.1 }
    #expect(before.count == 6)  // 0.001, 0.0177, …, 0.0843 s
    #expect(abs(after[0].callbackTime - 0.101) < Tolerance.arithmetic)
    #expect(abs(after[1].callbackTime - (0.101 + 1.0 / 120)) < Tolerance.arithmetic)
    for frame in before.dropFirst() {
      #expect(abs(frame.horizon - (0.001 + 2.0 / 60)) < Tolerance.arithmetic)
      #expect(frame.deliveredSamples.count == 4)
    }
    for frame in after {
      #expect(abs(frame.horizon - (0.001 + 2.0 / 120)) < Tolerance.arithmetic)
    }
    #expect(abs(before[5].horizon - after[0].horizon - (2.0 / 60 - 2.0 / 120)) < Tolerance.arithmetic)
    #expect(after.dropFirst().allSatisfy { $0.deliveredSamples.count == 2 })
  }

  /// Frame 3 misses its deadline: it is shown one 120 Hz refresh (8.333 ms) after its target;
  /// every other frame is unchanged.
  @Test func missedFrameIsShownOneRefreshLater() throws {
    let stroke = uniformStroke(rateHz: 240, count: 30)
    let plain = try Replay(profile: profile(rateHz: 120)).frameArray(of: stroke)
    let missing = try Replay(profile: profile(rateHz: 120, missed: [3])).frameArray(of: stroke)
    #expect(plain.count == missing.count)
    for (a, b) in zip(plain, missing) {
      #expect(a.targetPresentationTime == b.targetPresentationTime)
      #expect(a.horizon == b.horizon)
      if b.index == 3 {
        #expect(b.isMissed)
        #expect(abs(b.presentationTime - a.presentationTime - 1.0 / 120) < Tolerance.arithmetic)
        #expect(abs(b.presentedHorizon - b.horizon - 1.0 / 120) < Tolerance.arithmetic)
      } else {
        #expect(a == b)
      }
    }
  }

  /// The listed frames miss whatever order the list is in, listed twice or beyond the stroke's
  /// frames, and no other frame does (the replay walks a sorted copy of the list).
  @Test func missedFramesListedOutOfOrderMissExactlyThoseFrames() throws {
    let stroke = uniformStroke(rateHz: 240, count: 30)
    let listed = [11, 3, 0, 3, 7, 500]
    let frames = try Replay(profile: profile(rateHz: 120, missed: listed)).frameArray(of: stroke)
    #expect(frames.count == 16)
    #expect(frames.filter(\.isMissed).map(\.index) == [0, 3, 7, 11])
    // The same stroke replayed twice from one Replay: each stroke starts its own walk.
    let again = try Replay(profile: profile(rateHz: 120, missed: listed))
    #expect(try again.frameArray(of: stroke).filter(\.isMissed).map(\.index) == [0, 3, 7, 11])
    #expect(try again.frameArray(of: stroke, strokeIndex: 1).filter(\.isMissed).map(\.index) == [0, 3, 7, 11])
  }

  @Test func sameSeedGivesSameFramesAndAnotherSeedDoesNot() throws {
    var random = DeviceProfile.pencil240ProMotion120
    random.missedFrames.probability = 0.3
    let stroke = uniformStroke(rateHz: 240, count: 200)
    let a = try Replay(profile: random, seed: 7).frameArray(of: stroke, strokeIndex: 3)
    let b = try Replay(profile: random, seed: 7).frameArray(of: stroke, strokeIndex: 3)
    let c = try Replay(profile: random, seed: 8).frameArray(of: stroke, strokeIndex: 3)
    let d = try Replay(profile: random, seed: 7).frameArray(of: stroke, strokeIndex: 4)
    #expect(a == b)
    #expect(a != c)
    #expect(a != d)
    // About 30 % of frames miss (binomial, n ≈ 100: far outside 10…50 would be a broken draw).
    let missed = a.filter(\.isMissed).count
    #expect((10...50).contains(missed))
  }

  /// Decimation 2 keeps samples 0, 2, 4, … only; on a 120 Hz display each frame gets one of them.
  @Test func decimationDeliversEveryOtherSample() throws {
    let frames = try Replay(profile: profile(rateHz: 120, decimation: 2))
      .frameArray(of: uniformStroke(rateHz: 240, count: 21))
    #expect(frames.count == 11)
    for (m, frame) in frames.enumerated() {
      #expect(Array(frame.deliveredSamples) == [2 * m])
      #expect(frame.newestSampleIndex == 2 * m)
    }
  }

  /// A 60 Hz trace on a 120 Hz display: every other refresh has no new sample. When such frames
  /// are asked for, they repeat the newest sample and their horizon is one refresh longer.
  @Test func framesWithoutNewSamplesAreOptional() throws {
    let stroke = uniformStroke(rateHz: 60, count: 10)
    let sparse = try Replay(profile: profile(rateHz: 120)).frameArray(of: stroke)
    let dense = try Replay(profile: profile(rateHz: 120, includeEmpty: true)).frameArray(of: stroke)
    #expect(sparse.count == 10)
    #expect(dense.count == 19)
    #expect(sparse.allSatisfy { $0.deliveredSamples.count == 1 })
    for k in stride(from: 1, to: 19, by: 2) {
      #expect(dense[k].deliveredSamples.isEmpty)
      #expect(dense[k].newestSampleIndex == dense[k - 1].newestSampleIndex)
      #expect(abs(dense[k].horizon - dense[k - 1].horizon - 1.0 / 120) < Tolerance.arithmetic)
    }
  }

  /// Sample 1's pressure is an estimate (0.2) until its update (final 0.5) arrives at 30 ms.
  @Test func latePressureUpdateIsVisibleOnlyAfterItArrives() throws {
    var stroke = uniformStroke(rateHz: 240, count: 12)
    stroke.samples[1].pressure = 0.5
    stroke.samples[1].estimated = .pressure
    stroke.lateUpdates = [
      LatePropertyUpdate(sampleIndex: 1, property: .pressure, estimatedValue: 0.2, finalValue: 0.5, arrivalTime: 0.03)
    ]
    let replay = try Replay(profile: profile(rateHz: 120))
    var frames = try replay.frames(of: stroke)
    var seen: [Double?] = []
    while let frame = frames.next() {
      for index in frame.deliveredSamples where index == 1 {
        seen.append(frames.pointerSample(index, knownAt: frame.callbackTime).pressure)
      }
    }
    #expect(seen == [0.2])  // delivered at 9.33 ms, before the update
    #expect(frames.pointerSample(1, knownAt: 0.0299).pressure == 0.2)
    #expect(frames.pointerSample(1, knownAt: 0.03).pressure == 0.5)
    #expect(frames.pointerSample(2, knownAt: 0).pressure == 0.5)  // no update: as recorded

    var ideal = profile(rateHz: 120)
    ideal.appliesLatePropertyUpdates = false
    let idealFrames = try Replay(profile: ideal).frames(of: stroke)
    #expect(idealFrames.pointerSample(1, knownAt: 0).pressure == 0.5)
  }

  /// x = k, y = 2k at k/240 s: halfway between samples 2 and 3 the truth is (2.5, 5); outside the
  /// stroke it holds the end samples; a run of equal times takes the later sample.
  @Test func truePositionInterpolatesTheRecordedPath() throws {
    var stroke = uniformStroke(rateHz: 240, count: 10)
    let replay = try Replay(profile: profile(rateHz: 120, decimation: 3))
    var frames = try replay.frames(of: stroke)
    var truth = frames.truePosition(at: 2.5 / 240)
    #expect(abs(truth.x - 2.5) < 1e-9 && abs(truth.y - 5) < 1e-9)
    #expect(frames.truePosition(at: -1) == (0, 0))
    #expect(frames.truePosition(at: 1) == (9, 18))
    stroke.samples[4].time = stroke.samples[3].time  // samples 3 and 4 at the same time
    frames = try replay.frames(of: stroke)
    truth = frames.truePosition(at: stroke.samples[3].time)
    #expect(truth.x == 4)
  }

  @Test func timeGoingBackwardsIsRejectedWithTheSample() throws {
    var stroke = uniformStroke(rateHz: 240, count: 5)
    stroke.origin = "file.csv#2"
    stroke.samples[3].time = 0
    let replay = try Replay(profile: .pencil240ProMotion120)
    #expect {
      _ = try replay.frames(of: stroke, strokeIndex: 2)
    } throws: { error in
      guard let error = error as? ReplayError else { return false }
      return error.sampleIndex == 3 && error.field == "time" && error.strokeIndex == 2
        && error.description.contains("file.csv#2")
    }
  }

  /// Property: nothing of the future reaches the app, every kept sample arrives exactly once and
  /// in order, callbacks move forward, and the horizon covers at least the pipeline latency. Over
  /// random profiles and random traces (zero dt, gaps, decimation, rate schedules, missed frames).
  @Test(arguments: 0..<200)
  func deliveryIsCausalAndComplete(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let rates = DeviceProfile.DisplayClock.proMotionRatesHz
    let rate = rates.randomElement(using: &random) ?? 120
    var schedule: [DeviceProfile.RateChange] = []
    var at = 0.0
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      at += Double.random(in: 0...0.3, using: &random)
      schedule.append(.init(atSeconds: at, rateHz: rates.randomElement(using: &random) ?? 60))
    }
    let profile = DeviceProfile(
      name: "random \(seed)",
      digitizer: .init(decimation: Int.random(in: 1...3, using: &random)),
      display: .init(
        rateHz: rate, allowedRatesHz: rates, schedule: schedule,
        phaseOffsetSeconds: Bool.random(using: &random) ? nil : Double.random(in: 0..<(1 / rate), using: &random)),
      deliveryDelaySeconds: Double.random(in: 0...0.02, using: &random),
      pipeline: .init(frames: Double(Int.random(in: 0...3, using: &random)), extraSeconds: Double.random(in: 0...0.005, using: &random)),
      missedFrames: .init(probability: Double.random(in: 0...0.5, using: &random)),
      includesFramesWithoutNewSamples: Bool.random(using: &random))
    var time = Double.random(in: -100...100, using: &random)
    var samples: [TraceSample] = []
    for _ in 0..<Int.random(in: 1...300, using: &random) {
      samples.append(TraceSample(time: time, x: 0, y: 0))
      switch Int.random(in: 0..<10, using: &random) {
      case 0: break  // same time
      case 1: time += Double.random(in: 0.05...0.5, using: &random)  // gap
      default: time += Double.random(in: 0.001...0.02, using: &random)
      }
    }
    let stroke = Stroke(samples: samples)
    let step = profile.digitizer.decimation
    let frames = try Replay(profile: profile, seed: seed).frameArray(of: stroke, strokeIndex: Int(seed))
    var expectedNext = 0
    var lastCallback = -Double.infinity
    for frame in frames {
      #expect(frame.callbackTime > lastCallback)
      lastCallback = frame.callbackTime
      for index in frame.deliveredSamples {
        #expect(index == expectedNext)
        expectedNext += step
        #expect(stroke.samples[index].time <= frame.callbackTime - profile.deliveryDelaySeconds)
      }
      #expect(frame.newestSampleIndex == expectedNext - step)
      // At a fixed rate, the first sample of a frame was not yet deliverable one refresh earlier.
      if profile.display.schedule.isEmpty, let first = frame.deliveredSamples.first {
        #expect(stroke.samples[first].time > frame.callbackTime - frame.refreshPeriod - profile.deliveryDelaySeconds - 1e-9)
      }
      #expect(frame.newestSampleTime <= frame.callbackTime - profile.deliveryDelaySeconds)
      let latency = profile.pipeline.frames * frame.refreshPeriod + profile.pipeline.extraSeconds
      #expect(abs(frame.targetPresentationTime - frame.callbackTime - latency) < Tolerance.arithmetic)
      #expect(frame.horizon >= latency + profile.deliveryDelaySeconds - Tolerance.arithmetic)
      #expect(frame.presentationTime >= frame.targetPresentationTime)
      // A kept sample is never held back past the first refresh after it became deliverable.
      if let next = expectedNext < stroke.samples.count ? expectedNext : nil {
        #expect(stroke.samples[next].time > frame.callbackTime - profile.deliveryDelaySeconds)
      }
    }
    #expect(expectedNext >= stroke.samples.count)
    #expect(expectedNext - step <= stroke.samples.count - 1)
  }

  /// Each of these used to make `next()` step one refresh at a time forever: a gap of more than
  /// 1e15 refreshes was not skipped, and at 1e300 s adding a refresh period changes nothing.
  @Test("times beyond the time limit are refused, not stepped through forever", arguments: [
    [0, 1e13], [1e300, 1e300 + 1e290], [0, -1e11],
  ])
  func absurdTimesAreRefused(times: [Double]) throws {
    let replay = try Replay(profile: profile(rateHz: 120))
    let stroke = Stroke(samples: times.sorted().map { TraceSample(time: $0, x: 0, y: 0) })
    let error = #expect(throws: ReplayError.self) { _ = try replay.frameArray(of: stroke) }
    #expect(error?.field == "time")
    #expect(error?.problem.contains("beyond ±1e10 s") == true)
  }

  /// The longest gap the limit allows, 2e10 s = 2e13 refreshes at 1000 Hz, is skipped at once:
  /// one frame for each of the two samples (hand-worked: nothing else can be delivered).
  @Test func theLongestAllowedGapIsSkippedInOneStep() throws {
    let replay = try Replay(profile: profile(rateHz: 1000, phase: 0))
    let stroke = Stroke(samples: [TraceSample(time: -1e10, x: 0, y: 0), TraceSample(time: 1e10, x: 1, y: 0)])
    let frames = try replay.frameArray(of: stroke)
    #expect(frames.map { Array($0.deliveredSamples) } == [[0], [1]])
    #expect(frames[1].callbackTime >= 1e10)
    #expect(frames[1].callbackTime - 1e10 < 0.001 + 1e-5)
  }

  /// With a frame at every refresh the frame count is the stroke's duration times the rate, so a
  /// long stroke is refused before a single frame is made: 1e5 s at 120 Hz is 1.2e7 frames.
  @Test func aFrameAtEveryRefreshIsBoundedByTheStrokesDuration() throws {
    let replay = try Replay(profile: profile(rateHz: 120, includeEmpty: true))
    let long = Stroke(samples: [TraceSample(time: 0, x: 0, y: 0), TraceSample(time: 1e5, x: 1, y: 0)])
    let error = #expect(throws: ReplayError.self) { _ = try replay.frames(of: long) }
    #expect(error?.problem.contains("more than 10000000 frames") == true, "\(error?.description ?? "")")
    let short = Stroke(samples: [TraceSample(time: 0, x: 0, y: 0), TraceSample(time: 1, x: 1, y: 0)])
    #expect(try replay.frameArray(of: short).count == 121)
  }
}
