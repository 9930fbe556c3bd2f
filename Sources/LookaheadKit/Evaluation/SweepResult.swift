/// The error-versus-latency-saved curve of `lookahead sweep`: per dataset and predictor, one
/// point per horizon (``HorizonSweep``).
public struct SweepResult: Sendable, Codable {
  public struct Point: Sendable, Hashable, Codable {
    public var horizonMilliseconds: Double
    public var predictions: Int
    /// `mm` when the trace has a scale, else the trace's unit.
    public var lengthUnit: String
    public var errorMean: Double?
    public var errorP95: Double?
    public var latencySavedMeanMilliseconds: Double?
    public var remainingLagMeanMilliseconds: Double?
    public var strokeEndOvershootP95: Double?

    /// The curve point of one horizon's scorecard.
    public init(horizonSeconds: Double, scorecard: Scorecard) {
      horizonMilliseconds = horizonSeconds * 1000
      predictions = scorecard.predictionCount
      let millimetres = scorecard.value(ScorecardColumn.errorMeanMillimetres) != nil
      let suffix = millimetres ? "_mm" : "_native"
      lengthUnit = millimetres ? "mm" : "native"
      errorMean = scorecard.value("error_mean" + suffix)
      errorP95 = scorecard.value("error_p95" + suffix)
      latencySavedMeanMilliseconds = scorecard.value(ScorecardColumn.latencySavedMeanMilliseconds)
      remainingLagMeanMilliseconds = scorecard.value(ScorecardColumn.remainingLagMeanMilliseconds)
      strokeEndOvershootP95 = scorecard.value("stroke_end_overshoot_p95" + suffix)
    }
  }

  public struct Curve: Sendable, Codable {
    public var label: String
    public var specification: String
    public var points: [Point]

    public init(label: String, specification: String, points: [Point]) {
      self.label = label
      self.specification = specification
      self.points = points
    }
  }

  public struct DatasetCurves: Sendable, Codable {
    public var reference: String
    public var source: String
    public var stepMilliseconds: Double
    public var curves: [Curve]

    public init(reference: String, source: String, stepMilliseconds: Double, curves: [Curve]) {
      self.reference = reference
      self.source = source
      self.stepMilliseconds = stepMilliseconds
      self.curves = curves
    }
  }

  public var provenance: ResultProvenance
  public var datasets: [DatasetCurves]

  public init(provenance: ResultProvenance, datasets: [DatasetCurves]) {
    self.provenance = provenance
    self.datasets = datasets
  }

  /// Per dataset, rows = horizons, and for each predictor its mean error and mean effective
  /// latency saved.
  public var text: String {
    datasets.map { dataset in
      let unit = dataset.curves.first?.points.first?.lengthUnit ?? "mm"
      var lines: [[String]] = [["horizon ms"]]
      for curve in dataset.curves {
        lines[0] += ["\(curve.label) error \(unit)", "saved ms"]
      }
      let horizons = dataset.curves.first?.points.map(\.horizonMilliseconds) ?? []
      for (h, horizon) in horizons.enumerated() {
        var line = [ComparisonTable.fixed(horizon, decimals: 2)]
        for curve in dataset.curves {
          let point = h < curve.points.count ? curve.points[h] : nil
          line.append(point?.errorMean.map(ComparisonTable.format) ?? "—")
          line.append(point?.latencySavedMeanMilliseconds.map(ComparisonTable.format) ?? "—")
        }
        lines.append(line)
      }
      return "\(dataset.reference): \(dataset.source), per-sample fixed horizon, step "
        + ComparisonTable.fixed(dataset.stepMilliseconds, decimals: 3) + " ms\n\n"
        + TextTable.render(lines, rightAligned: Set(0..<(1 + 2 * dataset.curves.count)))
    }.joined(separator: "\n\n")
  }

  /// Provenance lines, then one row per dataset, predictor and horizon.
  public var csv: String {
    var lines = provenance.csvCommentLines
    lines.append(
      "dataset,predictor,horizon_ms,predictions,length_unit,error_mean,error_p95,latency_saved_mean_ms,"
        + "remaining_lag_mean_ms,stroke_end_overshoot_p95")
    for dataset in datasets {
      for curve in dataset.curves {
        for p in curve.points {
          lines.append(
            [
              Scorecard.csvField(dataset.reference), Scorecard.csvField(curve.label), "\(p.horizonMilliseconds)",
              "\(p.predictions)", p.lengthUnit, Scorecard.csvNumber(p.errorMean), Scorecard.csvNumber(p.errorP95),
              Scorecard.csvNumber(p.latencySavedMeanMilliseconds), Scorecard.csvNumber(p.remainingLagMeanMilliseconds),
              Scorecard.csvNumber(p.strokeEndOvershootP95),
            ].joined(separator: ","))
        }
      }
    }
    return lines.joined(separator: "\n")
  }
}
