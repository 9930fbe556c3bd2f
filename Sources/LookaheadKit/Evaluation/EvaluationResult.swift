/// What `evaluate` and `compare` produce: per dataset, every predictor's scorecard (frame replay)
/// or protocol row (per-sample protocols, with the reference rows beside), the paired
/// comparisons against the baseline, and the provenance. Encodes to the `--json` document.
public struct EvaluationResult: Sendable, Codable {
  /// One predictor's frame-replay result on one dataset.
  public struct SubjectResult: Sendable, Codable {
    public var label: String
    public var specification: String
    public var kind: EvaluationSubject.Kind
    public var isExportable: Bool
    /// What a `recorded` row is on this dataset (for example `UIKit predictedTouches`).
    public var recordedSource: String?
    public var scorecard: Scorecard
  }

  public struct DatasetResult: Sendable, Codable {
    public var reference: String
    public var source: String
    public var strokes: Int
    public var coordinateUnit: String
    /// Frame replay: one per predictor, in the order given.
    public var subjects: [SubjectResult]
    /// Frame replay: each other predictor against the baseline, stroke by stroke.
    public var comparisons: [PairedComparison]
    /// Per-sample protocols: our rows, then the reference rows of the same protocol and selection.
    public var protocolRows: [ProtocolRow]
    /// Why a row is missing, which references apply, and similar.
    public var notes: [String]
    /// `--protocol anchor` with `recorded`: the recorded predictions scored at their own leads,
    /// hold and linear at the same anchors and targets, and the reference table of the same method.
    public var recordedRows: [ProtocolRow]? = nil
  }

  public var provenance: ResultProvenance
  public var evaluationProtocol: EvaluationProtocol
  public var datasets: [DatasetResult]

  // MARK: - Text

  /// The human report: per dataset, the side-by-side table (or the protocol tables), the paired
  /// comparisons and the notes.
  public var text: String { text(metrics: .key) }

  /// ``text`` with the side-by-side table (or `evaluate`'s list) over `metrics`.
  public func text(metrics: ComparisonMetrics) -> String {
    var parts: [String] = []
    for dataset in datasets {
      // The name once when the source is called the same (a registry dataset); wrapped at 100.
      let name = dataset.reference == dataset.source ? dataset.reference : "\(dataset.reference): \(dataset.source)"
      var heading = "\(name), \(dataset.strokes) strokes, unit \(dataset.coordinateUnit)"
      var section = ""
      switch evaluationProtocol {
      case .frameReplay:
        heading += " — profile \(provenance.profile ?? "?")" + (provenance.seed.map { ", seed \($0)" } ?? "")
        section = ComparisonTable.wrap(heading, width: 100) + "\n\n"
        if dataset.subjects.count == 1, let only = dataset.subjects.first {
          section += Self.scorecardText(only, metrics: metrics)
        } else {
          let scorecards = dataset.subjects.map { ($0.label, $0.scorecard) }
          let columns = dataset.subjects.first?.scorecard.columns.map(\.name) ?? []
          section += ComparisonTable(scorecards, metrics: metrics.names(columns: columns)).text
        }
        if !dataset.comparisons.isEmpty {
          section += "\n\n" + Self.comparisonText(dataset.comparisons)
        }
      case .anchor, .henze2017:
        heading += " — protocol \(evaluationProtocol.rawValue)"
        section = ComparisonTable.wrap(heading, width: 100) + "\n\n"
        section += ProtocolTable.text(dataset.protocolRows, nativeUnit: dataset.coordinateUnit)
        if let recorded = dataset.recordedRows, !recorded.isEmpty {
          section += "\n\nRecorded predictions at their own leads (bucket = lead in 240 Hz periods):\n\n"
            + ProtocolTable.text(recorded, nativeUnit: dataset.coordinateUnit)
        }
        if !dataset.comparisons.isEmpty {
          section += "\n\n" + Self.comparisonText(dataset.comparisons)
        }
      }
      if !dataset.notes.isEmpty {
        section += "\n\n" + dataset.notes.map { ComparisonTable.wrap("note: " + $0, width: 100) }.joined(separator: "\n")
      }
      parts.append(section)
    }
    return parts.joined(separator: "\n\n")
  }

  /// One predictor's key metrics, one per line (`evaluate`'s human output).
  static func scorecardText(_ subject: SubjectResult, metrics: ComparisonMetrics = .key) -> String {
    let table = ComparisonTable(
      [(subject.label, subject.scorecard)], metrics: metrics.names(columns: subject.scorecard.columns.map(\.name)))
    var lines: [[String]] = [["\(subject.label)", "value"]]
    for (c, column) in table.columns.enumerated() {
      lines.append([column.name, table.rows[0].values[c].map(ComparisonTable.format) ?? "—"])
    }
    lines.append(["predictions", String(subject.scorecard.predictionCount)])
    return TextTable.render(lines, rightAligned: [1])
      + (table.declinedWarning.map { "\n" + $0 } ?? "")
      + "\n(every metric: --metrics all; every stroke: --json; definitions: Docs/Metrics.md)"
  }

  static func comparisonText(_ comparisons: [PairedComparison]) -> String {
    guard let first = comparisons.first else { return "" }
    // A limitation every row shares (a one-writer dataset) is said once, under the table, which
    // keeps the table within 100 columns.
    let shared = Set(comparisons.map(\.limitation)).count == 1 ? first.limitation : nil
    // Per-sample protocols compare at each horizon: one more column, and the statistic said.
    let byHorizon = first.horizon != nil
    var lines: [[String]] = [
      ["paired vs \(first.baseline)"] + (byHorizon ? ["horizon"] : [])
        + ["writers", "strokes", "mean diff", "95% CI", "better on", "verdict"]
    ]
    for c in comparisons {
      lines.append(
        [c.candidate] + (byHorizon ? [c.horizon ?? "-"] : []) + [
          (c.writers ?? 0) > 0 ? String(c.writers ?? 0) : "-", String(c.pairedStrokes),
          ComparisonTable.format(c.meanDifference),
          "[\(ComparisonTable.format(c.lower)), \(ComparisonTable.format(c.upper))]",
          "\(c.candidateBetterStrokes)/\(c.pairedStrokes)",
          c.verdict.rawValue + (shared == nil ? c.limitation.map { " (\($0))" } ?? "" : ""),
        ])
    }
    let statistic = byHorizon
      ? first.column + " of each stroke's issue points at the horizon, candidate − baseline per stroke, mean over "
        + "strokes (each stroke weighs the same, unlike the pooled table above)"
      : first.column + ", candidate − baseline per stroke, mean over strokes"
    return TextTable.render(lines, rightAligned: byHorizon ? [1, 2, 3, 4, 6] : [1, 2, 3, 5]) + "\n"
      + ComparisonTable.wrap(
      "(" + statistic + "; bootstrap over "
      + "\(first.resampled ?? "strokes"), \(first.resamples) resamples, seed \(first.seed); "
      + "inconclusive below \(PairedComparison.minimumWriters) writers or \(PairedComparison.minimumStrokes) strokes"
      + (shared.map { ": here \($0))" } ?? ")"),
      width: 100)
  }

  // MARK: - CSV

  /// The result as one CSV table after the provenance lines: frame replay gives one row per
  /// dataset and predictor with every scorecard column (aggregates); per-sample protocols give
  /// one row per dataset, predictor and horizon (reference rows flagged). Paired comparisons go
  /// in `# paired:` lines.
  public var csv: String {
    var lines = provenance.csvCommentLines
    switch evaluationProtocol {
    case .frameReplay:
      var headerWritten = false
      for dataset in datasets {
        lines += dataset.comparisons.map { Self.pairedCommentLine($0, dataset: dataset.reference) }
        for subject in dataset.subjects {
          if !headerWritten {
            lines.append("dataset,predictor,specification," + subject.scorecard.csvHeader)
            headerWritten = true
          }
          lines.append(
            Scorecard.csvField(dataset.reference) + "," + Scorecard.csvField(subject.label) + ","
              + Scorecard.csvField(subject.specification) + ","
              + subject.scorecard.csvAggregateRow(label: dataset.source))
        }
      }
    case .anchor, .henze2017:
      for dataset in datasets {
        lines += dataset.comparisons.map { Self.pairedCommentLine($0, dataset: dataset.reference) }
      }
      lines.append(
        "dataset,predictor,reference,subset,horizon,horizon_s,events_ahead,count,mean_native,p95_native,mean_mm,p95_mm")
      for dataset in datasets {
        for row in dataset.protocolRows + (dataset.recordedRows ?? []) {
          for s in row.scores {
            let cells: [String] = [
              Scorecard.csvField(dataset.reference), Scorecard.csvField(row.label), row.isReference ? "1" : "0",
              s.subset ?? "", s.horizonLabel, "\(s.horizonSeconds)", s.eventsAhead.map(String.init) ?? "",
              s.count.map(String.init) ?? "", Scorecard.csvNumber(s.meanNative), Scorecard.csvNumber(s.p95Native),
              Scorecard.csvNumber(s.meanMillimetres), Scorecard.csvNumber(s.p95Millimetres),
            ]
            lines.append(cells.joined(separator: ","))
          }
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// One paired comparison as a CSV comment line (`# paired: key=value …`).
  static func pairedCommentLine(_ c: PairedComparison, dataset: String) -> String {
    "# paired: dataset=\(dataset) candidate=\(c.candidate) baseline=\(c.baseline) column=\(c.column) "
      + (c.horizon.map { "horizon=\"\($0)\" " } ?? "")
      + "writers=\(c.writers ?? 0) strokes=\(c.pairedStrokes) mean_diff=\(c.meanDifference) ci95=[\(c.lower), \(c.upper)] verdict=\(c.verdict.rawValue)"
      + (c.limitation.map { " limitation=\"\($0)\"" } ?? "")
  }
}
