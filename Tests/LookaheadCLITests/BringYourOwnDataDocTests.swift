import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// Docs/BringYourOwnData.md's worked examples, run as written: every `lookahead …` line of a
/// `sh` block runs from the repository root and exits 0, and every line of the `text` block that
/// follows it appears in what those commands printed. The example mapping files are shown in
/// the page verbatim.
@Suite("Docs/BringYourOwnData.md examples, end to end")
struct BringYourOwnDataDocTests {
  static let page = SharedDatasets.repositoryRoot.appendingPathComponent("Docs/BringYourOwnData.md")

  /// `(commands, expected lines)` for each `sh` block that holds `lookahead` commands.
  static func examples() throws -> [(commands: [String], expected: [String])] {
    let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
    var result: [(commands: [String], expected: [String])] = []
    var index = 0
    while index < lines.count {
      guard lines[index] == "```sh" else { index += 1; continue }
      var commands: [String] = []
      index += 1
      while index < lines.count, lines[index] != "```" {
        if lines[index].hasPrefix("lookahead ") { commands.append(lines[index]) }
        index += 1
      }
      index += 1
      var expected: [String] = []
      if index < lines.count, lines[index] == "```text" {
        index += 1
        while index < lines.count, lines[index] != "```" { expected.append(lines[index]); index += 1 }
      }
      if !commands.isEmpty { result.append((commands, expected)) }
    }
    return result
  }

  /// Splits a command line as a POSIX shell would for what the page uses: spaces separate
  /// words, single quotes keep everything inside them.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false, started = false
    for character in line {
      if character == "'" { quoted.toggle(); started = true; continue }
      if character == " ", !quoted {
        if started { words.append(current) }
        current = ""
        started = false
        continue
      }
      current.append(character)
      started = true
    }
    if started { words.append(current) }
    return words
  }

  @Test("every documented command runs and prints what the page shows")
  func documentedCommands() throws {
    let examples = try Self.examples()
    #expect(examples.count == 4)  // MotionEvent, Pointer Events, tablet, getevent
    for example in examples {
      var printed = ""
      for command in example.commands {
        let result = try DatasetsCommandTests.run(Array(Self.words(command).dropFirst()))
        #expect(result.status == 0, "\(command): \(result.stderr)")
        printed += result.stdout
      }
      for line in example.expected {
        #expect(printed.contains(line), "\(example.commands) did not print '\(line)'")
      }
    }
  }

  @Test("the example mapping files appear in the page as they are")
  func mappingFilesShown() throws {
    let page = try String(contentsOf: Self.page, encoding: .utf8)
    for name in ["pointer-events.mapping", "tablet.tsv.mapping"] {
      let text = try String(contentsOf: SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples/" + name), encoding: .utf8)
      #expect(page.contains("```text\n" + text + "```"), "\(name) differs from the page")
    }
  }
}
