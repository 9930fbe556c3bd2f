import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead predictors …`: what the catalog holds.
struct PredictorsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "predictors",
    abstract: "List the predictors and show their parameters.",
    subcommands: [List.self, Show.self]
  )

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every predictor (exportable families and workbench-only baselines) with a one-line description.")

    @OptionGroup var json: JSONOption

    func run() throws {
      print(json.isOn ? PredictorCatalogReport.listJSON(.workbench) : PredictorCatalogReport.listTable(.workbench))
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show one predictor's parameters: name, unit, default, range and scale, description.")

    @Argument(help: "The predictor's name (see `lookahead predictors list`).")
    var name: String

    @OptionGroup var json: JSONOption

    func run() throws {
      try runCommand {
        let entry = try PredictorCatalog.workbench.entry(named: name)
        print(json.isOn ? PredictorCatalogReport.showJSON(entry) : PredictorCatalogReport.showTable(entry))
      }
    }
  }
}
