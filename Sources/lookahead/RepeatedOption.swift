import ArgumentParser
import Foundation
import LookaheadKit

/// A single-value option typed more than once. ArgumentParser keeps the last occurrence without a
/// word, so `evaluate --model a.json --model b.json` scored b.json alone and `export -o a -o b`
/// wrote b alone, both exiting 0. `LookaheadCommand.main` refuses the repeat by name for every
/// command, before it runs; options declared as arrays (repeatable) and flags are left alone.
///
/// Which options repeat is read from ArgumentParser itself, the tool description that
/// `--experimental-dump-help` prints (ToolInfoV0: `kind`, `isRepeating`, `names` per argument), so
/// no command keeps a list of its own. The group commands (`datasets`, `replay`, `predictors`)
/// declare no options, so every option word on the line is the parsed command's.
enum RepeatedOption {
  /// One argument of a command as `_dumpHelp()` describes it; only what the check reads.
  struct Declared: Decodable {
    struct Name: Decodable {
      var kind: String
      var name: String

      /// As typed: `--name`, `-n`, or `-name` for a long name with a single dash.
      var spelling: String { kind == "long" ? "--" + name : "-" + name }
    }

    var kind: String
    var isRepeating: Bool
    var names: [Name]?

    /// Every spelling, joined: `-o/--output`.
    var label: String { (names ?? []).map(\.spelling).joined(separator: "/") }
  }

  private struct ToolInfo: Decodable {
    struct Command: Decodable { var arguments: [Declared]? }
    var command: Command
  }

  /// The options (not flags or positionals) `command` declares, its option groups' included.
  static func options(of command: any ParsableCommand.Type) throws -> [Declared] {
    let info = try JSONDecoder().decode(ToolInfo.self, from: Data(command._dumpHelp().utf8))
    return (info.command.arguments ?? []).filter { $0.kind == "option" }
  }

  /// The values each of `options` was given in `arguments` (the words after the executable), in
  /// order, by index into `options`: `--name VALUE`, `--name=VALUE`, `-o VALUE`, `-o=VALUE` and
  /// short names grouped in one word (`-qo VALUE`). The line has parsed, so an option's value is
  /// the word after it even when that word looks like an option, and it is skipped, not read as
  /// one. Reading stops at a `--` terminator: after it every word is positional.
  static func values(of options: [Declared], in arguments: [String]) -> [Int: [String]] {
    var optionIndex: [String: Int] = [:]
    for (index, option) in options.enumerated() {
      for name in option.names ?? [] { optionIndex[name.spelling] = index }
    }
    var values: [Int: [String]] = [:]
    var position = arguments.startIndex
    /// The word after `position`, consumed as a value ("" where the line ends).
    func nextValue() -> String {
      position += 1
      return position < arguments.endIndex ? arguments[position] : ""
    }
    while position < arguments.endIndex, arguments[position] != "--" {
      let word = arguments[position]
      if word.hasPrefix("-"), word.count > 1 {
        let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
        if let index = optionIndex[name] {
          let value = name == word ? nextValue() : String(word.dropFirst(name.count + 1))
          values[index, default: []].append(value)
        } else if !word.hasPrefix("--"), !word.contains("=") {
          // Short names grouped in one word: each option among them takes the next word, in turn.
          for character in word.dropFirst() {
            if let index = optionIndex["-" + String(character)] { values[index, default: []].append(nextValue()) }
          }
        }
      }
      position += 1
    }
    return values
  }

  /// Throws a `ValidationError` for the first single-value option of `command` given more than
  /// once in `arguments`, naming it and its values, followed by the command's ``RepeatedOptionRemedy``
  /// where it has one.
  static func refuse(
    for command: any ParsableCommand.Type, in arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) throws {
    let options = try options(of: command)
    let given = values(of: options, in: arguments)
    for (index, option) in options.enumerated() where !option.isRepeating {
      guard let values = given[index], values.count > 1 else { continue }
      let remedy = (command as? any RepeatedOptionRemedy.Type)?.remedy(forRepeated: option.label) ?? "give it once"
      throw ValidationError(
        "\(option.label) is given \(values.count) times (\(values.map { MessageText.bounded($0) }.joined(separator: ", "))) "
          + "and only the last would be used; \(remedy)")
    }
  }
}
