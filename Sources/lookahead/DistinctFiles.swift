import ArgumentParser
import Foundation
import LookaheadKit

/// Two paths of one command that name one file: a command writes each of its outputs in turn, so
/// the second replaced the first. `evaluate --records r.csv --csv --output r.csv --force` left the
/// one-row result where the 289 records had been, with exit 0 (without `--force` it wrote the
/// records and then refused its own file), and `tune --journal t.jsonl --out t.jsonl --force`
/// replaced the journal of every trial with the tuned configuration. `--force` lets a command
/// replace what an earlier run left, never what the same run wrote or reads, so this is checked
/// first and whatever `--force` says.
enum DistinctFiles {
  /// Throws naming both options when two of `files` (nil paths skipped) are one file.
  static func check(_ files: [(option: String, url: URL?)]) throws {
    let given = files.compactMap { file in file.url.map { (file.option, $0, canonicalPath($0)) } }
    for (i, first) in given.enumerated() {
      for second in given[(i + 1)...] where second.2 == first.2 {
        throw ValidationError("""
          \(first.0) and \(second.0) name the same file, \(first.1.path); the command writes both, so one \
          would replace the other: give each its own path
          """)
      }
    }
  }

  /// Throws when the output `url` (given with `option`) is one of the command's `inputs`: with
  /// `--force` it replaced the file it had just read (`report compare.json -o compare.json
  /// --force` turned the result into its own report).
  static func check(output option: String, _ url: URL, notAmong inputs: [URL]) throws {
    let path = canonicalPath(url)
    if let input = inputs.first(where: { canonicalPath($0) == path }) {
      throw ValidationError("""
        \(option) \(url.relativePath) is also an input (\(input.relativePath)); writing it would replace what \
        the command reads: give \(option) another path
        """)
    }
  }

  /// Throws when one of `outputs` (nil paths skipped) is a file the command reads: a file of one of
  /// `datasets` (its data files and the mapping files its settings came from,
  /// `DatasetRegistry.filesRead(by:)`) or one of `files` that exists (models, predictor config
  /// files, a profile file). `evaluate --csv --output rec.tsv --force rec.tsv` replaced the
  /// recording with its own scorecard. A reference that does not resolve is skipped: loading it
  /// says why.
  static func check(
    outputs: [(option: String, url: URL?)], notReadBy datasets: [String], files: [String?] = [], dataDirectory: URL?
  ) throws {
    let given = outputs.compactMap { output in output.url.map { (output.option, $0) } }
    guard !given.isEmpty else { return }
    let inputs = datasets.flatMap { (try? DatasetRegistry.filesRead(by: $0, dataDirectory: dataDirectory)) ?? [] }
      + files.compactMap { $0 }.filter { FileManager.default.fileExists(atPath: $0) }.map { URL(fileURLWithPath: $0) }
    for (option, url) in given { try check(output: option, url, notAmong: inputs) }
  }

  /// The path with `.`/`..` and symbolic links taken out (those of its folder when the file does
  /// not exist yet), so that `r.csv`, `./r.csv` and its absolute path compare equal.
  static func canonicalPath(_ url: URL) -> String {
    let standard = url.standardizedFileURL
    if FileManager.default.fileExists(atPath: standard.path) {
      return standard.resolvingSymlinksInPath().path
    }
    return standard.deletingLastPathComponent().resolvingSymlinksInPath()
      .appendingPathComponent(standard.lastPathComponent).path
  }
}
