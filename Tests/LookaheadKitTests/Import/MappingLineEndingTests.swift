import Foundation
import LookaheadKit
import Testing

/// A mapping file saved with Windows line endings reads like the LF original: Swift reads CRLF as
/// one `Character`, so splitting at "\n" left the whole file one line, and an error named line 1
/// and quoted the raw line breaks.
@Suite("Mapping: CRLF line endings")
struct MappingLineEndingTests {
  static let mapping = "t = 1:s, x = 2, y = 3:up\ngap = 30ms\nmm_per_unit = 0.01, rate_hz = 200, pointer = pen\n"

  @Test("a CRLF sidecar mapping reads like the LF one")
  func crlfSidecar() throws {
    let folder = try DelimitedTextImporterTests.temporaryFile(
      "rec.tsv", try String(contentsOfFile: DelimitedTextImporterTests.example("tablet.tsv"), encoding: .utf8)
    ).deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("rec.tsv").path
    let sidecar = URL(fileURLWithPath: data + ".mapping")
    try Data(Self.mapping.utf8).write(to: sidecar)
    let lf = try DatasetRegistry.load(data)
    try Data(Self.mapping.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: sidecar)
    let crlf = try DatasetRegistry.load(data)
    #expect(crlf.strokes == lf.strokes && crlf.metadata.digitizerRateHz == 200)
  }

  @Test("an error in a CRLF mapping names its own line, without line breaks")
  func crlfErrorLine() {
    let text = "t=time:ms\r\nx=x\r\ny=y\r\nx=pen_x\r\n"
    let error = #expect(throws: TraceInputError.self) { try ImportSettings.parse(text, file: "m.txt", lineNumbers: true) }
    #expect(error?.description == "m.txt:4: field 'x': is repeated (first on line 2); a mapping gives each key once")
  }
}
