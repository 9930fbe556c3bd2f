import Foundation

/// Loads the datasets a tune or a training run names into ``TuningData``, and keeps the SHA-256
/// of every file it read, so the result can record exactly what it was fitted and scored on.
public struct TuningDatasetLoader {
  public let dataDirectory: URL?
  /// Per dataset reference: `"path sha256"` of each file read, in load order.
  public private(set) var checksums: [String: [String]] = [:]

  public init(dataDirectory: URL?) { self.dataDirectory = dataDirectory }

  /// The named datasets as one ``TuningData``; `nil` when none are named.
  public mutating func load(_ references: [String]) throws -> TuningData? {
    guard !references.isEmpty else { return nil }
    var traces: [Trace] = []
    for reference in references {
      traces.append(try DatasetRegistry.load(reference, dataDirectory: dataDirectory))
      checksums[reference] = try DatasetRegistry.checksums(of: reference, dataDirectory: dataDirectory)
        .map { "\($0.path) \($0.sha256)" }
    }
    return try TuningData(traces: traces)
  }

  /// Where the full JSON result of a run that writes `output` goes: `best.json` →
  /// `best.<kind>.json` (`kind` is `tune` or `train`).
  public static func resultURL(for output: URL, kind: String) -> URL {
    let base = output.pathExtension == "json" ? output.deletingPathExtension() : output
    return URL(fileURLWithPath: base.path + ".\(kind).json")
  }
}
