import Foundation

/// Finds `../shared/datasets` (beside the repository) and the project's bundled `Datasets/`.
///
/// Tests that read the shared traces call ``require(_:)``, whose error says plainly that the
/// shared folder is missing rather than failing on some file deep inside.
public enum SharedDatasets {
  /// The repository root, found from this source file's location.
  public static let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }  // _LookaheadTestSupport, Sources, root
    return url
  }()

  /// `../shared/datasets`, or `LOOKAHEAD_SHARED_DATASETS` when set.
  public static let root: URL = {
    if let override = ProcessInfo.processInfo.environment["LOOKAHEAD_SHARED_DATASETS"] {
      return URL(fileURLWithPath: override)
    }
    return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/datasets")
  }()

  /// The project's bundled, redistributable datasets.
  public static let bundled: URL = repositoryRoot.appendingPathComponent("Datasets")

  public struct Missing: Error, CustomStringConvertible {
    public var path: String
    public init(path: String) { self.path = path }
    public var description: String {
      "this test needs the shared datasets at \(path) (../shared/datasets beside the repository, "
        + "or set LOOKAHEAD_SHARED_DATASETS); they are missing"
    }
  }

  /// The URL of `relativePath` under the shared datasets, or an error naming what is missing.
  public static func require(_ relativePath: String) throws -> URL {
    let url = root.appendingPathComponent(relativePath)
    guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
    return url
  }
}
