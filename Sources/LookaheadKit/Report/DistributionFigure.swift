/// The distribution over strokes of stroke-end overshoot and of jitter (`Docs/Metrics.md`,
/// families `overshoot` and `jitter`), per predictor: one dot per stroke (a strip plot, which
/// hides nothing when there are few strokes, as on Inkable's five) and a bar at the scorecard's
/// aggregate (the mean over strokes for overshoot, the pooled RMS for jitter). Averages hide the strokes that spring past their end; this shows them.
///
/// Dots carry `data-predictor`, `data-stroke` (position in the scorecard's strokes), `data-metric`
/// and `data-value`; bars `data-aggregate`, exactly as in the ``Scorecard``.
public enum DistributionFigure {
  /// The per-stroke metrics shown, by base name (resolved to `_mm`, else `_native`).
  public static let metrics = ["stroke_end_overshoot_mean", "jitter_rms"]

  /// The column of `base` that `scorecards` carry per stroke: `_mm` when every scorecard has
  /// millimetre values, else `_native`.
  public static func column(_ base: String, in scorecards: [Scorecard]) -> String? {
    for suffix in ["_mm", "_native"] {
      let name = base + suffix
      if !scorecards.isEmpty,
        scorecards.allSatisfy({ card in card.strokes.indices.contains { card.value(name, stroke: $0) != nil } })
      {
        return name
      }
    }
    return nil
  }

  public static func svg(_ dataset: EvaluationResult.DatasetResult) -> SVGElement {
    let subjects = dataset.subjects
    let rowHeight = 26.0
    let panelWidth = 300.0
    let labelWidth = 110.0
    let plotHeight = max(rowHeight * Double(subjects.count), rowHeight)
    var children: [SVGElement] = []
    for (m, base) in metrics.enumerated() {
      let left = labelWidth + Double(m) * (panelWidth + labelWidth - 40)
      guard let name = column(base, in: subjects.map(\.scorecard)) else {
        children.append(.text("\(base): no per-stroke values", x: left, y: 40))
        continue
      }
      var values: [Double] = []
      for s in subjects {
        for k in s.scorecard.strokes.indices { if let v = s.scorecard.value(name, stroke: k) { values.append(v) } }
        if let a = s.scorecard.value(name) { values.append(a) }
      }
      let axes = ChartAxes(
        left: left, top: 24, width: panelWidth - 20, height: plotHeight, xValues: values, yValues: [0, 1],
        xLabel: name, yLabel: "", xIncludesZero: true)
      var group = SVGElement("g", [("class", "distribution"), ("data-metric", name)])
      group.append(.text(base.hasPrefix("stroke_end") ? "stroke-end overshoot per stroke" : "jitter (RMS) per stroke",
                         x: left, y: 14, size: 12, extra: [("font-weight", "bold")]))
      group.append(axesWithoutY(axes))
      for (r, subject) in subjects.enumerated() {
        let centre = 24 + rowHeight * (Double(r) + 0.5)
        let colour = ReportPalette.colour(r)
        group.append(.text(subject.label, x: left - 6, y: centre + 4, anchor: "end", size: 10.5))
        for k in subject.scorecard.strokes.indices {
          guard let v = subject.scorecard.value(name, stroke: k) else { continue }
          let offset = (Double(k % 5) - 2) * 2.2
          var dot = SVGElement.circle(
            x: axes.x(v), y: centre + offset, radius: 3, fill: colour,
            extra: [
              ("fill-opacity", "0.75"), ("class", "stroke-value"), ("data-predictor", subject.label),
              ("data-stroke", String(k)), ("data-metric", name), ("data-value", SVGElement.number(v)),
            ])
          dot.append(SVGElement("title", text: "\(subject.label), stroke \(k): \(ReportFormat.number(v))"))
          group.append(dot)
        }
        if let aggregate = subject.scorecard.value(name) {
          group.append(
            .line(
              x1: axes.x(aggregate), y1: centre - rowHeight * 0.4, x2: axes.x(aggregate), y2: centre + rowHeight * 0.4,
              stroke: "#000", width: 2,
              extra: [
                ("class", "aggregate"), ("data-predictor", subject.label), ("data-metric", name),
                ("data-aggregate", SVGElement.number(aggregate)),
              ]))
        }
      }
      children.append(group)
    }
    let width = labelWidth + 2 * (panelWidth + labelWidth - 40)
    let legendY = plotHeight + 70
    children.append(.circle(x: 20, y: legendY - 4, radius: 3, fill: "#555"))
    children.append(.text("one stroke", x: 28, y: legendY))
    children.append(.line(x1: 110, y1: legendY - 10, x2: 110, y2: legendY + 2, stroke: "#000", width: 2))
    children.append(.text("scorecard aggregate", x: 116, y: legendY))
    return .root(
      width: width, height: legendY + 12, title: "\(dataset.reference): overshoot and jitter per stroke",
      figure: "distribution", children: children)
  }

  /// The x axis only (the rows are predictors, labelled beside them).
  static func axesWithoutY(_ axes: ChartAxes) -> SVGElement {
    var group = SVGElement("g", [("class", "axes"), ("fill", "#333")])
    group.append(.rect(x: axes.left, y: axes.top, width: axes.width, height: axes.height, fill: "none",
                       extra: [("stroke", "#999")]))
    for tick in ChartAxes.ticks(axes.xDomain) {
      let px = axes.x(tick)
      group.append(.line(x1: px, y1: axes.top, x2: px, y2: axes.top + axes.height, stroke: "#eee"))
      group.append(.text(ChartAxes.label(tick), x: px, y: axes.top + axes.height + 14, anchor: "middle", size: 10))
    }
    group.append(.text(axes.xLabel, x: axes.left + axes.width / 2, y: axes.top + axes.height + 29, anchor: "middle"))
    return group
  }
}
