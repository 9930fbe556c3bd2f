import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// `lookahead evaluate`, `compare` and `sweep` run as a user would, on the bundled Inkable traces.
@Suite("lookahead evaluate, compare, sweep, end to end")
struct EvaluationCommandTests {
  static func run(_ arguments: [String]) throws -> DatasetsCommandTests.Result {
    try DatasetsCommandTests.run(arguments)
  }

  static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return try decoder.decode(type, from: Data(text.utf8))
  }

  /// `evaluate --predictor recorded` on data without recorded predictions left its one row out
  /// with a note and printed an empty scorecard, exit 0; every protocol alike.
  @Test("evaluate --predictor recorded on data without recorded predictions is refused, naming the dataset",
        arguments: ["frame", "anchor", "henze2017"])
  func recordedWithoutPredictions(evaluationProtocol: String) throws {
    let run = try Self.run(["evaluate", "--predictor", "recorded", "--protocol", evaluationProtocol, "Henze2017-MobileHCI:Fitts"])
    #expect(run.status == 1, "\(run.stdout)")
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("--predictor recorded: Henze2017-MobileHCI:Fitts has no recorded platform predictions"), "\(run.stderr)")
    let recorded = try Self.run(["evaluate", "--predictor", "recorded", "--protocol", evaluationProtocol == "henze2017" ? "frame" : evaluationProtocol, "Inkable-ApplePencil"])
    #expect(recorded.status == 0, "\(recorded.stderr)")
  }

  /// The JSON decodes to the result, carries provenance with checksums, and the human table's
  /// stars sit on the best values of the same run.
  @Test func compareJSONAndBestMarks() throws {
    let arguments = ["compare", "hold", "linear", "kalman", "recorded", "Inkable-ApplePencil", "--resamples", "500"]
    let json = try Self.run(arguments + ["--json"])
    #expect(json.status == 0, "\(json.stderr)")
    let result = try Self.decode(EvaluationResult.self, json.stdout)
    #expect(result.provenance.command == "compare")
    #expect(result.provenance.profile == "pencil240-promotion120")
    #expect(result.provenance.predictors.count == 4)
    let dataset = try #require(result.datasets.first)
    #expect(dataset.subjects.map(\.label) == ["hold", "linear", "kalman", "recorded"])
    #expect(dataset.subjects[3].recordedSource != nil)
    #expect(dataset.comparisons.count == 3)
    let files = try #require(result.provenance.datasets.first?.files)
    #expect(files.count == 5 && files.allSatisfy { $0.sha256.count == 64 })

    let text = try Self.run(arguments)
    #expect(text.status == 0)
    let lines = text.stdout.split(separator: "\n").map(String.init)
    let header = try #require(lines.first { $0.hasPrefix("predictor ") })
    let names = header.split(separator: " ").map(String.init)
    let errorColumn = try #require(names.firstIndex(of: "error_mean_mm"))
    let errors = dataset.subjects.map { $0.scorecard.value("error_mean_mm") ?? .infinity }
    let bestRow = try #require(errors.indices.min { errors[$0] < errors[$1] })
    for (row, subject) in dataset.subjects.enumerated() {
      let line = try #require(lines.first { $0.hasPrefix(subject.label + " ") })
      let cells = line.split(separator: " ").map(String.init)
      #expect(cells[errorColumn].hasSuffix("*") == (row == bestRow), "\(line)")
    }
  }

  /// An existing output is never overwritten without --force.
  @Test func outputIsNotOverwrittenWithoutForce() throws {
    let url = DatasetsCommandTests.temporaryURL("compare.csv")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("mine\n".utf8).write(to: url)
    let refused = try Self.run(["compare", "hold", "linear", "Inkable-ApplePencil", "--csv", "--output", url.path])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("--force"))
    #expect(try String(contentsOf: url, encoding: .utf8) == "mine\n")
    let forced = try Self.run(
      ["compare", "hold", "linear", "Inkable-ApplePencil", "--csv", "--output", url.path, "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    let csv = try String(contentsOf: url, encoding: .utf8)
    #expect(csv.hasPrefix("# lookahead "))
    #expect(csv.contains("# sha256: "))
    let rows = csv.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(rows.count == 3)  // header, hold, linear
    #expect(rows.first?.hasPrefix("dataset,predictor,specification,source,stroke") == true)
  }

  /// An unknown --paired-column used to be ignored silently; --resamples had no upper bound; a
  /// write into a missing folder printed a raw NSError as an "internal error".
  @Test func optionsAndWriteFailuresGiveClearErrors() throws {
    let column = try Self.run(["compare", "hold", "linear", "Inkable-ApplePencil", "--paired-column", "eror_mean_mm"])
    #expect(column.status == 1)
    #expect(column.stderr.contains("--paired-column: \"eror_mean_mm\" is not a scorecard column"), "\(column.stderr)")
    #expect(column.stderr.contains("error_mean_mm"))
    let resamples = try Self.run(["compare", "hold", "linear", "Inkable-ApplePencil", "--resamples", "2000000"])
    #expect(resamples.status == 1)
    #expect(resamples.stderr.contains("--resamples must be 1…1000000"))
    let missing = "/no/such/folder/out.csv"
    let write = try Self.run(["evaluate", "--predictor", "hold", "Inkable-ApplePencil", "--csv", "--output", missing])
    #expect(write.status == 1)
    // Progress lines (loading, scoring) come first where stderr is not a terminal; the error ends it.
    #expect(write.stderr.hasSuffix("\nerror: cannot write \(missing): creating a temporary file beside it failed: No such file or directory\n"),
      "\(write.stderr)")
  }

  /// A predictor name that does not exist: exit 1 and a message naming it and the known ones.
  @Test func badPredictorNameExitsOne() throws {
    let result = try Self.run(["compare", "hold", "kalmn", "Inkable-ApplePencil"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("unknown predictor \"kalmn\""))
    #expect(result.stderr.contains("kalman"))
    let badValue = try Self.run(["evaluate", "--predictor", "linear:order=7", "Inkable-ApplePencil"])
    #expect(badValue.status == 1)
    #expect(badValue.stderr.contains("order"))
    let badProfile = try Self.run(["evaluate", "--predictor", "hold", "--profile", "nope", "Inkable-ApplePencil"])
    #expect(badProfile.status == 1)
  }

  /// evaluate: the records file has one row per scored prediction of the scorecard.
  @Test func evaluateWritesRecords() throws {
    let records = DatasetsCommandTests.temporaryURL("records.csv")
    defer { try? FileManager.default.removeItem(at: records) }
    let result = try Self.run(
      ["evaluate", "--predictor", "kalman", "Inkable-ApplePencil", "--json", "--records", records.path])
    #expect(result.status == 0, "\(result.stderr)")
    let decoded = try Self.decode(EvaluationResult.self, result.stdout)
    let scorecard = try #require(decoded.datasets.first?.subjects.first?.scorecard)
    let lines = try String(contentsOf: records, encoding: .utf8).split(separator: "\n")
    let header = try #require(lines.first { !$0.hasPrefix("#") })
    #expect(header.hasPrefix("dataset,predictor,stroke,frame,callback_time_s,presentation_time_s,missed,issue_time_s"))
    #expect(lines.filter { !$0.hasPrefix("#") }.count == scorecard.predictionCount + 1)
    let again = try Self.run(["evaluate", "--predictor", "kalman", "Inkable-ApplePencil", "--records", records.path])
    #expect(again.status == 1)
  }

  /// compare --protocol anchor prints our rows and the marked reference rows.
  @Test func anchorProtocolShowsReferences() throws {
    let result = try Self.run(["compare", "hold:gap-limit=0", "linear:gap-limit=0", "Inkable-ApplePencil", "--protocol", "anchor"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("[ref] b) linear (last two samples)"))
    #expect(result.stdout.contains("0.904 / 2.30"))
    #expect(result.stdout.contains("ANCHOR-PROTOCOL.md"))
    // The paired comparison, one row per horizon: linear lags less than hold on all five of
    // Inkable's strokes, but one writer gives no verdict.
    let paired = result.stdout.split(separator: "\n").filter { $0.hasPrefix("linear:gap-limit=0") && $0.contains("5/5") }
    #expect(paired.count == 7, "\(result.stdout)")
    #expect(paired.allSatisfy { $0.contains("inconclusive") })
    #expect(result.stdout.contains("paired vs hold:gap-limit=0"))
    #expect(result.stdout.contains("only 1 writer"))
  }

  /// compare --protocol anchor --csv: the paired comparisons are `# paired:` lines with their
  /// horizon; --paired-column, a frame-replay choice, is refused under the anchor protocol.
  @Test func anchorProtocolPairedLinesAndRefusal() throws {
    let result = try Self.run([
      "compare", "hold:gap-limit=0", "linear:gap-limit=0", "Inkable-ApplePencil", "--protocol", "anchor", "--csv",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let paired = result.stdout.split(separator: "\n").filter { $0.hasPrefix("# paired:") }
    #expect(paired.count == 7)
    #expect(paired.contains { $0.contains("horizon=\"16.67 ms\"") && $0.contains("column=error_mean_mm") })
    let refused = try Self.run([
      "compare", "hold", "linear", "Inkable-ApplePencil", "--protocol", "anchor", "--paired-column", "jitter_mean_mm",
    ])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("--paired-column"))
  }

  /// Under --protocol henze2017 nothing is replayed, drawn at random or paired stroke by stroke,
  /// and the table is the paper's: each option for those is refused by name with its reason (they
  /// were accepted and ignored, the same table printed). `evaluate` shares --profile, --seed and
  /// --metrics.
  @Test(arguments: [
    (["--profile", "finger60-phone"], "--profile: its windows are fed at their recorded times; no device is replayed"),
    (["--seed", "7"], "--seed: nothing in it is random"),
    (["--paired-column", "error_p95_mm"], "--paired-column: it has no paired comparison"),
    (["--baseline", "linear"], "--baseline: it has no paired comparison"),
    (["--resamples", "500"], "--resamples: it has no paired comparison"),
    (["--metrics", "all"], "--metrics: its table is the paper's"),
  ])
  func henze2017RefusesOptionsItDoesNotUse(option: [String], reason: String) throws {
    let base = ["compare", "hold", "linear", "--protocol", "henze2017", "Henze2017-MobileHCI:Write"]
    let refused = try Self.run(base + option)
    #expect(refused.status == 1, "\(refused.stdout)")
    #expect(refused.stderr.hasPrefix("error: \(option[0]) does not apply under --protocol henze2017"), "\(refused.stderr)")
    #expect(refused.stderr.contains(reason), "\(refused.stderr)")
    #expect(refused.stdout.isEmpty)
    if option[0] != "--paired-column", option[0] != "--baseline", option[0] != "--resamples" {
      let evaluate = try Self.run(
        ["evaluate", "--predictor", "hold", "--protocol", "henze2017", "Henze2017-MobileHCI:Write"] + option)
      #expect(evaluate.status == 1)
      #expect(evaluate.stderr.contains(reason), "\(evaluate.stderr)")
    }
  }

  /// A writer selection was called "not a Henze task subset", which the task is.
  @Test(arguments: ["Henze2017-MobileHCI:Fitts:writer=participant1", "Henze2017-MobileHCI:writer=participant1"])
  func henze2017RefusesWriterSelection(reference: String) throws {
    let refused = try Self.run(["evaluate", "--predictor", "linear", "--protocol", "henze2017", reference])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("\(reference): the protocol scores every participant"), "\(refused.stderr)")
    #expect(refused.stderr.contains("so it takes no writer= selection"), "\(refused.stderr)")
  }

  /// All the refused options at once are named together; without them the run prints the table,
  /// and under the frame protocol the same options are taken.
  @Test func henze2017NamesEveryUnusedOptionAndRunsWithout() throws {
    let base = ["compare", "hold", "linear", "--protocol", "henze2017", "Henze2017-MobileHCI:Write"]
    let refused = try Self.run(base + ["--seed", "7", "--profile", "finger60-phone", "--paired-column", "error_p95_mm"])
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix(
      "error: --profile, --seed, --paired-column do not apply under --protocol henze2017 and would be ignored ("),
      "\(refused.stderr)")
    #expect(refused.stderr.hasSuffix("; leave them out, or use --protocol frame\n"), "\(refused.stderr)")
    let plain = try Self.run(base)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stdout.contains("protocol henze2017"))
    let frame = try Self.run([
      "compare", "hold", "linear", "Inkable-ApplePencil", "--seed", "7", "--profile", "finger60-phone",
      "--paired-column", "error_p95_mm", "--resamples", "200", "--baseline", "linear", "--metrics", "all",
    ])
    #expect(frame.status == 0, "\(frame.stderr)")
    #expect(frame.stdout.contains("profile finger60-phone, seed 7"))
  }

  /// Under --protocol anchor each recorded sample is asked for fixed horizons: no device is
  /// replayed and the table is error per horizon, so --profile and --metrics are refused by name
  /// (they were accepted and the output was byte-identical). `evaluate` scores one predictor, so
  /// nothing is bootstrapped and its --seed is refused too; `compare`'s --seed seeds the paired
  /// bootstrap and is taken.
  @Test(arguments: [
    (["--profile", "finger60-phone"], "--profile: each recorded sample is asked for its own time plus each fixed horizon"),
    (["--metrics", "all"], "--metrics: its table is the mean and p95 error at each anchor horizon"),
  ])
  func anchorRefusesOptionsItDoesNotUse(option: [String], reason: String) throws {
    for base in [
      ["compare", "hold", "linear", "--protocol", "anchor", "Inkable-ApplePencil"],
      ["evaluate", "--predictor", "linear", "--protocol", "anchor", "Inkable-ApplePencil"],
    ] {
      let refused = try Self.run(base + option)
      #expect(refused.status == 1, "\(refused.stdout)")
      #expect(refused.stderr.hasPrefix("error: \(option[0]) does not apply under --protocol anchor and would be ignored ("),
        "\(refused.stderr)")
      #expect(refused.stderr.contains(reason), "\(refused.stderr)")
      #expect(refused.stderr.hasSuffix("; leave it out, or use --protocol frame\n"), "\(refused.stderr)")
      #expect(refused.stdout.isEmpty)
    }
  }

  @Test func anchorSeedIsRefusedByEvaluateAndTakenByCompare() throws {
    let evaluate = try Self.run(
      ["evaluate", "--predictor", "linear", "--protocol", "anchor", "Inkable-ApplePencil", "--seed", "7"])
    #expect(evaluate.status == 1)
    #expect(evaluate.stderr.hasPrefix("error: --seed does not apply under --protocol anchor"), "\(evaluate.stderr)")
    #expect(evaluate.stderr.contains("one predictor has no paired comparison to bootstrap"), "\(evaluate.stderr)")
    let compare = try Self.run([
      "compare", "hold", "linear", "--protocol", "anchor", "Inkable-ApplePencil", "--seed", "7", "--resamples", "200",
    ])
    #expect(compare.status == 0, "\(compare.stderr)")
    #expect(compare.stdout.contains("200 resamples, seed 7"), "\(compare.stdout)")
  }

  /// sweep asks each delivered sample for a fixed horizon: nothing is drawn at random, so --seed
  /// is refused (it was recorded in the provenance and changed nothing); --profile sets the step
  /// and decimation and is taken.
  @Test func sweepRefusesSeed() throws {
    let refused = try Self.run(["sweep", "--predictor", "linear", "Inkable-ApplePencil", "--seed", "7"])
    #expect(refused.status == 1)
    #expect(refused.stderr == "error: --seed does not apply to sweep and would be ignored (--seed: nothing in it is "
      + "random (each delivered sample is asked for a fixed horizon ahead; no display phase or missed frame is "
      + "drawn)); leave it out (evaluate and compare seed their frame replay with it)\n", "\(refused.stderr)")
    #expect(refused.stdout.isEmpty)
    let profiled = try Self.run(["sweep", "--predictor", "linear", "Inkable-ApplePencil", "--profile", "finger60-phone"])
    #expect(profiled.status == 0, "\(profiled.stderr)")
  }

  /// A result records the seed only when something in the run drew from it (the frame replay's
  /// display phase and missed frames, a paired bootstrap): `evaluate --protocol anchor` and
  /// `henze2017` recorded 0, and `sweep` 0 or its models' seed, though --seed is refused there
  /// because nothing is random. The JSON leaves `seed` out, the CSV says it is not used, and the
  /// files still read back (as `EvaluationResult` and `SweepResult`, and through `report`).
  @Test func seedIsRecordedOnlyWhereSomethingIsRandom() throws {
    let folder = DatasetsCommandTests.temporaryURL("seed-provenance")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = folder.appendingPathComponent("seeded.lookahead").path
    let export = try Self.run(
      ["export", "--predictor", "linear", "--dataset", "Inkable-ApplePencil", "--seed", "5", "-o", model])
    #expect(export.status == 0, "\(export.stderr)")

    func provenance(_ arguments: [String]) throws -> [String: Any] {
      let run = try Self.run(arguments + ["--json"])
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      return try #require(object["provenance"] as? [String: Any])
    }
    let unseeded: [[String]] = [
      ["evaluate", "--predictor", "linear", "--protocol", "anchor", "Inkable-ApplePencil"],
      ["evaluate", "--model", model, "--protocol", "anchor", "Inkable-ApplePencil"],
      ["evaluate", "--predictor", "hold", "--protocol", "henze2017", "Henze2017-MobileHCI:Write"],
      ["compare", "hold", "linear", "--protocol", "henze2017", "Henze2017-MobileHCI:Write"],
      ["sweep", "--predictor", "linear", "Inkable-ApplePencil"],
      ["sweep", "--model", model, "Inkable-ApplePencil"],
    ]
    for arguments in unseeded {
      #expect(try provenance(arguments)["seed"] == nil, "\(arguments)")
    }
    let seeded: [([String], Int)] = [
      (["evaluate", "--predictor", "linear", "Inkable-ApplePencil"], 0),
      (["evaluate", "--model", model, "Inkable-ApplePencil"], 5),
      (["compare", "hold", "linear", "--protocol", "anchor", "--seed", "7", "--resamples", "200", "Inkable-ApplePencil"], 7),
    ]
    for (arguments, seed) in seeded {
      #expect(try provenance(arguments)["seed"] as? Int == seed, "\(arguments)")
    }

    let csv = try Self.run(["evaluate", "--predictor", "linear", "--protocol", "anchor", "--csv", "Inkable-ApplePencil"])
    #expect(csv.stdout.contains("\n# seed: not used (nothing in the run is random)\n"), "\(csv.stdout)")
    let sweepCSV = try Self.run(["sweep", "--predictor", "linear", "--csv", "Inkable-ApplePencil"])
    #expect(sweepCSV.stdout.contains("\n# seed: not used (nothing in the run is random)\n"), "\(sweepCSV.stdout)")

    // Still read by the code that reads results.
    let evaluateURL = folder.appendingPathComponent("anchor.json"), sweepURL = folder.appendingPathComponent("sweep.json")
    let anchor = try Self.run(
      ["evaluate", "--predictor", "linear", "--protocol", "anchor", "--json", "--output", evaluateURL.path, "Inkable-ApplePencil"])
    let sweep = try Self.run(["sweep", "--predictor", "linear", "--json", "--output", sweepURL.path, "Inkable-ApplePencil"])
    #expect(anchor.status == 0 && sweep.status == 0, "\(anchor.stderr)\(sweep.stderr)")
    #expect(try Self.decode(EvaluationResult.self, String(contentsOf: evaluateURL, encoding: .utf8)).provenance.seed == nil)
    #expect(try Self.decode(SweepResult.self, String(contentsOf: sweepURL, encoding: .utf8)).provenance.seed == nil)
    let reportURL = folder.appendingPathComponent("report.md")
    let report = try Self.run(["report", evaluateURL.path, sweepURL.path, "--format", "md", "-o", reportURL.path])
    #expect(report.status == 0, "\(report.stderr)")
    #expect(try String(contentsOf: reportURL, encoding: .utf8).contains("not used (nothing in the run is random)"))
  }

  /// A model exported with a fixed horizon is asked per frame by evaluate, compare and predict
  /// (the runtime has only predict(forPresentationTime:)); each now says so on stderr, once per
  /// model, unless --quiet. Under --protocol anchor it is scored per sample and no note is
  /// printed; a per-frame model gets none. The results are what they were.
  @Test func fixedHorizonModelIsNotedWhenReplayedPerFrame() throws {
    let folder = DatasetsCommandTests.temporaryURL("fixed-horizon-note")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixed = folder.appendingPathComponent("fixed.lookahead").path
    let perFrame = folder.appendingPathComponent("frame.lookahead").path
    for (path, extra) in [(fixed, ["--fixed-horizon", "0.016667"]), (perFrame, [])] {
      let export = try Self.run(
        ["export", "--predictor", "linear", "--dataset", "Inkable-ApplePencil", "-o", path] + extra)
      #expect(export.status == 0, "\(export.stderr)")
    }
    func note(_ command: String, pointer: String) -> String {
      "note: \(fixed) records a fixed horizon of 16.67 ms per sample (tunedFor.horizonPolicy); \(command) replays "
        + "it per frame, for each frame's presentation time, as it does every model; for per-sample scores at fixed "
        + "horizons use \(pointer)\n"
    }
    /// The `note:` lines of stderr (progress lines beside them are not notes).
    func notes(_ stderr: String) -> String {
      stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }.map { $0 + "\n" }.joined()
    }
    let evaluate = try Self.run(["evaluate", "--model", fixed, "Inkable-ApplePencil"])
    #expect(evaluate.status == 0)
    #expect(notes(evaluate.stderr) == note("evaluate", pointer: "--protocol anchor, or sweep --model \(fixed)"))
    let compare = try Self.run(["compare", "linear", "--model", fixed, "--model", perFrame, "Inkable-ApplePencil"])
    #expect(compare.status == 0)
    #expect(notes(compare.stderr) == note("compare", pointer: "--protocol anchor, or sweep --model \(fixed)"))
    let predict = try Self.run(["predict", "--model", fixed, "Inkable-ApplePencil"])
    #expect(predict.status == 0)
    #expect(predict.stderr == note("predict", pointer: "evaluate --model \(fixed) --protocol anchor, or sweep --model \(fixed)"))
    #expect(predict.stdout.hasPrefix("# lookahead "), "the CSV is written as before")

    let quiet = try Self.run(["evaluate", "--model", fixed, "Inkable-ApplePencil", "--quiet"])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    #expect(quiet.stdout == evaluate.stdout)
    let anchor = try Self.run(["evaluate", "--model", fixed, "--protocol", "anchor", "Inkable-ApplePencil"])
    #expect(anchor.status == 0 && notes(anchor.stderr).isEmpty, "\(anchor.stderr)")
    for command in [["evaluate", "--model", perFrame], ["predict", "--model", perFrame]] {
      let plain = try Self.run(command + ["Inkable-ApplePencil"])
      #expect(plain.status == 0 && notes(plain.stderr).isEmpty, "\(command): \(plain.stderr)")
    }
  }

  /// --baseline naming no predictor is refused, also when the others come from --model files
  /// (whose labels are their file names; it used to fall back to the first predictor silently).
  @Test func unknownBaselineIsRefusedWithModels() throws {
    let model = DatasetsCommandTests.temporaryURL("linear.model")
    defer { try? FileManager.default.removeItem(at: model) }
    let export = try Self.run(["export", "--predictor", "linear", "--dataset", "Inkable-ApplePencil", "--output", model.path])
    #expect(export.status == 0, "\(export.stderr)")
    let refused = try Self.run([
      "compare", "hold", "--model", model.path, "--baseline", "typo.model", "Inkable-ApplePencil", "--protocol", "anchor",
    ])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("--baseline") && refused.stderr.contains("typo.model"), "\(refused.stderr)")
    let named = try Self.run([
      "compare", "hold", "--model", model.path, "--baseline", model.lastPathComponent, "Inkable-ApplePencil",
      "--protocol", "anchor",
    ])
    #expect(named.status == 0, "\(named.stderr)")
    #expect(named.stdout.contains("paired vs \(model.lastPathComponent)"))
  }

  /// sweep --csv: 0 … 33.3 ms in 240 Hz steps for each predictor; hold saves nothing at 0.
  @Test func sweepCSV() throws {
    let result = try Self.run(["sweep", "--predictor", "hold", "--predictor", "linear", "Inkable-ApplePencil", "--csv"])
    #expect(result.status == 0, "\(result.stderr)")
    let rows = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    #expect(rows.first?.prefix(3) == ["dataset", "predictor", "horizon_ms"])
    let data = rows.dropFirst()
    #expect(data.count == 2 * 9)
    let holdAtZero = try #require(data.first { $0[1] == "hold" && $0[2] == "0.0" })
    #expect(Double(holdAtZero[5]) == 0)  // error_mean at horizon 0
  }

  /// An exported model evaluates exactly like the catalog configuration it was made from.
  @Test func modelRowEqualsItsCatalogPredictor() throws {
    let model = DatasetsCommandTests.temporaryURL("kalman.model")
    defer { try? FileManager.default.removeItem(at: model) }
    let export = try Self.run(["export", "--predictor", "kalman", "--dataset", "Inkable-ApplePencil", "--output", model.path])
    #expect(export.status == 0, "\(export.stderr)")
    let result = try Self.run(["compare", "kalman", "--model", model.path, "Inkable-ApplePencil", "--json", "--resamples", "100"])
    #expect(result.status == 0, "\(result.stderr)")
    let decoded = try Self.decode(EvaluationResult.self, result.stdout)
    let dataset = try #require(decoded.datasets.first)
    #expect(dataset.subjects.count == 2)
    #expect(dataset.subjects[0].scorecard == dataset.subjects[1].scorecard)
    #expect(dataset.comparisons.first?.meanDifference == 0)
    // The model file's digest is recorded beside its path (the path alone said where a model had
    // been, not which), checked against sha256sum; evaluate and sweep record it the same way.
    let digest = try ReplayCSVProvenanceTests.sha256sum(model)
    #expect(digest.count == 64)
    #expect(decoded.provenance.predictors.last == "model:\(model.path) sha256=\(digest)")
    for command in [["evaluate", "--model", model.path], ["sweep", "--model", model.path, "--max-ms", "8"]] {
      let run = try Self.run(command + ["Inkable-ApplePencil", "--json", "--quiet"])
      #expect(run.status == 0, "\(command): \(run.stderr)")
      let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
      let predictors = (json?["provenance"] as? [String: Any])?["predictors"] as? [String]
      #expect(predictors?.last == "model:\(model.path) sha256=\(digest)", "\(command): \(predictors ?? [])")
    }
  }
}
