import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --family mlp --retime-late-reports F` as a user runs it: the reports and the recorded
/// settings say so, the model file is format version 5 with the threshold in it, and `evaluate
/// --model` scores the held-out writer exactly as the training did.
@Suite("train --family mlp --retime-late-reports → export → evaluate --model")
struct TrainMLPLateReportsCommandTests {
  @Test("a version-5 model that reproduces its held-out table through evaluate --model")
  func trainExportEvaluate() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("late.json"), model = dir.appendingPathComponent("late.model")
    let train = try DatasetsCommandTests.run(
      TrainMLPMirrorAverageCommandTests.arguments + ["--retime-late-reports", "0.25", "-o", out.path, TrainMLPCommandTests.dataset])
    #expect(train.status == 0, "\(train.stderr)")
    #expect(train.stdout.contains("; late reports re-timed (steps under 0.25 of the window's median step)"), "\(train.stdout)")

    let result = try TuneExportChainTests.json(dir.appendingPathComponent("late.train.json"))
    let settings = try #require((result["provenance"] as? [String: Any])?["settings"] as? [String: String])
    #expect(settings["mlp.lateReportFraction"]?.hasPrefix("0.25 ") == true, "\(settings)")
    let heldOut = try #require(result["heldOut"] as? [[String: Any]])

    guard let (file, parameters) = try MLPExportChain.export(out, to: model) else { return }
    #expect(parameters.lateReportFraction == 0.25 && file.version == 5)
    let header = try String(contentsOf: model, encoding: .utf8).prefix { $0 != "\n" }
    #expect(header.hasPrefix("lookahead-model 5 "))
    try MLPExportChain.expectEvaluateReproduces(heldOut, model: model, dataset: "Henze2017-MobileHCI:writer=participant3")
  }

  @Test("a threshold outside the open interval 0…1 is refused before any training", arguments: ["0", "1", "-0.5", "nan"])
  func refusedThreshold(value: String) throws {
    let run = try DatasetsCommandTests.run(
      TrainMLPMirrorAverageCommandTests.arguments + ["--retime-late-reports=\(value)", TrainMLPCommandTests.dataset])
    #expect(run.status != 0)
    #expect(run.stderr.contains("--retime-late-reports must be above 0 and below 1"), "\(run.stderr)")
  }
}
