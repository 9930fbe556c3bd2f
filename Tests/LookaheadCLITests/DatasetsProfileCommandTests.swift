import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("lookahead datasets profile, end to end")
struct DatasetsProfileCommandTests {
  @Test("datasets profile writes a profile that replay --profile reads")
  func profile() throws {
    let folder = try RecorderCommandTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("tablet.json")
    try Data(RecordedDisplayTimingFixture.json.utf8).write(to: recording)
    let profileFile = folder.appendingPathComponent("tablet-profile.json")
    let made = try DatasetsCommandTests.run(["datasets", "profile", recording.path, "--output", profileFile.path])
    #expect(made.status == 0, "\(made.stderr)")
    let profile = try DeviceProfile.load(contentsOf: profileFile)
    #expect(profile.name == "recorded-tablet")
    #expect(profile.display.rateHz == 60)
    let again = try DatasetsCommandTests.run(["datasets", "profile", recording.path, "--output", profileFile.path])
    #expect(again.status == 1 && again.stderr.contains("--force"))
    let replay = try DatasetsCommandTests.run(["replay", "--profile", profileFile.path, recording.path])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("recorded-tablet"), "\(replay.stdout)")

    let truncated = folder.appendingPathComponent("truncated.json")
    try Data(RecordedDisplayTimingFixture.json.utf8.prefix(300)).write(to: truncated)
    let failed = try DatasetsCommandTests.run(["datasets", "profile", truncated.path])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains(truncated.path) && failed.stderr.contains("not valid JSON"), "\(failed.stderr)")
  }
}

/// A recording at 60 Hz with a 240 Hz pen, written as the page writes it.
enum RecordedDisplayTimingFixture {
  static var json: String {
    var events: [String] = []
    let period = 1000.0 / 60
    func sample(_ t: Double, _ x: Double) -> String { #"{"timeStamp":\#(t),"x":\#(x),"y":100,"pressure":0.5}"# }
    for stroke in 0..<3 {
      let start = 1000 + Double(20 + 40 * stroke) * period - 4
      events.append(#"{"type":"pointerdown","timeStamp":\#(start),"received":\#(start + 2),"pointerId":1,"pointerType":"pen","buttons":1,"samples":[\#(sample(start, 10))],"predicted":[]}"#)
      for move in 0..<8 {
        let times = (1...4).map { start + Double(4 * move + $0) * 1000 / 240 }
        events.append(#"{"type":"pointermove","timeStamp":\#(times[3]),"received":\#(times[3] + 5),"pointerId":1,"pointerType":"pen","buttons":1,"samples":[\#(times.map { sample($0, 10 + ($0 - start)) }.joined(separator: ","))],"predicted":[\#(sample(times[3] + 16, 10 + times[3] + 16 - start))]}"#)
      }
    }
    let frames = (0..<200).map { "\(1000 + Double($0) * period)" }.joined(separator: ",")
    return #"{"format":"lookahead-browser-recording","version":1,"userAgent":"test","calibration":{"method":"none"},"frames":[\#(frames)],"events":[\#(events.joined(separator: ","))]}"#
  }
}
