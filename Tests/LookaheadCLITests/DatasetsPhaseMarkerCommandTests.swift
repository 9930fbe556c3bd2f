import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// `datasets inspect` on Docs/BringYourOwnData.md's Android log with its first finger's
/// `ACTION_UP` misspelt: the row used to be read as a move, the finger's stroke stayed open and
/// took the stylus's down as its end ("mapped stroke ended by a new down row 1"), and nothing
/// said so. Now the file, line and column are named, and declaring the marker reads it.
@Suite("lookahead datasets inspect: unknown phase markers")
struct DatasetsPhaseMarkerCommandTests {
  static let mapping = "t=event_time_ns:ns,x,y,pressure,stroke=pointer_id,phase=action,type=tool_type,dpi=420,unit=px"

  /// The example log with line `line`'s action replaced by `action`.
  static func misspelt(line: Int, action: String) throws -> URL {
    let example = SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples/android-motionevent.csv")
    var lines = try String(contentsOf: example, encoding: .utf8).components(separatedBy: "\n")
    var cells = lines[line - 1].components(separatedBy: ",")
    cells[1] = action
    lines[line - 1] = cells.joined(separator: ",")
    let url = DatasetsCommandTests.temporaryURL("motionevent.csv")
    try Data(lines.joined(separator: "\n").utf8).write(to: url)
    return url
  }

  @Test("a misspelt up marker is refused with the file, line, column and the accepted markers")
  func misspeltUp() throws {
    let url = try Self.misspelt(line: 29, action: "ACTION_UPP")
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try DatasetsCommandTests.run(["datasets", "inspect", url.path + ":" + Self.mapping])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("\(url.path):29: field 'action': 'ACTION_UPP' is not a phase marker"), "\(result.stderr)")
    #expect(result.stderr.contains("action_up"))
    #expect(result.stderr.contains("action_move"))
    #expect(!result.stderr.contains("left out"), "the accepted markers are printed whole")

    let declared = try DatasetsCommandTests.run(
      ["datasets", "inspect", url.path + ":" + Self.mapping + ",up=action_up|action_upp|action_pointer_up"])
    #expect(declared.status == 0, "\(declared.stderr)")
    #expect(declared.stdout.contains("strokes:     3 (3 contact, 0 hover)"))
    #expect(declared.stdout.contains("mapped stroke ended by a new down row                  0"), "\(declared.stdout)")
  }

  @Test("a misspelt move marker is refused on its line")
  func misspeltMove() throws {
    let url = try Self.misspelt(line: 40, action: "ACTION_MVOE")
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try DatasetsCommandTests.run(["datasets", "inspect", url.path + ":" + Self.mapping])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(url.path):40: field 'action': 'ACTION_MVOE' is not a phase marker"), "\(result.stderr)")
  }
}
