import ArgumentParser
import Foundation

/// `--data-dir`: where the shared datasets are, for every command that reads a dataset by name.
struct DatasetLocationOptions: ParsableArguments {
  @Option(name: .customLong("data-dir"), help: ArgumentHelp(
    "Folder holding the shared datasets (default: ../shared/datasets beside the repository, or LOOKAHEAD_SHARED_DATASETS).",
    valueName: "path"))
  var dataDirectory: String?

  var dataDirectoryURL: URL? { dataDirectory.map { URL(fileURLWithPath: $0) } }
}
