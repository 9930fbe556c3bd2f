import Foundation
import LookaheadKit
import Testing

/// A profile file's empty name, and a whole-number field holding a fraction or a number too big
/// for an Int (which JSONDecoder reported as "not valid JSON" with no field), are refused naming
/// the file and the field.
@Suite("Device profile file: empty name and whole-number fields")
struct DeviceProfileFileFieldTests {
  @Test(arguments: [
    (#"{"name": ""}"#, "name", "must not be empty: it is how --profile, results and model files name the profile"),
    (#"{"name": "x", "missedFrames": {"frameIndices": [1e30]}}"#, "$.missedFrames.frameIndices[0]",
     "expected a whole frame index ≥ 0, found 1e+30"),
    (#"{"name": "x", "missedFrames": {"frameIndices": [2, 1.5]}}"#, "$.missedFrames.frameIndices[1]",
     "expected a whole frame index ≥ 0, found 1.5"),
    (#"{"name": "x", "digitizer": {"decimation": 2.5}}"#, "$.digitizer.decimation", "expected a whole number 1…16, found 2.5"),
    (#"{"name": "x", "digitizer": {"decimation": 1e300}}"#, "$.digitizer.decimation",
     "expected a whole number 1…16, found 1e+300"),
    // A value of the wrong kind is named in JSON's terms (it was "Dictionary<String, Any>").
    ("[1, 2]", "$", "expected an object"),
    (#"{"name": 5}"#, "$.name", "expected a string"),
  ])
  func refused(json: String, field: String, problem: String) {
    #expect(throws: DeviceProfileError(profile: "p.json", field: field, problem: problem)) {
      try DeviceProfile.decode(Data(json.utf8), file: "p.json")
    }
  }

  @Test("whole numbers written as such still read")
  func wholeNumbersRead() throws {
    let profile = try DeviceProfile.decode(
      Data(#"{"name": "x", "digitizer": {"decimation": 2}, "missedFrames": {"frameIndices": [0, 3, 5.0]}}"#.utf8), file: "p.json")
    #expect(profile.digitizer.decimation == 2)
    #expect(profile.missedFrames.frameIndices == [0, 3, 5])
  }
}
