import ArgumentParser
import Foundation
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
      WorkerCommand.self,
      TrainCommand.self,
      BenchCommand.self,
      FormerBenchTuningCommand.self,
      FormerBenchReadersCommand.self,
      ReportCommand.self,
      RecorderCommand.self,
    ]
  )

  /// Parses and runs a subcommand under ``ExitCodeRule``: a command line the parser refuses, a
  /// single-value option given twice (``RepeatedOption``), or a `ValidationError` from a command,
  /// prints ArgumentParser's message (`error: …`) and the command's usage (``CommandErrorMessage``) and exits 1
  /// (not its 64); help and version exit 0; any other error from `run()` follows the rule.
  static func main() {
    var command: any ParsableCommand
    do {
      command = try parseAsRoot()
    } catch {
      exit(withParserError: error)
    }
    do {
      try RepeatedOption.refuse(for: type(of: command))
    } catch {
      exit(withParserError: error, command: type(of: command))
    }
    do {
      try LoadingJobs.$limit.withValue((command as? LoadingJobsCommand)?.loadingJobs) { try command.run() }
    } catch {
      // The parser's own outcomes (help asked of a command group, a ValidationError) keep its
      // messages; everything else follows the rule.
      let parserCode = exitCode(for: error)
      if parserCode == .success || parserCode == .validationFailure { exit(withParserError: error, command: type(of: command)) }
      exit(withError: ExitCodeRule.exit(reporting: error))
    }
  }

  /// `command`: the parsed command, when the error came after parsing (ArgumentParser's own
  /// errors carry it).
  ///
  /// ArgumentParser begins its message `Error: `, and has no setting for it; the workbench's own
  /// errors read `error: …` (``ExitCodeRule``), so that leading word alone is rewritten here, the
  /// one place every refusal of the command line is printed: the message, usage and help hint
  /// after it stay as ArgumentParser writes them.
  private static func exit(withParserError error: any Error, command: (any ParsableCommand.Type)? = nil) -> Never {
    guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
    let text = command.map { CommandErrorMessage.text(for: error, command: $0) } ?? fullMessage(for: error)
    FileHandle.standardError.write(Data((lowercasingErrorPrefix(text) + "\n").utf8))
    Foundation.exit(ExitCodeRule.inputError)
  }

  /// `text` with a leading `Error: ` (ArgumentParser's) read as `error: `, as every other error.
  static func lowercasingErrorPrefix(_ text: String) -> String {
    text.hasPrefix("Error: ") ? "error: " + text.dropFirst("Error: ".count) : text
  }
}
