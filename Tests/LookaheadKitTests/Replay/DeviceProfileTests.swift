import Foundation
import LookaheadKit
import Testing

@Suite("DeviceProfile")
struct DeviceProfileTests {
  @Test(arguments: DeviceProfile.presets)
  func presetIsValidAndRoundTripsThroughJSON(preset: DeviceProfile) throws {
    try preset.validate()
    let decoded = try DeviceProfile.decode(try preset.jsonData(), file: "preset.json")
    #expect(decoded == preset)
    #expect(DeviceProfile.preset(named: preset.name) == preset)
  }

  @Test func presetNamesAreUnique() {
    #expect(Set(DeviceProfile.presets.map(\.name)).count == DeviceProfile.presets.count)
  }

  /// A file that gives only a name and a rate takes every other field's documented default.
  @Test func missingFieldsTakeTheirDefaults() throws {
    let json = #"{"name": "mine", "display": {"rateHz": 60}}"#
    let profile = try DeviceProfile.decode(Data(json.utf8), file: "mine.json")
    #expect(profile == DeviceProfile(name: "mine", display: .init(rateHz: 60)))
    #expect(profile.digitizer.decimation == 1)
    #expect(profile.pipeline == .init(frames: 2, extraSeconds: 0))
    #expect(profile.display.phaseOffsetSeconds == nil)
    #expect(profile.deliveryDelaySeconds == 0)
    #expect(profile.appliesLatePropertyUpdates)
    #expect(!profile.includesFramesWithoutNewSamples)
  }

  @Test(arguments: [
    (#"{"name": "x", "display": {"rateHz": "fast"}}"#, "$.display.rateHz"),
    (#"{"display": {"rateHz": 60}}"#, "$.name"),
    (#"{"name": "x", "display": {"allowedRatesHz": [120, 60], "schedule": [{"atSeconds": 0.1, "rateHz": 90}]}}"#,
     "display.schedule[0].rateHz"),
    (#"{"name": "x", "display": {"schedule": [{"atSeconds": 0.2, "rateHz": 60}, {"atSeconds": 0.1, "rateHz": 120}]}}"#,
     "display.schedule[1].atSeconds"),
    (#"{"name": "x", "deliveryDelaySeconds": -0.001}"#, "deliveryDelaySeconds"),
    (#"{"name": "x", "missedFrames": {"probability": 1.5}}"#, "missedFrames.probability"),
    (#"{"name": "x", "digitizer": {"decimation": 0}}"#, "digitizer.decimation"),
    (#"{"name": "x", "display": {"rateHz": 120, "phaseOffsetSeconds": 0.01}}"#, "display.phaseOffsetSeconds"),
  ])
  func badFieldIsNamed(json: String, field: String) {
    #expect {
      _ = try DeviceProfile.decode(Data(json.utf8), file: "bad.json")
    } throws: { error in
      guard let error = error as? DeviceProfileError else { return false }
      return error.field == field && error.profile == "bad.json" && error.description.contains(field)
    }
  }
  /// A misspelt field was once skipped and its part replayed at the default (no missed frames, a
  /// 2-frame pipeline) without a word.
  @Test("a field no profile has is refused and named, at every level", arguments: [
    (#"{"name": "x", "missedFrame": {"probability": 0.1}}"#, "$.missedFrame"),
    (#"{"name": "x", "pipeline": {"frame": 3}}"#, "$.pipeline.frame"),
    (#"{"name": "x", "display": {"rateHz": 60, "recordedFrameTimesSeconds": [0.1]}}"#, "$.display.recordedFrameTimesSeconds"),
    (#"{"name": "x", "display": {"schedule": [{"atSeconds": 0.1, "rateHz": 60, "rate": 1}]}}"#, "$.display.schedule[0].rate"),
    (#"{"name": "x", "digitizer": {"decimation": 2, "rateHz": 120}}"#, "$.digitizer.rateHz"),
    (#"{"name": "x", "missedFrames": {"probabilty": 0.1}}"#, "$.missedFrames.probabilty"),
  ])
  func unknownFieldIsRefused(json: String, field: String) {
    #expect {
      _ = try DeviceProfile.decode(Data(json.utf8), file: "typo.json")
    } throws: { error in
      guard let error = error as? DeviceProfileError else { return false }
      return error.field == field && error.profile == "typo.json" && error.problem.hasPrefix("unknown field")
    }
  }


  @Test func resolveFindsPresetsAndFilesAndNamesUnknownOnes() throws {
    #expect(try DeviceProfile.resolve("finger60-phone") == .finger60Phone)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: url) }
    var custom = DeviceProfile.variableRate
    custom.name = "custom"
    try custom.jsonData().write(to: url)
    #expect(try DeviceProfile.resolve(url.path) == custom)
    #expect {
      _ = try DeviceProfile.resolve("no-such-profile")
    } throws: { error in
      (error as? DeviceProfileError)?.problem.contains("pencil240-promotion120") == true
    }
  }
}
