/// Reference rows: what other predictors achieve on the shared traces, with provenance, for
/// `compare` to print beside Lookahead's own rows (marked as references).
///
/// - ``anchorProtocol(dataset:)``: ANCHOR-PROTOCOL.md §3, measured under the per-sample,
///   fixed-horizon protocol of §1 (hold and linear are the golden cross-check of our replay).
/// - ``henze2017``: the published Table 1 of Henze et al. 2017 under their window protocol.
/// - ``appleRecordedPredictions``: UIKit's recorded predictions on Inkable, scored at their own
///   timestamps.
public enum ReferenceRows {
  static let anchorDocument = "shared/design/ANCHOR-PROTOCOL.md"

  /// The horizons of the per-sample protocol, seconds: `k/240` for `k ∈ {1,2,3,4,5,6,8}`.
  public static let anchorHorizons: [Double] = AnchorTables.horizonPeriods.map { Double($0) / 240 }

  /// Every row of ANCHOR-PROTOCOL.md §3 for `dataset`, in the document's order (hold, linear,
  /// c2, c4, d1), each predictor's horizons ascending. Hold carries native values only, linear
  /// native and mm, c2/c4/d1 mm only, as printed; every row carries the issue-point count of its
  /// horizon (the protocol scores all predictors at the same points).
  public static func anchorProtocol(dataset: AnchorDataset) -> [ReferenceRow] {
    let tables = AnchorTables.tables(for: dataset)
    let section = "§3 Results, \(dataset.folder)"
    let provenance = ReferenceProvenance(
      document: anchorDocument, section: section, kind: .measured, nativeUnit: dataset.nativeUnit,
      millimetresPerUnit: dataset.millimetresPerUnit, scaleIsAssumption: true, note: dataset.scaleNote)
    func rows(
      _ predictor: ReferencePredictor, native: AnchorTables.Cells?, millimetres: AnchorTables.Cells?,
      note: String? = nil
    ) -> [ReferenceRow] {
      let columns = max(native?.count ?? 0, millimetres?.count ?? 0)
      return (0..<columns).map { column in
        let periods = AnchorTables.horizonPeriods[column]
        var rowProvenance = provenance
        if let note { rowProvenance.note = [provenance.note, note].compactMap { $0 }.joined(separator: "; ") }
        return ReferenceRow(
          predictor: predictor, dataset: dataset.folder, evaluationProtocol: .perSampleFixedHorizon,
          horizonSeconds: Double(periods) / 240, horizonLabel: horizonLabel(periods: periods),
          native: native.map { ReferenceStatistic(mean: $0[column].mean, p95: $0[column].p95) },
          millimetres: millimetres.map { ReferenceStatistic(mean: $0[column].mean, p95: $0[column].p95) },
          count: tables.issuePoints[column], provenance: rowProvenance)
      }
    }
    return rows(.hold, native: tables.hold, millimetres: nil)
      + rows(.linear, native: tables.linearNative, millimetres: tables.linearMillimetres)
      + rows(.ismKalman, native: nil, millimetres: tables.ismKalman)
      + rows(.ismKalmanCubic, native: nil, millimetres: tables.ismKalmanCubic, note: "diagnostic, not a shipped predictor")
      + rows(.androidTFLite, native: nil, millimetres: tables.androidTFLite,
             note: "stylus model without time input, 5 steps of 4.17 ms; outside its design below 120 Hz")
  }

  /// ``anchorProtocol(dataset:)`` for a dataset given by folder name; empty for an unknown name.
  public static func anchorProtocol(datasetFolder: String) -> [ReferenceRow] {
    AnchorDataset(folder: datasetFolder).map { anchorProtocol(dataset: $0) } ?? []
  }

  /// Henze et al. 2017, Table 1: 5 predictors × 3 tasks × 3 horizons = 45 rows, mean error in px,
  /// published; `count` is the number of kept windows of the protocol (the same for every
  /// predictor of a column).
  public static let henze2017: [ReferenceRow] = {
    let provenance = ReferenceProvenance(
      document: "Henze, Le, Mayer, Schwind, MobileHCI 2017 adjunct (shared/datasets/Henze2017-MobileHCI/SOURCE.md, Table.png)",
      section: "Table 1", kind: .published, nativeUnit: "px",
      millimetresPerUnit: Henze2017Table.millimetresPerPixel, scaleIsAssumption: false,
      note: "the paper: 10 mm = 127.20 px; the neural rows were trained on unpublished data; "
        + "hold and linear reproduced to 0.1 px by an independent re-implementation (SOURCE.md)")
    let labels = ["hold": "no extrapolation", "linear": "linear extrapolation (last step × j)"]
    var rows: [ReferenceRow] = []
    for (predictor, values) in Henze2017Table.means {
      var labelled = predictor
      if let label = labels[predictor.id] { labelled.label = label }
      for (taskIndex, task) in Henze2017Table.tasks.enumerated() {
        for (stepIndex, ahead) in Henze2017Table.samplesAhead.enumerated() {
          let column = taskIndex * 3 + stepIndex
          rows.append(ReferenceRow(
            predictor: labelled, dataset: AnchorDataset.henze2017.folder, subset: task,
            evaluationProtocol: .henze2017Windows, horizonSeconds: Double(ahead) / 60,
            horizonLabel: Henze2017Table.horizonLabels[stepIndex], samplesAhead: ahead,
            native: ReferenceStatistic(mean: values[column]), millimetres: nil,
            count: Henze2017Table.keptWindows[column], provenance: provenance))
        }
      }
    }
    return rows
  }()

  /// ANCHOR-PROTOCOL.md, "Apple UIKit predicted touches": for each lead bucket (1, 2, 3 periods of
  /// 240 Hz, then all), the Apple, hold and linear rows at the same anchors and targets.
  /// `horizonSeconds` is the bucket's mean lead.
  public static let appleRecordedPredictions: [ReferenceRow] = {
    let dataset = AnchorDataset.inkableApplePencil
    let provenance = ReferenceProvenance(
      document: anchorDocument, section: "Apple UIKit predicted touches (Inkable-ApplePencil)", kind: .measured,
      nativeUnit: dataset.nativeUnit, millimetresPerUnit: dataset.millimetresPerUnit, scaleIsAssumption: true,
      note: "each prediction scored against the truth at its own timestamp; warm-up (anchor index ≥ 4) and "
        + "end rules applied: \(AppleRecordedPredictionsTable.recordedPredictions) recorded → "
        + "\(AppleRecordedPredictionsTable.scoredPredictions) scored")
    var rows: [ReferenceRow] = []
    for bucket in AppleRecordedPredictionsTable.buckets {
      let range = "\(bucket.leadRange.0)–\(bucket.leadRange.1) ms"
      let label = bucket.periods.map { "bucket \($0) (\(range))" } ?? "all (\(range))"
      func row(_ predictor: ReferencePredictor, _ native: (mean: Double, p95: Double), mm: Double?) -> ReferenceRow {
        ReferenceRow(
          predictor: predictor, dataset: dataset.folder, evaluationProtocol: .recordedPredictionLeads,
          horizonSeconds: bucket.meanLead / 1000, horizonLabel: label, samplesAhead: bucket.periods,
          native: ReferenceStatistic(mean: native.mean, p95: native.p95),
          millimetres: mm.map { ReferenceStatistic(mean: $0) }, count: bucket.count, provenance: provenance)
      }
      rows.append(row(.appleUIKit, bucket.apple, mm: bucket.appleMillimetres))
      rows.append(row(.hold, bucket.hold, mm: nil))
      rows.append(row(.linear, bucket.linear, mm: bucket.linearMillimetres))
    }
    return rows
  }()

  /// Every reference row Lookahead ships.
  public static var all: [ReferenceRow] {
    AnchorDataset.allCases.flatMap { anchorProtocol(dataset: $0) } + henze2017 + appleRecordedPredictions
  }

  /// The rows comparable with a result under `evaluationProtocol` on `dataset` (folder name),
  /// optionally restricted to one subset and to horizons within `horizonTolerance` seconds.
  public static func matching(
    evaluationProtocol: ReferenceProtocol, dataset: String, subset: String? = nil,
    horizonSeconds: Double? = nil, horizonTolerance: Double = 0.0005
  ) -> [ReferenceRow] {
    all.filter { row in
      row.evaluationProtocol == evaluationProtocol && row.dataset == dataset
        && (subset == nil || row.subset == subset)
        && (horizonSeconds.map { abs(row.horizonSeconds - $0) <= horizonTolerance } ?? true)
    }
  }

  /// "4.17 ms" for one period of 240 Hz: the horizon rounded as §3's column headers print it.
  static func horizonLabel(periods: Int) -> String {
    let milliseconds = Double(periods) * 1000 / 240
    let hundredths = (milliseconds * 100).rounded()
    var text = String(Int(hundredths) / 100)
    let fraction = Int(hundredths) % 100
    if fraction != 0 {
      text += "." + (fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction))
    }
    return text + " ms"
  }
}
