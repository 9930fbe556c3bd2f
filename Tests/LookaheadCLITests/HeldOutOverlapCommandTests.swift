import Foundation
import Testing

/// `tune` and `train` printed the score of `--test` data that was also in the training datasets
/// as "held-out writers (never seen by the search / never trained on)": an in-sample score under
/// a held-out label. Each refuses it before searching or training.
@Suite("tune and train refuse --test data that is in the training datasets")
struct HeldOutOverlapCommandTests {
  @Test("the training dataset again, or a writer of it, as --test", arguments: [
    ["train", "--test", "Inkable-ApplePencil", "Inkable-ApplePencil"],
    ["train", "--family", "mlp", "--epochs", "1", "--test", "Inkable-ApplePencil", "Inkable-ApplePencil"],
    ["tune", "--predictor", "linear", "--trials", "2", "--test", "Inkable-ApplePencil:writer=adamwulf", "Inkable-ApplePencil"],
  ])
  func refused(arguments: [String]) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-overlap-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = folder.appendingPathComponent("m.json")
    let run = try DatasetsCommandTests.run(arguments + (arguments[0] == "train" ? ["-o", model.path] : []))
    #expect(run.status == 1, "\(run.stdout)\n\(run.stderr)")
    #expect(run.stderr.contains(
      "error: --test data is not held out: 5 of its 5 strokes are also in the training datasets (adamwulf of Inkable-ApplePencil: 5)"),
      "\(run.stderr)")
    #expect(!run.stdout.contains("held-out writers"), "\(run.stdout)")
    #expect(!FileManager.default.fileExists(atPath: model.path))
  }
}
