import Foundation

/// One `evaluate` or `compare` run: predictors × datasets under one protocol, with the paired
/// comparisons against a baseline and the reference rows of the same protocol. The CLI builds
/// one from its arguments and prints ``EvaluationResult``'s text, JSON or CSV.
public struct EvaluationRun: Sendable {
  public var subjects: [EvaluationSubject]
  /// Rows that depend on the dataset (an exported model scaled to its coordinates,
  /// `ModelEvaluation.subject(_:label:for:)`), appended after ``subjects`` for each dataset.
  public var datasetSubjects: (@Sendable (EvaluationDataset) throws -> [EvaluationSubject])?
  /// How ``datasetSubjects`` are recorded in the provenance (for example `model:PATH`).
  public var datasetSubjectSpecifications: [String] = []
  public var datasets: [EvaluationDataset]
  public var profile: DeviceProfile
  public var seed: UInt64
  public var evaluationProtocol: EvaluationProtocol
  /// The label of the subject the others are compared with (default: the first).
  public var baseline: String?
  /// The scorecard column compared stroke by stroke (``PairedComparison``); `_mm` falls back to
  /// `_native` when a dataset has no millimetre scale.
  public var pairedColumn: String
  public var bootstrapResamples: Int
  public var metricSettings: MetricSettings
  public var parts: Int
  /// Where the shared datasets are, for the Henze 2017 protocol's raw reload.
  public var dataDirectory: URL?

  public init(
    subjects: [EvaluationSubject], datasets: [EvaluationDataset], profile: DeviceProfile, seed: UInt64 = 0,
    evaluationProtocol: EvaluationProtocol = .frameReplay, baseline: String? = nil,
    pairedColumn: String = ScorecardColumn.errorMeanMillimetres, bootstrapResamples: Int = 10_000,
    metricSettings: MetricSettings = MetricSettings(), parts: Int = availableCoreCount, dataDirectory: URL? = nil
  ) {
    self.subjects = EvaluationSubject.uniquingLabels(subjects)
    datasetSubjects = nil
    self.datasets = datasets
    self.profile = profile
    self.seed = seed
    self.evaluationProtocol = evaluationProtocol
    self.baseline = baseline
    self.pairedColumn = pairedColumn
    self.bootstrapResamples = bootstrapResamples
    self.metricSettings = metricSettings
    self.parts = parts
    self.dataDirectory = dataDirectory
  }

  /// A problem with the run as asked, before anything is computed.
  public struct RunError: Error, Sendable, CustomStringConvertible {
    public var field: String
    public var problem: String
    public var description: String { "\(field): \(problem)" }
  }

  /// Runs everything. `progress` receives one line per finished predictor and dataset.
  public func run(commandLine: [String], command: String, progress: (@Sendable (String) -> Void)? = nil) throws
    -> EvaluationResult
  {
    if evaluationProtocol == .anchor, pairedColumn != ScorecardColumn.errorMeanMillimetres {
      throw RunError(
        field: "--paired-column",
        problem: "applies to frame replay; under --protocol anchor the paired comparison is each stroke's mean "
          + "error at each horizon")
    }
    let replay = try Replay(profile: profile, seed: seed)
    let evaluator = Evaluator(replay: replay, metricSettings: metricSettings, parts: parts)
    var results: [EvaluationResult.DatasetResult] = []
    for dataset in datasets {
      let trace = dataset.trace
      var result = EvaluationResult.DatasetResult(
        reference: dataset.reference, source: trace.metadata.source, strokes: trace.contactStrokes.count,
        coordinateUnit: trace.metadata.coordinateUnit, subjects: [], comparisons: [], protocolRows: [], notes: [])
      let recordedSource = EvaluationSubject.recordedDescription(of: trace)
      let all = try subjects(for: dataset)
      // Checked per dataset: --model files add their subjects (labelled by file name) here.
      if let baseline, !all.contains(where: { $0.label == baseline }) {
        throw RunError(
          field: "--baseline",
          problem: "\"\(baseline)\" is not one of the predictors (\(all.map(\.label).joined(separator: ", ")))")
      }
      let usable = all.filter { subject in
        guard subject.kind == .recorded else { return true }
        if recordedSource == nil {
          result.notes.append("\(subject.label): \(dataset.reference) has no recorded platform predictions; row left out")
          return false
        }
        if evaluationProtocol == .anchor {
          result.recordedRows = ProtocolEvaluation.recordedAtOwnLeads(trace, label: subject.label, dataset: dataset)
          result.notes.append(
            "\(subject.label): recorded predictions exist only at their own leads, so they are scored at their own "
              + "timestamps (ANCHOR-PROTOCOL.md, Apple table method), bucketed by lead in 240 Hz periods, with hold "
              + "and linear at the same anchors and targets")
          return false
        }
        if evaluationProtocol != .frameReplay {
          result.notes.append(
            "\(subject.label): recorded predictions exist only at their own leads, so they are not scored under "
              + "this protocol; see the frame-replay compare")
          return false
        }
        return true
      }
      switch evaluationProtocol {
      case .frameReplay:
        for subject in usable {
          let scorecard = try evaluator.evaluate(trace, subject: subject)
          result.subjects.append(EvaluationResult.SubjectResult(
            label: subject.label, specification: subject.specification, kind: subject.kind,
            isExportable: subject.isExportable, recordedSource: subject.kind == .recorded ? recordedSource : nil,
            scorecard: scorecard))
          progress?("\(dataset.reference): \(subject.label) done (\(scorecard.predictionCount) predictions)")
        }
        if let recorded = result.subjects.first(where: { $0.kind == .recorded }), let recordedSource {
          result.notes.append(
            "\(recorded.label) = \(recordedSource): at each frame, the platform's latest predictions (anchored at the "
              + "newest delivered sample, or the latest earlier one it predicted at), read along the recorded points at "
              + "the presentation time (the last point past them); frames before any show the newest sample (declined)")
        }
        result.comparisons = try comparisons(result.subjects)
      case .anchor:
        var scored: [(label: String, scores: [PerSampleScore])] = []
        for subject in usable {
          let scores = ProtocolEvaluation.anchorScores(subject.strokeIndependentPredictor(), dataset: dataset)
          result.protocolRows.append(ProtocolEvaluation.anchorRow(scores, label: subject.label, dataset: dataset))
          scored.append((subject.label, scores))
          progress?("\(dataset.reference): \(subject.label) done")
        }
        result.comparisons = AnchorPairedComparisons.compare(
          scored, baseline: baseline, strokes: dataset.trace.contactStrokes,
          horizonLabels: ReferenceRows.anchorHorizons.map(ProtocolEvaluation.horizonLabel(seconds:)),
          millimetresPerUnit: ProtocolEvaluation.anchorMillimetresPerUnit(dataset), resamples: bootstrapResamples,
          seed: seed)
        if let note = Self.restartNote(usable) { result.notes.append(note) }
        let references = ProtocolEvaluation.anchorReferences(for: dataset)
        if references.isEmpty {
          result.notes.append(
            "no reference rows: ANCHOR-PROTOCOL.md §3 was measured on "
              + AnchorDataset.allCases.map(EvaluationDataset.anchorSelection).joined(separator: ", "))
        } else {
          result.protocolRows += references
        }
      case .henze2017:
        let rawTasks = try henzeRawTasks(dataset)
        for subject in usable {
          result.protocolRows.append(
            ProtocolEvaluation.henze2017(
              subject.strokeIndependentPredictor(), label: subject.label, rawTasks: rawTasks))
          progress?("\(dataset.reference): \(subject.label) done")
        }
        if let note = Self.restartNote(usable) { result.notes.append(note) }
        let tasks = Set(rawTasks.keys)
        result.protocolRows += ProtocolEvaluation.henze2017References().map { row in
          var row = row
          row.scores = row.scores.filter { $0.subset.map(tasks.contains) ?? false }
          return row
        }
        result.notes.append(
          "henze2017: the target is j rows ahead; our predictors are asked for t₁₀ + j·Δt₁₀ (the last interval "
            + "repeated); mm = px × 10/127.20 (the paper's conversion)")
      }
      results.append(result)
    }
    // A setting is recorded where it had an effect. The scorecard's metric settings and `parts`
    // act on the frame replay only: the anchor protocol scores each sample serially at fixed
    // horizons and pairs each stroke's mean error per horizon, and henze2017 scores serially into
    // the paper's table with nothing paired. The resamples and baseline (and the frame replay's
    // paired column) act only when predictors were paired, not on one predictor's scorecard.
    // They were recorded as if used.
    let compared = results.contains { !$0.comparisons.isEmpty }
    var settings: [String: String] = [:]
    if evaluationProtocol == .frameReplay {
      settings["parts"] = String(parts)
      if let data = try? JSONEncoder.sorted.encode(metricSettings) {
        settings["metric_settings"] = String(decoding: data, as: UTF8.self)
      }
      if compared { settings["paired_column"] = pairedColumn }
    }
    if compared {
      settings["bootstrap_resamples"] = String(bootstrapResamples)
      if let baseline { settings["baseline"] = baseline }
    }
    // The seed is recorded where something drew from it: the frame replay (display phase, missed
    // frames), or a paired bootstrap (`compare --protocol anchor`); not one predictor per sample.
    let seeded = evaluationProtocol == .frameReplay || compared
    let provenance = ResultProvenance(
      commandLine: commandLine, command: command, predictors: subjects.map(\.specification) + datasetSubjectSpecifications,
      seed: seeded ? seed : nil,
      profile: evaluationProtocol == .frameReplay ? profile : nil, evaluationProtocol: evaluationProtocol.rawValue,
      datasets: datasets.map(\.provenance), settings: settings)
    return EvaluationResult(provenance: provenance, evaluationProtocol: evaluationProtocol, datasets: results)
  }

  /// A note naming the catalog rows that restart after a gap (per-sample protocols never do).
  static func restartNote(_ subjects: [EvaluationSubject]) -> String? {
    let restarting = subjects.filter { subject in
      subject.catalogPredictor?.values.contains { $0.name == "gap-limit" && $0.value != .number(0) } ?? false
    }
    guard !restarting.isEmpty else { return nil }
    return restarting.map(\.label).joined(separator: ", ")
      + ": restarts after a gap longer than its gap-limit (catalog default 20 ms), which the per-sample protocols "
      + "never do; with gap-limit=0, hold and linear reproduce the reference rows"
  }

  /// The rows for `dataset`: ``subjects`` and the dataset's own, labels made unique.
  public func subjects(for dataset: EvaluationDataset) throws -> [EvaluationSubject] {
    guard let datasetSubjects else { return subjects }
    return EvaluationSubject.uniquingLabels(subjects + (try datasetSubjects(dataset)))
  }

  /// Throws naming `--paired-column` when `column` is not a scorecard column. Every scorecard has
  /// ``MetricsScorer/columns`` whatever the data, so `compare` checks with `names` left out before
  /// it loads anything: a misspelt column was refused only once every predictor had been scored.
  public static func check(pairedColumn column: String, among names: [String]? = nil) throws {
    let names = try names ?? MetricsScorer().columns.map(\.name)
    guard names.contains(column) else {
      // Pointed to as --metrics points to them: every column listed was over 1 700 characters, cut
      // in the middle by the message's bound.
      throw RunError(field: "--paired-column",
        problem: "\"\(MessageText.bounded(column))\" is not a scorecard column; give a column \(ScorecardColumnName.examples)")
    }
  }

  /// The scorecard column `--paired-column NAME` pairs on: `NAME` itself, or for a length metric
  /// given without its unit (`error_mean`, as `--metrics` takes it) its millimetre column, which
  /// falls back to the trace's unit where the data has no scale (``comparisons(_:)``).
  public static func pairedColumn(named name: String) throws -> String {
    let names = try MetricsScorer().columns.map(\.name)
    let column = ScorecardColumnName.resolve(name, among: names) ?? name
    try check(pairedColumn: column, among: names)
    return column
  }

  /// Every subject against the baseline, on ``pairedColumn`` (or its `_native` twin).
  ///
  /// - Throws: ``RunError`` when ``pairedColumn`` is not a column of the scorecard (it used to
  ///   be skipped silently, leaving a comparison table without comparisons).
  func comparisons(_ subjects: [EvaluationResult.SubjectResult]) throws -> [PairedComparison] {
    guard subjects.count > 1 else { return [] }
    let base = subjects.first { $0.label == baseline } ?? subjects[0]
    try Self.check(pairedColumn: pairedColumn, among: base.scorecard.columns.map(\.name))
    var column = pairedColumn
    if base.scorecard.value(column) == nil, column.hasSuffix("_mm") {
      column = String(column.dropLast(3)) + "_native"
    }
    return subjects.filter { $0.label != base.label }.compactMap { subject in
      PairedComparison.compare(
        candidate: (subject.label, subject.scorecard), baseline: (base.label, base.scorecard), column: column,
        resamples: bootstrapResamples, seed: seed)
    }
  }

  /// The raw strokes of each Henze task the dataset reference covers.
  func henzeRawTasks(_ dataset: EvaluationDataset) throws -> [String: [Stroke]] {
    // The protocol is the paper's: every participant, scored leave-one-participant-out, so a writer
    // selection cannot apply. It was reported as "is not a Henze task subset".
    if dataset.reference.contains("writer=") {
      throw RunError(
        field: "--protocol henze2017",
        problem: "\(dataset.reference): the protocol scores every participant (the paper's leave-one-participant-out "
          + "table), so it takes no writer= selection; give \(AnchorDataset.henze2017.folder) or one of its tasks ("
          + ProtocolEvaluation.henzeTasks.joined(separator: ", ") + ")")
    }
    let parts = dataset.reference.split(separator: ":", maxSplits: 1).map(String.init)
    guard let name = parts.first, name.lowercased() == AnchorDataset.henze2017.folder.lowercased() else {
      throw RunError(
        field: "--protocol henze2017",
        problem: "needs the \(AnchorDataset.henze2017.folder) dataset (or one of its subsets "
          + ProtocolEvaluation.henzeTasks.joined(separator: ", ") + "), not \(dataset.reference)")
    }
    let wanted = parts.count > 1 ? ProtocolEvaluation.henzeTasks.filter { $0.lowercased() == parts[1].lowercased() }
      : ProtocolEvaluation.henzeTasks
    guard !wanted.isEmpty else {
      throw RunError(field: "--protocol henze2017", problem: "\(dataset.reference) is not a Henze task subset")
    }
    var tasks: [String: [Stroke]] = [:]
    for task in wanted {
      let trace = try DatasetRegistry.load(
        "\(name):\(task)", dataDirectory: dataDirectory, options: ImportOptions(raw: true, includeHover: false))
      tasks[task] = trace.strokes
    }
    return tasks
  }
}

extension JSONEncoder {
  /// Sorted keys, so that result files are byte-stable.
  static var sorted: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }
}
