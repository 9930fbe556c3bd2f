import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead datasets list`: the bundled datasets and the shared ones that can be found.
struct DatasetsListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "Show the bundled datasets and those found in the data directory.")

  @OptionGroup var location: DatasetLocationOptions

  @Flag(help: "Print JSON instead of a table. Default: table.")
  var json = false

  func run() throws {
    try runReportingErrors {
      let entries = DatasetListing.all(dataDirectory: location.dataDirectoryURL)
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(entries), as: UTF8.self))
      } else {
        print(DatasetListing.table(entries), terminator: "")
      }
    }
  }
}
