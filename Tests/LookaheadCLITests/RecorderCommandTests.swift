import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("lookahead recorder, end to end")
struct RecorderCommandTests {
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-recorder-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Self-contained: nothing that would make the browser fetch anything (scripts, styles, fonts,
  /// images, frames, requests).
  @Test("the page is self-contained")
  func selfContained() throws {
    let html = String(decoding: RecorderPage.html, as: UTF8.self)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    for reference in ["src=", "href=\"http", "@import", "url(", "fetch(", "XMLHttpRequest", "http://", "https://", "<link"] {
      #expect(!html.contains(reference), "the page contains \(reference)")
    }
    #expect(html.contains("getCoalescedEvents") && html.contains("getPredictedEvents") && html.contains("touch-action: none"))
  }

  @Test("--output writes the page and refuses to overwrite without --force")
  func output() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("recorder.html")
    let first = try DatasetsCommandTests.run(["recorder", "--output", file.path])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try Data(contentsOf: file) == RecorderPage.html)
    try Data("mine".utf8).write(to: file)
    let second = try DatasetsCommandTests.run(["recorder", "--output", file.path])
    #expect(second.status == 1)
    #expect(second.stderr.contains("already exists; pass --force"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "mine")
    let forced = try DatasetsCommandTests.run(["recorder", "--output", file.path, "--force"])
    #expect(forced.status == 0)
    #expect(try Data(contentsOf: file) == RecorderPage.html)
  }
}
