import Foundation

/// Finds `../shared/datasets` (beside the repository) and the project's bundled `Datasets/`.
///
/// The shared folder holds traces the repository may not carry (research-only licences) and the
/// design documents. A fresh clone has no shared folder, so a test that needs it carries the
/// ``Testing/Trait/needsShared(_:)`` trait: skipped, saying why, when the data is missing, except
/// under continuous integration (``isContinuousIntegration``), where it runs and fails with
/// ``Missing`` — CI has the shared folder, and a skip there would hide a broken set-up.
/// Inside a test, ``require(_:)`` gives the file or an error saying plainly what is missing.
public enum SharedDatasets {
  /// The repository root, found from this source file's location.
  public static let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }  // _LookaheadTestSupport, Sources, root
    return url
  }()

  /// `../shared/datasets`, or `LOOKAHEAD_SHARED_DATASETS` when set.
  public static let root: URL = {
    if let override = ProcessInfo.processInfo.environment["LOOKAHEAD_SHARED_DATASETS"], !override.isEmpty {
      return URL(fileURLWithPath: override)
    }
    return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/datasets")
  }()

  /// `../shared/design`, the sibling of the shared datasets (the design documents, among them
  /// `ANCHOR-PROTOCOL.md`, whose tables the repository carries typed in; the document is only a
  /// cross-check).
  public static let design: URL = root.deletingLastPathComponent().appendingPathComponent("design")

  /// The project's bundled, redistributable datasets.
  public static let bundled: URL = repositoryRoot.appendingPathComponent("Datasets")

  /// Whether the tests run under continuous integration: the `CI` environment variable is `true`
  /// (or `1`), as CI services set it. There nothing may be skipped for missing shared data.
  public static let isContinuousIntegration: Bool = {
    let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
    return value == "true" || value == "1"
  }()

  public struct Missing: Error, CustomStringConvertible {
    public var path: String
    public init(path: String) { self.path = path }
    public var description: String {
      "this test needs the shared data at \(path) (../shared beside the repository, "
        + "or set LOOKAHEAD_SHARED_DATASETS)\(isContinuousIntegration ? "; under CI (CI=true) it must be present" : ""); it is missing"
    }
  }

  /// Whether `relativePath` exists under the shared datasets (`""`: the folder itself).
  public static func has(_ relativePath: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent(relativePath).path)
  }

  /// Whether `name` exists under the shared design documents.
  public static func hasDesignDocument(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: design.appendingPathComponent(name).path)
  }

  /// The URL of `relativePath` under the shared datasets, or an error naming what is missing.
  public static func require(_ relativePath: String) throws -> URL {
    let url = root.appendingPathComponent(relativePath)
    guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
    return url
  }

  /// The datasets the repository carries in `Datasets/`, with the prefix each one's shared
  /// relative paths have and its bundled copy lacks (Inkable's files sit under
  /// `Tests/InkableTests/` in the shared copy, directly in the bundled one).
  static let bundledPrefixes: [String: String] = [
    "Inkable-ApplePencil": "Tests/InkableTests/",
    "Henze2017-MobileHCI": "",
  ]

  /// The file at `relativePath` as laid out under `../shared/datasets`, read from the bundled
  /// copy when the repository carries that dataset (the same bytes: `DatasetRegistryTests`
  /// compares them when the shared folder is there), else from the shared folder. Tests of the
  /// bundled datasets therefore run on a fresh clone.
  public static func file(_ relativePath: String) throws -> URL {
    let parts = relativePath.split(separator: "/", maxSplits: 1).map(String.init)
    if parts.count == 2, let prefix = bundledPrefixes[parts[0]], parts[1].hasPrefix(prefix) {
      return try requireBundled(parts[0] + "/" + parts[1].dropFirst(prefix.count))
    }
    return try require(relativePath)
  }

  /// The URL of the design document `name` (`ANCHOR-PROTOCOL.md`), or an error naming it.
  public static func requireDesignDocument(_ name: String) throws -> URL {
    let url = design.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
    return url
  }

  /// A file of the bundled `Datasets/` is missing: a broken checkout, never a reason to skip.
  public struct BundledMissing: Error, CustomStringConvertible {
    public var path: String
    public var description: String { "the bundled dataset file \(path) is missing from the repository" }
  }

  /// The URL of `relativePath` under the bundled `Datasets/`, or an error naming it.
  public static func requireBundled(_ relativePath: String) throws -> URL {
    let url = bundled.appendingPathComponent(relativePath)
    guard FileManager.default.fileExists(atPath: url.path) else { throw BundledMissing(path: url.path) }
    return url
  }
}
