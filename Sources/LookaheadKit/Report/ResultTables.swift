/// The report's tables as XHTML `<table>` trees: predictors side by side (frame replay), per
/// horizon (per-sample protocols and sweeps), and a tune's best trials. The best value of each
/// column gets `class="best"` and a ★, by the column's own rule (``ComparisonTable/bestRows(column:)``
/// for scorecard columns, lowest error per horizon otherwise). Every value cell carries
/// `data-predictor`, `data-column` and `data-value` with the exact number it prints.
public enum ResultTables {
  /// Rows = the key metrics (`ComparisonTable.keyMetrics`), columns = predictors: a dozen metric
  /// names read down a page better than across it.
  public static func comparison(_ dataset: EvaluationResult.DatasetResult) -> SVGElement {
    let table = ComparisonTable(dataset.subjects.map { ($0.label, $0.scorecard) })
    var head = SVGElement("tr", children: [SVGElement("th", text: "metric")])
    for row in table.rows { head.append(SVGElement("th", [("data-predictor", row.label)], text: row.label)) }
    var body = SVGElement("tbody")
    for (c, column) in table.columns.enumerated() {
      let best = table.bestRows(column: c)
      var tr = SVGElement(
        "tr", [("data-column", column.name)],
        children: [SVGElement(
          "th", [("scope", "row"), ("title", "better: \(column.better.rawValue)")],
          text: column.name + Self.directionMark(column.better))])
      for (r, row) in table.rows.enumerated() {
        tr.append(valueCell(row.values[c], predictor: row.label, column: column.name, isBest: best.contains(r)))
      }
      body.append(tr)
    }
    return SVGElement(
      "table", [("class", "results"), ("data-table", "comparison"), ("data-dataset", dataset.reference)],
      children: [SVGElement("thead", children: [head]), body])
  }

  /// Per-sample protocol rows: rows = predictors (references marked), columns = horizons (and
  /// subsets), cells = mean error in mm (`millimetres`) or in the trace's unit. References often
  /// publish only one of the two, so a report shows a table for each unit any row has.
  public static func protocolRows(_ dataset: EvaluationResult.DatasetResult, millimetres: Bool) -> SVGElement {
    let rows = dataset.protocolRows
    var keys: [String] = []
    for row in rows {
      for score in row.scores {
        let key = scoreKey(score)
        if !keys.contains(key) { keys.append(key) }
      }
    }
    func value(_ row: ProtocolRow, _ key: String) -> Double? {
      guard let score = row.scores.first(where: { scoreKey($0) == key }) else { return nil }
      return millimetres ? score.meanMillimetres : score.meanNative
    }
    let unit = millimetres ? "mm" : dataset.coordinateUnit
    var head = SVGElement("tr", children: [SVGElement("th", text: "mean error (\(unit))")])
    for key in keys { head.append(SVGElement("th", [("data-column", key)], text: key)) }
    var body = SVGElement("tbody")
    let best = keys.map { key in protocolBestIndices(rows.map { value($0, key) }, isReference: rows.map(\.isReference)) }
    for (r, row) in rows.enumerated() {
      let label = row.isReference ? row.label + " [ref]" : row.label
      var tr = SVGElement(
        "tr", row.isReference ? [("class", "reference")] : [],
        children: [SVGElement("th", [("scope", "row")] + (row.provenance.map { [("title", $0)] } ?? []), text: label)])
      for (k, key) in keys.enumerated() {
        tr.append(valueCell(value(row, key), predictor: row.label, column: key, isBest: best[k].contains(r)))
      }
      body.append(tr)
    }
    return SVGElement(
      "table",
      [("class", "results"), ("data-table", "protocol"), ("data-dataset", dataset.reference),
       ("data-unit", millimetres ? "mm" : "native")],
      children: [SVGElement("thead", children: [head]), body])
  }

  /// A sweep per horizon: rows = horizons, per predictor its mean error and latency saved; the
  /// lowest error at each horizon is marked.
  public static func sweep(_ dataset: SweepResult.DatasetCurves) -> SVGElement {
    let unit = dataset.curves.first?.points.first?.lengthUnit ?? "mm"
    var head = SVGElement("tr", children: [SVGElement("th", text: "horizon (ms)")])
    for curve in dataset.curves {
      head.append(SVGElement("th", [("data-column", "error_mean")], text: "\(curve.label) error (\(unit))"))
      head.append(SVGElement("th", [("data-column", ScorecardColumn.latencySavedMeanMilliseconds)], text: "\(curve.label) saved (ms)"))
    }
    var body = SVGElement("tbody")
    let count = dataset.curves.map(\.points.count).max() ?? 0
    for h in 0..<count {
      let points = dataset.curves.map { h < $0.points.count ? $0.points[h] : nil }
      guard let horizon = points.compactMap({ $0?.horizonMilliseconds }).first else { continue }
      let best = bestIndices(points.map { $0?.errorMean })
      var tr = SVGElement(
        "tr", [("data-horizon-ms", SVGElement.number(horizon))],
        children: [SVGElement("th", [("scope", "row")], text: ReportFormat.number(horizon))])
      for (c, curve) in dataset.curves.enumerated() {
        tr.append(valueCell(points[c]?.errorMean, predictor: curve.label, column: "error_mean", isBest: best.contains(c)))
        tr.append(
          valueCell(points[c]?.latencySavedMeanMilliseconds, predictor: curve.label, column: ScorecardColumn.latencySavedMeanMilliseconds, isBest: false))
      }
      body.append(tr)
    }
    return SVGElement(
      "table", [("class", "results"), ("data-table", "sweep"), ("data-dataset", dataset.reference)],
      children: [SVGElement("thead", children: [head]), body])
  }

  /// A tune's trials, best objective first (at most `limit`), with parameter values and metrics.
  public static func tuningTrials(
    header: TuningJournal.Header, trials: [TuningJournal.Trial], limit: Int = 10
  ) -> SVGElement {
    let ranked = trials.filter { $0.objective?.isFinite == true }
      .sorted { ($0.objective ?? .infinity, $0.index) < ($1.objective ?? .infinity, $1.index) }
    let metricNames = Array(Set(trials.flatMap(\.metrics.keys))).sorted()
    var head = SVGElement("tr", children: [SVGElement("th", text: "trial"), SVGElement("th", text: "objective")])
    for dimension in header.space.dimensions { head.append(SVGElement("th", text: dimension.name)) }
    for name in metricNames { head.append(SVGElement("th", text: name)) }
    var body = SVGElement("tbody")
    for (rank, trial) in ranked.prefix(limit).enumerated() {
      var tr = SVGElement(
        "tr", [("data-trial", String(trial.index))],
        children: [SVGElement("th", [("scope", "row")], text: String(trial.index))])
      tr.append(valueCell(trial.objective, predictor: "trial \(trial.index)", column: "objective", isBest: rank == 0))
      for (d, dimension) in header.space.dimensions.enumerated() {
        tr.append(
          valueCell(d < trial.values.count ? trial.values[d] : nil, predictor: "trial \(trial.index)", column: dimension.name, isBest: false))
      }
      for name in metricNames {
        tr.append(valueCell(trial.metrics[name], predictor: "trial \(trial.index)", column: name, isBest: false))
      }
      body.append(tr)
    }
    return SVGElement(
      "table", [("class", "results"), ("data-table", "tuning")],
      children: [SVGElement("thead", children: [head]), body])
  }

  /// `↓` lower is better, `↑` higher, `→0` closer to zero, nothing for context columns.
  static func directionMark(_ better: BetterDirection) -> String {
    switch better {
    case .lower: " ↓"
    case .higher: " ↑"
    case .closerToZero: " →0"
    case .none: ""
    }
  }

  /// One value cell; the best gets `class="best"` and a ★.
  static func valueCell(_ value: Double?, predictor: String, column: String, isBest: Bool) -> SVGElement {
    var attributes: [(String, String)] = [("data-predictor", predictor), ("data-column", column)]
    if let value, value.isFinite { attributes.append(("data-value", SVGElement.number(value))) }
    if isBest { attributes.append(("class", "best")) }
    return SVGElement("td", attributes, text: ReportFormat.number(value) + (isBest ? " ★" : ""))
  }

  /// Indices of the lowest finite values (all ties), none when fewer than two values exist.
  static func bestIndices(_ values: [Double?]) -> Set<Int> {
    let finite = values.enumerated().compactMap { i, v in v.flatMap { $0.isFinite ? (i, $0) : nil } }
    guard finite.count > 1, let low = finite.map(\.1).min() else { return [] }
    return Set(finite.filter { $0.1 == low }.map(\.0))
  }

  /// The rows of a protocol column that print the lowest mean, every one of them: a reference
  /// row is published to three significant digits (`0.173`), so it ties with any row whose mean
  /// prints the same at three digits (our `0.1735`), and two of our rows tie when they print the
  /// same four digits. Ranking the published `0.173` against our unrounded `0.17349` starred
  /// whichever side rounding favoured; `ProtocolTable` (the `compare` text) follows the same rule.
  static func protocolBestIndices(_ values: [Double?], isReference: [Bool]) -> Set<Int> {
    let lowest = bestIndices(values)
    guard !lowest.isEmpty else { return [] }
    func printed(_ value: Double, coarse: Bool) -> String {
      coarse ? ComparisonTable.format(value) : ReportFormat.number(value)
    }
    var best = lowest
    for (r, v) in values.enumerated() {
      guard let v, v.isFinite, !best.contains(r) else { continue }
      if lowest.contains(where: { b in
        let coarse = isReference[r] || isReference[b]
        return printed(v, coarse: coarse) == printed(values[b]!, coarse: coarse)
      }) {
        best.insert(r)
      }
    }
    return best
  }

  static func scoreKey(_ score: ProtocolScore) -> String {
    (score.subset.map { $0 + " " } ?? "") + score.horizonLabel
  }
}
