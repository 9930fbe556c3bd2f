import ArgumentParser

/// `--quiet`: no progress or status lines (CONVENTIONS.md "CLI": progress on stderr, quiet with
/// `--quiet`). Results and errors print as always; only the lines about the work do not.
struct QuietOption: ParsableArguments {
  @Flag(name: .customLong("quiet"), help: "Print no progress or status lines; results and errors still print.")
  var isOn = false
}
