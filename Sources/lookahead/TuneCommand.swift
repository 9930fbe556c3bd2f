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
      Example: lookahead tune --predictor kalman --params process-noise,measurement-noise \\
        --objective error:statistic=mean --split leave-one-writer-out --strategy lhs --trials 200 \\
        --journal kalman.jsonl --out kalman.json WacomMSP13-HandwritingSpeed
      """)

  @Option(help: "Catalog predictor, `name` or `name:key=value,…` (the values given stay fixed).", completion: NameCompletion.predictors)
  var predictor: String

  @Option(help: "Parameters to search, comma-separated, each `name` (declared range) or `name=LOW..HIGH`. Default: the predictor's own real and integer parameters.")
  var params: String?

  @Option(help: "Objective: error[:statistic=mean|p95,horizon=MS|anchor|frame] | latency[:overshoot=MM,jitter=MM,wrong-direction=F] | turbotouch[:horizon=MS,w1=,w2=,w3=,cutoff=HZ,jitter-low=MM,jitter-high=MM] | weighted:COLUMN=WEIGHT,… (default: with --profile, error:horizon=frame, the mean error of the predictions that device would show; without, error:horizon=anchor, the mean over the fixed anchor horizons, mm).")
  var objective: String?

  @Option(help: "Writer split: train=A,B;test=C | holdout=F,seed=S | kfold=K,seed=S | leave-one-writer-out. Needed unless --test is given.")
  var split: String?

  @Option(help: "Held-out dataset scored with the configuration searched on the DATASETs (repeatable).")
  var test: [String] = []

  @Option(help: "Search strategy: grid | lhs | nelder-mead | lhs-nelder-mead (half Latin hypercube, then Nelder–Mead from its best).")
  var strategy: String = "lhs"

  @Option(help: "Trials per search.")
  var trials: Int = 100

  @OptionGroup var seed: SeedOption
  @OptionGroup var profile: ProfileOption<TunedDeviceDefault>

  @Option(help: "For per-sample objectives: how many of the best trials are replayed through --profile for the Pareto front (0 = none).")
  var pareto: Int = 8

  @Option(help: "Journal (JSON Lines) of every trial; resumed when it exists.")
  var journal: String?

  @OptionGroup var out: OutputOption<TuneConfigurationFile>
  @OptionGroup var force: ForceOption

  @Flag(help: "Start the --journal afresh (discarding its trials) instead of resuming it. Default: resume.")
  var restartJournal = false

  @Flag(help: "Print the result as JSON instead of a table.")
  var json = false

  @Flag(help: "No progress on stderr.")
  var quiet = false

  @OptionGroup var location: DatasetLocationOptions

  @Option(help: "Cores to use for scoring each trial (default: all); the result does not depend on it.")
  var jobs: Int?

  @OptionGroup var input: DatasetArguments

  func run() throws {
    let datasets = try input.required()
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    guard let strategyChoice = TuneRun.Strategy(rawValue: strategy) else {
      throw ValidationError("--strategy must be one of \(TuneRun.Strategy.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    do {
      let parsedObjective = try TuningObjective(parsing: objective ?? (profile.name == nil ? "error" : "error:horizon=frame"))
      let parsedSplit = try split.map { try WriterSplit(parsing: $0) }
      let device = try profile.resolve()
      let outURL = out.url
      let resultURL = outURL.map { TuningDatasetLoader.resultURL(for: $0, kind: "tune") }
      try force.checkWritable(outURL, resultURL)
      var loader = TuningDatasetLoader(dataDirectory: location.dataDirectoryURL)
      guard let data = try loader.load(datasets) else { return }
      let testData = try loader.load(test)
      var context: [String: String] = [:]
      context["test"] = test.joined(separator: ",")
      guard pareto >= 0 else { throw ValidationError("--pareto must not be negative") }
      var request = TuneRun.Request(
        predictor: predictor, parameters: params.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } },
        objective: parsedObjective, split: parsedSplit, strategy: strategyChoice, trials: trials, seed: seed.value,
        profile: device, journal: journal.map { URL(fileURLWithPath: $0) }, fresh: restartJournal, context: context,
        parts: jobs ?? availableCoreCount)
      request.paretoCandidates = pareto
      request.provenance = loader.provenance(
        command: "tune", predictors: [predictor], seed: seed.value, profile: device,
        evaluationProtocol: parsedObjective.usesReplay ? "frame-replay" : "anchor")
      let bar = ProgressBar(enabled: !quiet && isatty(2) != 0)
      let outcome = try TuneRun.run(request, data: data, testData: testData) { progress in
        bar.update(progress)
      }
      bar.finish()
      let report = TuneReport(
        outcome: outcome, request: request,
        provenance: request.provenance ?? loader.provenance(
          command: "tune", predictors: [predictor], seed: seed.value, profile: device, evaluationProtocol: "anchor"))
      if let outURL, let resultURL {
        let entry = try PredictorCatalog.exported.entry(named: outcome.final.bestPredictor.name)
        try PredictorConfigFile.write(outcome.final.bestPredictor, entry: entry, to: outURL, force: force.replacesExisting)
        try force.write(try report.jsonData(), to: resultURL)
      }
      CommandResultOutput.show(
        json: json, jsonData: try report.jsonData(), text: report.text,
        wrote: outURL.flatMap { model in resultURL.map { (model, $0) } })
    } catch let error as ValidationError {
      throw error
    } catch {
      throw ExitCodeRule.exit(reporting: error)
    }
  }

}

/// `tune --profile`: the device tuned for.
enum TunedDeviceDefault: ProfileDefault {
  static let description =
    "\(DeviceProfile.pencil240ProMotion120.name); given, the default --objective scores the predictions this device would make; it also drives replay-based objectives and the Pareto front"
}

/// `tune --out` (its own spelling, kept).
enum TuneConfigurationFile: OutputFileKind {
  static let names: NameSpecification = [.customLong("out")]
  static let help =
    "Write the best configuration here (the catalog's JSON config format), and the full result beside it as NAME.tune.json."
}

/// A one-line progress bar on stderr: trials done, best so far, ETA.
final class ProgressBar: @unchecked Sendable {
  private let enabled: Bool
  private var started = Date()
  private var label = ""
  private var firstNew: (count: Int, at: Date)?

  init(enabled: Bool) { self.enabled = enabled }

  func update(_ p: TuneRun.Progress) {
    guard enabled else { return }
    if p.label != label {
      if !label.isEmpty { FileHandle.standardError.write(Data("\n".utf8)) }
      label = p.label
      started = Date()
      firstNew = nil
    }
    if firstNew == nil { firstNew = (p.done - 1, Date()) }
    var eta = "?"
    if let firstNew, p.done > firstNew.count {
      let perTrial = Date().timeIntervalSince(started) / Double(p.done - firstNew.count)
      eta = String(format: "%.0fs", perTrial * Double(max(0, p.total - p.done)))
    }
    let width = 30
    let filled = min(width, p.total > 0 ? width * p.done / p.total : width)
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let best = p.bestObjective.map { String(format: "%.5g", $0) } ?? "-"
    FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(p.done)/\(p.total) best \(best) ETA \(eta)   ".utf8))
  }

  func finish() {
    guard enabled, !label.isEmpty else { return }
    FileHandle.standardError.write(Data("\n".utf8))
  }
}
