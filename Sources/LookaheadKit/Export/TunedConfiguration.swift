import Foundation
import LookaheadRuntime

/// The configuration a tuning run found best, read back from its journal (``TuningJournal``).
///
/// The journal's header names the catalog predictor and the search space; each trial's `values`
/// are in the space's dimension order, and each dimension is named after the catalog parameter it
/// searches. The best trial is the one with the lowest objective (ties: the earliest, as
/// ``Tuner`` reports it); its values are given to the catalog entry by name, so the configuration
/// is range-checked exactly as a hand-written one, and parameters the search did not vary keep
/// their defaults.
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
    guard let read = try TuningJournal(url: url).read() else {
      throw Failure(path: url.path, problem: "the tuning journal is empty (no header line)")
    }
    let candidates = read.trials.filter { $0.objective.map(\.isFinite) ?? false && $0.failure == nil }
    guard var best = candidates.first else {
      throw Failure(path: url.path, problem: "no trial finished with a finite objective")
    }
    for trial in candidates.dropFirst() where trial.objective! < best.objective! { best = trial }
    try self.init(header: read.header, best: best, catalog: catalog, path: url.path)
  }

  /// Configures `best` (a trial of the journal with `header`) from `catalog`.
  public init(header: TuningJournal.Header, best: TuningJournal.Trial, catalog: PredictorCatalog, path: String = "journal") throws {
    let dimensions = header.space.dimensions
    guard best.values.count == dimensions.count else {
      throw Failure(
        path: path,
        problem: "trial \(best.index) has \(best.values.count) values but the space has \(dimensions.count) dimensions")
    }
    let entry = try catalog.entry(named: header.predictor)
    var given: [String: ParameterValue] = [:]
    for (dimension, value) in zip(dimensions, best.values) {
      guard let spec = entry.parameter(named: dimension.name) else {
        throw Failure(
          path: path,
          problem: "space dimension \"\(dimension.name)\" is not a parameter of predictor \(header.predictor)")
      }
      switch spec.domain {
      case .choice(let names):
        // A choice searched as an index into its names.
        let index = Int(value.rounded())
        guard names.indices.contains(index) else {
          throw Failure(path: path, problem: "\(dimension.name) = \(value) is not an index of \(names)")
        }
        given[dimension.name] = .choice(names[index])
      default:
        given[dimension.name] = .number(value)
      }
    }
    self.header = header
    self.best = best
    self.predictor = try entry.configure(values: given)
  }
}
