import ArgumentParser

/// `--quiet`: no progress or status lines (CONVENTIONS.md "CLI": progress on stderr, quiet with
/// `--quiet`), and none of the notes `evaluate`, `compare` and `sweep` print on stderr about a
/// `--model` file: that it was fitted on writers of the data scored (``FittedWritersNote``) or
/// records a fixed horizon the frame replay does not use (``FixedHorizonModelNote``). Results,
/// errors and every other note print as always. The help says so, as one text for every command.
struct QuietOption: ParsableArguments {
  @Flag(
    name: .customLong("quiet"),
    help: ArgumentHelp(
      "Print no progress or status lines, nor the notes evaluate, compare and sweep print on a --model file "
      + "(fitted on writers of the data scored, or recording a fixed horizon); results, errors and other notes "
      + "still print."))
  var isOn = false
}
