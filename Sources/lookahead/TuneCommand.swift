import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead tune`: search a predictor's parameters for an objective on some writers, score it
/// on others (Docs/Tuning.md).
struct TuneCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tune",
    abstract: "Search a catalog predictor's parameters; score the best on writers the search never saw.",
    discussion: """
      Every trial is appended to the journal as it finishes; running the same command again resumes it.
      Example:
        lookahead tune --predictor kalman --params process-noise,measurement-noise \\
          --objective error:statistic=mean --split leave-one-writer-out \\
          --strategy lhs --trials 200 --journal kalman.jsonl --out kalman.json \\
          WacomMSP13-HandwritingSpeed
      """)

  @OptionGroup var search: TuneSearchOptions

  @Option(help: "For per-sample objectives: how many of the best trials are replayed through --profile for the Pareto front (0 = none).")
  var pareto: Int = 8

  @Option(help: "Journal (JSON Lines) of every trial; resumed when it exists.")
  var journal: String?

  @OptionGroup var out: OutputOption<TuneConfigurationFile>
  @OptionGroup var force: ForceOption

  @Flag(help: "Start the --journal afresh (discarding its trials) instead of resuming it. Default: resume.")
  var restartJournal = false

  @OptionGroup var json: JSONOption
  @OptionGroup var quiet: QuietOption
  @OptionGroup var jobs: JobsOption

  func run() throws {
    let datasets = try search.input.required()
    _ = try search.strategyChoice()
    try runCommand {
      let outURL = out.url
      let resultURL = outURL.map { TuningDatasetLoader.resultURL(for: $0, kind: "tune") }
      try DistinctFiles.check([
        ("--journal", journal.map { URL(fileURLWithPath: $0) }), ("--out", outURL),
        ("--out's side file", resultURL),
      ])
      try DistinctFiles.check(
        outputs: [("--journal", journal.map { URL(fileURLWithPath: $0) }), ("--out", outURL), ("--out's side file", resultURL)],
        notReadBy: datasets + search.test, files: [search.weights, search.profile.name],
        dataDirectory: search.location.dataDirectoryURL)
      try force.checkWritable(outURL, resultURL)
      let catalog = try search.catalog()  // before the data: a wrong --weights fails at once
      // So are a negative --pareto and every value of the search (a misspelt --params or
      // --objective, --split halves, --profile recorded), refused only once the data had loaded.
      guard pareto >= 0 else { throw ValidationError("--pareto must not be negative") }
      // It discards a journal's trials; without one there is nothing to discard, and the flag was
      // taken without a word (found trying the CLI from outside).
      if restartJournal, journal == nil {
        throw ValidationError("--restart-journal starts a --journal afresh; give the --journal FILE to restart (without one every tune starts afresh)")
      }
      try search.checkBeforeLoading(catalog: catalog)
      var loader = TuningDatasetLoader(dataDirectory: search.location.dataDirectoryURL)
      guard let data = try loader.load(datasets) else { return }
      let testData = try loader.load(search.test, asTestData: true)
      let provenance = try search.provenance(loader: loader)
      var request = try search.request(
        provenance: provenance, parts: jobs.cores, journal: journal.map { URL(fileURLWithPath: $0) },
        freshJournal: restartJournal)
      request.paretoCandidates = pareto
      if let note = try TuneRun.Setup(request, catalog: catalog).mixedUnitNote(over: [data] + (testData.map { [$0] } ?? [])) {
        FileHandle.standardError.write(Data((note + "\n").utf8))
      }
      let bar = ProgressBar(quiet: quiet.isOn)
      let outcome = try TuneRun.run(request, data: data, testData: testData, catalog: catalog) { progress in
        bar.update(progress)
      }
      bar.finish()
      let report = TuneReport(outcome: outcome, request: request, provenance: provenance)
      if let outURL, let resultURL {
        let entry = try catalog.entry(named: outcome.final.bestPredictor.name)
        try PredictorConfigFile.write(outcome.final.bestPredictor, entry: entry, to: outURL, force: force.replacesExisting)
        try force.write(try report.jsonData(), to: resultURL)
      }
      CommandResultOutput.show(
        json: json.isOn, jsonData: try report.jsonData(), text: report.text,
        wrote: outURL.flatMap { model in resultURL.map { (model, $0) } })
    }
  }

}

/// `tune --profile` (and `worker --profile`, which takes tune's search options): the device tuned
/// for. The Pareto front is tune's alone (`--pareto`); worker's help once claimed it too.
enum TunedDeviceDefault: ProfileDefault {
  static let description =
    "\(DeviceProfile.pencil240ProMotion120.name); given, the default --objective scores the predictions this device would make; it also drives replay-based objectives and, in tune, the Pareto front"
}

/// `tune -o`/`--output`, and `--out`, its own spelling before every command took `-o` (kept for
/// scripts and journals' recorded command lines).
enum TuneConfigurationFile: OutputFileKind {
  static let names: NameSpecification = [.customShort("o"), .customLong("output"), .customLong("out")]
  static let help =
    "Write the best configuration here (the catalog's JSON config format), and the full result beside it as NAME.tune.json."
}

/// Progress of a tune on stderr, unless `--quiet`: on a terminal, one line redrawn in place
/// (search, bar, trials done, best so far, ETA); otherwise plain lines that a log keeps, one
/// after the first new trial, then at most one every ``lineInterval`` (a trial slower than that
/// gets one line each), and one at the end of each search. A resumed journal is announced in
/// both ("resuming JOURNAL: N of M trials done").
final class ProgressBar: @unchecked Sendable {
  enum Mode { case off, terminal, lines }
  /// The fewest seconds between two progress lines when stderr is not a terminal.
  static let lineInterval: TimeInterval = 10

  private let mode: Mode
  private var label = ""
  /// When the current search began: the previous report (or this value's creation, just before
  /// the tune starts), since a search reports only after its first trial.
  private var searchStarted = Date()
  private var lastReport = Date()
  private var lastLine: Date?

  init(mode: Mode) { self.mode = mode }

  /// `.off` with `--quiet`, else `.terminal` when stderr is one, else `.lines`.
  convenience init(quiet: Bool) {
    self.init(mode: quiet ? .off : isatty(STDERR_FILENO) != 0 ? .terminal : .lines)
  }

  private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

  func update(_ p: TuneRun.Progress) {
    guard mode != .off else { return }
    let now = Date()
    defer { lastReport = now }
    if p.label != label {
      if mode == .terminal, !label.isEmpty { write("\n") }
      label = p.label
      searchStarted = lastReport
      lastLine = nil
    }
    if p.isResume {
      let journal = p.journal?.path ?? "the journal"
      write("resuming \(journal): \(p.done) of \(p.total) trials done\n")
      return
    }
    let elapsed = now.timeIntervalSince(searchStarted)
    var eta = "?"
    if p.done > p.resumed {
      eta = String(format: "%.0fs", elapsed / Double(p.done - p.resumed) * Double(max(0, p.total - p.done)))
    }
    let best = p.bestObjective.map { String(format: "%.5g", $0) } ?? "-"
    switch mode {
    case .off: return
    case .terminal:
      let width = 30
      let filled = min(width, p.total > 0 ? width * p.done / p.total : width)
      let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
      write("\r\(label) [\(bar)] \(p.done)/\(p.total) best \(best) ETA \(eta)   ")
    case .lines:
      let last = p.done >= p.total
      guard last || lastLine.map({ now.timeIntervalSince($0) >= Self.lineInterval }) ?? true else { return }
      lastLine = now
      write("tune \(label): \(p.done)/\(p.total) trials, best \(best), \(String(format: "%.0fs", elapsed)) elapsed, ETA \(eta)\n")
    }
  }

  func finish() {
    guard mode == .terminal, !label.isEmpty else { return }
    write("\n")
  }
}
