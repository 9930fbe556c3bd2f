import Foundation
import Testing

/// A `train --family mlp --checkpoint` run that picks up an earlier run's checkpoint went on from
/// its epoch without a word (its first progress line was simply `epoch 2`); a resumed tune journal
/// is announced, and so is a resumed checkpoint now.
@Suite("train --family mlp --checkpoint says when it resumes")
struct TrainMLPResumeNoteTests {
  @Test("a fresh run says nothing of resuming; a run that finds one epoch done names the checkpoint and the epochs")
  func resumeIsAnnounced() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let checkpoint = dir.appendingPathComponent("mlp.checkpoint")
    func train(epochs: Int, output: String) throws -> DatasetsCommandTests.Result {
      try DatasetsCommandTests.run([
        "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history",
        "3", "--hidden", "4", "--epochs", String(epochs), "--patience", "5", "--checkpoint", checkpoint.path,
        "-o", dir.appendingPathComponent(output).path, TrainMLPCommandTests.dataset,
      ])
    }
    let first = try train(epochs: 1, output: "first.json")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("epoch   1  loss") && !first.stderr.contains("resumed"), "\(first.stderr)")

    let second = try train(epochs: 2, output: "second.json")
    #expect(second.status == 0, "\(second.stderr)")
    let lines = second.stderr.split(separator: "\n").map(String.init)
    let resumed = try #require(lines.firstIndex(of: "resumed from \(checkpoint.path): 1 of at most 2 epochs were done"), "\(second.stderr)")
    let epoch2 = try #require(lines.firstIndex { $0.hasPrefix("epoch   2  loss") }, "\(second.stderr)")
    #expect(resumed < epoch2 && !lines.contains { $0.hasPrefix("epoch   1  loss") }, "\(second.stderr)")
  }
}

/// The checkpoint named as the model (`--checkpoint m.json -o m.json --force`) was replaced by the
/// model at the end, losing the run to resume; named as the result file beside it
/// (`--checkpoint m.train.json -o m.json`) it trained to the end and was then refused. Both are
/// refused before any training, `--force` or not.
@Suite("train --family mlp: the checkpoint is not one of the outputs")
struct TrainMLPCheckpointOutputTests {
  @Test("--checkpoint naming -o or its result file is refused before training, --force or not", arguments: [
    ("m.json", "--checkpoint and -o name the same file"),
    ("m.train.json", "--checkpoint and the result file beside -o name the same file"),
  ])
  func checkpointIsNotAnOutput(checkpoint: String, message: String) throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    for force in [[], ["--force"]] {
      let run = try DatasetsCommandTests.run([
        "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history",
        "3", "--hidden", "4", "--epochs", "1", "--checkpoint", dir.appendingPathComponent(checkpoint).path,
        "-o", dir.appendingPathComponent("m.json").path, TrainMLPCommandTests.dataset,
      ] + force)
      #expect(run.status != 0 && run.stderr.contains(message), "\(force): \(run.stderr)")
      #expect(!run.stderr.contains("epoch   1"), "\(run.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
  }
}
