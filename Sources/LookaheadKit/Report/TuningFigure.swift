import Foundation

/// A tune journal (``TuningJournal``) drawn three ways: the objective of every trial in the order
/// run, with the best so far (did the search converge?); per parameter, the objective against the
/// parameter's value (sensitivity: a flat cloud means the parameter hardly matters here); and,
/// when trials recorded mean error and latency saved, the error-versus-latency-saved trade-off
/// with its Pareto front (``ParetoFront``) joined.
///
/// Trial marks carry `data-trial` and `data-objective` (and `data-value` in the sensitivity
/// panels, `data-error`/`data-latency-saved-ms`/`data-pareto` in the trade-off panel).
public enum TuningFigure {
  /// The error metric name the trade-off panel uses, if every feasible trial has it.
  public static func errorMetric(_ trials: [TuningJournal.Trial]) -> String? {
    [ScorecardColumn.errorMeanMillimetres, ScorecardColumn.errorMeanTraceUnits].first { name in
      let withObjective = trials.filter { $0.objective?.isFinite == true }
      return !withObjective.isEmpty && withObjective.allSatisfy { $0.metrics[name]?.isFinite == true }
        && withObjective.allSatisfy { $0.metrics[ScorecardColumn.latencySavedMeanMilliseconds]?.isFinite == true }
    }
  }

  /// Indices into `trials` of the Pareto-optimal ones (lowest error, most latency saved).
  public static func paretoTrials(_ trials: [TuningJournal.Trial]) -> [Int] {
    guard let error = errorMetric(trials) else { return [] }
    let costs = trials.map { $0.objective?.isFinite == true ? ($0.metrics[error] ?? .nan) : .nan }
    let benefits = trials.map { $0.metrics[ScorecardColumn.latencySavedMeanMilliseconds] ?? .nan }
    return ParetoFront.indices(costs: costs, benefits: benefits)
  }

  public static func svg(header: TuningJournal.Header, trials: [TuningJournal.Trial]) -> SVGElement {
    let feasible = trials.filter { $0.objective?.isFinite == true }
    var children: [SVGElement] = []
    // Panel 1: objective per trial, with the best so far.
    let axes = ChartAxes(
      left: 60, top: 30, width: 300, height: 180, xValues: trials.map { Double($0.index) },
      yValues: feasible.compactMap(\.objective), xLabel: "trial", yLabel: "objective (lower is better)",
      xIncludesZero: true, yIncludesZero: false)
    var progress = SVGElement("g", [("class", "progress")])
    progress.append(.text("objective per trial: \(header.objective)", x: 60, y: 18, size: 12, extra: [("font-weight", "bold")]))
    progress.append(axes.axes())
    var bestSoFar: [(x: Double, y: Double)] = []
    var best = Double.infinity
    let bestTrial = feasible.min { ($0.objective ?? .infinity, $0.index) < ($1.objective ?? .infinity, $1.index) }
    for trial in trials.sorted(by: { $0.index < $1.index }) {
      guard let objective = trial.objective, objective.isFinite else { continue }
      best = min(best, objective)
      bestSoFar.append((axes.x(Double(trial.index)), axes.y(best)))
      let isBest = trial.index == bestTrial?.index
      progress.append(
        .circle(
          x: axes.x(Double(trial.index)), y: axes.y(objective), radius: isBest ? 4.5 : 2.5,
          fill: isBest ? ReportPalette.provisional : ReportPalette.colour(0),
          extra: [("class", isBest ? "trial best" : "trial"), ("data-trial", String(trial.index)),
                  ("data-objective", SVGElement.number(objective))]))
    }
    progress.append(.polyline(bestSoFar, stroke: ReportPalette.provisional, width: 1.2, extra: [("class", "best-so-far")]))
    children.append(progress)

    // Panel 2: the trade-off and its Pareto front.
    var height = 250.0
    if let error = errorMetric(trials) {
      let points = trials.enumerated().filter { $0.element.objective?.isFinite == true }
      let front = Set(paretoTrials(trials))
      let trade = ChartAxes(
        left: 450, top: 30, width: 300, height: 180,
        xValues: points.compactMap { $0.element.metrics[ScorecardColumn.latencySavedMeanMilliseconds] },
        yValues: points.compactMap { $0.element.metrics[error] },
        xLabel: "latency saved, mean (ms)", yLabel: error, xIncludesZero: false, yIncludesZero: true)
      var group = SVGElement("g", [("class", "pareto")])
      group.append(.text("trade-off and Pareto front", x: 450, y: 18, size: 12, extra: [("font-weight", "bold")]))
      group.append(trade.axes())
      let frontPoints = paretoTrials(trials).map { trials[$0] }
      group.append(
        .polyline(
          frontPoints.map {
            (trade.x($0.metrics[ScorecardColumn.latencySavedMeanMilliseconds] ?? 0), trade.y($0.metrics[error] ?? 0))
          },
          stroke: ReportPalette.provisional, width: 1.5, extra: [("class", "front")]))
      for (i, trial) in points {
        let saved = trial.metrics[ScorecardColumn.latencySavedMeanMilliseconds] ?? 0
        let e = trial.metrics[error] ?? 0
        let onFront = front.contains(i)
        group.append(
          .circle(
            x: trade.x(saved), y: trade.y(e), radius: onFront ? 4 : 2.5,
            fill: onFront ? ReportPalette.provisional : ReportPalette.colour(0),
            extra: [("class", onFront ? "trial front-member" : "trial"), ("data-trial", String(trial.index)),
                    ("data-error", SVGElement.number(e)), ("data-latency-saved-ms", SVGElement.number(saved)),
                    ("data-pareto", onFront ? "1" : "0")]))
      }
      children.append(group)
    }

    // Panels 3…: sensitivity, objective against each parameter.
    let dimensions = header.space.dimensions
    for (d, dimension) in dimensions.enumerated() {
      let left = 60 + Double(d % 3) * 260
      let top = 290 + Double(d / 3) * 230
      let values = feasible.compactMap { d < $0.values.count ? $0.values[d] : nil }
      let logScale = dimension.scale == .log && values.allSatisfy { $0 > 0 }
      func position(_ v: Double) -> Double { logScale ? Foundation.log10(v) : v }
      let panel = ChartAxes(
        left: left, top: top, width: 190, height: 150, xValues: values.map(position),
        yValues: feasible.compactMap(\.objective),
        xLabel: dimension.name + (logScale ? " (log10)" : ""), yLabel: "objective", xIncludesZero: false,
        yIncludesZero: false)
      var group = SVGElement("g", [("class", "sensitivity"), ("data-parameter", dimension.name)])
      group.append(panel.axes())
      for trial in feasible where d < trial.values.count {
        let v = trial.values[d]
        group.append(
          .circle(
            x: panel.x(position(v)), y: panel.y(trial.objective ?? 0), radius: 2.5,
            fill: trial.index == bestTrial?.index ? ReportPalette.provisional : ReportPalette.colour(2),
            extra: [("data-trial", String(trial.index)), ("data-value", SVGElement.number(v)),
                    ("data-objective", SVGElement.number(trial.objective ?? 0))]))
      }
      children.append(group)
      height = max(height, top + 200)
    }
    return .root(
      width: 800, height: height,
      title: "tune of \(header.predictor): \(trials.count) trials, \(header.strategy)", figure: "tuning",
      children: children)
  }
}
