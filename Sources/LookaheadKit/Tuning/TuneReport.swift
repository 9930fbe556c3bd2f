import Foundation
import LookaheadRuntime

/// What `lookahead tune` prints and records: a human table, and a JSON result file with
/// everything that produced it (``ResultProvenance``: command line, version, datasets and their
/// checksums, unit, profile, split and writers, objective, seed, fixed and searched values) beside
/// the results. `lookahead export --from-tune` reads it.
public struct TuneReport: Sendable, Codable {
  public struct HorizonScore: Sendable, Codable {
    public var horizonMilliseconds: Double
    public var issuePoints: Int
    public var mean: Double
    public var p95: Double
  }

  public struct SearchSummary: Sendable, Codable {
    public var label: String
    public var trainWriters: [String]
    public var trials: Int
    public var failedTrials: Int
    /// Trials that finished but broke the objective's bounds (never chosen as best).
    public var infeasibleTrials: Int
    public var bestTrial: Int
    public var bestObjective: Double
    public var bestSpecification: String
  }

  public struct ParetoRow: Sendable, Codable {
    public var trial: Int
    public var errorMeanMillimetres: Double
    public var latencySavedMilliseconds: Double
    public var specification: String
  }

  /// A point of the side-effect front (``TuneRun/TradeOffPoint``).
  public struct TradeOffRow: Sendable, Codable {
    public var trial: Int
    public var feasible: Bool
    public var latencySavedMilliseconds: Double
    public var latencyHiddenFraction: Double?
    public var overshootP95Millimetres: Double
    public var jitterRMSMillimetres: Double
    public var wrongDirectionFraction: Double?
    public var wrongOrientationP95Degrees: Double?
    public var errorMeanMillimetres: Double?
    public var specification: String
  }

  public var format = "lookahead-tune-result"
  /// 2: ``provenance`` is the shared ``ResultProvenance`` (unit, device, writers, fixed values).
  public var formatVersion = 2
  public var provenance: ResultProvenance
  public var predictor: String
  public var parameters: [String]
  public var objective: String
  public var split: String
  public var strategy: String
  public var trials: Int
  public var seed: UInt64
  public var profile: String
  public var lengthUnit: String
  public var best: SearchSummary
  public var folds: [SearchSummary]
  /// Scored on writers the search never saw, per anchor horizon.
  public var heldOutWriters: [String]
  public var heldOut: [HorizonScore]
  public var heldOutObjective: Double?
  public var pareto: [ParetoRow]
  /// The side-effect front: latency saved against stroke-end overshoot p95 and jitter RMS
  /// (``TuneRun/TradeOffPoint``), most latency saved first; nil in results from before it.
  public var tradeOff: [TradeOffRow]?
  /// The written configuration, exactly (`lookahead export --from-tune` reads it); nil for a
  /// predictor that cannot be exported.
  public var bestConfiguration: PredictorConfiguration?
  /// The written configuration's catalog entry and every parameter value as exact text, which
  /// configure it again (`lookahead export --from-tune RESULT` does).
  public var bestCatalogName: String?
  public var bestParameters: [String: String]?

  public init(outcome: TuneRun.Outcome, request: TuneRun.Request, provenance: ResultProvenance) {
    self.provenance = outcome.provenance ?? provenance
    tradeOff = outcome.tradeOff.map {
      TradeOffRow(
        trial: $0.trial, feasible: $0.feasible, latencySavedMilliseconds: $0.latencySavedMilliseconds,
        latencyHiddenFraction: $0.latencyHiddenFraction, overshootP95Millimetres: $0.overshootP95Millimetres,
        jitterRMSMillimetres: $0.jitterRMSMillimetres, wrongDirectionFraction: $0.wrongDirectionFraction,
        wrongOrientationP95Degrees: $0.wrongOrientationP95Degrees, errorMeanMillimetres: $0.errorMeanMillimetres,
        specification: $0.specification)
    }
    predictor = request.predictor
    parameters = outcome.searchSpace.dimensions.map { "\($0.name)=\($0.lowerBound)..\($0.upperBound) (\($0.scale.rawValue)\($0.isInteger ? ", integer" : ""))" }
    objective = request.objective.description
    split = request.split?.description ?? "none (separate test data)"
    strategy = request.strategy.rawValue
    trials = request.trials
    seed = request.seed
    profile = request.profile.name
    lengthUnit = outcome.lengthUnit
    func summary(_ s: TuneRun.Search) -> SearchSummary {
      SearchSummary(
        label: s.label, trainWriters: s.trainWriters, trials: s.trials.count,
        failedTrials: s.trials.filter { $0.objective == nil }.count,
        infeasibleTrials: s.trials.filter { $0.infeasible != nil }.count, bestTrial: s.best.index,
        bestObjective: s.best.objective ?? .nan, bestSpecification: s.bestPredictor.specification)
    }
    best = summary(outcome.final)
    folds = outcome.folds.map(summary)
    heldOutWriters = outcome.heldOut.writers
    heldOut = outcome.heldOut.scores.map { score in
      var ms = 0.0
      if case .seconds(let s) = score.horizon { ms = s * 1000 }
      return HorizonScore(horizonMilliseconds: ms, issuePoints: score.issuePoints, mean: score.meanError, p95: score.p95Error)
    }
    heldOutObjective = outcome.heldOut.objective
    bestConfiguration = outcome.final.bestPredictor.configuration
    bestCatalogName = outcome.final.bestPredictor.name
    bestParameters = outcome.final.bestPredictor.values.reduce(into: [:]) { $0[$1.name] = $1.value.exactText }
    pareto = outcome.pareto.map {
      ParetoRow(trial: $0.trial, errorMeanMillimetres: $0.errorMeanMillimetres, latencySavedMilliseconds: $0.latencySavedMilliseconds, specification: $0.specification)
    }
  }

  /// The JSON result file.
  public func jsonData() throws -> Data {
    try ResultJSON.encode(self)
  }

  /// The human summary.
  public var text: String {
    func f(_ v: Double) -> String { String(format: "%.4g", v) }
    var lines: [String] = []
    lines.append("tune \(predictor)  objective \(objective)  strategy \(strategy)  seed \(seed)  split \(split)")
    for s in folds {
      // A tune fits nothing: each fold's configuration was searched on its writers' strokes.
      lines.append("  \(s.label): searched on \(s.trainWriters.count) \(s.trainWriters.count == 1 ? "writer" : "writers"), best trial \(s.bestTrial) objective \(f(s.bestObjective)): \(s.bestSpecification)")
    }
    lines.append("best (\(best.label), \(best.trials) trials, \(best.failedTrials) failed, \(best.infeasibleTrials) infeasible): trial \(best.bestTrial), objective \(f(best.bestObjective))")
    lines.append("  \(best.bestSpecification)")
    lines.append("")
    // Separate test data lists no held-out writers here; its writers are the provenance's.
    let weightsNote = WeightsFittedWriters.heldOutText(
      heldOutWriters.isEmpty ? provenance.testWriters ?? [] : heldOutWriters, provenance: provenance
    ).map { "; " + $0 } ?? ""
    if provenance.crossFittedWriters != nil {
      lines.append(
        "cross-fitted writers (each scored by the configuration its fold searched without it; the best "
          + "configuration above was searched on all of them): \(WriterListText.joined(heldOutWriters))" + weightsNote)
    } else {
      lines.append(
        heldOutWriters.isEmpty
          ? "held-out writers (never seen by the search): separate test data"
          : HeldOutWritersLine.text(heldOutWriters, never: "never seen by the search", provenance: provenance) + weightsNote)
    }
    if let heldOutObjective { lines.append("held-out objective: \(f(heldOutObjective))") }
    lines.append("horizon ms   issue points   mean \(lengthUnit)   p95 \(lengthUnit)")
    for h in heldOut {
      lines.append(
        String(format: "%10.2f   %12d   %9.4f   %9.4f", h.horizonMilliseconds, h.issuePoints, h.mean, h.p95))
    }
    lines.append("")
    if pareto.isEmpty {
      lines.append("Pareto front: no trial had both error and latency saved")
    } else {
      lines.append("Pareto front, error vs effective latency saved (\(profile), search data):")
      lines.append("trial   error mean mm   latency saved ms   configuration")
      for p in pareto {
        lines.append(String(format: "%5d   %13.4f   %16.3f   ", p.trial, p.errorMeanMillimetres, p.latencySavedMilliseconds) + p.specification)
      }
    }
    lines.append("")
    lines += tradeOffLines
    return lines.joined(separator: "\n")
  }

  /// The side-effect front as a table: what each trial hides against what it shows wrong.
  var tradeOffLines: [String] {
    guard let tradeOff, !tradeOff.isEmpty else {
      return ["Side-effect front: no trial had latency saved, stroke-end overshoot and jitter in mm"]
    }
    func cell(_ v: Double?, width: Int) -> String {
      let text = v.map { String(format: "%.1f", $0) } ?? "-"
      return String(repeating: " ", count: max(0, width - text.count)) + text
    }
    var lines = [
      "Side-effect front, latency saved vs stroke-end overshoot p95 and jitter RMS (\(profile), search data; * = within the objective's bounds):",
      "trial   saved ms   hidden %   overshoot p95 mm   jitter rms mm   wrong dir %   orient p95 °   configuration",
    ]
    for p in tradeOff {
      lines.append(
        String(format: "%5d", p.trial) + (p.feasible ? "*" : " ")
          + String(format: "  %8.3f   ", p.latencySavedMilliseconds)
          + cell(p.latencyHiddenFraction.map { $0 * 100 }, width: 8)
          + String(format: "   %16.3f   %13.3f   ", p.overshootP95Millimetres, p.jitterRMSMillimetres)
          + cell(p.wrongDirectionFraction.map { $0 * 100 }, width: 11) + "   "
          + cell(p.wrongOrientationP95Degrees, width: 12) + "   " + p.specification)
    }
    return lines
  }
}
