import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// Replay on a recorded display clock (`DisplayClock.recordedFrameTimesSeconds`,
/// `RecordedDisplay`): callbacks exactly at the recorded frame times, presented the measured
/// pipeline delay later.
@Suite("Replay at recorded frame times")
struct RecordedFrameReplayTests {
  /// Frame times, ms: 60 Hz (16 ms), a dropped frame (1048 missing: 32 ms), then 125 Hz (8 ms).
  /// The median interval is 8 ms, so a profile measured from them runs at 125 Hz.
  static let framesMilliseconds: [Double] = [1000, 1016, 1032, 1064, 1072, 1080, 1088, 1096, 1104]
  /// Pen samples, ms; each at least 1 ms from every frame time − 2 ms delivery delay.
  static let samplesMilliseconds: [Double] = [1003, 1010, 1020, 1029, 1045, 1060, 1069, 1077, 1085, 1100]

  /// Hand-worked with a 2 ms delivery delay: the callback at 1000 ms has nothing; 1016 gets
  /// 1003 and 1010 (cut-off 1014); 1032 gets 1020, 1029; 1064 (after the dropped frame) gets
  /// 1045, 1060; 1072, 1080 and 1088 get one sample each; 1096 has nothing; 1104 gets 1100.
  static let expectedCallbacksMilliseconds: [Double] = [1016, 1032, 1064, 1072, 1080, 1088, 1104]
  static let expectedDelivered: [[Int]] = [[0, 1], [2, 3], [4, 5], [6], [7], [8], [9]]

  static func stroke() -> Stroke {
    Stroke(samples: samplesMilliseconds.enumerated().map { TraceSample(time: $1 / 1000, x: Double($0), y: 0) })
  }

  @Test("callbacks at the recorded times, a constant pipeline delay, a missed frame waits the recorded interval")
  func handWorked() throws {
    let frameTimes = Self.framesMilliseconds.map { $0 / 1000 }
    var profile = DeviceProfile(
      name: "recorded", display: DeviceProfile.DisplayClock(rateHz: 125), deliveryDelaySeconds: 0.002,
      pipeline: DeviceProfile.PipelineLatency(frames: 2), missedFrames: DeviceProfile.MissedFrames(frameIndices: [1]))
    profile.display.recordedFrameTimesSeconds = frameTimes
    let frames = try Replay(profile: profile, seed: 7).frameArray(of: Self.stroke())
    #expect(frames.map(\.callbackTime) == Self.expectedCallbacksMilliseconds.map { $0 / 1000 })
    #expect(frames.map { Array($0.deliveredSamples) } == Self.expectedDelivered)
    #expect(frames.map(\.targetPresentationTime) == frames.map { $0.callbackTime + 2.0 / 125 })
    // Each frame's period is the recorded interval to the next frame; the last one's the rate's.
    #expect(frames.map { ($0.refreshPeriod * 1000).rounded() } == [16, 32, 8, 8, 8, 8, 8])
    // Frame 1 (callback 1032 ms) misses: shown at the next recorded refresh's distance, 32 ms on.
    #expect(frames[1].isMissed && abs(frames[1].presentationTime - (1.032 + 0.016 + 0.032)) < 1e-12)
    #expect(frames.filter { !$0.isMissed }.allSatisfy { $0.presentationTime == $0.targetPresentationTime })
    // The seed changes nothing: no phase is drawn on a recorded clock.
    #expect(try Replay(profile: profile, seed: 99).frameArray(of: Self.stroke()) == frames)
  }

  @Test("samples after the last recorded frame are not delivered")
  func framesRunOut() throws {
    var profile = DeviceProfile(name: "recorded", deliveryDelaySeconds: 0.002)
    profile.display.recordedFrameTimesSeconds = Array(Self.framesMilliseconds.prefix(4)).map { $0 / 1000 }
    let frames = try Replay(profile: profile).frameArray(of: Self.stroke())
    #expect(frames.map { Array($0.deliveredSamples) } == [[0, 1], [2, 3], [4, 5]])
  }

  @Test("frame times that do not increase are refused naming the field; they are not part of a profile file")
  func validationAndFile() throws {
    var profile = DeviceProfile(name: "recorded")
    profile.display.recordedFrameTimesSeconds = [1, 1.016, 1.016]
    #expect {
      try profile.validate()
    } throws: { ($0 as? DeviceProfileError)?.field == "display.recordedFrameTimesSeconds[2]" }
    profile.display.recordedFrameTimesSeconds = [1, .nan]
    #expect(throws: DeviceProfileError.self) { try profile.validate() }
    profile.display.recordedFrameTimesSeconds = [1, 2]
    let json = String(decoding: try profile.jsonData(), as: UTF8.self)
    #expect(!json.contains("recordedFrameTimes"))
    #expect(try DeviceProfile.decode(Data(json.utf8), file: "p.json").display.recordedFrameTimesSeconds.isEmpty)
  }

  /// The same hand-worked case through a recorder session file: the importer keeps the frame
  /// times (seconds) with the measured profile, and `replayProfile` replays exactly at them.
  @Test("an imported browser recording keeps its frame times and replays at them")
  func importedRecording() throws {
    var session = RecorderSession()
    session.frames = Self.framesMilliseconds
    let samples = Self.samplesMilliseconds
    session.event("pointerdown", id: 1, pointer: "pen", buttons: 1, samples: [RecorderSession.sample(samples[0], 0, 0)])
    for (index, time) in samples.enumerated().dropFirst().dropLast() {
      session.event("pointermove", id: 1, pointer: "pen", buttons: 1,
        samples: [RecorderSession.sample(time, Double(index), 0)], received: time + 2)
    }
    session.event("pointerup", id: 1, pointer: "pen", buttons: 0, samples: [RecorderSession.sample(samples[9], 9, 0)])
    let trace = try session.load()
    let recorded = try #require(trace.metadata.recordedDisplay)
    #expect(recorded.frameTimesSeconds == Self.framesMilliseconds.map { $0 / 1000 })
    let recording = try BrowserRecording.parse(Data(session.json.utf8), file: "session.json")
    #expect(recorded.measuredProfile == (try DeviceProfile.measured(from: recording, name: "measured")))
    #expect(recorded.measuredProfile.display.rateHz == 125)
    #expect(abs(recorded.measuredProfile.deliveryDelaySeconds - 0.002) < 1e-9)

    let profile = recorded.replayProfile
    #expect(profile.name == "recorded")
    let frames = try Replay(profile: profile).frameArray(of: try #require(trace.contactStrokes.first))
    #expect(frames.map(\.callbackTime) == Self.expectedCallbacksMilliseconds.map { $0 / 1000 })
    #expect(frames.map { Array($0.deliveredSamples) } == Self.expectedDelivered)
    #expect(frames.map(\.targetPresentationTime) == frames.map { $0.callbackTime + 2.0 / 125 })
  }

  @Test("two sessions have separate clocks: no frame times are kept")
  func severalSessions() throws {
    var session = RecorderSession()
    session.frames = Self.framesMilliseconds
    session.event("pointerdown", id: 1, pointer: "pen", buttons: 1, samples: [RecorderSession.sample(1003, 0, 0)])
    session.event("pointerup", id: 1, pointer: "pen", buttons: 0, samples: [RecorderSession.sample(1010, 1, 0)])
    let first = try DelimitedTextImporterTests.temporaryFile("a.json", session.json)
    defer { try? FileManager.default.removeItem(at: first.deletingLastPathComponent()) }
    let second = first.deletingLastPathComponent().appendingPathComponent("b.json")
    try Data(session.json.utf8).write(to: second)
    let trace = try BrowserRecordingImporter().importTrace(files: [first, second], options: ImportOptions())
    #expect(trace.metadata.recordedDisplay == nil)
    #expect(trace.metadata.notes["display_frames"]?.contains("frame times not kept") == true)
  }
}
