import Foundation
import Testing

/// `datasets inspect` printed writer names as the file had them: an ESC sequence in one recoloured
/// the terminal, and a right-to-left override reordered the rest of its line (found trying the
/// CLI from outside). The summary's text is escaped like every error message.
@Suite("datasets inspect escapes control and bidirectional characters from the file")
struct InspectEscapesFileTextTests {
  @Test("a writer name with ESC and U+202E is printed escaped; the rest of the summary is unchanged")
  func writerNameEscaped() throws {
    let dir = DatasetsCommandTests.temporaryURL("inspect-escape")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var rows = "time,x,y,id,who\n"
    for k in 0..<20 { rows += "\(k * 8),\(k * 3),\(k),1,pen\u{1B}[31mred\u{202E}txt\n" }
    try rows.write(to: dir.appendingPathComponent("rec.csv"), atomically: true, encoding: .utf8)
    let inspect = try DatasetsCommandTests.run(
      ["datasets", "inspect", "rec.csv:t=time:ms,x,y,stroke=id,writer=who"], in: dir)
    #expect(inspect.status == 0, "\(inspect.stderr)")
    #expect(inspect.stdout.contains("pen\\u{1B}[31mred\\u{202E}txt"), "\(inspect.stdout)")
    #expect(!inspect.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    #expect(inspect.stdout.contains("strokes"))
  }
}
