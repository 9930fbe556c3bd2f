import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --retime-late-reports F` on the learned linear model, as a user runs it: the report and
/// the recorded settings say so, the model file is format version 6 with the threshold in it, and
/// `evaluate --model` scores the held-out writer exactly as the training did (the weights were
/// fitted on re-timed windows, so a model that dropped the field would score otherwise).
@Suite("train --retime-late-reports (learned linear) → export → evaluate --model")
struct TrainLinearLateReportsCommandTests {
  static let arguments = [
    "train", "--split", "train=participant1,participant2;test=participant3", "--history", "4", "--lambdas", "1e-6",
    "--quiet",
  ]

  @Test("a version-6 model that reproduces its held-out table through evaluate --model")
  func trainExportEvaluate() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("late.json"), model = dir.appendingPathComponent("late.model")
    let train = try DatasetsCommandTests.run(
      Self.arguments + ["--retime-late-reports", "0.25", "-o", out.path, TrainMLPCommandTests.dataset])
    #expect(train.status == 0, "\(train.stderr)")
    #expect(train.stdout.contains(", late reports re-timed (steps under 0.25 of the window's median step)"), "\(train.stdout)")

    let result = try TuneExportChainTests.json(dir.appendingPathComponent("late.train.json"))
    let settings = try #require((result["provenance"] as? [String: Any])?["settings"] as? [String: String])
    #expect(settings["learnedLinear.lateReportFraction"]?.hasPrefix("0.25 ") == true, "\(settings)")
    let heldOut = try #require(result["heldOut"] as? [[String: Any]])

    let file = try MLPExportChain.exportFile(out, to: model)
    guard case .learnedLinear(let parameters) = file.predictor.configuration.family else {
      Issue.record("exported family is \(file.predictor.configuration.family.name)")
      return
    }
    #expect(parameters.lateReportFraction == 0.25 && file.version == 6)
    let header = try String(contentsOf: model, encoding: .utf8).prefix { $0 != "\n" }
    #expect(header.hasPrefix("lookahead-model 6 "))
    try MLPExportChain.expectEvaluateReproduces(heldOut, model: model, dataset: "Henze2017-MobileHCI:writer=participant3")
  }

  @Test("a threshold outside the open interval 0…1 is refused before any training", arguments: ["0", "1", "nan"])
  func refusedThreshold(value: String) throws {
    let run = try DatasetsCommandTests.run(Self.arguments + ["--retime-late-reports=\(value)", TrainMLPCommandTests.dataset])
    #expect(run.status != 0)
    #expect(run.stderr.contains("--retime-late-reports must be above 0 and below 1"), "\(run.stderr)")
    // Before the data: a missing file is not what is named, and the usage line follows, as for
    // the network's options (it was checked once the data had loaded).
    let missing = try DatasetsCommandTests.run(["train", "--retime-late-reports=\(value)", "--split", "holdout=0.25,seed=1", "no-such.csv"])
    #expect(missing.stderr.hasPrefix("error: --retime-late-reports must be above 0 and below 1"), "\(missing.stderr)")
    #expect(missing.stderr.contains("Usage: lookahead train"), "\(missing.stderr)")
  }

  /// The learned linear Henze 2017 comparison fits the paper's model on its own windows and would
  /// ignore the option.
  @Test("with --henze2017 the learned linear model refuses it")
  func refusedWithHenze() throws {
    let run = try DatasetsCommandTests.run(["train", "--henze2017", "--retime-late-reports", "0.25"])
    #expect(run.status != 0)
    #expect(run.stderr.contains("--retime-late-reports with --henze2017 is for --family mlp"), "\(run.stderr)")
  }
}
