import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead datasets inspect NAME|PATH`: strokes, samples, duration, rate, fields, writers and
/// cleaning counts of one dataset, subset, file or folder.
struct DatasetsInspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect", abstract: "Summarise a dataset, subset (NAME:SUBSET), file or folder.")

  @Argument(help: ArgumentHelp("Dataset name, NAME:SUBSET, or a file or folder path.", valueName: "name-or-path"))
  var reference: String

  @OptionGroup var location: DatasetLocationOptions
  @OptionGroup var input: ImportChoiceOptions

  @OptionGroup var json: JSONOption

  func run() throws {
    try runCommand {
      let trace = try DatasetRegistry.load(
        reference, dataDirectory: location.dataDirectoryURL, format: try input.sourceFormat(),
        options: input.importOptions())
      let summary = TraceSummary(trace)
      // Writer names and notes come from the file: a terminal escape or a bidirectional override
      // in one recoloured or reordered the summary on screen (found trying the CLI from outside).
      print(json.isOn ? try summary.json() : MessageText.escapingControlCharacters(summary.text()), terminator: "")
    }
  }
}
