/// The trade-off a product team ships, drawn from a tune journal: the share of the latency each
/// trial hides (latency saved over the mean horizon) against its stroke-end overshoot p95, with the
/// side-effect front (``ParetoFront/indices(goals:)`` over latency saved, overshoot p95 and jitter
/// RMS, as `tune` prints it) joined, and other predictors scored through a device replay — the
/// recorded Apple predictions, TurboTouch — as labelled reference points (`Docs/Report.md`).
///
/// Trial marks carry `data-trial`, `data-hidden`, `data-overshoot-mm`, `data-jitter-mm` and
/// `data-front` (1 on the front); reference marks `data-reference`, `data-hidden`,
/// `data-overshoot-mm`. Hidden is a fraction (0.9 = 90 %).
public enum SideEffectFrontFigure {
  /// A predictor drawn as a point beside the trials.
  public struct Reference: Sendable, Hashable {
    public var label: String
    public var hiddenFraction: Double
    public var overshootP95Millimetres: Double
    public init(label: String, hiddenFraction: Double, overshootP95Millimetres: Double) {
      self.label = label
      self.hiddenFraction = hiddenFraction
      self.overshootP95Millimetres = overshootP95Millimetres
    }
  }

  static let savedColumn = ScorecardColumn.latencySavedMeanMilliseconds
  static let horizonColumn = ScorecardColumn.horizonMeanMilliseconds
  static let overshootColumn = ScorecardColumn.strokeEndOvershootP95Millimetres
  static let jitterColumn = ScorecardColumn.jitterRMSMillimetres

  /// The recorded platform predictions and TurboTouch of frame-replay results, each with its
  /// dataset in the label; subjects without the columns (no mm scale) are left out.
  public static func references(_ results: [EvaluationResult]) -> [Reference] {
    var references: [Reference] = []
    for result in results where result.evaluationProtocol == .frameReplay {
      for dataset in result.datasets {
        for subject in dataset.subjects
        where subject.kind == .recorded || subject.specification.hasPrefix(BaselinePredictors.turboTouch64Name) {
          let card = subject.scorecard
          guard let saved = card.value(savedColumn), let horizon = card.value(horizonColumn), horizon > 0,
            let overshoot = card.value(overshootColumn)
          else { continue }
          references.append(
            Reference(label: "\(subject.label) on \(dataset.reference)", hiddenFraction: saved / horizon,
                      overshootP95Millimetres: overshoot))
        }
      }
    }
    return references
  }

  /// Indices into `trials` of those on the side-effect front (trials lacking a goal left out).
  public static func frontTrials(_ trials: [TuningJournal.Trial]) -> [Int] {
    ParetoFront.indices(goals: trials.map { trial in
      guard trial.failure == nil, let saved = trial.metrics[savedColumn], let overshoot = trial.metrics[overshootColumn],
        let jitter = trial.metrics[jitterColumn]
      else { return [.nan] }
      return [-saved, overshoot, jitter]
    })
  }

  /// The figure, or nil when no trial recorded latency saved, horizon and overshoot (a per-sample
  /// objective's journal).
  public static func svg(trials: [TuningJournal.Trial], references: [Reference]) -> SVGElement? {
    let points = trials.enumerated().compactMap { i, trial -> (Int, TuningJournal.Trial, Double, Double)? in
      guard trial.failure == nil, let saved = trial.metrics[savedColumn], let horizon = trial.metrics[horizonColumn],
        horizon > 0, let overshoot = trial.metrics[overshootColumn]
      else { return nil }
      return (i, trial, saved / horizon, overshoot)
    }
    guard !points.isEmpty else { return nil }
    let front = Set(frontTrials(trials))
    let axes = ChartAxes(
      left: 60, top: 30, width: 420, height: 240,
      xValues: points.map { $0.2 * 100 } + references.map { $0.hiddenFraction * 100 },
      yValues: points.map(\.3) + references.map(\.overshootP95Millimetres),
      xLabel: "latency hidden (% of the horizon)", yLabel: "stroke-end overshoot p95 (mm)", xIncludesZero: false,
      yIncludesZero: true)
    var children: [SVGElement] = [
      .text("latency hidden vs stroke-end overshoot, side-effect front joined", x: 60, y: 18, size: 12,
            extra: [("font-weight", "bold")]),
      axes.axes(),
    ]
    let frontPoints = points.filter { front.contains($0.0) }.sorted { $0.2 < $1.2 }
    children.append(
      .polyline(frontPoints.map { (axes.x($0.2 * 100), axes.y($0.3)) }, stroke: ReportPalette.provisional, width: 1.2,
                extra: [("class", "front")]))
    for (i, trial, hidden, overshoot) in points {
      let onFront = front.contains(i)
      children.append(
        .circle(
          x: axes.x(hidden * 100), y: axes.y(overshoot), radius: onFront ? 4 : 2.5,
          fill: onFront ? ReportPalette.provisional : ReportPalette.colour(0),
          extra: [("class", onFront ? "trial front-member" : "trial"), ("data-trial", String(trial.index)),
                  ("data-hidden", SVGElement.number(hidden)), ("data-overshoot-mm", SVGElement.number(overshoot)),
                  ("data-jitter-mm", trial.metrics[jitterColumn].map(SVGElement.number) ?? ""),
                  ("data-front", onFront ? "1" : "0")]))
    }
    for (r, reference) in references.enumerated() {
      let x = axes.x(reference.hiddenFraction * 100), y = axes.y(reference.overshootP95Millimetres)
      children.append(
        .rect(x: x - 4, y: y - 4, width: 8, height: 8, fill: ReportPalette.colour(2 + r),
              extra: [("class", "reference"), ("data-reference", reference.label),
                      ("data-hidden", SVGElement.number(reference.hiddenFraction)),
                      ("data-overshoot-mm", SVGElement.number(reference.overshootP95Millimetres))]))
      children.append(.text(reference.label, x: x + 7, y: y - 6, size: 10))
    }
    return .root(
      width: 520, height: 310, title: "side-effect front: \(points.count) trials, \(references.count) reference points",
      figure: "side-effect-front", children: children)
  }
}
