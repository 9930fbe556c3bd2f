import Foundation
import Testing

/// `export --from-tune` on a journal whose best trial holds, for a parameter searched as a choice
/// (linear's `pressure`, an index into hold|extrapolate), a value beyond `Int`'s range crashed the
/// process converting it to an index (found while writing the `tune-journal` fuzz target;
/// `Fuzz/Reproducers/tune-journal-choice-index-1e300.jsonl`). Such a value, and a numeric value
/// out of its parameter's range, are now refused naming the journal, the trial's line and field.
@Suite("export --from-tune refuses a trial value its parameter does not take, naming file, line and field")
struct ExportTuneJournalValueTests {
  static let reproducer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/Reproducers/tune-journal-choice-index-1e300.jsonl")

  @Test("a choice index of 1e300 is an error naming the file, line 2 and values[0], and no model is written")
  func choiceIndexBeyondInt() throws {
    let dir = DatasetsCommandTests.temporaryURL("export-tune-journal-value")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let model = dir.appendingPathComponent("m.model")
    let run = try DatasetsCommandTests.run(["export", "--from-tune", Self.reproducer.path, "-o", model.path])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "error: \(Self.reproducer.path):2: field 'values[0]' (pressure) of trial 0, the best: 1e+300 is not an index of [\"hold\", \"extrapolate\"]"),
      "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: model.path))
  }

  @Test("a numeric value out of its range is an error naming the file, line and field, not only the parameter")
  func numberOutOfRange() throws {
    let dir = DatasetsCommandTests.temporaryURL("export-tune-journal-range")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("t.jsonl")
    let header = try String(contentsOf: Self.reproducer, encoding: .utf8).split(separator: "\n")[0]
      .replacingOccurrences(of: "\"name\":\"pressure\"", with: "\"name\":\"stop-factor\"")
    try (header + "\n\n" + #"{"index":0,"metrics":{},"objective":1,"unit":[0.5],"values":[1e300]}"# + "\n")
      .write(to: journal, atomically: true, encoding: .utf8)
    let run = try DatasetsCommandTests.run(["export", "--from-tune", journal.path, "-o", dir.appendingPathComponent("m.model").path])
    #expect(run.status == 1, "\(run.stderr)")
    // Line 3: the blank line 2 counts.
    #expect(run.stderr.contains("error: \(journal.path):3: field 'values[0]' (stop-factor) of trial 0, the best: "), "\(run.stderr)")
    #expect(run.stderr.contains("out of range 0…10"), "\(run.stderr)")
  }
}
