import Foundation
import Testing
import _LookaheadTestSupport

/// `datasets profile --name ""` was refused only after the recording was measured, with an error
/// located at the recording's `$.frames`, and `--name "  "` wrote a profile named "  ": the user
/// typed `--name`, so the refusal names it, before the recording is read.
@Suite("datasets profile --name")
struct DatasetsProfileNameTests {
  static let recording = "Docs/Examples/browser-recording.json"

  @Test("an empty or blank --name is refused naming --name, and nothing is written", arguments: ["", "  ", "\t"])
  func blankNameIsRefused(name: String) throws {
    let folder = try RecorderCommandTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("profile.json")
    let result = try DatasetsCommandTests.run(["datasets", "profile", Self.recording, "--name", name, "-o", output.path])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("error: --name "), "\(result.stderr)")
    #expect(!result.stderr.contains("$.frames"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("the refusal comes before the recording is read")
  func beforeAnyWork() throws {
    let result = try DatasetsCommandTests.run(["datasets", "profile", "/nonexistent/session.json", "--name", ""])
    #expect(result.status == 1)
    #expect(result.stderr.contains("--name is empty") && !result.stderr.contains("/nonexistent"), "\(result.stderr)")
  }

  @Test("a name is kept as given")
  func nameIsKept() throws {
    let result = try DatasetsCommandTests.run(["datasets", "profile", Self.recording, "--name", "my tablet"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""name" : "my tablet""#), "\(result.stdout)")
  }
}
