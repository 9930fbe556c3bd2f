import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// Found trying the CLI from outside: `export --predictor` took an exported model, or the
/// configuration `train -o` or `tune --out` wrote, as a bare configuration. With `--dataset` of
/// another unit it relabelled the parameters without converting them (a px network written as a
/// pt model scored 2.62 mm where the model scored 2.16); without it the model had unit `unknown`,
/// the default device and no provenance. And a model that names a preset device without carrying
/// its definition was replayed through the default preset by `predict` and `evaluate --model`.
@Suite("export --predictor keeps a model's record and sends a run's configuration to --from-train/--from-tune")
struct ExportPredictorRecordedRunTests {
  static let data = "Henze2017-MobileHCI:Fitts"

  /// A learned linear model trained on `data` (px, a holdout split), as `train -o` writes it.
  static func trainedConfiguration(in dir: URL) throws -> URL {
    let out = dir.appendingPathComponent("lm.json")
    let train = try DatasetsCommandTests.run(
      ["train", "--history", "2", "--lambdas", "1e-6", "--quiet", "--split", "holdout=0.25,seed=1", "-o", out.path, data])
    try #require(train.status == 0, "\(train.stderr)")
    return out
  }

  @Test("a train -o configuration is refused as --predictor; a model given as --predictor is written with its own unit, device and provenance")
  func modelAndRunConfiguration() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let configuration = try Self.trainedConfiguration(in: dir)
    let relabelled = dir.appendingPathComponent("relabelled.model")
    for extra in [[], ["--dataset", "Inkable-ApplePencil"]] {
      let export = try DatasetsCommandTests.run(["export", "--predictor", configuration.path, "-o", relabelled.path] + extra)
      #expect(export.status == 1)
      #expect(export.stderr.contains("this is the configuration `train` wrote"), "\(export.stderr)")
      #expect(export.stderr.contains("Export it with --from-train \(configuration.path)"), "\(export.stderr)")
      #expect(!FileManager.default.fileExists(atPath: relabelled.path))
    }

    let model = dir.appendingPathComponent("lm.model")
    let fromTrain = try DatasetsCommandTests.run(
      ["export", "--from-train", configuration.path, "--profile", "finger60-phone", "-o", model.path])
    try #require(fromTrain.status == 0, "\(fromTrain.stderr)")
    let copy = dir.appendingPathComponent("copy.model")
    let again = try DatasetsCommandTests.run(["export", "--predictor", model.path, "-o", copy.path])
    #expect(again.status == 0, "\(again.stderr)")
    let original = try LookaheadModel(contentsOf: model).file, copied = try LookaheadModel(contentsOf: copy).file
    #expect(copied.coordinates == original.coordinates && copied.coordinates.unit == "px")
    #expect(copied.tunedFor == original.tunedFor && copied.tunedFor.deviceProfileName == "finger60-phone")
    #expect(copied.predictor == original.predictor)
    #expect(copied.provenance.datasets == original.provenance.datasets && !copied.provenance.datasets.isEmpty)
    #expect(copied.provenance.trainWriters == original.provenance.trainWriters)
    #expect(copied.provenance.testWriters == original.provenance.testWriters)
    #expect(copied.provenance.score == original.provenance.score && !copied.provenance.score.isEmpty)
    #expect(copied.provenance.command.hasPrefix("lookahead export --predictor"), "\(copied.provenance.command)")

    for (extra, message) in [
      (["--dataset", "Inkable-ApplePencil"], "--dataset: the run records its own datasets (unit px)"),
      (["--profile", "pencil240-promotion120"], "--profile pencil240-promotion120: the run records its own device, finger60-phone"),
    ] {
      let export = try DatasetsCommandTests.run(["export", "--predictor", model.path, "-o", relabelled.path] + extra)
      #expect(export.status == 1)
      #expect(export.stderr.contains(message), "\(export.stderr)")
      #expect(!FileManager.default.fileExists(atPath: relabelled.path))
    }
    let restated = try DatasetsCommandTests.run(
      ["export", "--predictor", model.path, "--profile", "finger60-phone", "-o", relabelled.path])
    #expect(restated.status == 0, "\(restated.stderr)")
  }

  /// `model` rewritten with its `tunedFor` changed by `edit`, under a valid checksum.
  static func edited(_ model: URL, to url: URL, _ edit: (inout [String: Any]) -> Void) throws {
    let text = try String(contentsOf: model, encoding: .utf8)
    let body = try #require(text.split(separator: "\n", maxSplits: 1).last)
    var json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    var tunedFor = try #require(json["tunedFor"] as? [String: Any])
    edit(&tunedFor)
    json["tunedFor"] = tunedFor
    try ModelFileEnvelope.wrap(body: try JSONSerialization.data(withJSONObject: json)).write(to: url)
  }

  @Test("a model naming a preset it does not carry replays through that preset; one naming no preset needs --profile")
  func deviceNamedNotCarried() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let model = dir.appendingPathComponent("k.model")
    let export = try DatasetsCommandTests.run(
      ["export", "--predictor", "kalman", "--dataset", Self.data, "--profile", "finger60-phone", "-o", model.path])
    try #require(export.status == 0, "\(export.stderr)")
    let trace = "\(Self.data):writer=participant5"

    let named = dir.appendingPathComponent("named.model")
    try Self.edited(model, to: named) { $0["deviceProfile"] = nil }
    for command in [["predict", "--model", named.path, trace], ["evaluate", "--model", named.path, "--json", trace]] {
      let run = try DatasetsCommandTests.run(command)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("finger60-phone") && !run.stdout.contains("pencil240-promotion120"), "\(command[0])")
    }

    let custom = dir.appendingPathComponent("custom.model")
    try Self.edited(model, to: custom) {
      $0["deviceProfile"] = nil
      $0["deviceProfileName"] = "lab-tablet"
    }
    for command in [["predict", "--model", custom.path, trace], ["evaluate", "--model", custom.path, trace]] {
      let run = try DatasetsCommandTests.run(command)
      #expect(run.status == 1)
      #expect(run.stderr.contains("\(custom.path): $.tunedFor.deviceProfile: the model was made for device \"lab-tablet\""), "\(run.stderr)")
      let given = try DatasetsCommandTests.run(command + ["--profile", "finger60-phone"])
      #expect(given.status == 0, "\(given.stderr)")
    }
  }

  @Test("export --json prints the model's JSON body: parseable, and the file's own body")
  func jsonBody() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let model = dir.appendingPathComponent("k.model")
    let export = try DatasetsCommandTests.run(
      ["export", "--predictor", "kalman", "--dataset", Self.data, "-o", model.path, "--json"])
    #expect(export.status == 0, "\(export.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
    #expect(json["format"] as? String == "lookahead-model")
    let file = try String(contentsOf: model, encoding: .utf8)
    #expect(file.split(separator: "\n", maxSplits: 1).last.map(String.init) == export.stdout)
  }

  @Test("predict's CSV records the model's and the data's SHA-256 and the profile in full")
  func predictProvenance() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let model = dir.appendingPathComponent("k.model")
    let export = try DatasetsCommandTests.run(["export", "--predictor", "kalman", "--dataset", Self.data, "-o", model.path])
    try #require(export.status == 0, "\(export.stderr)")
    let predict = try DatasetsCommandTests.run(["predict", "--model", model.path, "\(Self.data):writer=participant5"])
    #expect(predict.status == 0, "\(predict.stderr)")
    let comments = predict.stdout.split(separator: "\n").filter { $0.hasPrefix("#") }
    let digest = FileDigest.sha256Hex(try Data(contentsOf: model))
    #expect(comments.contains("# predictor: model:\(model.path) sha256=\(digest)"), "\(comments)")
    #expect(comments.contains { $0.hasPrefix("# profile-definition: {") })
    #expect(comments.filter { $0.hasPrefix("# sha256: ") }.count == 8, "one line per file of the Fitts task (one per participant)")
    // The data rows follow the header, as before.
    #expect(predict.stdout.contains("\nstroke,frame,callback_time_s,"))
  }
}
