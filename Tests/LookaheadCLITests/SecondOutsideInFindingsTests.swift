import Foundation
import Testing

/// What a second pass at the CLI from outside found (session 30), each a run that went on with a
/// misleading label or message: a predictor file holding no predictors, a profile file taking a
/// preset's name, `report` of a file that is no result, the Henze 2017 table's "mean / p95" over
/// means alone, and `sweep --help` offering a `--seed` it refuses.
@Suite("labels and refusals found trying the CLI from outside")
struct SecondOutsideInFindingsTests {
  static func folder() throws -> URL {
    let folder = DatasetsCommandTests.temporaryURL("outside-in")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// `sweep` printed an empty table (exit 0) and `compare` dropped the file beside other predictors.
  @Test("a predictor file holding no predictors is refused by sweep, compare and evaluate", arguments: [
    ["sweep", "--predictor-file", "none.json"], ["compare", "linear", "--predictor-file", "none.json"],
    ["evaluate", "--predictor-file", "none.json"],
  ])
  func emptyPredictorFile(command: [String]) throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try "[]\n".write(to: dir.appendingPathComponent("none.json"), atomically: true, encoding: .utf8)
    let run = try DatasetsCommandTests.run(command + ["Inkable-ApplePencil"], in: dir)
    #expect(run.status == 1, "\(run.stdout)")
    #expect(run.stderr.contains("none.json: at $: holds no predictors (an empty array); give at least one"), "\(run.stderr)")
  }

  /// A 60 Hz profile named `pencil240-promotion120` was labelled as the preset in every table, model
  /// summary and report. The preset itself, as `replay profiles --json` writes it, still reads.
  @Test("a profile file taking a preset's name for another device is refused; the preset's own JSON reads")
  func presetName() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fake = #"{"name":"pencil240-promotion120","display":{"rateHz":60},"deliveryDelaySeconds":0.02,"pipeline":{"frames":3}}"#
    try fake.write(to: dir.appendingPathComponent("fake.json"), atomically: true, encoding: .utf8)
    let refused = try DatasetsCommandTests.run(["evaluate", "--predictor", "linear", "--profile", "fake.json", "Inkable-ApplePencil"], in: dir)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("'pencil240-promotion120' is a preset's name, but this profile defines another device"), "\(refused.stderr)")

    let preset = try DatasetsCommandTests.run(["replay", "profiles", "--json", "pencil240-promotion120"], in: dir)
    try #require(preset.status == 0, "\(preset.stderr)")
    try preset.stdout.write(to: dir.appendingPathComponent("preset.json"), atomically: true, encoding: .utf8)
    let byFile = try DatasetsCommandTests.run(["evaluate", "--predictor", "linear", "--profile", "preset.json", "Inkable-ApplePencil"], in: dir)
    let byName = try DatasetsCommandTests.run(["evaluate", "--predictor", "linear", "--profile", "pencil240-promotion120", "Inkable-ApplePencil"], in: dir)
    #expect(byFile.status == 0, "\(byFile.stderr)")
    #expect(byFile.stdout == byName.stdout)

    let recording = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Docs/Examples/browser-recording.json")
    let measured = try DatasetsCommandTests.run(["datasets", "profile", recording.path, "--name", "finger60-phone"], in: dir)
    #expect(measured.status != 0)
    #expect(measured.stderr.contains("--name 'finger60-phone' is a preset's name"), "\(measured.stderr)")

    // `recorded` is --profile recorded (a recording's own frame times): reserved the same way.
    let asRecorded = try DatasetsCommandTests.run(["datasets", "profile", recording.path, "--name", "recorded"], in: dir)
    #expect(asRecorded.status != 0)
    #expect(asRecorded.stderr.contains("--name 'recorded' is --profile recorded"), "\(asRecorded.stderr)")
    try fake.replacingOccurrences(of: "pencil240-promotion120", with: "recorded")
      .write(to: dir.appendingPathComponent("lab.json"), atomically: true, encoding: .utf8)
    let file = try DatasetsCommandTests.run(["evaluate", "--predictor", "linear", "--profile", "lab.json", "Inkable-ApplePencil"], in: dir)
    #expect(file.status != 0)
    #expect(file.stderr.contains("'recorded' names a browser recording's own frame times"), "\(file.stderr)")
  }

  @Test("report of a JSON that is no result says so, naming a workbench file's kind")
  func reportOfNoResult() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try "{}".write(to: dir.appendingPathComponent("empty.json"), atomically: true, encoding: .utf8)
    try #"{"predictor":"linear","parameters":{}}"#.write(to: dir.appendingPathComponent("best.json"), atomically: true, encoding: .utf8)
    let empty = try DatasetsCommandTests.run(["report", "empty.json", "-o", "r.html"], in: dir)
    #expect(empty.status != 0)
    #expect(empty.stderr.contains("empty.json: not a result lookahead report reads (expected the --json of evaluate"), "\(empty.stderr)")
    let best = try DatasetsCommandTests.run(["report", "best.json", "-o", "r.html"], in: dir)
    #expect(best.stderr.contains("not a result lookahead report reads: it is a predictor config file"), "\(best.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.html").path))
  }

  /// A device profile given as data said only "expected a top-level array of touch events".
  @Test("a device profile given as data or as a model is named, with where it goes")
  func profileGivenElsewhere() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let preset = try DatasetsCommandTests.run(["replay", "profiles", "--json", "finger60-phone"], in: dir)
    try #require(preset.status == 0, "\(preset.stderr)")
    try preset.stdout.write(to: dir.appendingPathComponent("phone.json"), atomically: true, encoding: .utf8)
    let kind = "a device profile (as `datasets profile -o` or `replay profiles --json` writes)"
    let asData = try DatasetsCommandTests.run(["datasets", "inspect", "phone.json"], in: dir)
    #expect(asData.status == 1)
    #expect(asData.stderr.contains("expected a top-level array of touch events; it is \(kind): give it with --profile"), "\(asData.stderr)")
    let asModel = try DatasetsCommandTests.run(["evaluate", "--model", "phone.json", "Inkable-ApplePencil"], in: dir)
    #expect(asModel.stderr.contains("is \(kind), not a model file"), "\(asModel.stderr)")
  }

  /// An evaluate or sweep result given as data (or as a model) said only "expected a top-level
  /// array of touch events"; `report` still reads it.
  @Test("an evaluate or sweep result given as data or as a model is named, with where it goes")
  func resultGivenElsewhere() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let kind = "a scored result (the --json of evaluate, compare or sweep)"
    for command in ["evaluate", "sweep"] {
      let scored = try DatasetsCommandTests.run([command, "--predictor", "linear", "--json", "-o", "r.json", "--force", "Inkable-ApplePencil"], in: dir)
      try #require(scored.status == 0, "\(scored.stderr)")
      let asData = try DatasetsCommandTests.run(["datasets", "inspect", "r.json"], in: dir)
      #expect(asData.status == 1)
      #expect(asData.stderr.contains("expected a top-level array of touch events; it is \(kind): give it to `lookahead report`"), "\(command): \(asData.stderr)")
      let asModel = try DatasetsCommandTests.run(["evaluate", "--model", "r.json", "Inkable-ApplePencil"], in: dir)
      #expect(asModel.stderr.contains("is \(kind), not a model file"), "\(command): \(asModel.stderr)")
      let report = try DatasetsCommandTests.run(["report", "r.json", "-o", "r.html", "--force"], in: dir)
      #expect(report.status == 0, "\(command): \(report.stderr)")
    }
  }

  /// `--metrics error_mean` was taken and `--paired-column error_mean` refused, with a list of
  /// every column cut in the middle.
  @Test("--paired-column takes a length metric as --metrics names it, and points to the names")
  func pairedColumnNames() throws {
    let common = ["compare", "hold", "linear", "--resamples", "200", "Inkable-ApplePencil"]
    let bare = try DatasetsCommandTests.run(common + ["--paired-column", "error_mean"])
    let full = try DatasetsCommandTests.run(common + ["--paired-column", "error_mean_mm"])
    #expect(bare.status == 0, "\(bare.stderr)")
    #expect(bare.stdout == full.stdout)
    let wrong = try DatasetsCommandTests.run(common + ["--paired-column", "error_means"])
    #expect(wrong.status != 0)
    #expect(wrong.stderr.contains("is not a scorecard column; give a column such as error_mean_mm (or error_mean)"), "\(wrong.stderr)")
    #expect(wrong.stderr.contains("(every name: the column headers of --metrics all, Docs/Metrics.md)"), "\(wrong.stderr)")
    #expect(!wrong.stderr.contains("left out"), "\(wrong.stderr)")
  }

  /// A misspelt --data-dir made the shared datasets vanish from `datasets list` without a word.
  @Test("datasets list notes a --data-dir or LOOKAHEAD_SHARED_DATASETS that is not a folder")
  func missingDataDirectory() throws {
    let flag = try DatasetsCommandTests.run(["datasets", "list", "--data-dir", "/nonexistent-lookahead-data"])
    #expect(flag.status == 0, "\(flag.stderr)")
    #expect(flag.stderr == "note: --data-dir /nonexistent-lookahead-data is not a folder, so no shared dataset is listed; only the bundled ones are\n")
    #expect(flag.stdout.contains("bundled"), "\(flag.stdout)")
    let variable = try DatasetsCommandTests.run(
      ["datasets", "list"], environment: ["LOOKAHEAD_SHARED_DATASETS": "/nonexistent-lookahead-data"])
    #expect(variable.stderr.hasPrefix("note: $LOOKAHEAD_SHARED_DATASETS /nonexistent-lookahead-data is not a folder"), "\(variable.stderr)")
  }

  @Test("the Henze 2017 protocol's table heads its means as means")
  func henzeHeading() throws {
    let run = try DatasetsCommandTests.run(["compare", "hold", "linear", "--protocol", "henze2017", "Henze2017-MobileHCI:Fitts"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("mean, native (px)"), "\(run.stdout)")
    #expect(!run.stdout.contains("mean / p95"), "\(run.stdout)")
  }

  @Test("sweep --help says sweep refuses --seed")
  func sweepSeedHelp() throws {
    let help = try DatasetsCommandTests.run(["sweep", "--help"])
    let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("sweep has no random choice and refuses it"), "\(help.stdout)")
  }
}
