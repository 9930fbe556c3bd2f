import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --family mlp` as a user runs it: progress on stderr, the model and result files, then
/// `export --from-train` and `evaluate --model` scoring the held-out writer exactly as the
/// training printed.
@Suite("train --family mlp → export → evaluate --model")
struct TrainMLPCommandTests {
  static let dataset = "Henze2017-MobileHCI:writer=participant1,participant2,participant3"

  @Test("the held-out table of train --family mlp is what evaluate --model scores from the exported file")
  func trainExportEvaluate() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("mlp.json"), model = dir.appendingPathComponent("mlp.model")
    let checkpoint = dir.appendingPathComponent("mlp.checkpoint")
    let train = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history", "4",
      "--hidden", "8", "--epochs", "2", "--checkpoint", checkpoint.path, "-o", out.path, Self.dataset,
    ])
    #expect(train.status == 0, "\(train.stderr)")
    #expect(train.stderr.contains("epoch   2  loss"))
    #expect(train.stdout.contains("held-out writers (never trained or selected on): participant3"))
    #expect(FileManager.default.fileExists(atPath: checkpoint.path))
    let result = try TuneExportChainTests.json(dir.appendingPathComponent("mlp.train.json"))
    #expect(result["format"] as? String == "lookahead-train-mlp-result")
    let heldOut = try #require(result["heldOut"] as? [[String: Any]])
    #expect(heldOut.count == 7)

    // The output exists now: without --force it is not overwritten.
    let again = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--epochs", "1",
      "-o", out.path, Self.dataset,
    ])
    #expect(again.status == 1 && again.stderr.contains(out.path))

    guard let (file, parameters) = try MLPExportChain.export(out, to: model) else { return }
    #expect(parameters.hiddenSizes == [8] && parameters.historyCount == 4)
    #expect(file.provenance.testWriters == ["participant3"])

    try MLPExportChain.expectEvaluateReproduces(heldOut, model: model, dataset: "Henze2017-MobileHCI:writer=participant3")
  }

  /// `--relative-horizon-loss` reaches the trainer: the objective is recorded, and the network
  /// differs from the plain loss's (same seed and rows, so only the weighing differs).
  @Test("--relative-horizon-loss is recorded as the objective and changes the trained network")
  func relativeHorizonLoss() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    var weights: [[Double]] = []
    for (name, flags) in [("plain", [String]()), ("relative", ["--relative-horizon-loss"])] {
      let out = dir.appendingPathComponent("\(name).json")
      let train = try DatasetsCommandTests.run([
        "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history",
        "3", "--hidden", "4", "--epochs", "1", "--quiet", "-o", out.path, Self.dataset,
      ] + flags)
      #expect(train.status == 0, "\(train.stderr)")
      let result = try TuneExportChainTests.json(dir.appendingPathComponent("\(name).train.json"))
      let objective = try #require((result["provenance"] as? [String: Any])?["objective"] as? String)
      #expect(objective.contains("relative to its horizon") == !flags.isEmpty, "\(objective)")
      guard let (_, parameters) = try MLPExportChain.export(out, to: dir.appendingPathComponent("\(name).model")) else {
        return
      }
      weights.append(parameters.weights)
    }
    #expect(weights.count == 2 && weights[0] != weights[1])
  }

  /// A result saved from `train --json` under a name of the user's choosing exports as given
  /// (export used to look for `NAME.train.json` beside it).
  @Test("export --from-train reads a result saved from --json under any name")
  func exportFromJSONOutput() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let train = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history", "3",
      "--hidden", "4", "--epochs", "1", "--quiet", "--json", Self.dataset,
    ])
    #expect(train.status == 0, "\(train.stderr)")
    let saved = dir.appendingPathComponent("my-run.json")
    try Data(train.stdout.utf8).write(to: saved)
    guard let (file, parameters) = try MLPExportChain.export(saved, to: dir.appendingPathComponent("my.model")) else { return }
    #expect(parameters.hiddenSizes == [4] && parameters.historyCount == 3)
    #expect(file.provenance.testWriters == ["participant3"])
  }

  @Test("a cross-fitted split prints every participant's fold and the pooled table, and refuses -o (there is no one model)")
  func crossFit() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = ["train", "--family", "mlp", "--split", "leave-one-writer-out", "--mlp-history", "3", "--hidden", "4", "--epochs", "1"]
    let run = try DatasetsCommandTests.run(arguments + ["--json", Self.dataset])
    #expect(run.status == 0, "\(run.stderr)")
    for p in 1...3 { #expect(run.stderr.contains("fold \(p) of 3: holding out participant\(p)"), "\(run.stderr)") }
    let result = try TuneExportChainTests.json(run.stdout)
    #expect(result["format"] as? String == "lookahead-train-mlp-crossfit-result")
    let folds = try #require(result["folds"] as? [[String: Any]])
    #expect(folds.map { $0["testWriters"] as? [String] ?? [] } == [["participant1"], ["participant2"], ["participant3"]])
    #expect((result["heldOut"] as? [[String: Any]])?.count == 7)
    // Saved from --json under any name, the result is read as given, and export says why it
    // has no model to export.
    let saved = dir.appendingPathComponent("crossfit.json")
    try Data(run.stdout.utf8).write(to: saved)
    let export = try DatasetsCommandTests.run(["export", "--from-train", saved.path, "-o", dir.appendingPathComponent("x.model").path])
    #expect(export.status != 0 && export.stderr.contains("a cross-fitted training result"), "\(export.stderr)")
    // --test data cannot be scored by a cross-fit (no model): refused, not silently left out.
    let withTest = try DatasetsCommandTests.run(arguments + ["--test", "Inkable-ApplePencil", Self.dataset])
    #expect(withTest.status != 0 && withTest.stderr.contains("--test with --split"), "\(withTest.stderr)")
    // Each participant is scored by its fold's network: cross-fitted, not a test writer of one model.
    let provenance = try #require(result["provenance"] as? [String: Any])
    #expect(provenance["crossFittedWriters"] as? [String] == ["participant1", "participant2", "participant3"])
    #expect(provenance["testWriters"] == nil)

    #expect(folds.allSatisfy { $0["members"] == nil && $0["ensembleValidationError"] == nil })

    // --ensemble 2: each fold an ensemble, its mean's validation error recorded and printed.
    let ensemble = try DatasetsCommandTests.run(arguments + ["--ensemble", "2", Self.dataset])
    #expect(ensemble.status == 0, "\(ensemble.stderr)")
    #expect(ensemble.stdout.contains("an ensemble of 2 networks per fold (their mean scored)"), "\(ensemble.stdout)")
    #expect(ensemble.stdout.contains("their mean: validation error"))
    #expect(ensemble.stderr.contains("member 2/2  epoch"), "\(ensemble.stderr)")

    let out = dir.appendingPathComponent("m.json")
    let refused = try DatasetsCommandTests.run(arguments + ["-o", out.path, Self.dataset])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("no model for -o"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test("--stroke-end-rows trains on more rows, says so in the text and the result file, and is refused with --henze2017, as is a history longer than its windows")
  func strokeEndRows() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = [
      "train", "--family", "mlp", "--split", "train=participant1,participant2;test=participant3", "--mlp-history", "4",
      "--hidden", "4", "--epochs", "1", "--quiet",
    ]
    /// The "trained on N rows" count of a run's text.
    func trainingRows(_ stdout: String) throws -> Int {
      let line = try #require(stdout.split(separator: "\n").first { $0.hasPrefix("trained on ") })
      return try #require(Int(line.split(separator: " ")[2]))
    }
    let out = dir.appendingPathComponent("ends.json")
    let plain = try DatasetsCommandTests.run(arguments + [Self.dataset])
    let ends = try DatasetsCommandTests.run(arguments + ["--stroke-end-rows", "-o", out.path, Self.dataset])
    #expect(plain.status == 0 && ends.status == 0, "\(plain.stderr)\(ends.stderr)")
    #expect(try trainingRows(ends.stdout) > trainingRows(plain.stdout))
    #expect(ends.stdout.contains("stroke-end rows (targets past a stroke's end held at its last sample)"))
    #expect(!plain.stdout.contains("stroke-end rows"))
    let result = try TuneExportChainTests.json(dir.appendingPathComponent("ends.train.json"))
    #expect(result["strokeEndRows"] as? Bool == true)
    let provenance = try #require(result["provenance"] as? [String: Any])
    #expect((provenance["objective"] as? String)?.contains("with stroke-end rows") == true, "\(provenance)")
    let henze = try DatasetsCommandTests.run(["train", "--henze2017", "--family", "mlp", "--stroke-end-rows"])
    #expect(henze.status != 0 && henze.stderr.contains("--stroke-end-rows is for the anchor protocol"), "\(henze.stderr)")
    // The protocol's windows hold 10 input steps: a longer history is refused, not cut silently.
    let longHistory = try DatasetsCommandTests.run(["train", "--henze2017", "--family", "mlp", "--mlp-history", "16"])
    #expect(
      longHistory.status != 0 && longHistory.stderr.contains("--mlp-history with --henze2017 is at most 10"),
      "\(longHistory.stderr)")
    // Windows are not resampled: a resampling augmentation is refused, not ignored.
    let resampled = try DatasetsCommandTests.run(["train", "--henze2017", "--family", "mlp", "--augment", "resample=240"])
    #expect(resampled.status != 0 && resampled.stderr.contains("takes only reflect and scale"), "\(resampled.stderr)")
    // The protocol reads its own files: a dataset given beside it is refused, not ignored.
    let withDataset = try DatasetsCommandTests.run(["train", "--henze2017", "--family", "mlp", Self.dataset])
    #expect(withDataset.status != 0 && withDataset.stderr.contains("give no dataset (extra fitting data goes with --henze-extra-fit), got \(Self.dataset)"), "\(withDataset.stderr)")
  }

  @Test("bad MLP options are refused with the option named")
  func badOptions() throws {
    for (arguments, option) in [
      (["--hidden", "0"], "--hidden"), (["--activation", "sigmoid"], "--activation"), (["--augment", "rotate"], "rotate"),
      (["--family", "gru"], "--family"),
    ] {
      let run = try DatasetsCommandTests.run(["train", "--family", "mlp", "--split", "holdout=0.2,seed=1"] + arguments + [Self.dataset])
      #expect(run.status != 0)
      #expect(run.stderr.contains(option), "\(run.stderr)")
    }
  }

  /// A learning rate that diverges left a network far worse than its start (linear
  /// extrapolation) shipped without a word, and its held-out table printed 144-digit numbers.
  @Test("a run whose best epoch is worse than linear says so; its table stays readable")
  func worseThanLinearWarned() throws {
    let run = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--hidden", "4", "--epochs", "1", "--learning-rate=1e6", "--quiet",
      "--split", "train=participant1,participant2;test=participant3", "Henze2017-MobileHCI:Fitts:writer=participant1,participant2,participant3",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("warning: no epoch beat linear extrapolation on the early-stopping rows"), "\(run.stdout)")
    #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 200 }, "\(run.stdout)")
    let sane = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--hidden", "4", "--epochs", "2", "--quiet",
      "--split", "train=participant1,participant2;test=participant3", "Henze2017-MobileHCI:Fitts:writer=participant1,participant2,participant3",
    ])
    #expect(sane.status == 0, "\(sane.stderr)")
    #expect(!sane.stdout.contains("warning: no epoch beat linear"), "\(sane.stdout)")
  }
}
