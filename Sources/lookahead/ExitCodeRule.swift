import ArgumentParser
import Foundation
import LookaheadKit

/// The CLI's one rule from an outcome to an exit code (CONVENTIONS.md "CLI"; Docs/Evaluation.md):
///
/// - **0** success, `--help` and `--version` included;
/// - **1** a usage or input error, with its message on stderr (`error: …`): a command line the
///   parser refuses (ArgumentParser's own code for that, 64, is folded into 1), a
///   `ValidationError`, a file-system error (`PATH: reason`), or any error the workbench itself
///   throws (LookaheadKit's and LookaheadRuntime's typed errors: every one names the file, field
///   or option at fault and what was expected, so the user can act on it);
/// - **2** an internal failure (`internal error: …`): an error nothing in the workbench describes,
///   which is a bug to report.
///
/// Every command reaches it the same way: errors thrown from `run()` come here through
/// ``LookaheadCommand/main()``, and a command's body after its option checks runs inside
/// ``runCommand(_:)``, so an error found while running is one line whatever its type.
enum ExitCodeRule {
  static let inputError: Int32 = 1
  static let internalFailure: Int32 = 2

  /// The modules whose errors are the user's to fix (see the type's summary).
  private static let describedModules = ["LookaheadKit.", "LookaheadRuntime."]

  /// Whether `error` is a usage or input error (exit 1) rather than an internal failure (exit 2).
  static func isInputError(_ error: any Error) -> Bool {
    if error is ValidationError || MessageText.fileSystemDescription(error) != nil { return true }
    let typeName = String(reflecting: type(of: error))
    return describedModules.contains { typeName.hasPrefix($0) }
  }

  /// Writes `error`'s message to stderr and returns the exit code the rule gives it (an
  /// `ExitCode` passes through unchanged, its message already written).
  static func exit(reporting error: any Error) -> ExitCode {
    if let code = error as? ExitCode { return code }
    if isInputError(error) {
      FileHandle.standardError.write(Data("error: \(MessageText.describe(error))\n".utf8))
      return ExitCode(inputError)
    }
    FileHandle.standardError.write(Data("internal error: \(MessageText.describe(error))\n".utf8))
    return ExitCode(internalFailure)
  }
}

/// Runs a command body under ``ExitCodeRule``: whatever it throws is reported here, a
/// `ValidationError` found while running included (one `error: …` line and exit 1, without the
/// usage ArgumentParser would print after it: by then the command line was fine).
func runCommand(_ body: () throws -> Void) throws {
  do {
    try body()
    try checkStandardOutputWritten()
  } catch {
    throw ExitCodeRule.exit(reporting: error)
  }
}

/// Throws when what the command printed could not be written: `print` ignores a failed write, so
/// `predict … > out.csv` on a full disk exited 0 with a short file (found trying the CLI from
/// outside). Flushed here, where the result is complete, and the stream's error flag read.
private func checkStandardOutputWritten() throws {
  // Every stream (C's `stdout` global cannot be named under strict concurrency); stderr is
  // unbuffered and stdin has nothing to write, so a failure is standard output's.
  // A reader that stopped early (`| head`) is not a failure of the command.
  guard fflush(nil) != 0, errno != EPIPE else { return }
  let reason = String(cString: strerror(errno))
  throw ValidationError("could not write the result to standard output (\(reason))")
}
