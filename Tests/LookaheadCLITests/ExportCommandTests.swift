import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `lookahead export` and `lookahead predict` run as a user would, on the bundled Inkable traces.
@Suite("lookahead export and predict, end to end")
struct ExportCommandTests {
  @Test("export writes a loadable model, refuses to overwrite without --force; predict prints one CSV row per frame")
  func exportThenPredict() throws {
    let model = DatasetsCommandTests.temporaryURL("k.model")
    defer { try? FileManager.default.removeItem(at: model) }
    let arguments = ["export", "--predictor", "kalman-androidx", "--dataset", "Inkable-ApplePencil", "-o", model.path]
    let first = try DatasetsCommandTests.run(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    let loaded = try LookaheadModel(contentsOf: model)
    #expect(loaded.file.predictor.catalogName == "kalman-androidx")
    #expect(loaded.file.provenance.command.hasPrefix("lookahead export --predictor kalman-androidx"))
    #expect(loaded.file.provenance.datasets.first?.files.count == 5)

    let again = try DatasetsCommandTests.run(arguments)
    #expect(again.status == 1)
    #expect(again.stderr.contains("--force"))
    #expect(try DatasetsCommandTests.run(arguments + ["--force"]).status == 0)

    let predict = try DatasetsCommandTests.run(["predict", "--model", model.path, "Inkable-ApplePencil"])
    #expect(predict.status == 0, "\(predict.stderr)")
    let lines = predict.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    #expect(lines.first == ModelEvaluation.csvHeader)
    // One row per replayed frame, the same as the library gives.
    let trace = try DatasetRegistry.load("Inkable-ApplePencil")
    let replay = try Replay(profile: .pencil240ProMotion120, seed: 0)
    var expected: [String] = []
    try ModelEvaluation.predictions(loaded, on: trace, replay: replay) { expected.append(ModelEvaluation.csvLine($0)) }
    #expect(Array(lines.dropFirst()) == expected)
    #expect(expected.contains { !$0.hasSuffix(",,,") })
  }

  /// The summary said `horizon fixed` and left out which horizon the model records.
  @Test("export's summary names the horizon policy, with a fixed horizon in milliseconds")
  func summaryNamesTheHorizon() throws {
    let model = DatasetsCommandTests.temporaryURL("h.model")
    defer { try? FileManager.default.removeItem(at: model) }
    let base = ["export", "--predictor", "linear", "--dataset", "Inkable-ApplePencil", "-o", model.path, "--force"]
    for (extra, expected) in [
      ([], "  device     pencil240-promotion120, horizon presentationTime\n"),
      (["--fixed-horizon", "0.016667"], "  device     pencil240-promotion120, horizon fixed 16.67 ms\n"),
      (["--fixed-horizon", "0.05"], "  device     pencil240-promotion120, horizon fixed 50 ms\n"),
    ] {
      let export = try DatasetsCommandTests.run(base + extra)
      #expect(export.status == 0, "\(export.stderr)")
      #expect(export.stdout.contains(expected), "\(extra): \(export.stdout)")
    }
  }

  @Test("bad input exits 1 with the reason: neither source, an unknown predictor, a damaged model")
  func refusals() throws {
    let model = DatasetsCommandTests.temporaryURL("bad.model")
    defer { try? FileManager.default.removeItem(at: model) }
    let neither = try DatasetsCommandTests.run(["export", "-o", model.path])
    #expect(neither.status != 0)
    #expect(neither.stderr.contains("--predictor"))
    let unknown = try DatasetsCommandTests.run(["export", "--predictor", "nope", "-o", model.path])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("unknown predictor \"nope\""))
    // A workbench-only baseline is known (`predictors list` shows it, exportable no): it said
    // "unknown predictor "turbotouch64"; known predictors: …", as for a typo.
    let baseline = try DatasetsCommandTests.run(["export", "--predictor", "turbotouch64", "-o", model.path])
    #expect(baseline.status == 1)
    #expect(baseline.stderr.contains("predictor turbotouch64 is workbench-only and cannot be exported"), "\(baseline.stderr)")
    #expect(!FileManager.default.fileExists(atPath: model.path))
    try Data("lookahead-model 1 crc32=00000000\n{}".utf8).write(to: model)
    let damaged = try DatasetsCommandTests.run(["predict", "--model", model.path, "Inkable-ApplePencil"])
    #expect(damaged.status == 1)
    #expect(damaged.stderr.contains("damaged"))
    // The model's path is in the message, from predict and from evaluate --model alike.
    #expect(damaged.stderr.contains(model.path + ": model file is damaged"), "\(damaged.stderr)")
    let evaluated = try DatasetsCommandTests.run(["evaluate", "--model", model.path, "Inkable-ApplePencil"])
    #expect(evaluated.status == 1)
    #expect(evaluated.stderr.contains(model.path + ": model file is damaged"), "\(evaluated.stderr)")
  }

  /// `recorded` (a browser recording's frame times) is replay's alone; predict said only that
  /// it was "neither a preset nor an existing file", not where it works.
  @Test("predict --profile recorded says that recorded works only with replay")
  func recordedProfileIsReplays() throws {
    let model = DatasetsCommandTests.temporaryURL("recorded.model")
    defer { try? FileManager.default.removeItem(at: model) }
    let export = try DatasetsCommandTests.run(
      ["export", "--predictor", "linear", "--dataset", "Inkable-ApplePencil", "-o", model.path])
    #expect(export.status == 0, "\(export.stderr)")
    let predict = try DatasetsCommandTests.run(["predict", "--model", model.path, "--profile", "recorded", "Inkable-ApplePencil"])
    #expect(predict.status == 1)
    #expect(predict.stderr.contains("works only with `lookahead replay`"), "\(predict.stderr)")
    #expect(predict.stderr.contains("pencil240-promotion120") && predict.stdout.isEmpty, "\(predict.stderr)")
  }

  /// A model in a unit of unknown size cannot be converted to the trace's: `predict` once printed
  /// its `#` lines and the CSV header to stdout before saying so.
  @Test("predict refuses a unit it cannot convert before writing a line")
  func unconvertibleUnitWritesNothing() throws {
    let model = DatasetsCommandTests.temporaryURL("unitless.model")
    defer { try? FileManager.default.removeItem(at: model) }
    let export = try DatasetsCommandTests.run(["export", "--predictor", "linear", "-o", model.path])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(try LookaheadModel(contentsOf: model).file.coordinates.millimetresPerUnit == nil)
    let predict = try DatasetsCommandTests.run(["predict", "--model", model.path, "Inkable-ApplePencil"])
    #expect(predict.status == 1)
    #expect(predict.stderr.contains("has no known size in millimetres"), "\(predict.stderr)")
    #expect(predict.stdout.isEmpty, "\(predict.stdout)")
  }

  /// `predict` refused a model whose embedded device profile is invalid while `evaluate
  /// --model` used it; one rule now (`ModelEvaluation.loadModel`): both refuse, naming the file
  /// and the field, even when --profile overrides the profile for the run.
  @Test("a model with an invalid embedded device profile is refused by predict and evaluate alike")
  func embeddedProfileRule() throws {
    let model = DatasetsCommandTests.temporaryURL("profile.model")
    defer { try? FileManager.default.removeItem(at: model) }
    let export = try DatasetsCommandTests.run(
      ["export", "--predictor", "linear", "--dataset", "Inkable-ApplePencil", "-o", model.path])
    #expect(export.status == 0, "\(export.stderr)")
    var file = try LookaheadModel(contentsOf: model).file
    guard case .object(var profile) = try #require(file.tunedFor.deviceProfile) else {
      Issue.record("the exported profile is not an object")
      return
    }
    profile["deliveryDelaySeconds"] = .number(-5)
    file.tunedFor.deviceProfile = .object(profile)
    try file.fileData().write(to: model)
    for arguments in [
      ["predict", "--model", model.path, "Inkable-ApplePencil"],
      ["evaluate", "--model", model.path, "Inkable-ApplePencil"],
      ["predict", "--model", model.path, "--profile", "pencil240-promotion120", "Inkable-ApplePencil"],
    ] {
      let result = try DatasetsCommandTests.run(arguments)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(model.path), "\(result.stderr)")
      #expect(result.stderr.contains("deliveryDelaySeconds"), "\(result.stderr)")
    }
  }
}
