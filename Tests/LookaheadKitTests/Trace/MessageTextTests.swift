import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// Error messages quote what was wrong, so they must be safe to print: control characters
/// escaped, a huge field cut with a note of its length, a Foundation file error as path and
/// reason, and JSON that is merely too deep said to be so.
@Suite("Error messages are escaped, bounded and accurate")
struct MessageTextTests {
  @Test("terminal escape sequences and other control characters are shown escaped")
  func escapesControlCharacters() {
    #expect(MessageText.bounded("'\u{1B}[2J\u{1B}]0;owned\u{07}x' is not a number")
      == "'\\u{1B}[2J\\u{1B}]0;owned\\u{7}x' is not a number")
    #expect(MessageText.bounded("a\u{9B}b\u{7F}c") == "a\\u{9B}b\\u{7F}c")
    #expect(MessageText.bounded("plain\ttext") == "plain\ttext")
    // Bidirectional overrides and isolates reorder what follows them on screen.
    #expect(MessageText.bounded("writer \u{202E}evil\u{2066}x\u{2069}") == "writer \\u{202E}evil\\u{2066}x\\u{2069}")
    #expect(MessageText.bounded("naïve — ok ✓") == "naïve — ok ✓")
  }

  /// The audit's 200 MB field gave a 209 MB message; a 1 MB one here gives 600-odd characters,
  /// keeping where the problem is and what was expected.
  @Test("a huge field is cut in the middle, with the full length noted")
  func boundsLongMessages() throws {
    let field = String(repeating: "9", count: 1_000_000) + "x"
    let text = "Henze 1;\(field);1;2 is not an integer"
    let importError = #expect(throws: TraceInputError.self) {
      try Henze2017Importer().importTrace(
        data: Data("1;\(field);1;2;0.4;0\n".utf8), file: URL(fileURLWithPath: "/h.txt"))
    }
    let message = try #require(importError?.description)
    #expect(message.count < 700)
    #expect(message.hasPrefix("/h.txt:1: field 'uptime_ms': "))
    #expect(message.contains("characters left out]"))
    #expect(MessageText.bounded(text).hasSuffix("x;1;2 is not an integer"))
    #expect(MessageText.bounded(text).contains("of \(text.count) characters left out"))
    #expect(MessageText.bounded(MessageText.bounded(text)) == MessageText.bounded(text))
  }

  @Test("a Foundation file error is its path and reason")
  func fileErrorsArePathAndReason() {
    let missing = "/no/such/folder/data.csv"
    do {
      _ = try Data(contentsOf: URL(fileURLWithPath: missing))
      Issue.record("read a missing file")
    } catch {
      let text = MessageText.describe(error)
      #expect(text.hasPrefix(missing + ": "), "\(text)")
      #expect(!text.contains("Error Domain"))
    }
  }

  /// Valid JSON nested 600 deep: Foundation refuses it past 512 and said "not valid JSON".
  @Test("JSON nested deeper than 512 levels is said to be too deep, not invalid")
  func deepJSON() throws {
    let deep = Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
    #expect(JSONNesting.depth(of: deep) == 600)
    #expect(JSONNesting.depth(of: Data(#"{"a": "[[[[", "b": [1, {"c": "\\"]"}]}"#.utf8)) == 3)
    let inkable = #expect(throws: TraceInputError.self) {
      try InkableImporter().importTrace(data: deep, file: URL(fileURLWithPath: "/deep.json"))
    }
    #expect(inkable?.problem.contains("more than 512 levels deep") == true, "\(inkable?.description ?? "")")
    #expect(throws: ModelFileError.malformed(path: "$", detail: JSONNesting.problem(in: deep) ?? "")) {
      try ModelFile.decode(body: deep)
    }
    let profile = #expect(throws: DeviceProfileError.self) { try DeviceProfile.decode(deep, file: "deep.json") }
    #expect("\(profile.map { "\($0)" } ?? "")".contains("more than 512 levels deep"))
    // Shallow invalid JSON keeps its own message.
    #expect(JSONNesting.problem(in: Data("[[1,".utf8)) == nil)
  }
}
