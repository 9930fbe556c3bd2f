import ArgumentParser
import LookaheadKit

/// The `lookahead` command: subcommands are registered here, one file each beside this one.
@main
struct LookaheadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lookahead",
    abstract: "A touch- and stylus-prediction research workbench.",
    discussion: """
      Build, evaluate, tune and export pointer predictors on recorded pen and touch traces.
      Documentation: Docs/ in the repository.
      """,
    version: LookaheadVersion.string,
    subcommands: [
      DatasetsCommand.self,
      ReplayCommand.self,
      PredictorsCommand.self,
      EvaluateCommand.self,
      CompareCommand.self,
      SweepCommand.self,
      ExportCommand.self,
      PredictCommand.self,
      TuneCommand.self,
      TrainCommand.self,
      BenchTuningCommand.self,
      ReportCommand.self,
      RecorderCommand.self,
    ]
  )
}
