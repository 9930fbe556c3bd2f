import Foundation
import LookaheadRuntime

/// The configuration a tuning run found best, read back from its journal (``TuningJournal``).
///
/// The journal's header names the catalog predictor and the search space; each trial's `values`
/// are in the space's dimension order, and each dimension is named after the catalog parameter it
/// searches. The best trial is the one with the lowest objective (ties: the earliest, as
/// ``Tuner`` reports it); its values are given to the catalog entry by name, so the configuration
/// is range-checked exactly as a hand-written one; values held fixed on the tune's command line
/// (`kalman:measurement-noise=1`) are applied as they were in the search, and the other
/// parameters keep their defaults.
public struct TunedConfiguration: Sendable {
  public var header: TuningJournal.Header
  public var best: TuningJournal.Trial
  public var predictor: CatalogPredictor

  /// Why a journal gives no configuration.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var problem: String
    public var description: String { "\(path): \(problem)" }
  }

  /// Reads `url` and configures its best trial from `catalog`.
  public init(journal url: URL, catalog: PredictorCatalog) throws {
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw Failure(path: url.path, problem: "the tuning journal is empty (no header line)")
    }
    try self.init(journalData: try Data(contentsOf: url), path: url.path, catalog: catalog)
  }

  /// The same from a journal's bytes; `path` names the file in errors.
  public init(journalData data: Data, path: String, catalog: PredictorCatalog) throws {
    let read = try TuningJournal.parseWithLineNumbers(data, path: path)
    guard let best = TuneRun.bestTrial(read.trials) else {
      throw Failure(path: path, problem: "no trial finished feasible with a finite objective")
    }
    let line = read.trials.firstIndex { $0.index == best.index && $0.objective == best.objective }
      .map { read.trialLines[$0] }
    try self.init(header: read.header, best: best, catalog: catalog, path: path, line: line)
  }

  /// Configures `best` (a trial of the journal with `header`, on line `line` of the file at
  /// `path` when known) from `catalog`. A value of the trial that its parameter does not take
  /// (out of range, not finite, a choice index that is none) is refused naming the file, the
  /// line, the field (`values[i]`) and the parameter.
  public init(
    header: TuningJournal.Header, best: TuningJournal.Trial, catalog: PredictorCatalog, path: String = "journal",
    line: Int? = nil
  ) throws {
    let dimensions = header.space.dimensions
    let trialAt = line.map { "\(path):\($0)" } ?? path
    guard best.values.count == dimensions.count else {
      throw Failure(
        path: trialAt,
        problem: "trial \(best.index) has \(best.values.count) values but the space has \(dimensions.count) dimensions")
    }
    let entry = try catalog.entry(named: header.predictor)
    var given: [String: ParameterValue] = [:]
    // Values held fixed on the tune's command line: the provenance's, or a version-1 journal's
    // `context["fixed"]` (`key=value,…`).
    let fixed = header.provenance?.fixed
      ?? (header.context["fixed"] ?? "").split(separator: ",").reduce(into: [String: String]()) { result, item in
        let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
        if pair.count == 2 { result[pair[0]] = pair[1] }
      }
    for (key, text) in fixed.sorted(by: { $0.key < $1.key }) {
      guard let spec = entry.parameter(named: key) else {
        throw Failure(path: path, problem: "fixed value \(key)=\(text) is not a parameter of predictor \(header.predictor)")
      }
      do { given[key] = try spec.parse(text, predictor: entry.name) } catch {
        throw Failure(path: path, problem: "the header's fixed value \(key)=\(text): \(error)")
      }
    }
    for (i, (dimension, value)) in zip(dimensions, best.values).enumerated() {
      guard let spec = entry.parameter(named: dimension.name) else {
        throw Failure(
          path: path,
          problem: "space dimension \"\(dimension.name)\" is not a parameter of predictor \(header.predictor)")
      }
      let field = "field 'values[\(i)]' (\(dimension.name)) of trial \(best.index), the best"
      switch spec.domain {
      case .choice(let names):
        // A choice searched as an index into its names (a value beyond Int's range, or NaN,
        // trapped in the conversion before 29 November).
        guard value.isFinite, let index = Int(exactly: value.rounded()), names.indices.contains(index) else {
          throw Failure(path: trialAt, problem: "\(field): \(value) is not an index of \(names)")
        }
        given[dimension.name] = .choice(names[index])
      default:
        do { given[dimension.name] = try spec.check(.number(value), predictor: entry.name) } catch {
          throw Failure(path: trialAt, problem: "\(field): \(error)")
        }
      }
    }
    self.header = header
    self.best = best
    self.predictor = try entry.configure(values: given)
  }
}
