import Foundation

/// Where the bundled datasets (the repository's `Datasets/` folder) are looked for, so that
/// `lookahead Inkable-ApplePencil` works whatever the working directory, and from an installed
/// copy of the binary — not only from inside the repository.
///
/// The search order (first folder holding the named dataset wins; Docs/Importers.md):
/// 1. `$LOOKAHEAD_DATASETS`, a folder laid out like `Datasets/` (for an installed binary whose
///    data lives anywhere);
/// 2. `Datasets/` in the folder of the running executable's real path (symbolic links resolved)
///    or any folder above it: `.build/release/lookahead` inside a checkout, a symlink to it on the
///    `PATH`, or an install prefix holding `bin/lookahead` and `Datasets/`;
/// 3. `Datasets/` in the current directory or any folder above it;
/// 4. the `Datasets/` of the checkout the binary was compiled from, while it still exists (a
///    binary copied elsewhere on the same machine).
///
/// Not a SwiftPM resource: the 8.7 MB would be copied into every build, and a resource bundle
/// lives beside the binary, so a binary copied on its own would lose it (and `Bundle.module`
/// stops the program when its bundle is missing).
public enum BundledDatasetSearch {
  /// The environment variable that names a bundled-datasets folder ahead of every other place.
  public static let environmentVariable = "LOOKAHEAD_DATASETS"

  /// The `Datasets/` of the checkout this file was compiled in (`Sources/LookaheadKit/Datasets/`
  /// is three levels below the repository root).
  static let compiledCheckout: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }  // file, Datasets, LookaheadKit, Sources
    return url.appendingPathComponent("Datasets")
  }()

  /// The candidate folders, in search order, without duplicates; only folders that exist.
  ///
  /// - Parameters:
  ///   - environment: the process environment (for ``environmentVariable``).
  ///   - executable: the running binary (its symbolic links are resolved here).
  ///   - currentDirectory: the working directory.
  public static func directories(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executable: URL? = Bundle.main.executableURL,
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) -> [URL] {
    var candidates: [URL] = []
    if let override = environment[environmentVariable], !override.isEmpty {
      candidates.append(URL(fileURLWithPath: override))
    }
    if let executable {
      candidates += datasetsFolders(above: executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    candidates += datasetsFolders(above: currentDirectory)
    candidates.append(compiledCheckout)
    var result: [URL] = []
    for candidate in candidates.map(\.standardizedFileURL) where !result.contains(candidate) {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
        result.append(candidate)
      }
    }
    return result
  }

  /// `F/Datasets` for `start` and every folder above it, nearest first.
  static func datasetsFolders(above start: URL) -> [URL] {
    var result: [URL] = []
    var url = start.standardizedFileURL
    while true {
      result.append(url.appendingPathComponent("Datasets"))
      let parent = url.deletingLastPathComponent()
      if parent.path == url.path { break }
      url = parent
    }
    return result
  }
}
