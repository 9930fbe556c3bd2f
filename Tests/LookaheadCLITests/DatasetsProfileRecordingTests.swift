import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// `datasets profile REC.json` records which recording it measured (its file name and SHA-256, in
/// the summary, so the file stays a profile `--profile` reads), and says so when a recording with
/// no move event in contact leaves the delivery delay unmeasured: it wrote `deliveryDelaySeconds`
/// 0 without a word, and nothing in the profile named the recording.
@Suite("datasets profile names its recording and an unmeasured delivery delay")
struct DatasetsProfileRecordingTests {
  @Test func recordingAndUnmeasuredDelay() throws {
    let folder = try RecorderCommandTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("tablet.json")
    try Data(RecordedDisplayTimingFixture.json.utf8).write(to: recording)
    let profileFile = folder.appendingPathComponent("tablet-profile.json")
    let made = try DatasetsCommandTests.run(["datasets", "profile", recording.path, "-o", profileFile.path])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(!made.stderr.contains("note:"), "\(made.stderr)")
    let profile = try DeviceProfile.load(contentsOf: profileFile)
    let digest = try FileDigest.sha256Hex(fileAt: recording)
    #expect(profile.summary.hasSuffix("; recording tablet.json sha256 \(digest)"), "\(profile.summary)")
    #expect(abs(profile.deliveryDelaySeconds - 0.005) < 1e-9)

    // Frames but no pointer event: the rate is measured, the delivery delay is not.
    let frames = (0..<200).map { "\(1000 + Double($0) * 1000 / 60)" }.joined(separator: ",")
    let hover = folder.appendingPathComponent("hover.json")
    try Data(
      #"{"format":"lookahead-browser-recording","version":1,"userAgent":"test","calibration":{"method":"none"},"frames":[\#(frames)],"events":[]}"#
        .utf8
    ).write(to: hover)
    let hoverProfile = folder.appendingPathComponent("hover-profile.json")
    let noted = try DatasetsCommandTests.run(["datasets", "profile", hover.path, "-o", hoverProfile.path])
    #expect(noted.status == 0, "\(noted.stderr)")
    #expect(
      noted.stderr.contains("note: \(hover.path) has no pointer move event in contact, so no delivery delay was measured"),
      "\(noted.stderr)")
    let measured = try DeviceProfile.load(contentsOf: hoverProfile)
    #expect(measured.deliveryDelaySeconds == 0 && measured.display.rateHz == 60)
    #expect(measured.summary.contains("delivery delay not measured (no move event in contact): 0 assumed"), "\(measured.summary)")
    #expect(measured.summary.hasSuffix("; recording hover.json sha256 \(try FileDigest.sha256Hex(fileAt: hover))"))
    let replay = try DatasetsCommandTests.run(["replay", "--profile", hoverProfile.path, recording.path])
    #expect(replay.status == 0, "\(replay.stderr)")
  }
}
