import Foundation
import LookaheadRuntime

/// How predictions are issued and scored.
public enum EvaluationProtocol: String, Sendable, Hashable, Codable, CaseIterable {
  /// Frame by frame through a device profile (``Replay``), every metric (the default).
  case frameReplay = "frame"
  /// The per-sample anchor protocol of ANCHOR-PROTOCOL.md §1 (``PerSampleReplay`` at
  /// ``FixedHorizon/anchorHorizons``): mean and p95 error per horizon, comparable with §3.
  case anchor
  /// Henze et al. 2017's window protocol (``Henze2017Protocol``), comparable with their Table 1.
  case henze2017
}

/// One cell group of a per-sample protocol result: one horizon (and task, for Henze 2017).
public struct ProtocolScore: Sendable, Hashable, Codable {
  /// Henze 2017 task (`Write`, `Paint`, `Fitts`), or `nil`.
  public var subset: String?
  /// The horizon as the protocol's tables print it (`4.17 ms`, `33.33 ms`).
  public var horizonLabel: String
  /// Seconds (nominal for event-count horizons: j/60 s).
  public var horizonSeconds: Double
  /// Rows ahead, for event-count horizons.
  public var eventsAhead: Int?
  /// Issue points or kept windows.
  public var count: Int?
  public var meanNative: Double?
  public var p95Native: Double?
  public var meanMillimetres: Double?
  public var p95Millimetres: Double?

  public init(
    subset: String? = nil, horizonLabel: String, horizonSeconds: Double, eventsAhead: Int? = nil, count: Int?,
    meanNative: Double?, p95Native: Double?, meanMillimetres: Double?, p95Millimetres: Double?
  ) {
    self.subset = subset
    self.horizonLabel = horizonLabel
    self.horizonSeconds = horizonSeconds
    self.eventsAhead = eventsAhead
    self.count = count
    self.meanNative = meanNative
    self.p95Native = p95Native
    self.meanMillimetres = meanMillimetres
    self.p95Millimetres = p95Millimetres
  }
}

/// One predictor's row under a per-sample protocol: ours, or a reference row with provenance.
public struct ProtocolRow: Sendable, Hashable, Codable {
  public var label: String
  /// A number someone else measured or published (``ReferenceRow``), not computed here.
  public var isReference: Bool
  /// For references: where the numbers come from (document, section, measured or published,
  /// scale note).
  public var provenance: String?
  public var scores: [ProtocolScore]

  public init(label: String, isReference: Bool, provenance: String? = nil, scores: [ProtocolScore]) {
    self.label = label
    self.isReference = isReference
    self.provenance = provenance
    self.scores = scores
  }
}

/// Runs predictors under the published per-sample protocols and gathers the reference rows
/// scored under the same protocol on the same selection, so that `compare --protocol …` prints
/// them side by side.
public enum ProtocolEvaluation {
  /// Our row under the anchor protocol: ``PerSampleReplay`` over the contact strokes at the seven
  /// horizons, native units and millimetres. On an anchor selection the millimetres use
  /// §2's scale (so that they compare with §3's mm rows), elsewhere the trace's.
  public static func anchor(_ predictor: any Predictor, label: String, dataset: EvaluationDataset) -> ProtocolRow {
    anchorRow(anchorScores(predictor, dataset: dataset), label: label, dataset: dataset)
  }

  /// The anchor protocol's scores of `predictor` on `dataset`'s contact strokes at the seven
  /// horizons, native units, with each stroke's mean error (for a paired comparison).
  public static func anchorScores(_ predictor: any Predictor, dataset: EvaluationDataset) -> [PerSampleScore] {
    PerSampleReplay(horizons: FixedHorizon.anchorHorizons).score(predictor, on: dataset.trace.contactStrokes)
  }

  /// The millimetres per native unit the anchor rows use on `dataset`: §2's scale on an anchor
  /// selection (so that they compare with §3's mm rows), elsewhere the trace's (`nil` if unknown).
  public static func anchorMillimetresPerUnit(_ dataset: EvaluationDataset) -> Double? {
    dataset.anchorDataset?.millimetresPerUnit ?? dataset.trace.metadata.millimetresPerUnit
  }

  /// ``anchorScores(_:dataset:)`` as a row of the protocol table.
  public static func anchorRow(_ scores: [PerSampleScore], label: String, dataset: EvaluationDataset) -> ProtocolRow {
    let scale = anchorMillimetresPerUnit(dataset)
    return ProtocolRow(
      label: label, isReference: false,
      scores: zip(ReferenceRows.anchorHorizons, scores).map { seconds, score in
        ProtocolScore(
          horizonLabel: horizonLabel(seconds: seconds), horizonSeconds: seconds, count: score.issuePoints,
          meanNative: score.meanError, p95Native: score.p95Error, meanMillimetres: scale.map { score.meanError * $0 },
          p95Millimetres: scale.map { score.p95Error * $0 })
      })
  }

  /// The reference rows of ANCHOR-PROTOCOL.md §3 for `dataset`, one row per predictor with its
  /// horizons, in the document's order; empty when `dataset` is not one of §2's selections.
  public static func anchorReferences(for dataset: EvaluationDataset) -> [ProtocolRow] {
    guard let anchor = dataset.anchorDataset else { return [] }
    return rows(from: ReferenceRows.anchorProtocol(dataset: anchor))
  }

  /// The trace's recorded platform predictions scored at their own timestamps
  /// (``RecordedPredictionScoring``, the method of ANCHOR-PROTOCOL.md's Apple table), bucketed
  /// by lead in 240 Hz periods, with hold and linear at the same anchors and targets; on the
  /// Inkable selection, followed by that table's reference rows.
  public static func recordedAtOwnLeads(_ trace: Trace, label: String, dataset: EvaluationDataset) -> [ProtocolRow] {
    let buckets = RecordedPredictionScoring.evaluate(strokes: trace.contactStrokes).buckets(periodSeconds: 1.0 / 240)
    let scale = dataset.anchorDataset?.millimetresPerUnit ?? trace.metadata.millimetresPerUnit
    func row(_ name: String, _ summary: (RecordedPredictionBucket) -> RecordedPredictionErrorSummary) -> ProtocolRow {
      ProtocolRow(
        label: name, isReference: false,
        scores: buckets.map { bucket in
          let s = summary(bucket)
          return ProtocolScore(
            horizonLabel: bucket.periods.map { "bucket \($0)" } ?? "all", horizonSeconds: bucket.meanLead,
            eventsAhead: bucket.periods, count: s.count, meanNative: s.mean, p95Native: s.p95,
            meanMillimetres: scale.map { s.mean * $0 }, p95Millimetres: scale.map { s.p95 * $0 })
        })
    }
    var rows = [
      row(label, \.recorded), row("hold at the same targets", \.hold), row("linear at the same targets", \.linear),
    ]
    if dataset.anchorDataset == .inkableApplePencil {
      rows += Self.rows(from: ReferenceRows.appleRecordedPredictions).map { reference in
        var reference = reference
        for k in reference.scores.indices {
          let periods = reference.scores[k].eventsAhead
          reference.scores[k].horizonLabel = periods.map { "bucket \($0)" } ?? "all"
        }
        return reference
      }
    }
    return rows
  }

  /// The Henze 2017 tasks, in the paper's column order.
  public static let henzeTasks = ["Write", "Paint", "Fitts"]
  /// Rows ahead of the paper's three columns.
  public static let henzeEventsAhead = [2, 4, 6]

  /// Our row under Henze et al. 2017's protocol on raw Henze strokes (`ImportOptions(raw: true)`),
  /// per task: each kept window's 11 positions (cumulative displacements from the first, at the
  /// cumulative times) are fed to a fresh predictor, which is asked for the position at
  /// `t₁₀ + j·Δt₁₀`: the j events ahead are assumed to come at the last interval, the one
  /// causal estimate of when they arrive (with it, linear extrapolation is exactly the paper's
  /// "last step × j"). The error is in px; mm by the paper's 10 mm = 127.20 px.
  ///
  /// - Parameter rawTasks: the raw strokes of each task, keyed by ``henzeTasks`` name.
  public static func henze2017(
    _ predictor: any Predictor, label: String, rawTasks: [String: [Stroke]]
  ) -> ProtocolRow {
    var scores: [ProtocolScore] = []
    let millimetresPerPixel = 10 / 127.20
    for task in henzeTasks {
      guard let strokes = rawTasks[task] else { continue }
      let files = Henze2017Protocol.rows(fromRawStrokes: strokes)
      for (column, j) in henzeEventsAhead.enumerated() {
        let henze = Henze2017Protocol(eventsAhead: j)
        let score = henzeScore(predictor, protocol: henze, files: files)
        scores.append(ProtocolScore(
          subset: task, horizonLabel: henzeHorizonLabels[column], horizonSeconds: Double(j) / 60, eventsAhead: j,
          count: score.windows, meanNative: score.meanError, p95Native: nil,
          meanMillimetres: score.meanError * millimetresPerPixel, p95Millimetres: nil))
      }
    }
    return ProtocolRow(label: label, isReference: false, scores: scores)
  }

  static let henzeHorizonLabels = ["33.33 ms", "66.67 ms", "100 ms"]

  /// Opens the existential once, so the per-window calls go to the concrete type.
  static func henzeScore<P: Predictor>(
    _ predictor: P, protocol henze: Henze2017Protocol, files: [[Henze2017Protocol.Row]]
  ) -> Henze2017Protocol.Score {
    var predictor = predictor
    return henze.score(files: files) { window in
      let newest = window.feed(to: &predictor)
      let horizon = window.horizonSeconds(eventsAhead: henze.eventsAhead, newestTime: newest.time, timing: .lastInterval)
      guard let point = predictor.predict(at: newest.time + horizon), point.x.isFinite, point.y.isFinite else {
        return (0, 0)
      }
      return (point.x - newest.x, point.y - newest.y)
    }
  }

  /// Henze et al. 2017, Table 1, as reference rows (every predictor, every task and horizon).
  public static func henze2017References() -> [ProtocolRow] {
    rows(from: ReferenceRows.henze2017)
  }

  /// Groups reference rows by predictor, in first-seen order.
  static func rows(from references: [ReferenceRow]) -> [ProtocolRow] {
    var order: [String] = []
    var grouped: [String: [ReferenceRow]] = [:]
    for row in references {
      if grouped[row.predictor.id] == nil { order.append(row.predictor.id) }
      grouped[row.predictor.id, default: []].append(row)
    }
    return order.compactMap { id in
      guard let group = grouped[id], let first = group.first else { return nil }
      let p = first.provenance
      let provenance = "\(p.kind.rawValue): \(p.document), \(p.section)"
        + (p.millimetresPerUnit.map { "; mm per \(p.nativeUnit) = \($0)\(p.scaleIsAssumption ? " (assumed)" : "")" } ?? "")
        + (p.note.map { "; \($0)" } ?? "")
      return ProtocolRow(
        label: first.predictor.label, isReference: true, provenance: provenance,
        scores: group.map { row in
          ProtocolScore(
            subset: row.subset, horizonLabel: row.horizonLabel, horizonSeconds: row.horizonSeconds,
            eventsAhead: row.evaluationProtocol == .perSampleFixedHorizon ? nil : row.samplesAhead, count: row.count,
            meanNative: row.native?.mean, p95Native: row.native?.p95, meanMillimetres: row.millimetres?.mean,
            p95Millimetres: row.millimetres?.p95)
        })
    }
  }

  /// `4.17 ms` for 1/240 s, as ANCHOR-PROTOCOL.md §3 prints its column headers.
  static func horizonLabel(seconds: Double) -> String {
    ReferenceRows.horizonLabel(periods: Int((seconds * 240).rounded()))
  }
}
