import Foundation

/// What a tune minimises, named on the command line as `--objective NAME[:key=value,…]`
/// (`Docs/Tuning.md`, "Objectives"). Lower is always better; objectives that reward something
/// (latency saved) negate it.
///
/// Two are scored by the per-sample anchor protocol (``PerSampleReplay``, `ANCHOR-PROTOCOL.md`
/// §1), which is fast and compares with the reference rows; two through a device replay
/// (``Evaluator`` with a ``DeviceProfile``), which is what an app would see.
public enum TuningObjective: Sendable, Hashable, CustomStringConvertible {
  /// Mean or p95 Euclidean error at fixed horizons (seconds), per-sample protocol, in mm (trace
  /// units when a stroke's scale is unknown). With several horizons, the average over them.
  case error(statistic: ErrorStatistic, horizons: [Double])
  /// Mean or p95 Euclidean error at each frame's presentation time, through the device replay:
  /// what the device would show (`error:horizon=frame`; `error_mean_mm` or `error_p95_mm` of the
  /// scorecard, trace units when the scale is unknown). The default with `--profile`, since the
  /// horizons that matter are the device's, not fixed ones.
  case frameError(statistic: ErrorStatistic)
  /// The most effective latency saved (`latency_saved_mean_ms`) whose side effects stay within
  /// bounds (`stroke_end_overshoot_p95_mm`, `jitter_rms_mm`, `wrong_direction_fraction`,
  /// `wrong_orientation_p95_deg`), through a device replay: the product objective, what a team
  /// ships once it has said how much of each side effect a user may see. A bound of `nil` is not
  /// checked. Feasible: −latency saved (ms).
  /// Infeasible: ``infeasiblePenalty`` plus the sum of each violated bound's relative excess, so
  /// any feasible configuration beats any infeasible one and the search is still led towards
  /// feasibility.
  case latency(
    overshootP95Millimetres: Double?, jitterRMSMillimetres: Double?, wrongDirectionFraction: Double?,
    wrongOrientationP95Degrees: Double? = nil)
  /// TurboTouch's normalised cost (Nancel et al. 2018; `TurboTouchCost`).
  case turboTouch(TurboTouchCost.Settings)
  /// Σ weight × scorecard column, through a device replay; negative weights reward a column.
  case weighted([WeightedColumn])

  public enum ErrorStatistic: String, Sendable, Hashable, CaseIterable {
    case mean, p95
  }

  public struct WeightedColumn: Sendable, Hashable {
    public var column: String
    public var weight: Double
    public init(column: String, weight: Double) {
      self.column = column
      self.weight = weight
    }
  }

  /// Added to an infeasible `latency` trial (ms; far beyond any latency a prediction saves).
  public static let infeasiblePenalty = 1000.0

  /// The side-effect bounds a `latency` objective sets, each with the scorecard column it bounds
  /// (bounds given as `none` left out); empty for the other objectives. The evaluator checks them
  /// and a tune with no feasible trial reports them, from this one list.
  public var bounds: [(column: String, bound: Double)] {
    guard case .latency(let overshoot, let jitter, let wrongDirection, let orientation) = self else { return [] }
    return [
      (ScorecardColumn.strokeEndOvershootP95Millimetres, overshoot), (ScorecardColumn.jitterRMSMillimetres, jitter),
      (ScorecardColumn.wrongDirectionFraction, wrongDirection), (ScorecardColumn.wrongOrientationP95Degrees, orientation),
    ].compactMap { column, bound in bound.map { (column, $0) } }
  }

  /// Which horizons the objective scores, as ``ResultProvenance/horizonPolicy`` records it:
  /// `presentation-time` through the device replay, or `fixed:MS;…` per sample.
  public var horizonPolicy: String {
    switch self {
    case .error(_, let horizons): "fixed:" + horizons.map { "\($0 * 1000)" }.joined(separator: ";")
    case .turboTouch(let settings): "fixed:\(settings.horizonSeconds * 1000)"
    case .frameError, .latency, .weighted: "presentation-time"
    }
  }

  /// The names, for help texts.
  public static let names = ["error", "latency", "turbotouch", "weighted"]

  /// Whether the objective needs a device replay (and so a profile).
  public var usesReplay: Bool {
    switch self {
    case .error, .turboTouch: false
    case .frameError, .latency, .weighted: true
    }
  }

  public struct ParseError: Error, Equatable, CustomStringConvertible {
    public var text: String
    public var problem: String
    public var description: String {
      "--objective \(text): \(problem). Forms: error[:statistic=mean|p95,horizon=MS|anchor|frame] | "
        + "latency[:overshoot=MM,jitter=MM,wrong-direction=FRACTION,orientation=DEG] | "
        + "turbotouch[:horizon=MS,w1=1,w2=1,w3=1,cutoff=HZ,jitter-low=MM,jitter-high=MM] | "
        + "weighted:COLUMN=WEIGHT,…"
    }
  }

  /// Parses `NAME[:key=value,…]`.
  public init(parsing text: String) throws(ParseError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let parts = trimmed.split(separator: ":", maxSplits: 1).map(String.init)
    let name = parts.first ?? ""
    var settings: [(key: String, value: String)] = []
    if parts.count == 2 {
      for item in parts[1].split(separator: ",") {
        let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else {
          throw ParseError(text: text, problem: "\"\(item)\" is not key=value")
        }
        settings.append((pair[0], pair[1]))
      }
    }
    func number(_ key: String, _ value: String, _ range: ClosedRange<Double>) throws(ParseError) -> Double {
      guard let v = Double(value), v.isFinite, range.contains(v) else {
        throw ParseError(text: text, problem: "\(key) must be a number in \(range.lowerBound)…\(range.upperBound), got \"\(value)\"")
      }
      return v
    }
    func unknown(_ key: String, _ known: [String]) -> ParseError {
      ParseError(text: text, problem: "\(name) has no setting \"\(key)\" (settings: \(known.joined(separator: ", ")))")
    }
    switch name {
    case "error":
      var statistic = ErrorStatistic.mean
      var horizons = FixedHorizon.anchorSeconds
      var atFrames = false
      for (key, value) in settings {
        switch key {
        case "statistic":
          guard let s = ErrorStatistic(rawValue: value) else {
            throw ParseError(text: text, problem: "statistic must be mean or p95, got \"\(value)\"")
          }
          statistic = s
        case "horizon":
          atFrames = value == "frame"
          if !atFrames {
            horizons = value == "anchor" ? FixedHorizon.anchorSeconds : [try number(key, value, 0.001...1000) / 1000]
          }
        default: throw unknown(key, ["statistic", "horizon"])
        }
      }
      self = atFrames ? .frameError(statistic: statistic) : .error(statistic: statistic, horizons: horizons)
    case "latency":
      var overshoot: Double? = 1.0, jitter: Double? = 0.5, wrong: Double? = 0.05, orientation: Double? = nil
      for (key, value) in settings {
        let v: Double? = value == "none" ? nil : try number(key, value, 0...1e6)
        switch key {
        case "overshoot": overshoot = v
        case "jitter": jitter = v
        case "wrong-direction": wrong = v
        case "orientation": orientation = v
        default: throw unknown(key, ["overshoot", "jitter", "wrong-direction", "orientation"])
        }
      }
      self = .latency(
        overshootP95Millimetres: overshoot, jitterRMSMillimetres: jitter, wrongDirectionFraction: wrong,
        wrongOrientationP95Degrees: orientation)
    case "turbotouch":
      var s = TurboTouchCost.Settings()
      for (key, value) in settings {
        switch key {
        case "horizon": s.horizonSeconds = try number(key, value, 0.001...1000) / 1000
        case "w1": s.meanWeight = try number(key, value, 0...1e6)
        case "w2": s.maxWeight = try number(key, value, 0...1e6)
        case "w3": s.jitterWeight = try number(key, value, 0...1e6)
        case "cutoff": s.cutoffHz = try number(key, value, 0.01...1000)
        case "jitter-low": s.jitterLowMillimetres = try number(key, value, 0...1e6)
        case "jitter-high": s.jitterHighMillimetres = try number(key, value, 0...1e6)
        default: throw unknown(key, ["horizon", "w1", "w2", "w3", "cutoff", "jitter-low", "jitter-high"])
        }
      }
      guard s.jitterHighMillimetres > s.jitterLowMillimetres else {
        throw ParseError(text: text, problem: "jitter-high must be above jitter-low")
      }
      self = .turboTouch(s)
    case "weighted":
      guard !settings.isEmpty else {
        throw ParseError(text: text, problem: "name at least one scorecard column with its weight")
      }
      var columns: [WeightedColumn] = []
      // Checked here, before any data is read: an unknown column failed every trial, after the
      // whole search, with a cut list and advice about search ranges (found trying the CLI from
      // outside). A length metric without its unit is its millimetre column, as --paired-column takes it.
      let known = (try? MetricsScorer().columns.map(\.name)) ?? []
      for (key, value) in settings {
        guard let w = Double(value), w.isFinite else {
          throw ParseError(text: text, problem: "the weight of \(key) must be a number, got \"\(value)\"")
        }
        guard let column = known.isEmpty ? key : ScorecardColumnName.resolve(key, among: known) else {
          throw ParseError(
            text: text,
            problem: "\"\(MessageText.bounded(key))\" is not a scorecard column; give columns \(ScorecardColumnName.examples)")
        }
        columns.append(WeightedColumn(column: column, weight: w))
      }
      self = .weighted(columns)
    default:
      throw ParseError(text: text, problem: "unknown objective \"\(name)\" (objectives: \(Self.names.joined(separator: ", ")))")
    }
  }

  /// The canonical text form, recorded in journals and result files (parses back to the same
  /// objective).
  public var description: String {
    // Shortest round-trip text of the milliseconds (k/240 s and 1/30 s read back exactly).
    func ms(_ seconds: Double) -> String { "\(seconds * 1000)" }
    switch self {
    case .error(let statistic, let horizons):
      let h = horizons == FixedHorizon.anchorSeconds ? "anchor" : horizons.map(ms).joined(separator: ";")
      return "error:statistic=\(statistic.rawValue),horizon=\(h)"
    case .frameError(let statistic):
      return "error:statistic=\(statistic.rawValue),horizon=frame"
    case .latency(let o, let j, let w, let d):
      func bound(_ v: Double?) -> String { v.map(formatNumber) ?? "none" }
      // The orientation bound is written only when set, so journals from before it resume.
      return "latency:overshoot=\(bound(o)),jitter=\(bound(j)),wrong-direction=\(bound(w))"
        + (d.map { ",orientation=\(formatNumber($0))" } ?? "")
    case .turboTouch(let s):
      return "turbotouch:horizon=\(ms(s.horizonSeconds)),w1=\(formatNumber(s.meanWeight)),w2=\(formatNumber(s.maxWeight)),"
        + "w3=\(formatNumber(s.jitterWeight)),cutoff=\(formatNumber(s.cutoffHz)),"
        + "jitter-low=\(formatNumber(s.jitterLowMillimetres)),jitter-high=\(formatNumber(s.jitterHighMillimetres))"
    case .weighted(let columns):
      return "weighted:" + columns.map { "\($0.column)=\(formatNumber($0.weight))" }.joined(separator: ",")
    }
  }
}

extension FixedHorizon {
  /// ``anchorHorizons`` in seconds.
  public static let anchorSeconds: [Double] = [1, 2, 3, 4, 5, 6, 8].map { Double($0) / 240 }
}
