import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead datasets …`: list, inspect and convert recorded traces.
struct DatasetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "datasets",
    abstract: "List, inspect and convert recorded traces; make a device profile from a browser recording.",
    subcommands: [DatasetsListCommand.self, DatasetsInspectCommand.self, DatasetsConvertCommand.self, DatasetsProfileCommand.self]
  )
}

/// Options that choose how input is read.
struct ImportChoiceOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "Input format for a file or folder path (default: detected). One of: "
      + TraceSourceFormat.allCases.map(\.rawValue).joined(separator: ", ") + ".",
    valueName: "name"))
  var format: String?

  @Flag(help: "Keep every row: skip cleaning rules R1–R3 (stroke splitting still applies). Default: off.")
  var raw = false

  @Flag(name: .customLong("no-hover"), help: "Leave out hover runs (Wacom MSP13). Default: hover kept.")
  var noHover = false

  func importOptions() -> ImportOptions { ImportOptions(raw: raw, includeHover: !noHover) }
  func sourceFormat() throws -> TraceSourceFormat? { try format.map(TraceSourceFormat.named) }
}
