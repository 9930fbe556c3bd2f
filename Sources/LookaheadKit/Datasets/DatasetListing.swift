import Foundation

/// One row of `lookahead datasets list`: a dataset found on disk and its size, or why it could
/// not be read.
public struct DatasetListing: Codable, Sendable, Equatable {
  public var name: String
  /// `bundled` (the project's `Datasets/`) or `shared` (the data directory).
  public var origin: String
  public var path: String
  public var licence: String
  public var redistributable: Bool
  public var summary: String
  public var strokes: Int?
  public var samples: Int?
  /// The load error, when the folder is there but does not import.
  public var error: String?

  /// Every dataset found (bundled copies, and shared ones under `dataDirectory` or the default),
  /// each imported once to count its strokes and samples.
  public static func all(dataDirectory: URL? = nil) -> [DatasetListing] {
    DatasetRegistry.available(dataDirectory: dataDirectory).map { location in
      var entry = DatasetListing(
        name: location.descriptor.name, origin: location.isBundled ? "bundled" : "shared",
        path: location.folder.path, licence: location.descriptor.licence,
        redistributable: location.descriptor.redistributable, summary: location.descriptor.summary)
      do {
        let trace = try DatasetRegistry.load(location.folder.path)
        entry.strokes = trace.strokes.count
        entry.samples = trace.sampleCount
      } catch {
        entry.error = "\(error)"
      }
      return entry
    }
  }

  /// The human table `datasets list` prints.
  public static func table(_ entries: [DatasetListing]) -> String {
    guard !entries.isEmpty else {
      return "no datasets found (bundled: set \(BundledDatasetSearch.environmentVariable) to the repository's Datasets/; "
        + "shared: ../shared/datasets, or use --data-dir)\n"
    }
    let header = ["name", "where", "strokes", "samples", "licence", "path"]
    let rows = entries.map { entry in
      [entry.name, entry.origin, entry.strokes.map(String.init) ?? "error", entry.samples.map(String.init) ?? "error",
       entry.licence, entry.path]
    }
    var widths = header.map(\.count)
    for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
      }.joined(separator: "  ")
    }
    var out = line(header) + "\n"
    for row in rows { out += line(row) + "\n" }
    for entry in entries { if let error = entry.error { out += "\(entry.name): \(error)\n" } }
    return out
  }
}
