import ArgumentParser
import Foundation
import LookaheadKit

/// `--force`: the one switch that lets a command replace a file that exists. Nothing a user wrote
/// is overwritten without it (CONVENTIONS.md); ``ResultFile`` holds the rule, this group the flag
/// and the habit of checking every file a command will write before it writes any.
struct ForceOption: ParsableArguments {
  @Flag(name: .customLong("force"), help: "Replace output files that exist. Default: refuse.")
  var replacesExisting = false

  /// Throws for the first of `urls` (nil ones skipped) that exists while `--force` is off, or is
  /// not a regular file. Called before any work, so a refused second file never leaves the first
  /// one written.
  func checkWritable(_ urls: URL?...) throws { try checkWritable(urls) }

  func checkWritable(_ urls: [URL?]) throws {
    for url in urls.compactMap({ $0 }) { try ResultFile.checkWritable(url, force: replacesExisting) }
  }

  /// Writes `data` to `url` (atomically; refused under the same rule).
  func write(_ data: Data, to url: URL) throws { try ResultFile.write(data, to: url, force: replacesExisting) }

  /// Writes `text` to `url`, ending it with a newline.
  func write(_ text: String, to url: URL) throws { try ResultFile.write(text, to: url, force: replacesExisting) }
}
