/// The error-versus-latency-saved curve of a `sweep` (Docs/Evaluation.md, "Sweep"): per
/// predictor, one point per horizon at (mean effective latency saved, mean error), joined in
/// horizon order. A predictor further down and to the right hides more latency for less error.
///
/// Every point carries `data-predictor`, `data-horizon-ms`, `data-latency-saved-ms` and
/// `data-error` with the exact values of the ``SweepResult`` it was drawn from.
public enum ErrorLatencyFigure {
  public static func svg(_ dataset: SweepResult.DatasetCurves) -> SVGElement {
    let unit = dataset.curves.first?.points.first?.lengthUnit ?? "mm"
    let plotted = dataset.curves.map { curve in
      curve.points.filter { $0.errorMean?.isFinite == true && $0.latencySavedMeanMilliseconds?.isFinite == true }
    }
    let all = plotted.flatMap { $0 }
    let legendHeight = Double(dataset.curves.count) * 16
    let axes = ChartAxes(
      left: 60, top: 20, width: 420, height: 260,
      xValues: all.compactMap(\.latencySavedMeanMilliseconds), yValues: all.compactMap(\.errorMean),
      xLabel: "effective latency saved, mean (ms)", yLabel: "error, mean (\(unit))", xIncludesZero: true)
    var children = [axes.axes()]
    for (c, curve) in dataset.curves.enumerated() {
      let colour = ReportPalette.colour(c)
      var group = SVGElement(
        "g", [("class", "curve"), ("data-predictor", curve.label), ("data-specification", curve.specification)])
      let points = plotted[c]
      group.append(
        .polyline(
          points.map { (x: axes.x($0.latencySavedMeanMilliseconds ?? 0), y: axes.y($0.errorMean ?? 0)) },
          stroke: colour, width: 1.8))
      for point in points {
        let error = point.errorMean ?? 0
        let saved = point.latencySavedMeanMilliseconds ?? 0
        var circle = SVGElement.circle(
          x: axes.x(saved), y: axes.y(error), radius: 3, fill: colour,
          extra: [
            ("class", "point"), ("data-predictor", curve.label),
            ("data-horizon-ms", SVGElement.number(point.horizonMilliseconds)),
            ("data-latency-saved-ms", SVGElement.number(saved)), ("data-error", SVGElement.number(error)),
            ("data-unit", point.lengthUnit),
          ])
        circle.append(
          SVGElement(
            "title",
            text: "\(curve.label): horizon \(ReportFormat.number(point.horizonMilliseconds)) ms, saved "
              + "\(ReportFormat.number(saved)) ms, error \(ReportFormat.number(error)) \(point.lengthUnit)"))
        group.append(circle)
      }
      children.append(group)
      let legendY = 20 + Double(c) * 16
      children.append(.line(x1: 500, y1: legendY, x2: 518, y2: legendY, stroke: colour, width: 2.5))
      children.append(.text(curve.label, x: 524, y: legendY + 4, size: 11))
    }
    return .root(
      width: 680, height: max(330, 40 + legendHeight), title: "\(dataset.reference): error versus latency saved",
      figure: "error-latency", children: children)
  }
}
