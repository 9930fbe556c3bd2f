import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("Device profile measured from a browser recording")
struct RecordedDisplayTimingTests {
  /// A 60 Hz display; strokes whose first samples fall `phases` (ms) before a frame; a 240 Hz
  /// pen delivered 4 samples per move, each event handled 5 ms after its newest sample.
  static func session(phasesBeforeFrameMilliseconds phases: [Double], deliveryDelayMilliseconds delay: Double = 5) -> RecorderSession {
    var session = RecorderSession()
    let period = 1000.0 / 60
    session.frames = (0..<240).map { 1000 + Double($0) * period }
    for (index, phase) in phases.enumerated() {
      let start = 1000 + Double(20 + 40 * index) * period - phase
      session.event("pointerdown", id: 1, pointer: "pen", buttons: 1, samples: [RecorderSession.sample(start, 0, 0)])
      for move in 0..<4 {
        let times = (1...4).map { start + Double(4 * move + $0) * 1000 / 240 }
        session.event("pointermove", id: 1, pointer: "pen", buttons: 1,
          samples: times.map { RecorderSession.sample($0, $0 - start, 0) }, received: times[3] + delay)
      }
      session.event("pointerup", id: 1, pointer: "pen", buttons: 0, samples: [RecorderSession.sample(start + 17 * 1000 / 240, 0, 0)])
    }
    return session
  }

  static func recording(_ session: RecorderSession) throws -> BrowserRecording {
    try BrowserRecording.parse(Data(session.json.utf8), file: "session.json")
  }

  @Test("rate, a consistent phase, samples per event, digitizer rate and delivery delay")
  func consistentPhase() throws {
    let recording = try Self.recording(Self.session(phasesBeforeFrameMilliseconds: [4, 4, 4, 4, 4]))
    let timing = try RecordedDisplayTiming(recording: recording)
    #expect(abs(timing.refreshRateHz - 60) < 1e-9)
    #expect(abs((timing.meanPhaseSeconds ?? 0) - 0.004) < 1e-9)
    #expect(abs(timing.phaseConsistency - 1) < 1e-9)
    #expect(timing.samplesPerEvent == 4)
    #expect(abs((timing.digitizerRateHz ?? 0) - 240) < 1e-6)
    #expect(abs((timing.deliveryDelaySeconds ?? 0) - 0.005) < 1e-9)

    let profile = try DeviceProfile.measured(from: recording, name: "my-tablet")
    #expect(profile.name == "my-tablet")
    #expect(profile.display.rateHz == 60)
    #expect(abs((profile.display.phaseOffsetSeconds ?? 0) - 0.004) < 1e-9)
    #expect(abs(profile.deliveryDelaySeconds - 0.005) < 1e-9)
    #expect(profile.pipeline.frames == DeviceProfile.assumedBrowserPipelineFrames)
    // What `datasets profile` writes is what `--profile FILE` reads.
    let decoded = try DeviceProfile.decode(try profile.jsonData(), file: "profile.json")
    #expect(decoded == profile)
  }

  /// Fewer than five strokes agree with themselves whatever the display does: not fixed.
  @Test("a phase from too few strokes is not fixed in the profile")
  func tooFewStrokesForPhase() throws {
    let recording = try Self.recording(Self.session(phasesBeforeFrameMilliseconds: [4, 4, 4, 4]))
    #expect(try RecordedDisplayTiming(recording: recording).phaseConsistency > 0.999)
    #expect(try DeviceProfile.measured(from: recording, name: "x").display.phaseOffsetSeconds == nil)
  }

  /// Phases a third of a period apart cancel on the circle: consistency 0, so the profile keeps
  /// the per-stroke random phase.
  @Test("phases spread over the cycle are not fixed in the profile")
  func spreadPhase() throws {
    let period = 1000.0 / 60
    let recording = try Self.recording(Self.session(phasesBeforeFrameMilliseconds: [1, 1 + period / 3, 1 + 2 * period / 3]))
    let timing = try RecordedDisplayTiming(recording: recording)
    #expect(timing.phaseConsistency < 1e-9)
    #expect(try DeviceProfile.measured(from: recording, name: "x").display.phaseOffsetSeconds == nil)
  }

  @Test("too few frames is an error naming the field")
  func tooFewFrames() throws {
    var session = Self.session(phasesBeforeFrameMilliseconds: [4])
    session.frames = [1000]
    let recording = try Self.recording(session)
    #expect {
      try DeviceProfile.measured(from: recording, name: "x", file: "rec.json")
    } throws: { error in
      "\(error)".contains("rec.json") && "\(error)".contains("$.frames") && "\(error)".contains("at least two distinct")
    }
  }

  /// A delay outside the profile's 0…1 s was clamped into it while the summary stated the
  /// measured one (-50 ms in the summary, 0 in the profile). It is refused, naming the recording
  /// and the measured value; the imported trace still loads, without recorded frame times, and
  /// its note says why.
  @Test("a measured delivery delay outside 0…1 s is refused, naming the recording and the value",
    arguments: [(-50.0, "-50 ms", "clocks disagree"), (5e6, "5000000 ms", "stalled")])
  func deliveryDelayOutOfRange(delay: Double, shown: String, reason: String) throws {
    let session = Self.session(phasesBeforeFrameMilliseconds: [4], deliveryDelayMilliseconds: delay)
    let error = #expect(throws: TraceInputError.self) {
      try DeviceProfile.measured(from: try Self.recording(session), name: "x", file: "rec.json")
    }
    #expect(error?.file == "rec.json" && error?.location == .jsonPath("$.events") && error?.field == "received")
    #expect(error?.problem.contains("delivery delay") == true && error?.problem.contains("is \(shown), outside the 0…1 s") == true
      && error?.problem.contains(reason) == true, "\(error?.description ?? "")")
    let trace = try session.load()
    #expect(trace.metadata.recordedDisplay == nil)
    #expect(trace.metadata.notes["display_frames"]?.contains("frame times not kept: the measured delivery delay") == true)
  }
}
