import Foundation

/// What the registry knows about one dataset: its name, format, licence, which files under its
/// folder make it, and the named subsets the anchor protocol and the splits use.
public struct DatasetDescriptor: Sendable {
  /// A named part of a dataset, chosen by the file's path relative to the dataset folder.
  public struct Subset: Sendable {
    public var name: String
    public var summary: String
    let includes: @Sendable (String) -> Bool
  }

  /// Folder name and the name users type, for example `Henze2017-MobileHCI`.
  public var name: String
  public var format: TraceSourceFormat
  /// Whether the licence allows bundling it in the project's `Datasets/`.
  public var redistributable: Bool
  public var licence: String
  public var summary: String
  /// Which files, by path relative to the dataset folder, belong to the whole dataset.
  let includes: @Sendable (String) -> Bool
  public var subsets: [Subset]

  /// The dataset's files under `folder`, sorted by relative path, limited to `subset` if given.
  public func files(in folder: URL, subset: String? = nil) throws -> [URL] {
    var filter: (@Sendable (String) -> Bool)? = nil
    if let subset {
      guard let chosen = subsets.first(where: { $0.name.lowercased() == subset.lowercased() }) else {
        throw DatasetReferenceError(reference: "\(name):\(subset)",
          problem: "has no subset '\(subset)'; subsets: " + subsets.map(\.name).joined(separator: ", "))
      }
      filter = chosen.includes
    }
    let base = folder.standardizedFileURL.path
    var result: [URL] = []
    for url in try TraceLoader.dataFiles(in: folder) {
      let path = url.standardizedFileURL.path
      let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : url.lastPathComponent
      // A subset's own rule replaces the dataset's (TurboTouch's optitrack file is not part of
      // the default dataset).
      guard (filter ?? includes)(relative) else { continue }
      result.append(url)
    }
    guard !result.isEmpty else {
      throw DatasetReferenceError(reference: subset.map { "\(name):\($0)" } ?? name,
        problem: "no data files found under \(folder.path)")
    }
    return result
  }
}

/// A dataset name, subset or path that cannot be resolved, with what was tried.
public struct DatasetReferenceError: Error, Sendable, CustomStringConvertible {
  public var reference: String
  public var problem: String
  public var description: String { "\(reference): \(problem)" }
}
