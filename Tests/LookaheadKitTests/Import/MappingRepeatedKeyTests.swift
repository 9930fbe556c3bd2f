import Foundation
import Testing

@testable import LookaheadKit

/// A key given twice in one mapping file (or one typed reference) is refused where the repeat is:
/// the second silently replaced the first, so a sidecar's `rate_hz = 200` followed by a forgotten
/// `rate_hz=100` stated 100 Hz without a word. Settings typed after a mapping still override it.
@Suite("Mapping: repeated keys")
struct MappingRepeatedKeyTests {
  @Test("a repeated key in a mapping file names the file, the repeat's line, the key and the first line")
  func repeatedInFile() throws {
    let mapping = try DelimitedTextImporterTests.temporaryFile(
      "m.mapping", "# tablet\nt = 1:s, x = 2, y = 3:up\ngap = 30ms, rate_hz = 200\n\nRATE_HZ=100\n")
    defer { try? FileManager.default.removeItem(at: mapping.deletingLastPathComponent()) }
    #expect(throws: TraceInputError(
      file: mapping.path, location: .line(5), field: "rate_hz",
      problem: "is repeated (first on line 3); a mapping gives each key once")
    ) { try DatasetRegistry.load(DelimitedTextImporterTests.example("tablet.tsv") + ":mapping=" + mapping.path) }
  }

  @Test("a bare key and its key=value form are the same key")
  func bareKeyRepeated() {
    #expect(throws: TraceInputError(
      file: "m.mapping", location: .line(2), field: "x",
      problem: "is repeated (first on line 1); a mapping gives each key once")
    ) { try ImportSettings.parse("t, x, y\nx = pen_x\n", file: "m.mapping", lineNumbers: true) }
  }

  @Test("a key typed twice in one reference is refused naming the reference and the key")
  func repeatedInReference() {
    let reference = DelimitedTextImporterTests.example("tablet.tsv") + ":rate_hz=200,rate_hz=100"
    #expect(throws: TraceInputError(
      file: "dataset reference '\(reference)'", location: .file, field: "rate_hz",
      problem: "is given twice; give each key once")
    ) { try DatasetRegistry.load(reference) }
  }

  @Test("a typed setting still overrides the mapping file's, once each")
  func typedOverridesFile() throws {
    let trace = try DatasetRegistry.load(DelimitedTextImporterTests.example("tablet.tsv") + ":rate_hz=100")
    #expect(trace.metadata.digitizerRateHz == 100)
  }
}
