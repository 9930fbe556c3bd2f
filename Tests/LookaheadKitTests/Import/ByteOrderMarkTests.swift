import Foundation
import LookaheadKit
import Testing

/// A UTF-8 byte-order mark at the start of a file (Excel's "CSV UTF-8", Notepad) is not text: a
/// CSV whose first header cell read `\u{FEFF}timeStamp`, a headerless file whose first number read
/// `\u{FEFF}2.000`, and a trace file whose first line was not `# lookahead-trace: …` now read like
/// the same file without it.
@Suite("Byte-order mark")
struct ByteOrderMarkTests {
  /// `name` with `text` behind a byte-order mark, in a folder of its own; `mapping` as its sidecar.
  static func withMark(_ name: String, _ text: String, mapping: String? = nil) throws -> URL {
    let url = try DelimitedTextImporterTests.temporaryFile(name, "\u{FEFF}" + text)
    if let mapping { try Data(mapping.utf8).write(to: URL(fileURLWithPath: url.path + ".mapping")) }
    return url
  }

  static func example(_ name: String) throws -> String {
    try String(contentsOfFile: DelimitedTextImporterTests.example(name), encoding: .utf8)
  }

  @Test("a CSV with a header and a headerless TSV read as without the mark", arguments: [
    ("pointer-events.csv", "pointer-events.mapping"), ("tablet.tsv", "tablet.tsv.mapping"),
  ])
  func delimited(data: String, mapping: String) throws {
    let url = try Self.withMark(data, try Self.example(data), mapping: try Self.example(mapping))
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let plain = try DatasetRegistry.load(DelimitedTextImporterTests.example(data) + ":mapping="
      + DelimitedTextImporterTests.example(mapping))
    #expect(try DatasetRegistry.load(url.path).strokes == plain.strokes)
  }

  @Test("a trace file reads, and is recognised by its content, as without the mark")
  func traceFile() throws {
    let text = TraceFileBytesTests.file
    let url = try Self.withMark("trace.txt", text)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect(TraceFormatDetector.detect(data: try Data(contentsOf: url), fileName: "trace.txt") == .lookaheadTrace)
    #expect(try TraceLoader.load(url: url).strokes == TraceFileReader.parse(text, file: "t.lktrace.csv").strokes)
  }
}
