import ArgumentParser
import Foundation
import LookaheadKit
import LookaheadRuntime

/// `lookahead train`: fit the learned linear predictor, K and λ by leave-one-writer-out
/// cross-validation, scored on writers it never saw (Docs/Tuning.md).
struct TrainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "train",
    abstract: "Train a learned predictor: the linear model (ridge, K and lambda by leave-one-writer-out CV) or, with --family mlp, a small network.",
    discussion: """
      The model file is a predictor configuration of family learnedLinear or mlp; the full result (CV \
      table or epochs, held-out scores, provenance) is written beside it as NAME.train.json. To score \
      or ship it, export it first: `lookahead export --from-train FILE -o M.model` (unit, datasets and \
      writers from the run), then `lookahead evaluate --model M.model …`.
      Examples:
        lookahead train --split leave-one-writer-out -o wacom-model.json \\
          WacomMSP13-HandwritingSpeed
        lookahead train --family mlp --test WacomMSP13-HandwritingSpeed:ID0001 \\
          WacomMSP13-HandwritingSpeed:ID0002
      """)

  @Option(help: "Horizons to train and score, ms, comma-separated (default: the anchor horizons 4.17…33.3 ms); at exactly one, the exported model is fixed at that horizon, at several it is per frame.")
  var horizons: String?

  @Option(help: "Writer split: train=A,B;validation=C;test=D | holdout=F,seed=S | kfold=K,seed=S | leave-one-writer-out. Needed unless --test is given; with --test, no held-out writers (train= and validation= only, or kfold/leave-one-writer-out; not test= or holdout). validation= is for --family mlp: it early-stops on exactly those writers (never fitted or scored); the learned linear model refuses it.")
  var split: String?

  @Option(help: "Held-out dataset scored with the model trained on the DATASETs (repeatable).")
  var test: [String] = []

  @Option(help: "Candidate history lengths K, comma-separated.")
  var history: String = "2,3,4,6,8"

  @Option(help: "Candidate ridge strengths lambda (per training row), comma-separated.")
  var lambdas: String = "1e-8,1e-6,1e-4,1e-2"

  @Flag(help: "Do not rotate the features into the direction of motion.")
  var noRotate = false

  @Option(name: .customLong("gap-limit"), help: "The model's gap rule, ms: a longer gap between samples restarts it, in training, scoring and the shipped model alike (0 = never; the default is Chromium's).")
  var gapLimit: Double = 20

  @Option(name: .customLong("retime-late-reports"), help: ArgumentHelp("Before reading a window's velocities, re-time its late-stamped reports: a step shorter than this fraction of the window's median step (a report stamped a fraction of a millisecond after its predecessor) moves the older sample to the middle of its neighbours. Above 0 and below 1, e.g. 0.25 (off by default; model format version 5 for an MLP, 6 for the learned linear model).", valueName: "fraction"))
  var retimeLateReports: Double?

  @OptionGroup var output: OutputOption<TrainedModelFile>
  @OptionGroup var force: ForceOption

  @OptionGroup var json: JSONOption

  /// Read by both families (the learned linear model's line per stage, the network's per epoch),
  /// so among the general options: in the MLP group, `train --help` listed it as an MLP option.
  @OptionGroup var quiet: QuietOption

  @OptionGroup var location: DatasetLocationOptions

  @OptionGroup var jobs: JobsOption

  @Flag(help: "Instead: train leave-one-participant-out under the Henze 2017 protocol and print it beside the paper's Table 1 (no DATASET needed).")
  var henze2017 = false

  @Option(help: "Predictor family to train: learned-linear (ridge) or mlp (a small network, Adam on OpenBLAS).")
  var family: String = "learned-linear"

  @OptionGroup(title: "MLP options (with --family mlp)")
  var mlp: MLPTrainOptions

  @OptionGroup(title: "Henze 2017 MLP folds, one process each (Docs/Distributed.md)")
  var henzeFolds: HenzeFoldOptions

  @OptionGroup var input: DatasetArguments

  func run() throws {
    guard ["learned-linear", "mlp"].contains(family) else {
      throw ValidationError("--family must be learned-linear or mlp, got \"\(family)\"")
    }
    let parts = jobs.cores
    try henzeFolds.validate(henze2017: henze2017, family: family)
    if henzeFolds.combine != nil, jobs.limit != nil {
      throw ValidationError(
        "--jobs with --henze-combine: the table is made from fold lines already trained, loading and training nothing, so --jobs would be ignored; give it to the --henze-fold-lines runs")
    }
    if henzeFolds.combine != nil, location.dataDirectory != nil {
      throw ValidationError(
        "--data-dir with --henze-combine: the table is made from fold lines already trained, loading no dataset, so --data-dir would be ignored; give it to the --henze-fold-lines runs")
    }
    if henze2017, !input.datasets.isEmpty {
      // The protocol is defined on the published files; a dataset given here would be ignored.
      throw ValidationError(
        "--henze2017 reads Henze2017-MobileHCI itself (the paper's protocol on its published files); give no dataset (extra fitting data goes with --henze-extra-fit), got \(input.datasets.joined(separator: " "))")
    }
    if !mlp.henzeExtraFit.isEmpty, !(henze2017 && family == "mlp") {
      throw ValidationError("--henze-extra-fit is for --henze2017 --family mlp (a plain training fits on its datasets already)")
    }
    if !(henze2017 && family == "mlp") {
      // Options of the Henze 2017 MLP comparison would be silently ignored anywhere else.
      let given = [
        mlp.henzeFolds.map { _ in "--henze-folds" }, mlp.henzeLeaveOut.map { _ in "--henze-leave-out" },
        mlp.henzeEarlyStopping != "next" ? "--henze-early-stopping" : nil,
        mlp.henzeStoppingWeights != "windows" ? "--henze-stopping-weights" : nil,
        mlp.henzeBalanceRepeats != "copies" ? "--henze-balance-repeats" : nil,
        mlp.henzeRerecordSpeed.map { _ in "--henze-rerecord-speed" },
        mlp.henzeTaskWeightPower != 0 ? "--henze-task-weight-power" : nil,
        mlp.henzeHorizon != "mean-interval" ? "--henze-horizon" : nil,
      ].compactMap { $0 }
      if !given.isEmpty {
        throw ValidationError("\(given.joined(separator: ", ")) \(given.count == 1 ? "is" : "are") for --henze2017 --family mlp only")
      }
    }
    try TrainFamilyOptions.check(family: family, arguments: CommandLine.arguments)
    if henze2017, family != "mlp", retimeLateReports != nil {
      throw ValidationError(
        "--retime-late-reports with --henze2017 is for --family mlp: the learned linear comparison fits the paper's own model, which reads the times as recorded")
    }
    if mlp.henzePixelsPerMillimetre != nil, mlp.henzeExtraFit.isEmpty {
      throw ValidationError("--henze-pixels-per-mm converts the --henze-extra-fit data; give --henze-extra-fit too")
    }
    if let extra = mlp.henzeExtraFit.first(where: { $0.hasPrefix("Henze2017-MobileHCI") }) {
      throw ValidationError("--henze-extra-fit \(extra): the held-out participants would be fitted on; give other datasets")
    }
    if henze2017 {
      try runCommand {
        if let combine = henzeFolds.combine {
          try combineHenze2017MLP(foldLines: URL(fileURLWithPath: combine))
          return
        }
        let raw = try DatasetRegistry.load(
          "Henze2017-MobileHCI", dataDirectory: location.dataDirectoryURL, options: ImportOptions(raw: true))
        if family == "mlp" {
          try runHenze2017MLP(rawStrokes: raw.strokes)
          return
        }
        let cells = try Henze2017Comparison.run(rawStrokes: raw.strokes, parts: parts)
        CommandResultOutput.show(
          json: json.isOn, jsonData: try Henze2017Comparison.jsonData(cells), text: Henze2017Comparison.table(cells), wrote: nil)
      }
      return
    }
    let datasets = try input.required()
    func numbers(_ text: String, _ option: String) throws -> [Double] {
      let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
      guard !values.isEmpty, values.allSatisfy({ $0?.isFinite ?? false }) else {
        throw ValidationError("\(option) must be comma-separated numbers, got \"\(text)\"")
      }
      return values.compactMap { $0 }
    }
    let horizonSeconds = try horizons.map { try numbers($0, "--horizons").map { $0 / 1000 } } ?? FixedHorizon.anchorSeconds
    guard gapLimit.isFinite, (0...10_000).contains(gapLimit) else { throw ValidationError("--gap-limit must be 0…10000 ms") }
    // Before the data, which `--split halves` was refused only after (either family).
    try runCommand {
      // test= and --test are two held-out sets; the run scored --test alone and recorded test=.
      let parsed = try split.map { try WriterSplit(parsing: $0).refusingTestWriters(testDataGiven: !test.isEmpty) }
      // validation= is the MLP's early-stopping writers; the linear model would record them unused.
      if family != "mlp" {
        _ = try parsed?.refusingValidation(
          command: "train (learned linear)",
          because: "it chooses K and λ by cross-validation on its training writers and fits in closed form, with no epoch to stop at")
      }
    }
    if family == "mlp" {
      let options = try mlpTrainerOptions(horizons: horizonSeconds, stages: PredictorStages(gapLimitSeconds: gapLimit / 1000))
      try runMLP(options)
      return
    }
    let historyValues = try numbers(history, "--history")
    guard historyValues.allSatisfy({ (1...32).contains($0) && $0 == $0.rounded() }) else {
      throw ValidationError("--history values must be whole numbers 1…32")
    }
    let historyCounts = historyValues.map { Int($0) }
    let lambdaValues = try numbers(lambdas, "--lambdas")
    guard lambdaValues.allSatisfy({ $0 >= 0 }) else { throw ValidationError("--lambdas must not be negative") }
    // Before the data, as the network's options are checked (a bad value was named only after a
    // missing file, and without the usage line the other options' refusals print).
    let lateReportFraction = try lateReportFraction()
    try runCommand {
      let outURL = output.url
      let resultURL = outURL.map { TuningDatasetLoader.resultURL(for: $0, kind: "train") }
      // `-o rec.tsv --force rec.tsv` replaced the recording trained on with the model.
      try DistinctFiles.check(
        outputs: [("-o", outURL), ("the result file beside -o", resultURL)], notReadBy: input.datasets + test,
        dataDirectory: location.dataDirectoryURL)
      try force.checkWritable(outURL, resultURL)
      var loader = TuningDatasetLoader(dataDirectory: location.dataDirectoryURL)
      guard let data = try loader.load(datasets) else { return }
      let request = TrainRun.Request(
        horizons: horizonSeconds, split: try split.map { try WriterSplit(parsing: $0) }, historyCounts: historyCounts,
        lambdas: lambdaValues, rotateToMotion: !noRotate, lateReportFraction: lateReportFraction,
        stages: PredictorStages(gapLimitSeconds: gapLimit / 1000), parts: parts)
      let outcome = try TrainRun.run(request, data: data, testData: try loader.load(test, asTestData: true), progress: statusLine)
      let report = TrainReport(
        outcome: outcome, request: request,
        provenance: loader.provenance(
          command: "train", predictors: ["learned-linear"], seed: 0, profile: nil, evaluationProtocol: "anchor"))
      try finish(
        configuration: outcome.configuration, reportJSON: try report.jsonData(), text: report.text,
        outURL: outURL, resultURL: resultURL)
    }
  }
}

extension TrainCommand {
  /// `--retime-late-reports`, checked: both families read it.
  func lateReportFraction() throws -> Double? {
    guard let retimeLateReports else { return nil }
    guard LateReportRetiming.isValid(fraction: retimeLateReports) else {
      throw ValidationError("--retime-late-reports must be above 0 and below 1 (a fraction of the window's median time step), got \(retimeLateReports)")
    }
    return retimeLateReports
  }

  /// Writes a status line on stderr, plain so a log keeps it, unless `--quiet`.
  var statusLine: (String) -> Void {
    quiet.isOn ? { _ in } : { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
  }

  /// How every family's training ends: the model and the result written (`-o`, `--out`), then
  /// the result shown; the report's JSON is made once for both.
  func finish(
    configuration: PredictorConfiguration, reportJSON: Data, text: String, outURL: URL?, resultURL: URL?
  ) throws {
    if let outURL, let resultURL {
      try force.write(try TrainReport.modelJSON(configuration), to: outURL)
      try force.write(reportJSON, to: resultURL)
    }
    CommandResultOutput.show(
      json: json.isOn, jsonData: reportJSON, text: text, wrote: outURL.flatMap { model in resultURL.map { (model, $0) } })
  }
}

/// `train -o`: the trained model.
enum TrainedModelFile: OutputFileKind {
  static let help = "Write the model here: a predictor configuration JSON (learned-linear or mlp), with the full result in FILE.train.json beside it."
}
