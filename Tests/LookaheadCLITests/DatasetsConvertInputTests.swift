import Foundation
import Testing
import _LookaheadTestSupport

/// `--force` replaces what an earlier run left, never a file the same run reads
/// (`Docs/Evaluation.md`, `DistinctFiles`). `datasets convert` did not check it:
/// `datasets convert rec.tsv rec.tsv --force` replaced the user's recording with its trace file
/// (rows the cleaning dropped and columns the mapping did not read gone for good), and
/// `datasets convert rec.tsv rec.tsv.mapping --force` replaced the mapping it had just read, each
/// with exit 0. Now the output may be none of the files the input reads: its data files and the
/// mapping file its settings came from.
@Suite("datasets convert never writes over a file it reads")
struct DatasetsConvertInputTests {
  @Test("the input, its sidecar mapping or its mapping= file as the output is refused, --force or not")
  func outputIsNotAnInput() throws {
    let copy = try TabletRecordingCopy("convert-input")
    let dir = copy.folder
    defer { try? FileManager.default.removeItem(at: dir) }
    let examples = TabletRecordingCopy.examples
    let recording = copy.data, sidecar = copy.sidecar
    let mapping = dir.appendingPathComponent("m.txt")
    try FileManager.default.copyItem(at: examples.appendingPathComponent("tablet.tsv.mapping"), to: mapping)
    let before = try [recording, sidecar, mapping].map { try Data(contentsOf: $0) }
    for (input, output) in [
      (recording.path, recording.path), (recording.path, sidecar.path), (recording.path + ":mapping=" + mapping.path, mapping.path),
      (dir.path + "/./rec.tsv", recording.path),
    ] {
      for force in [[], ["--force"]] {
        let run = try DatasetsCommandTests.run(["datasets", "convert", input, output] + force)
        #expect(run.status == 1, "\(input) → \(output) \(force): \(run.stderr)")
        #expect(run.stderr.contains("is also an input") && run.stderr.contains("give <output> another path"), "\(run.stderr)")
      }
    }
    #expect(try [recording, sidecar, mapping].map { try Data(contentsOf: $0) } == before)
    // Another output is written as before, and replaced with --force.
    let trace = dir.appendingPathComponent("rec.lktrace.csv")
    #expect(try DatasetsCommandTests.run(["datasets", "convert", recording.path, trace.path]).status == 0)
    #expect(try DatasetsCommandTests.run(["datasets", "convert", recording.path, trace.path, "--force"]).status == 0)
  }
}

