import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead datasets list`: the bundled datasets and the shared ones that can be found.
struct DatasetsListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "Show the bundled datasets and those found in the data directory.",
    discussion: """
      Bundled datasets (the repository's Datasets/) are looked for, first match wins, in: \
      $\(BundledDatasetSearch.environmentVariable); Datasets/ beside the executable's real path or \
      any folder above it; Datasets/ in the current directory or any folder above it; the Datasets/ \
      of the checkout the binary was built from. Shared datasets: --data-dir, else \
      $LOOKAHEAD_SHARED_DATASETS, else ../shared/datasets beside the repository. The path column \
      says where each was found.
      """)

  @OptionGroup var location: DatasetLocationOptions

  @OptionGroup var json: JSONOption

  func run() throws {
    try runCommand {
      // The folder a user named (--data-dir, or $LOOKAHEAD_SHARED_DATASETS) is the one place shared
      // data is looked for; a typo there made the shared datasets vanish from the list without a word.
      let named = location.dataDirectory.map { ("--data-dir", $0) }
        ?? ProcessInfo.processInfo.environment["LOOKAHEAD_SHARED_DATASETS"].flatMap { $0.isEmpty ? nil : ("$LOOKAHEAD_SHARED_DATASETS", $0) }
      if let (source, path) = named {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) || !isFolder.boolValue {
          FileHandle.standardError.write(Data(
            "note: \(source) \(path) is not a folder, so no shared dataset is listed; only the bundled ones are\n".utf8))
        }
      }
      let entries = DatasetListing.all(dataDirectory: location.dataDirectoryURL)
      if json.isOn {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(entries), as: UTF8.self))
      } else {
        print(DatasetListing.table(entries), terminator: "")
      }
    }
  }
}
