import ArgumentParser
import Foundation
import LookaheadKit
import LookaheadRuntime

extension TrainCommand {
  /// The network's training options from the MLP options (``MLPTrainOptions/trainerOptions(horizons:stages:defaults:)``),
  /// its rows built and its held-out windows scored on `--jobs` cores, as its data is loaded
  /// (neither result depends on it). They took every core whatever `--jobs` said.
  func mlpTrainerOptions(
    horizons: [Double], stages: PredictorStages, defaults: MLPTrainer.Options? = nil
  ) throws -> MLPTrainer.Options {
    var options = try mlp.trainerOptions(horizons: horizons, stages: stages, defaults: defaults)
    options.lateReportFraction = try lateReportFraction()
    options.parts = jobs.cores
    return options
  }

  /// `train --family mlp`: ``MLPTrainRun`` with progress on stderr; the model (a predictor
  /// configuration of family `mlp`) and the result file as for the learned linear model.
  func runMLP(_ options: MLPTrainer.Options) throws {
    try runCommand {
      let outURL = output.url
      let resultURL = outURL.map { TuningDatasetLoader.resultURL(for: $0, kind: "train") }
      // The checkpoint is written every epoch and read on the next run: the model or its result
      // written over it at the end lost the run to resume, and a checkpoint named as the result
      // file trained to the end, then was refused (or, with --force, replaced).
      try DistinctFiles.check([
        ("--checkpoint", mlp.checkpoint.map { URL(fileURLWithPath: $0) }), ("-o", outURL),
        ("the result file beside -o", resultURL),
      ])
      try DistinctFiles.check(
        outputs: [("-o", outURL), ("the result file beside -o", resultURL)], notReadBy: input.datasets + test,
        dataDirectory: location.dataDirectoryURL)
      try force.checkWritable(outURL, resultURL)
      var loader = TuningDatasetLoader(dataDirectory: location.dataDirectoryURL)
      guard let data = try loader.load(input.datasets) else { return }
      let parsedSplit = try split.map { try WriterSplit(parsing: $0) }
      guard !mlp.ensembleCandidates, !mlp.select else {
        throw ValidationError("--select and --ensemble-candidates are for --henze2017; a plain training ensembles with --ensemble N")
      }
      let members = try mlp.ensembleMembers()
      if let parsedSplit, try MLPCrossFitRun.isCrossFit(parsedSplit, data: data) {
        try runMLPCrossFit(options, split: parsedSplit, data: data, members: members, loader: loader, outURL: outURL)
        return
      }
      let label = members > 1 ? EnsembleMemberLabel(count: members) : nil
      let outcome = try MLPTrainRun.run(
        options, split: parsedSplit, data: data, testData: try loader.load(test, asTestData: true),
        checkpoint: mlp.checkpoint.map { URL(fileURLWithPath: $0) }, testResampler: try mlp.testResampler(),
        ensembleMembers: members, memberStarted: { member, seed in
          label?.member = member
          if !quiet.isOn {
            FileHandle.standardError.write(Data("member \(member + 1) of \(members), seed \(seed)\n".utf8))
          }
        }, progress: mlp.progressPrinter(member: label, quiet: quiet.isOn))
      let report = MLPTrainReport(
        outcome: outcome, options: options, split: parsedSplit?.description ?? "none (separate test data)",
        provenance: loader.provenance(
          command: "train", predictors: ["mlp"], seed: options.seed, profile: nil, evaluationProtocol: "anchor"))
      try finish(
        configuration: outcome.configuration, reportJSON: try report.jsonData(), text: report.text,
        outURL: outURL, resultURL: resultURL)
    }
  }
}

extension TrainCommand {
  /// `train --family mlp` with a cross-fitted split (``MLPCrossFitRun``): one network per fold,
  /// the pooled held-out table, and with `-o` only the result file (there is no one model to
  /// write, so `-o` names where its `.train.json` goes and the model file is refused).
  private func runMLPCrossFit(
    _ options: MLPTrainer.Options, split: WriterSplit, data: TuningData, members: Int, loader: TuningDatasetLoader,
    outURL: URL?
  ) throws {
    guard outURL == nil else {
      throw ValidationError(
        "--split \(split) cross-fits one network per fold and ships none, so there is no model for -o: "
          + "run without -o for the held-out table, or train with one split (train=A;test=B, holdout=F) or --test data to export a model")
    }
    guard mlp.checkpoint == nil else {
      throw ValidationError("--checkpoint resumes one training; a cross-fit (--split \(split)) trains one per fold")
    }
    // The cross-fit scores each fold's own held-out writers; separate data would be read and
    // then silently left out of the table.
    guard test.isEmpty else {
      throw ValidationError(
        "--test with --split \(split): a cross-fit scores each fold's held-out writers and ships no model to score "
          + "separate data with; give --test alone (or with one split, train=A;test=B or holdout=F) to score it")
    }
    let label = members > 1 ? EnsembleMemberLabel(count: members) : nil
    let outcome = try MLPCrossFitRun.run(
      options, split: split, data: data, ensembleMembers: members,
      foldStarted: { fold, count, writers in
        if !quiet.isOn {
          FileHandle.standardError.write(Data("fold \(fold) of \(count): holding out \(writers.joined(separator: ", "))\n".utf8))
        }
      },
      memberStarted: { member, _ in label?.member = member },
      progress: mlp.progressPrinter(member: label, quiet: quiet.isOn))
    let report = MLPCrossFitReport(
      outcome: outcome, options: options, split: split.description,
      provenance: loader.provenance(
        command: "train", predictors: ["mlp"], seed: options.seed, profile: nil, evaluationProtocol: "anchor"))
    CommandResultOutput.show(json: json.isOn, jsonData: try report.jsonData(), text: report.text, wrote: nil)
  }
}

extension TrainCommand {
  /// `train --henze2017 --family mlp`: ``Henze2017MLPComparison`` with the MLP options given
  /// (``henze2017MLPSetup()``): the table; with `--henze-fold-lines` each fold's line instead;
  /// with `--henze-participants` the participants (the folds) and no training. `--jobs` networks
  /// train at once (every core by default), rows are built and scored on `--jobs` cores; the
  /// table does not depend on it.
  func runHenze2017MLP(rawStrokes allStrokes: [Stroke]) throws {
    let (options, candidates, rule) = try henze2017MLPSetup()
    let scoring = henze2017MLPScoring
    let earlyStopping = try henze2017EarlyStopping()
    let stoppingWeights = try henze2017StoppingWeights()
    let balanceRepeats = try henze2017BalanceRepeats(candidates: candidates)
    let rawStrokes = try henze2017Strokes(allStrokes)
    let progress = statusLine
    let folds = try mlp.henzeFoldIndices()
    if henzeFolds.listParticipants {
      let participants = Henze2017MLPComparison.participants(rawStrokes: rawStrokes)
      let line = try JSONSerialization.data(withJSONObject: ["participants": participants], options: [.sortedKeys])
      try FileHandle.standardOutput.write(contentsOf: line + Data("\n".utf8))
      return
    }
    let extraFit = try henze2017ExtraFit(seed: options.seed)
    if henzeFolds.foldLines {
      _ = try Henze2017MLPComparison.trainFolds(
        rawStrokes: rawStrokes, candidates: candidates, horizonRule: rule, scoring: scoring, earlyStopping: earlyStopping,
        stoppingWeights: stoppingWeights, balanceRepeats: balanceRepeats, extraFit: extraFit, folds: folds, jobs: jobs.cores,
        progress: progress, finished: { try FileHandle.standardOutput.write(contentsOf: Data((try $0.jsonLine() + "\n").utf8)) })
      return
    }
    let outcome = try Henze2017MLPComparison.run(
      rawStrokes: rawStrokes, candidates: candidates, horizonRule: rule, scoring: scoring, earlyStopping: earlyStopping,
      stoppingWeights: stoppingWeights, balanceRepeats: balanceRepeats, extraFit: extraFit, folds: folds, jobs: jobs.cores,
      progress: progress)
    try showHenze2017MLP(outcome, options: options)
  }

  /// `--henze-early-stopping`: rotating only for the mean of the candidates, whose errors on
  /// different participants cannot rank them.
  private func henze2017EarlyStopping() throws -> Henze2017MLPComparison.EarlyStopping {
    guard let rule = Henze2017MLPComparison.EarlyStopping(rawValue: mlp.henzeEarlyStopping) else {
      throw ValidationError("--henze-early-stopping must be next or rotating, got \"\(mlp.henzeEarlyStopping)\"")
    }
    guard rule == .next || mlp.ensembleCandidates else {
      throw ValidationError(
        "--henze-early-stopping rotating needs --ensemble-candidates: each candidate stops on another participant, so their errors cannot choose one (--select)")
    }
    return rule
  }

  /// `--henze-stopping-weights`.
  private func henze2017StoppingWeights() throws -> Henze2017MLPComparison.StoppingWeights {
    guard let weights = Henze2017MLPComparison.StoppingWeights(rawValue: mlp.henzeStoppingWeights) else {
      throw ValidationError("--henze-stopping-weights must be windows or cells, got \"\(mlp.henzeStoppingWeights)\"")
    }
    return weights
  }

  /// `--henze-balance-repeats`: re-recorded repeats only where some candidate balances the tasks.
  private func henze2017BalanceRepeats(
    candidates: [Henze2017MLPComparison.Candidate]
  ) throws -> Henze2017MLPComparison.BalanceRepeats {
    let repeats: Henze2017MLPComparison.BalanceRepeats
    switch mlp.henzeBalanceRepeats {
    case "copies": repeats = .copies
    case "rerecorded": repeats = .rerecorded(speedSpread: mlp.henzeRerecordSpeed ?? 1)
    default:
      throw ValidationError("--henze-balance-repeats must be copies or rerecorded, got \"\(mlp.henzeBalanceRepeats)\"")
    }
    if let spread = mlp.henzeRerecordSpeed {
      guard repeats != .copies else {
        throw ValidationError("--henze-rerecord-speed replays the re-recorded repeats; give --henze-balance-repeats rerecorded too")
      }
      guard spread.isFinite, spread >= 1, spread <= 4 else {
        throw ValidationError("--henze-rerecord-speed must be a factor from 1 to 4 (speeds between 1/F and F), got \(spread)")
      }
    }
    guard repeats == .copies || candidates.contains(where: \.balanceTasks) else {
      throw ValidationError(
        "--henze-balance-repeats rerecorded changes the repeats of the candidates that balance the tasks, and none of these does (--select and --ensemble-candidates add one)")
    }
    return repeats
  }

  /// The strokes the folds are made of: all, or all but `--henze-leave-out`'s participant.
  private func henze2017Strokes(_ strokes: [Stroke]) throws -> [Stroke] {
    guard let leaveOut = mlp.henzeLeaveOut else { return strokes }
    let participants = Henze2017MLPComparison.participants(rawStrokes: strokes)
    guard participants.indices.contains(leaveOut - 1) else {
      throw ValidationError("--henze-leave-out \(leaveOut): there are \(participants.count) participants, numbered from 1")
    }
    let left = participants[leaveOut - 1]
    return strokes.filter { ($0.writer ?? "unknown") != left }
  }

  /// The `--henze-extra-fit` datasets, re-recorded as the Henze tablet reports; `nil` when none.
  private func henze2017ExtraFit(seed: UInt64) throws -> Henze2017ExtraFitData? {
    guard !mlp.henzeExtraFit.isEmpty else { return nil }
    var loader = TuningDatasetLoader(dataDirectory: location.dataDirectoryURL)
    guard let data = try loader.load(mlp.henzeExtraFit) else { return nil }
    return try Henze2017ExtraFitData(
      data: data, names: mlp.henzeExtraFit, pixelsPerMillimetre: mlp.henzePitch, seed: seed)
  }

  /// `train --henze2017 --family mlp --henze-combine FILE`: the table of the fold lines in FILE
  /// (`--henze-fold-lines`), made for the same options, without loading data or training.
  func combineHenze2017MLP(foldLines url: URL) throws {
    let (options, candidates, rule) = try henze2017MLPSetup()
    let setup = Henze2017MLPComparison.setup(
      candidates: candidates, eventsAhead: [2, 4, 6], horizonRule: rule, scoring: henze2017MLPScoring,
      earlyStopping: try henze2017EarlyStopping(), stoppingWeights: try henze2017StoppingWeights(),
      balanceRepeats: try henze2017BalanceRepeats(candidates: candidates),
      extraFit: mlp.henzeExtraFit.isEmpty
        ? nil
        : Henze2017ExtraFitData.description(
          names: mlp.henzeExtraFit, pixelsPerMillimetre: mlp.henzePitch, seed: options.seed))
    let requested = try mlp.henzeFoldIndices().map { $0.map { $0 + 1 } }
    let folds = try Henze2017MLPFoldResult.read(contentsOf: url, setup: setup, requested: requested)
    try showHenze2017MLP(
      Henze2017MLPComparison.combine(folds, candidates: candidates.map(\.name)), options: options)
  }

  /// The network's options, the candidates and the horizon rule the MLP options give (history
  /// at most 10, the window's input steps; K = 10 and 64,64 hidden unless given); of the
  /// augmentations only `reflect` and `scale` apply (to the fitting windows).
  private func henze2017MLPSetup() throws -> (
    MLPTrainer.Options, [Henze2017MLPComparison.Candidate], Henze2017Comparison.HorizonRule
  ) {
    var options = try mlpTrainerOptions(
      horizons: [], stages: PredictorStages(), defaults: Henze2017MLPComparison.defaultOptions())
    if let history = mlp.history, history > Henze2017Protocol.inputDisplacements {
      throw ValidationError(
        "--mlp-history with --henze2017 is at most \(Henze2017Protocol.inputDisplacements), the protocol's input steps per window, got \(history)")
    }
    options.historyCount = min(options.historyCount, Henze2017Protocol.inputDisplacements)
    guard options.augmentation.speedFactors.isEmpty, options.augmentation.decimations.isEmpty,
      options.augmentation.resampleRates.isEmpty
    else {
      throw ValidationError(
        "--augment with --henze2017 takes only reflect and scale=… (windows are not resampled), got \"\(mlp.augment)\"")
    }
    guard !options.strokeEndRows else {
      throw ValidationError("--stroke-end-rows is for the anchor protocol's rows; Henze 2017's windows hold a stroke's end already")
    }
    guard !mlp.penInputs else {
      throw ValidationError("--pen-inputs is not for --henze2017: its traces are finger touches, with no pressure or tilt")
    }
    guard mlp.ensemble == 1 else {
      throw ValidationError("--ensemble is for a plain training; with --henze2017 --ensemble-candidates averages each fold's candidates")
    }
    guard !(mlp.select && mlp.ensembleCandidates) else {
      throw ValidationError("--select scores one candidate per fold and --ensemble-candidates the mean of all: give one of them")
    }
    let shapes = try mlp.candidateHiddenShapes()
    guard shapes == nil || mlp.select || mlp.ensembleCandidates else {
      throw ValidationError("--candidate-hidden multiplies the candidate list of --select or --ensemble-candidates: give one of them")
    }
    guard mlp.henzeTaskWeightPower.isFinite, (0...1).contains(mlp.henzeTaskWeightPower) else {
      throw ValidationError("--henze-task-weight-power must be from 0 (every window alike) to 1 (every task alike), got \(mlp.henzeTaskWeightPower)")
    }
    var candidates = mlp.select || mlp.ensembleCandidates
      ? Henze2017MLPComparison.candidates(base: options, hiddenShapes: shapes)
      : [Henze2017MLPComparison.Candidate(name: "as given", options: options, reflect: options.augmentation.reflect)]
    for c in candidates.indices where !candidates[c].balanceTasks {
      candidates[c].taskWeightPower = mlp.henzeTaskWeightPower
    }
    if mlp.ensembleCandidates, candidates.count > MLPPredictor.Parameters.maximumMemberCount {
      throw ValidationError(
        "--ensemble-candidates would average \(candidates.count) networks; a model holds at most \(MLPPredictor.Parameters.maximumMemberCount) (give fewer --candidate-hidden shapes)")
    }
    guard let rule = Henze2017Comparison.HorizonRule(rawValue: mlp.henzeHorizon) else {
      throw ValidationError("--henze-horizon must be mean-interval or target-time, got \"\(mlp.henzeHorizon)\"")
    }
    return (options, candidates, rule)
  }

  /// `--ensemble-candidates`: the mean of all candidates; otherwise the one best on early stopping.
  private var henze2017MLPScoring: Henze2017MLPComparison.Scoring {
    mlp.ensembleCandidates ? .meanOfCandidates : .bestOnEarlyStopping
  }

  /// The table (with `--select` or `--ensemble-candidates`, then the fold table), or `--json`'s cells.
  private func showHenze2017MLP(_ outcome: Henze2017MLPComparison.Outcome, options: MLPTrainer.Options) throws {
    let shapes = try mlp.candidateHiddenShapes()
    let size = (shapes ?? [options.hiddenSizes]).map { $0.map(String.init).joined(separator: "x") }.joined(separator: "+")
    let label = (mlp.ensembleCandidates ? "MLP \(size) mean of \(outcome.candidates.count)" : "MLP \(size)")
      + (options.speedNormalized ? " speed-normalized" : "") + (options.speedInput ? " speed-input" : "") + (options.mirrorAveraged ? " mirror-averaged" : "")
      + (options.lateReportFraction.map { " late-reports \($0)" } ?? "")
      + (options.loss.relativeToHorizon == true ? " relative-horizon-loss" : "")
      + (mlp.henzeTaskWeightPower != 0 ? " task-weight-power \(mlp.henzeTaskWeightPower)" : "")
    var text = Henze2017Comparison.table(outcome.cells, label: label)
    if mlp.select || mlp.ensembleCandidates { text += "\n\n" + Henze2017MLPComparison.foldTable(outcome) }
    CommandResultOutput.show(json: json.isOn, jsonData: try Henze2017Comparison.jsonData(outcome.cells), text: text, wrote: nil)
  }
}
