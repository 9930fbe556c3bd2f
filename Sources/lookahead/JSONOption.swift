import ArgumentParser

/// `--json`: the machine-readable form of what the command prints (CONVENTIONS.md "CLI": human
/// tables on stdout by default, `--json` for machines). What the JSON holds is each command's
/// (its abstract or discussion says so where it is more than the text shows), the flag and its
/// help are this group's.
struct JSONOption: ParsableArguments {
  @Flag(name: .customLong("json"), help: "Print the result as JSON instead of text.")
  var isOn = false
}
