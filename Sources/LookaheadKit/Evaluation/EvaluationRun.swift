import Foundation

/// One `evaluate` or `compare` run: predictors × datasets under one protocol, with the paired
/// comparisons against a baseline and the reference rows of the same protocol. The CLI builds
/// one from its arguments and prints ``EvaluationResult``'s text, JSON or CSV.
public struct EvaluationRun: Sendable {
  public var subjects: [EvaluationSubject]
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
    pairedColumn: String = "error_mean_mm", bootstrapResamples: Int = 10_000,
    metricSettings: MetricSettings = MetricSettings(), parts: Int = availableCoreCount, dataDirectory: URL? = nil
  ) {
    self.subjects = EvaluationSubject.uniquingLabels(subjects)
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
    if let baseline, !subjects.contains(where: { $0.label == baseline }) {
      throw RunError(
        field: "--baseline",
        problem: "\"\(baseline)\" is not one of the predictors (\(subjects.map(\.label).joined(separator: ", ")))")
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
      let usable = subjects.filter { subject in
        guard subject.kind == .recorded else { return true }
        if recordedSource == nil {
          result.notes.append("\(subject.label): \(dataset.reference) has no recorded platform predictions; row left out")
          return false
        }
        if evaluationProtocol != .frameReplay {
          result.notes.append(
            "\(subject.label): recorded predictions exist only at their own leads, so they are not scored under "
              + "the per-sample protocol; see the frame-replay compare and ANCHOR-PROTOCOL.md's Apple table")
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
        result.comparisons = comparisons(result.subjects)
      case .anchor:
        for subject in usable {
          result.protocolRows.append(
            ProtocolEvaluation.anchor(subject.strokeIndependentPredictor(), label: subject.label, dataset: dataset))
          progress?("\(dataset.reference): \(subject.label) done")
        }
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
    var settings = [
      "bootstrap_resamples": String(bootstrapResamples), "paired_column": pairedColumn,
      "parts": String(parts),
    ]
    if let baseline { settings["baseline"] = baseline }
    if let data = try? JSONEncoder.sorted.encode(metricSettings) {
      settings["metric_settings"] = String(decoding: data, as: UTF8.self)
    }
    let provenance = ResultProvenance(
      commandLine: commandLine, command: command, predictors: subjects.map(\.specification), seed: seed,
      profile: evaluationProtocol == .frameReplay ? profile : nil, evaluationProtocol: evaluationProtocol.rawValue,
      datasets: datasets.map(\.provenance), settings: settings)
    return EvaluationResult(provenance: provenance, evaluationProtocol: evaluationProtocol, datasets: results)
  }

  /// Every subject against the baseline, on ``pairedColumn`` (or its `_native` twin).
  func comparisons(_ subjects: [EvaluationResult.SubjectResult]) -> [PairedComparison] {
    guard subjects.count > 1 else { return [] }
    let base = subjects.first { $0.label == baseline } ?? subjects[0]
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
