import ArgumentParser

/// The message of a refusal found once the command line has parsed (a single-value option given
/// twice, ``RepeatedOption``; a `ValidationError` thrown by a command outside ``runCommand(_:)``),
/// with the usage of the command that refused it. ArgumentParser renders an error thrown outside
/// its parser for the root command (`Usage: lookahead <subcommand>`), since it no longer knows
/// which command was parsed; its own refusals show the command's usage, and these now read the same.
enum CommandErrorMessage {
  /// `Error: MESSAGE`, then `command`'s usage and where its help is, as ArgumentParser writes them
  /// (``LookaheadCommand/main()`` prints the leading `Error:` as `error:`, for this and the parser's own).
  static func text(for error: any Error, command: any ParsableCommand.Type) -> String {
    guard let path = path(to: command), path.count > 1 else { return LookaheadCommand.fullMessage(for: error) }
    let names = path.map { $0._commandName }.joined(separator: " ")
    return "Error: \(LookaheadCommand.message(for: error))\n"
      + "Usage: \(LookaheadCommand.usageString(for: command))\n"
      + "  See '\(names) --help' for more information."
  }

  /// The commands from the root to `command`, or nil when it is not among the subcommands.
  static func path(
    to command: any ParsableCommand.Type, from root: any ParsableCommand.Type = LookaheadCommand.self
  ) -> [any ParsableCommand.Type]? {
    if ObjectIdentifier(root) == ObjectIdentifier(command) { return [root] }
    for subcommand in root.configuration.subcommands {
      if let rest = path(to: command, from: subcommand) { return [root] + rest }
    }
    return nil
  }
}
