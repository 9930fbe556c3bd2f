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
