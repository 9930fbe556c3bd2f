import Foundation
import LookaheadRuntime

/// Reads a ``PredictorConfiguration`` from a file: either its JSON shape
/// (`{"family": …, "parameters": …, "stages": …}`, as `Docs/ModelFormat.md` documents) or a
/// whole model file, whose configuration is taken. This is how trained learned-linear weights
/// reach the catalog and `lookahead export`.
public enum PredictorConfigurationFile {
  /// Why a configuration file could not be used: the file, the JSON path and the problem.
  public struct ReadError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var jsonPath: String
    public var problem: String
    public var description: String { "\(path): at \(jsonPath): \(problem)" }
  }

  /// True when `data` starts like a model file (its header line).
  public static func isModelFile(_ data: Data) -> Bool {
    data.starts(with: Data((ModelFileEnvelope.formatName + " ").utf8))
  }

  /// True when `data` is a JSON object with a `family` key (the configuration shape).
  public static func isConfiguration(_ data: Data) -> Bool {
    guard let object = try? JSONDecoder().decode([String: ModelJSONValue].self, from: data) else { return false }
    return object["family"] != nil
  }

  public static func read(_ url: URL) throws(ReadError) -> PredictorConfiguration {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw ReadError(path: url.path, jsonPath: "$", problem: "cannot read the file (\(error.localizedDescription))")
    }
    return try decode(data, path: url.path)
  }

  public static func decode(_ data: Data, path: String) throws(ReadError) -> PredictorConfiguration {
    if isModelFile(data) {
      do { return try ModelFile.decode(fileData: data).predictor.configuration } catch {
        throw ReadError(path: path, jsonPath: "$", problem: error.description)
      }
    }
    let configuration: PredictorConfiguration
    do {
      configuration = try JSONDecoder().decode(PredictorConfiguration.self, from: data)
    } catch {
      if case .malformed(let at, let detail) = ModelFile.describe(error) {
        throw ReadError(path: path, jsonPath: at, problem: detail)
      }
      throw ReadError(path: path, jsonPath: "$", problem: "\(error)")
    }
    do throws(PredictorParameterError) { try configuration.validate() } catch {
      throw ReadError(path: path, jsonPath: "$ (\(error.parameter))", problem: "\(error.value): \(error.problem)")
    }
    return configuration
  }
}
