import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead evaluate --predictor CONFIG --profile PROFILE DATASET...`: one predictor's scorecard
/// (Docs/Evaluation.md).
struct EvaluateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "evaluate",
    abstract: "Score one predictor on datasets through a device profile: a scorecard.",
    discussion: """
      Prints the most telling metrics; --json gives the full scorecard (every metric, every stroke) \
      with provenance, --csv the aggregate row, --records FILE every prediction as CSV. \
      Recorded platform predictions are evaluated with --predictor recorded.
      """)

  @Option(help: "The predictor: name or name:key=value,… (see `lookahead predictors list`), or `recorded`.", completion: NameCompletion.predictors)
  var predictor: String?

  @Option(name: .customLong("predictor-file"), help: "A predictor config JSON file with one predictor.")
  var predictorFile: String?

  @Option(help: "An exported model file (`lookahead export`), evaluated through the runtime.")
  var model: String?

  @Option(name: .customLong("protocol"), help: "frame (replay through --profile), anchor or henze2017.")
  var evaluationProtocol: String = EvaluationProtocol.frameReplay.rawValue

  @Option(help: "Write every scored prediction of the frame replay to this CSV file (refused if it exists, unless --force).")
  var records: String?

  @OptionGroup var metrics: MetricsOption
  @OptionGroup var options: EvaluationOptions

  @OptionGroup var input: DatasetArguments

  func run() throws {
    try runCommand {
      let datasets = try input.required()
      let subjects = model == nil ? [try resolveSubject()] : []
      if model != nil, predictor != nil || predictorFile != nil {
        throw ValidationError(Self.onePredictor)
      }
      let protocolChoice = try parseProtocol(evaluationProtocol)
      try UnusedProtocolOptions.check(
        options.givenOptions + (metrics.isGiven ? ["--metrics"] : []),
        in: .evaluation(protocolChoice, pairsPredictors: false))
      if records != nil, protocolChoice != .frameReplay {
        throw ValidationError("--records needs the frame protocol")
      }
      try DistinctFiles.check([("--records", records.map { URL(fileURLWithPath: $0) }), ("--output", options.output.url)])
      try DistinctFiles.check(
        outputs: [("--records", records.map { URL(fileURLWithPath: $0) }), ("--output", options.output.url)],
        notReadBy: datasets, files: [model, predictorFile, options.profile.name], dataDirectory: options.dataDirectoryURL)
      try options.force.checkWritable(records.map { URL(fileURLWithPath: $0) }, options.output.url)
      let metricsChoice = try metrics.parsed()
      let loadedModels = try LoadedModels(model.map { [$0] } ?? [])
      options.noteFixedHorizons(of: loadedModels, under: protocolChoice, command: "evaluate")
      // The device before the data: `--profile recorded` or a misspelt preset is refused at once.
      let profile = try options.deviceProfile(models: loadedModels)
      let loaded = try options.loadDatasets(datasets, notingFittedWritersOf: loadedModels)
      if subjects.first?.kind == .recorded,
        let bare = loaded.first(where: { EvaluationSubject.recordedDescription(of: $0.trace) == nil })
      {
        // compare leaves the row out with a note beside the others; here it is the only row.
        throw ValidationError(
          "--predictor recorded: \(bare.reference) has no recorded platform predictions, so there is nothing to score "
            + "(they come with a browser recording, `lookahead recorder`, or a dataset whose `datasets inspect` lists them)")
      }
      var run = EvaluationRun(
        subjects: subjects, datasets: loaded,
        profile: profile, seed: options.replaySeed(models: loadedModels), evaluationProtocol: protocolChoice,
        parts: options.parts, dataDirectory: options.dataDirectoryURL)
      run.datasetSubjects = loadedModels.subjects
      run.datasetSubjectSpecifications = try loadedModels.specifications()
      let result = try run.run(commandLine: CommandLine.arguments, command: "evaluate", progress: options.progress)
      if let records {
        let count = try run.writeRecords(
          to: URL(fileURLWithPath: records), force: options.force.replacesExisting, provenance: result.provenance)
        options.progress?("wrote \(count) records to \(records)")
      }
      try options.emit(try options.render(result, metrics: metricsChoice))
    }
  }

  /// The refusal of none or two of the predictor options; two is a comparison, `compare`'s job.
  static let onePredictor = "give exactly one of --predictor, --predictor-file and --model: evaluate scores one "
    + "predictor (`lookahead compare` scores several side by side)"

  func resolveSubject() throws -> EvaluationSubject {
    switch (predictor, predictorFile) {
    case (let text?, nil):
      return try EvaluationSubject.resolve(text)
    case (nil, let file?):
      let subjects = try EvaluationSubject.resolve(contentsOf: URL(fileURLWithPath: file))
      guard subjects.count == 1, let subject = subjects.first else {
        throw ValidationError("\(file) holds \(subjects.count) predictors; evaluate takes one (use `lookahead compare`)")
      }
      return subject
    default:
      throw ValidationError(Self.onePredictor)
    }
  }
}

/// Parses `--protocol`.
func parseProtocol(_ text: String) throws -> EvaluationProtocol {
  guard let value = EvaluationProtocol(rawValue: text.lowercased()) else {
    throw ValidationError(
      "unknown protocol \"\(text)\"; expected one of \(EvaluationProtocol.allCases.map(\.rawValue).joined(separator: ", "))")
  }
  return value
}

/// evaluate takes one predictor by design; several go to `compare`.
extension EvaluateCommand: RepeatedOptionRemedy {
  static func remedy(forRepeated label: String) -> String? {
    guard ["--predictor", "--predictor-file", "--model"].contains(label) else { return nil }
    return "evaluate scores one predictor: `lookahead compare` scores several side by side (--predictor and "
      + "--model repeat there)"
  }
}
