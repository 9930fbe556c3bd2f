import ArgumentParser
import LookaheadKit

/// `lookahead datasets …`: list, inspect and convert recorded traces.
struct DatasetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "datasets",
    abstract: "List, inspect and convert recorded traces.",
    subcommands: []
  )
}
