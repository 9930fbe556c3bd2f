import Foundation
import LookaheadRuntime

/// The predictors the workbench can build, by stable name. Adding a predictor is one runtime
/// file plus one entry here (`ARCHITECTURE.md`).
///
/// ``exported`` holds every predictor implemented in `LookaheadRuntime`. Workbench-only
/// baselines are added with ``adding(_:)`` (for example
/// `PredictorCatalog.exported.adding(baselineEntries)`), so there is no global mutable registry.
public struct PredictorCatalog: Sendable {
  public private(set) var entries: [PredictorCatalogEntry]

  public init(entries: [PredictorCatalogEntry]) { self.entries = entries }

  /// This catalog plus `more`; an entry with an existing name replaces the old one.
  public func adding(_ more: [PredictorCatalogEntry]) -> PredictorCatalog {
    var result = self
    for entry in more {
      if let i = result.entries.firstIndex(where: { $0.name == entry.name }) {
        result.entries[i] = entry
      } else {
        result.entries.append(entry)
      }
    }
    return result
  }

  public var names: [String] { entries.map(\.name) }

  public func entry(named name: String) throws(PredictorCatalogError) -> PredictorCatalogEntry {
    guard let entry = entries.first(where: { $0.name == name }) else {
      throw .unknownPredictor(name: name, known: names)
    }
    return entry
  }

  /// Configures a predictor from a specification `name` or `name:key=value,key=value`.
  public func configure(specification text: String) throws(PredictorCatalogError) -> CatalogPredictor {
    let parsed = try PredictorSpecification(parsing: text)
    return try entry(named: parsed.name).configure(parsed.assignments)
  }

  /// Configures the predictors of a JSON config file. The file holds one object or an array of
  /// objects, each `{"predictor": "name", "parameters": {"key": value, …}}` with numbers,
  /// strings (choices) or booleans (flags) as values.
  public func configure(contentsOf url: URL) throws(PredictorCatalogError) -> [CatalogPredictor] {
    let path = url.path
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw .configFile(path: path, jsonPath: "$", problem: "cannot read the file (\(error.localizedDescription))")
    }
    if let problem = WorkbenchFileKind.misplaced(data, named: url.relativePath, in: .predictorFile) {
      throw .configFile(path: path, jsonPath: "$", problem: problem)
    }
    let items: [PredictorConfigFileItem]
    let isArrayFile = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "[")
    do {
      if isArrayFile {
        items = try JSONDecoder().decode([PredictorConfigFileItem].self, from: data)
      } else {
        items = [try JSONDecoder().decode(PredictorConfigFileItem.self, from: data)]
      }
    } catch where JSONNesting.problem(in: data) != nil {
      throw .configFile(path: path, jsonPath: "$", problem: JSONNesting.problem(in: data) ?? "")
    } catch let DecodingError.dataCorrupted(context) {
      throw .configFile(path: path, jsonPath: JSONPath.text(of: context.codingPath), problem: context.debugDescription)
    } catch let DecodingError.keyNotFound(key, context) {
      throw .configFile(
        path: path, jsonPath: JSONPath.text(of: context.codingPath + [key]), problem: "missing field")
    } catch let DecodingError.typeMismatch(_, context) {
      throw .configFile(path: path, jsonPath: JSONPath.text(of: context.codingPath), problem: context.debugDescription)
    } catch let DecodingError.valueNotFound(_, context) {
      throw .configFile(path: path, jsonPath: JSONPath.text(of: context.codingPath), problem: context.debugDescription)
    } catch {
      throw .configFile(path: path, jsonPath: "$", problem: "not valid JSON (\(error))")
    }
    // An empty array configures nothing: `sweep` printed an empty table and `compare` dropped the
    // file unnoticed beside other predictors, each exiting 0.
    guard !items.isEmpty else {
      throw .configFile(path: path, jsonPath: "$", problem: "holds no predictors (an empty array); give at least one")
    }
    var result: [CatalogPredictor] = []
    for (i, item) in items.enumerated() {
      let at = isArrayFile ? "$[\(i)]" : "$"
      result.append(try configure(item: item, path: path, jsonPath: at))
    }
    return result
  }

  private func configure(item: PredictorConfigFileItem, path: String, jsonPath: String)
    throws(PredictorCatalogError) -> CatalogPredictor
  {
    let entry: PredictorCatalogEntry
    do { entry = try self.entry(named: item.predictor) } catch {
      throw .inConfigFile(path: path, jsonPath: "\(jsonPath).predictor", error: error)
    }
    let assignments = item.parameters.map { ($0.key, $0.value.text) }
    do { return try entry.configure(assignments) } catch {
      let at: String
      switch error {
      case .unknownParameter(_, let p, _), .nonNumericValue(_, let p, _), .notAnInteger(_, let p, _),
        .invalidChoice(_, let p, _, _), .outOfRange(_, let p, _, _), .duplicateParameter(_, let p):
        at = "\(jsonPath).parameters.\(p)"
      default: at = "\(jsonPath).parameters"
      }
      throw .inConfigFile(path: path, jsonPath: at, error: error)
    }
  }
}
