import Foundation
import Testing
import _LookaheadTestSupport

/// `train` and `datasets profile` keep the rule the other commands keep (`DistinctFiles`,
/// `Docs/Evaluation.md`): `train --test Henze2017-MobileHCI:Fitts -o rec.tsv --force rec.tsv`
/// replaced the recording trained on with the model, `train --test rec.tsv -o rec.tsv.mapping
/// --force …` the mapping the test data was read through, and `datasets profile rec.json -o
/// rec.json --force` the recording with the profile measured from it, each with exit 0.
@Suite("train and datasets profile never write over a file they read")
struct TrainProfileOutputNotInputTests {
  @Test("train -o (either family) naming a dataset's data or mapping file is refused, --force or not")
  func trainOutputIsNotAnInput() throws {
    let copy = try TabletRecordingCopy("train-output-input")
    let dir = copy.folder
    defer { try? FileManager.default.removeItem(at: dir) }
    let examples = TabletRecordingCopy.examples
    let data = copy.data, sidecar = copy.sidecar
    let mapping = dir.appendingPathComponent("other.mapping")
    try FileManager.default.copyItem(at: examples.appendingPathComponent("tablet.tsv.mapping"), to: mapping)
    let before = try [data, sidecar, mapping].map { try Data(contentsOf: $0) }
    let cases: [(arguments: [String], file: URL)] = [
      (["train", "--test", "Henze2017-MobileHCI:Fitts", "-o", data.path, data.path], data),
      (["train", "--test", data.path, "-o", sidecar.path, "Henze2017-MobileHCI:Fitts"], sidecar),
      (["train", "--family", "mlp", "--epochs", "1", "--test", "Henze2017-MobileHCI:Fitts", "-o", data.path, data.path], data),
      (["train", "--family", "mlp", "--epochs", "1", "--test", data.path + ":mapping=" + mapping.path,
        "-o", mapping.path, "Henze2017-MobileHCI:Fitts"], mapping),
    ]
    for (arguments, file) in cases {
      for force in [[], ["--force"]] {
        let run = try DatasetsCommandTests.run(arguments + force)
        #expect(run.status == 1, "\(arguments + force): \(run.stderr)")
        #expect(run.stderr.contains("error: -o \(file.path) is also an input"), "\(arguments + force): \(run.stderr)")
      }
    }
    #expect(try [data, sidecar, mapping].map { try Data(contentsOf: $0) } == before)
    #expect(!FileManager.default.fileExists(atPath: data.path + ".train.json"))
  }

  @Test("datasets profile -o naming its recording is refused, --force or not; another path is written")
  func profileOutputIsNotItsRecording() throws {
    let dir = DatasetsCommandTests.temporaryURL("profile-output-input")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let recording = dir.appendingPathComponent("rec.json")
    try FileManager.default.copyItem(
      at: SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples/browser-recording.json"), to: recording)
    let before = try Data(contentsOf: recording)
    let dotted = dir.appendingPathComponent(".").appendingPathComponent("rec.json").path
    for output in [recording.path, dotted] {
      for force in [[], ["--force"]] {
        let run = try DatasetsCommandTests.run(["datasets", "profile", recording.path, "-o", output] + force)
        #expect(run.status == 1, "\(output) \(force): \(run.stderr)")
        #expect(run.stderr.contains("error: -o \(output) is also an input"), "\(output) \(force): \(run.stderr)")
      }
    }
    #expect(try Data(contentsOf: recording) == before)
    let profile = dir.appendingPathComponent("p.json")
    let written = try DatasetsCommandTests.run(["datasets", "profile", recording.path, "-o", profile.path])
    #expect(written.status == 0 && FileManager.default.fileExists(atPath: profile.path), "\(written.stderr)")
  }
}
