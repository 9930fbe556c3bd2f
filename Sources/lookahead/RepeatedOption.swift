import ArgumentParser
import LookaheadKit

/// A single-value option typed more than once. ArgumentParser keeps the last occurrence without a
/// word, so `evaluate --model a.json --model b.json` scored b.json alone and exited 0; a command
/// that takes one of something refuses the repeat by name instead, and says where several go.
enum RepeatedOption {
  /// The values `name` was given in `arguments` (`--name VALUE` or `--name=VALUE`), in order, up
  /// to a `--` terminator (after it every word is positional, as ArgumentParser reads it).
  static func values(of name: String, in arguments: [String]) -> [String] {
    var values: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex, arguments[index] != "--" {
      let word = arguments[index]
      if word == name {
        values.append(index + 1 < arguments.endIndex ? arguments[index + 1] : "")
      } else if word.hasPrefix(name + "=") {
        values.append(String(word.dropFirst(name.count + 1)))
      }
      index += 1
    }
    return values
  }

  /// Throws a `ValidationError` for the first of `names` given more than once in `arguments`
  /// (the command line's words after the executable), naming its values, followed by `remedy`.
  static func refuse(
    _ names: [String], in arguments: [String] = Array(CommandLine.arguments.dropFirst()), remedy: String
  ) throws {
    for name in names {
      let given = values(of: name, in: arguments)
      guard given.count > 1 else { continue }
      throw ValidationError(
        "\(name) is given \(given.count) times (\(given.map { MessageText.bounded($0) }.joined(separator: ", "))) "
          + "and only the last would be used; \(remedy)")
    }
  }
}
