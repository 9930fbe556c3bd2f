import Foundation
import LookaheadKit
import Testing

/// `datasets inspect` on mixed data (Docs/BringYourOwnData.md's Android log: two fingers, then a
/// stylus) said "strokes: 3" and nothing of how many were pen and how many touch, though every
/// stroke carries its pointer type. Now a `pointers:` line and the JSON's `pointerTypes` say it.
@Suite("lookahead datasets inspect: strokes per pointer type")
struct DatasetsInspectPointerTests {
  static let reference = "Docs/Examples/android-motionevent.csv:"
    + "t=event_time_ns:ns,x,y,pressure,stroke=pointer_id,phase=action,type=tool_type,dpi=420,unit=px"

  @Test("mixed pen and touch strokes are counted per type, as text and JSON")
  func mixed() throws {
    let text = try DatasetsCommandTests.run(["datasets", "inspect", Self.reference])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("strokes:     3 (3 contact, 0 hover)\npointers:    1 pen, 2 touch (strokes)\n"), "\(text.stdout)")
    let json = try DatasetsCommandTests.run(["datasets", "inspect", Self.reference, "--json"])
    #expect(json.status == 0, "\(json.stderr)")
    let summary = try JSONDecoder().decode(TraceSummary.self, from: Data(json.stdout.utf8))
    #expect(summary.pointerTypes == [.init(pointerType: .pen, strokes: 1), .init(pointerType: .touch, strokes: 2)])
  }

  @Test("data of one type says so too", arguments: [
    ("Inkable-ApplePencil", "pointers:    5 pen (strokes)"),
    ("Docs/Examples/tablet.tsv", "pointers:    3 pen (strokes)"),
  ])
  func single(reference: String, line: String) throws {
    let result = try DatasetsCommandTests.run(["datasets", "inspect", reference])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(line + "\n"), "\(result.stdout)")
  }
}
