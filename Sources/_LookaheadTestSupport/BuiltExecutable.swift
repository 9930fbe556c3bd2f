import Foundation

/// The `lookahead` binary of the build the tests run in, for the suites that run it end to end.
///
/// `swift test` builds the executable into the same folder as the test bundle, whatever the
/// configuration or scratch path (`.build/debug`, or `.build-asan/release` for CI's
/// AddressSanitizer run), so that copy is the one to run; the repository's `.build/debug` is only
/// the last resort. A suite that ran a fixed `.build/debug/lookahead` failed on a clean clone
/// whose only build was the sanitizer's, and elsewhere ran a different build than the one tested.
public enum BuiltExecutable {
  /// The `lookahead` binary beside the test bundle, else in the repository's `.build/debug`.
  public static func lookahead() throws -> URL {
    var candidates: [URL] = []
    if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
      candidates.append(bundle.appendingPathComponent("lookahead"))
      candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("lookahead"))
    }
    for bundle in Bundle.allBundles {
      candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("lookahead"))
    }
    candidates.append(SharedDatasets.repositoryRoot.appendingPathComponent(".build/debug/lookahead"))
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw Missing(paths: candidates.map(\.path))
    }
    return found
  }

  public struct Missing: Error, CustomStringConvertible {
    public var paths: [String]
    public var description: String {
      "the lookahead executable is not built (run swift build); looked at " + paths.joined(separator: ", ")
    }
  }
}
