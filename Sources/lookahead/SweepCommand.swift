import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead sweep --predictor CONFIG... --profile PROFILE DATASET...`: error and effective
/// latency saved against the horizon (Docs/Evaluation.md).
struct SweepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sweep",
    abstract: "Error and effective latency saved against horizon (0–35 ms in device-rate steps).",
    discussion: """
      Each predictor predicts at every delivered sample a fixed horizon ahead; horizons run from 0 \
      to --max-ms in steps of the profile's delivered-sample period (or --step-ms). The table gives \
      mean error and mean effective latency saved per horizon; --csv gives the curve for plotting, \
      --json the full result with provenance.
      """)

  @Option(name: .customLong("predictor"), help: "A predictor: name or name:key=value,… (repeatable).")
  var predictors: [String] = []

  @Option(name: .customLong("predictor-file"), help: "A predictor config JSON file (repeatable; every predictor in it is swept).")
  var predictorFiles: [String] = []

  @Option(name: .customLong("model"), help: "An exported model file (repeatable), swept through the runtime, labelled by its file name.")
  var models: [String] = []

  @Option(name: .customLong("step-ms"), help: "Horizon step, ms (default: the delivered-sample period); at most 1000 steps up to --max-ms.")
  var stepMilliseconds: Double?

  @Option(name: .customLong("max-ms"), help: "Largest horizon, ms.")
  var maximumMilliseconds: Double = 35

  @OptionGroup var options: EvaluationOptions

  @OptionGroup var input: DatasetArguments

  func run() throws {
    try runCommand {
      guard !predictors.isEmpty || !predictorFiles.isEmpty || !models.isEmpty else {
        throw ValidationError("give at least one --predictor, --predictor-file or --model")
      }
      let datasets = try input.required()
      try UnusedProtocolOptions.check(options.givenOptions, in: .sweep)
      if let stepMilliseconds, !(stepMilliseconds > 0 && stepMilliseconds.isFinite) {
        throw ValidationError("--step-ms must be a positive number")
      }
      guard maximumMilliseconds >= 0, maximumMilliseconds <= 1000 else {
        throw ValidationError("--max-ms must be in 0…1000")
      }
      try DistinctFiles.check(
        outputs: [("--output", options.output.url)], notReadBy: datasets,
        files: models + predictorFiles + [options.profile.name], dataDirectory: options.dataDirectoryURL)
      try options.force.checkWritable(options.output.url)
      let given = try predictors.map { try EvaluationSubject.resolve($0) }
        + predictorFiles.flatMap { try EvaluationSubject.resolve(contentsOf: URL(fileURLWithPath: $0)) }
      if let recorded = given.first(where: { $0.kind == .recorded }) {
        throw ValidationError("\(recorded.label) exists only at its own leads and cannot be swept over horizons")
      }
      let loadedModels = try LoadedModels(models)
      let modelRows = loadedModels.subjects
      let profile = try options.deviceProfile(models: loadedModels)
      let loaded = try options.loadDatasets(datasets, notingFittedWritersOf: loadedModels)
      var results: [SweepResult.DatasetCurves] = []
      for dataset in loaded {
        guard let step = stepMilliseconds.map({ $0 / 1000 }) ?? HorizonSweep.step(for: dataset.trace, profile: profile)
        else { throw ValidationError("\(dataset.reference): cannot tell the sample period; give --step-ms") }
        guard HorizonSweep.stepCount(step: step, maximum: maximumMilliseconds / 1000) != nil else {
          let count = maximumMilliseconds / (step * 1000)
          let steps = count < 1e9 ? String(Int(count.rounded())) : String(format: "%.3g", count)
          let smallest = maximumMilliseconds / Double(HorizonSweep.maximumSteps)
          let from = stepMilliseconds.map { "--step-ms \($0)" }
            ?? "\(dataset.reference)'s delivered-sample period (\(String(format: "%.4g", step * 1000)) ms)"
          throw ValidationError("""
            \(from) up to --max-ms \(maximumMilliseconds) makes \(steps) steps; a sweep takes at most \
            \(HorizonSweep.maximumSteps) (every step scores every prediction again): give --step-ms of at least \
            \(smallest) ms, or a smaller --max-ms
            """)
        }
        let sweep = HorizonSweep(
          horizons: HorizonSweep.horizons(step: step, maximum: maximumMilliseconds / 1000),
          decimation: profile.digitizer.decimation, parts: options.parts)
        var curves: [SweepResult.Curve] = []
        let subjects = EvaluationSubject.uniquingLabels(given + (try modelRows?(dataset) ?? []))
        for subject in subjects {
          let cards = try sweep.run(dataset.trace, subject: subject)
          curves.append(SweepResult.Curve(
            label: subject.label, specification: subject.specification,
            points: zip(sweep.horizons, cards).map { SweepResult.Point(horizonSeconds: $0, scorecard: $1) }))
          options.progress?("\(dataset.reference): \(subject.label) swept")
        }
        results.append(SweepResult.DatasetCurves(
          reference: dataset.reference, source: dataset.trace.metadata.source, stepMilliseconds: step * 1000,
          curves: curves))
      }
      let provenance = ResultProvenance(
        commandLine: CommandLine.arguments, command: "sweep",
        predictors: EvaluationSubject.uniquingLabels(given).map(\.specification) + (try loadedModels.specifications()),
        // Nothing in a sweep is random (--seed is refused), so it records no seed.
        seed: nil, profile: profile, evaluationProtocol: "per-sample-fixed-horizon",
        datasets: loaded.map(\.provenance),
        settings: ["max_ms": "\(maximumMilliseconds)", "step_ms": stepMilliseconds.map { "\($0)" } ?? "device rate"])
      let result = SweepResult(provenance: provenance, datasets: results)
      if options.json.isOn {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
          positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        try options.emit(String(decoding: try encoder.encode(result), as: UTF8.self))
      } else {
        try options.emit(options.csv ? result.csv : result.text)
      }
    }
  }
}
