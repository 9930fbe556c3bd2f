import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// Seeded mutations (``ImporterFuzzTests/mutate(_:using:)``: bit flips, truncation, line
/// shuffles, field deletion, awkward tokens, duplicated lines, changed digits) of the worked
/// examples through the two importers that take settings, and of the mapping files themselves:
/// each gives a ``TraceInputError`` or a valid trace, never a trap or another error.
@Suite("Bring-your-own-data importer fuzzing")
struct BringYourOwnDataFuzzTests {
  static let cases: [(file: String, settings: String)] = [
    ("android-motionevent.csv", DelimitedTextImporterTests.androidMapping),
    ("pointer-events.csv", "mapping=pointer-events.mapping"),
    ("tablet.tsv", "mapping=tablet.tsv.mapping"),
    ("android-getevent.txt", ""),
  ]

  static func settings(_ text: String) throws -> ImportSettings {
    if text.hasPrefix("mapping=") {
      return try ImportSettings.read(DelimitedTextImporterTests.examples.appendingPathComponent(String(text.dropFirst("mapping=".count))))
    }
    return try ImportSettings.parse(text, file: "settings", lineNumbers: false)
  }

  @Test("mutated example files give an input error or a valid trace", arguments: 0..<4)
  func fuzzFiles(caseIndex: Int) throws {
    let (name, settingsText) = Self.cases[caseIndex]
    let url = DelimitedTextImporterTests.examples.appendingPathComponent(name)
    let original = [UInt8](try Data(contentsOf: url))
    let settings = try Self.settings(settingsText)
    let format: TraceSourceFormat = name.hasSuffix(".txt") ? .androidGetevent : .delimitedText
    let importer = try format.importer(for: settings)
    let file = URL(fileURLWithPath: "/fuzz/" + name)
    try ImporterFuzzTests.checkValid(try importer.importTrace(data: Data(original), file: file))
    var rng = SeededGenerator(seed: 0xB10D_0000 + UInt64(caseIndex))
    var errors = 0, valid = 0
    for iteration in 0..<300 {
      let mutated = ImporterFuzzTests.mutate(original, using: &rng)
      let options = ImportOptions(raw: iteration % 3 == 0, includeHover: iteration % 2 == 0)
      do {
        let trace = try importer.importTrace(data: Data(mutated), file: file, options: options)
        try ImporterFuzzTests.checkValid(trace)
        // The one check every load applies must not trap on whatever came out either.
        try? SampleIntervalCheck.check(trace, file: file.path) { $0 }
        valid += 1
      } catch let error as TraceInputError {
        // Either the data file is at fault, or a mapped column is missing from its (damaged)
        // header: then the error sits at the setting and names the data file.
        #expect(error.file == file.path || error.problem.contains(file.path), "\(error)")
        #expect(!error.problem.isEmpty)
        errors += 1
      }
      _ = TraceFormatDetector.detect(data: Data(mutated), fileName: name)
    }
    #expect(errors + valid == 300)
    #expect(errors > 0 && valid > 0)
  }

  @Test("mutated mapping files and typed settings give an input error or a mapping")
  func fuzzMappings() throws {
    let sources = [
      [UInt8](try Data(contentsOf: DelimitedTextImporterTests.examples.appendingPathComponent("pointer-events.mapping"))),
      [UInt8](try Data(contentsOf: DelimitedTextImporterTests.examples.appendingPathComponent("tablet.tsv.mapping"))),
      [UInt8](DelimitedTextImporterTests.androidMapping.utf8),
    ]
    var rng = SeededGenerator(seed: 0xB10D_FFFF)
    var errors = 0, valid = 0
    for iteration in 0..<600 {
      let mutated = ImporterFuzzTests.mutate(sources[iteration % sources.count], using: &rng)
      do {
        let settings = try ImportSettings.parse(String(decoding: mutated, as: UTF8.self), file: "m.mapping", lineNumbers: true)
        _ = try ColumnMapping(settings: settings, file: "data.csv")
        _ = try? AndroidGeteventImporter(settings: settings)
        valid += 1
      } catch let error as TraceInputError {
        #expect(!error.problem.isEmpty)
        errors += 1
      }
    }
    #expect(errors > 0 && valid > 0)
  }
}
