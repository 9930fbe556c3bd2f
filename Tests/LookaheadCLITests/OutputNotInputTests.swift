import Foundation
import Testing
import _LookaheadTestSupport

/// `--force` replaces what an earlier run left, never a file the same run reads
/// (`Docs/Evaluation.md`, `DistinctFiles`). `evaluate --predictor kalman --csv --output rec.tsv
/// --force rec.tsv` replaced the user's recording with its own scorecard, `predict --model m.model
/// --output rec.tsv.mapping --force rec.tsv` the mapping it had just read, and `compare --model
/// m.model --output m.model --force` the model, each with exit 0. An output may now be none of the
/// files the command reads: the datasets' data and mapping files, models, predictor config files
/// and a profile file.
@Suite("an output never replaces a file the same command reads")
struct OutputNotInputTests {
  @Test("evaluate, compare, sweep, predict and tune refuse an output that is one of their inputs, --force or not")
  func outputsAreNotInputs() throws {
    let copy = try TabletRecordingCopy("output-input")
    let dir = copy.folder
    defer { try? FileManager.default.removeItem(at: dir) }
    let data = copy.data, sidecar = copy.sidecar
    let model = dir.appendingPathComponent("m.model"), profile = dir.appendingPathComponent("p.json")
    let made = try DatasetsCommandTests.run(["export", "--predictor", "kalman", "--dataset", data.path, "-o", model.path])
    #expect(made.status == 0, "\(made.stderr)")
    let profiles = try DatasetsCommandTests.run(["replay", "profiles", "--json", "pencil240-promotion120"])
    try Data(profiles.stdout.utf8).write(to: profile)
    let before = try [data, sidecar, model, profile].map { try Data(contentsOf: $0) }

    let cases: [(arguments: [String], option: String, file: URL)] = [
      (["evaluate", "--predictor", "kalman", "--csv", "--output", data.path, data.path], "--output", data),
      (["evaluate", "--predictor", "kalman", "--records", sidecar.path, data.path], "--records", sidecar),
      (["evaluate", "--model", model.path, "--csv", "--output", model.path, data.path], "--output", model),
      (["evaluate", "--predictor", "kalman", "--profile", profile.path, "--csv", "--output", profile.path, data.path], "--output", profile),
      (["compare", "hold", "linear", data.path, "--csv", "--output", sidecar.path], "--output", sidecar),
      (["compare", "hold", "--model", model.path, data.path, "--json", "--output", model.path], "--output", model),
      (["sweep", "--predictor", "linear", data.path, "--csv", "--output", data.path], "--output", data),
      (["predict", "--model", model.path, "--output", sidecar.path, data.path], "--output", sidecar),
      (["predict", "--model", model.path, "-o", model.path, data.path], "--output", model),
      (["tune", "--predictor", "linear", "--params", "stop-factor", "--trials", "2", "--test", data.path,
        "--out", sidecar.path, "Inkable-ApplePencil"], "--out", sidecar),
      (["tune", "--predictor", "linear", "--params", "stop-factor", "--trials", "2", "--test", "Inkable-ApplePencil",
        "--journal", data.path, data.path], "--journal", data),
    ]
    for (arguments, option, file) in cases {
      for force in [[], ["--force"]] {
        let run = try DatasetsCommandTests.run(arguments + force)
        #expect(run.status == 1, "\(arguments + force): \(run.stderr)")
        #expect(run.stderr.contains("error: \(option) \(file.path) is also an input"), "\(arguments + force): \(run.stderr)")
      }
    }
    #expect(try [data, sidecar, model, profile].map { try Data(contentsOf: $0) } == before)
    // Outputs of their own are written as before.
    let csv = dir.appendingPathComponent("out.csv")
    let written = try DatasetsCommandTests.run(["evaluate", "--predictor", "kalman", "--csv", "--quiet", "--output", csv.path, data.path])
    #expect(written.status == 0 && FileManager.default.fileExists(atPath: csv.path), "\(written.stderr)")
  }
}

/// `export --from-tune k.jsonl -o k.jsonl --force` replaced the tune's journal, every trial of
/// it, with the model (exit 0); `export --predictor best.json -o best.json --force` the config file.
@Suite("export never writes its model over a file it reads")
struct ExportOutputNotInputTests {
  @Test("-o naming the journal, the tune's result beside --out, the config file or a --dataset file is refused")
  func exportOutputIsNotAnInput() throws {
    let dir = DatasetsCommandTests.temporaryURL("export-input")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("j.jsonl"), best = dir.appendingPathComponent("best.json")
    let tuned = try DatasetsCommandTests.run([
      "tune", "--predictor", "linear", "--params", "stop-factor", "--trials", "2", "--split", "holdout=0.25,seed=1",
      "--journal", journal.path, "--out", best.path, "--quiet", "Henze2017-MobileHCI:Fitts",
    ])
    #expect(tuned.status == 0, "\(tuned.stderr)")
    let result = dir.appendingPathComponent("best.tune.json")
    let data = dir.appendingPathComponent("rec.tsv"), sidecar = dir.appendingPathComponent("rec.tsv.mapping")
    let examples = SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples")
    try FileManager.default.copyItem(at: examples.appendingPathComponent("tablet.tsv"), to: data)
    try FileManager.default.copyItem(at: examples.appendingPathComponent("tablet.tsv.mapping"), to: sidecar)
    let before = try [journal, best, result, data, sidecar].map { try Data(contentsOf: $0) }
    for (arguments, file) in [
      (["export", "--from-tune", journal.path, "-o", journal.path], journal),
      (["export", "--from-tune", best.path, "-o", result.path], result),
      (["export", "--predictor", best.path, "-o", best.path], best),
      (["export", "--predictor", "kalman", "--dataset", data.path, "-o", sidecar.path], sidecar),
    ] {
      for force in [[], ["--force"]] {
        let run = try DatasetsCommandTests.run(arguments + force)
        #expect(run.status == 1, "\(arguments + force): \(run.stderr)")
        #expect(run.stderr.contains("error: -o \(file.path) is also an input"), "\(arguments + force): \(run.stderr)")
      }
    }
    #expect(try [journal, best, result, data, sidecar].map { try Data(contentsOf: $0) } == before)
    let model = dir.appendingPathComponent("m.model")
    #expect(try DatasetsCommandTests.run(["export", "--from-tune", journal.path, "-o", model.path]).status == 0)
  }
}
