import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead compare CONFIG... --profile PROFILE DATASET...`: predictors side by side, best per
/// column marked, paired comparison against a baseline (Docs/Evaluation.md).
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare predictors side by side on datasets, with a paired bootstrap comparison.",
    discussion: """
      Positional arguments are predictors (name or name:key=value,…; `recorded` for the trace's \
      recorded platform predictions, `turbotouch64` for the TurboTouch baseline) and datasets (names, \
      NAME:SUBSET, or paths), in any order. Each predictor is compared with the first (or --baseline) \
      stroke by stroke: mean difference of the per-stroke mean error with a seeded bootstrap 95% \
      interval (under --protocol anchor at each horizon; none under henze2017). With --protocol \
      anchor or henze2017 the published reference rows of that protocol are printed beside ours. --json gives the full result (every metric, every stroke) with \
      provenance.
      """)

  @Option(name: .customLong("predictor"), help: "A predictor (repeatable), in addition to positional ones.")
  var predictorOptions: [String] = []

  @Option(name: .customLong("predictor-file"), help: "A predictor config JSON file (one object or an array; repeatable).")
  var predictorFiles: [String] = []

  @Option(name: .customLong("model"), help: "An exported model file (repeatable), labelled by its file name.")
  var models: [String] = []

  @Option(help: "The label of the predictor the others are compared with (default: the first).")
  var baseline: String?

  @Option(name: .customLong("protocol"), help: "frame (replay through --profile), anchor or henze2017.")
  var evaluationProtocol: String = EvaluationProtocol.frameReplay.rawValue

  // Optional, with the default in the help: `--protocol henze2017` refuses them when typed.
  @Option(help: "Bootstrap resamples of the paired comparison, 1…1000000. (default: 10000)")
  var resamples: Int?

  @Option(
    name: .customLong("paired-column"),
    help: "Scorecard column compared stroke by stroke (frame replay); a length metric without its unit (error_mean) is its mm column. (default: \(ScorecardColumn.errorMeanMillimetres))")
  var pairedColumn: String?

  @OptionGroup var metrics: MetricsOption
  @OptionGroup var options: EvaluationOptions

  @Argument(help: "Predictors and datasets.", completion: NameCompletion.predictorsAndDatasets)
  var items: [String] = []

  func run() throws {
    try runCommand {
      let (positional, datasets) = splitPredictorsAndDatasets(items)
      let subjects = try (predictorOptions + positional).map { try EvaluationSubject.resolve($0) }
        + predictorFiles.flatMap { try EvaluationSubject.resolve(contentsOf: URL(fileURLWithPath: $0)) }
      guard !subjects.isEmpty || !models.isEmpty else { throw ValidationError("give at least one predictor") }
      _ = try DatasetArguments.required(datasets)
      let protocolChoice = try parseProtocol(evaluationProtocol)
      let given = options.givenOptions + [
        ("--paired-column", pairedColumn != nil), ("--baseline", baseline != nil), ("--resamples", resamples != nil),
        ("--metrics", metrics.isGiven),
      ].filter(\.1).map(\.0)
      try UnusedProtocolOptions.check(given, in: .evaluation(protocolChoice, pairsPredictors: true))
      let pairedColumn = try self.pairedColumn.map { try EvaluationRun.pairedColumn(named: $0) }
      let resamples = self.resamples ?? 10_000
      // Each resample is a pass over the paired strokes: a million is minutes, not hours.
      guard (1...1_000_000).contains(resamples) else { throw ValidationError("--resamples must be 1…1000000, found \(resamples)") }
      try DistinctFiles.check(
        outputs: [("--output", options.output.url)], notReadBy: datasets,
        files: models + predictorFiles + [options.profile.name], dataDirectory: options.dataDirectoryURL)
      try options.force.checkWritable(options.output.url)
      let metricsChoice = try metrics.parsed()
      let loadedModels = try LoadedModels(models)
      options.noteFixedHorizons(of: loadedModels, under: protocolChoice, command: "compare")
      // The device before the data: a --profile the command does not take is refused at once.
      let profile = try options.deviceProfile(models: loadedModels)
      var run = EvaluationRun(
        subjects: subjects, datasets: try options.loadDatasets(datasets, notingFittedWritersOf: loadedModels),
        profile: profile, seed: options.replaySeed(models: loadedModels),
        evaluationProtocol: protocolChoice, baseline: baseline,
        pairedColumn: pairedColumn ?? ScorecardColumn.errorMeanMillimetres,
        bootstrapResamples: resamples, parts: options.parts, dataDirectory: options.dataDirectoryURL)
      run.datasetSubjects = loadedModels.subjects
      run.datasetSubjectSpecifications = try loadedModels.specifications()
      let result = try run.run(commandLine: CommandLine.arguments, command: "compare", progress: options.progress)
      try options.emit(try options.render(result, metrics: metricsChoice))
    }
  }
}
