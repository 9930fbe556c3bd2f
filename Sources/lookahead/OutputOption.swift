import ArgumentParser
import Foundation

/// What one command's output option writes: its help, and its spelling where it is more than
/// `-o`/`--output`. Every command that writes a file takes `-o`/`--output`; `tune` also keeps
/// `--out`, its spelling before (a removed flag would break scripts).
protocol OutputFileKind {
  static var names: NameSpecification { get }
  static var help: String { get }
}

extension OutputFileKind {
  static var names: NameSpecification { [.customShort("o"), .customLong("output")] }
}

/// `-o`/`--output FILE` (or a command's own spelling, ``OutputFileKind/names``): the file a
/// command writes its result to. Whether an existing file may be replaced is ``ForceOption``'s.
struct OutputOption<Kind: OutputFileKind>: ParsableArguments {
  @Option(name: Kind.names, help: ArgumentHelp(Kind.help, valueName: "file"))
  var path: String?

  var url: URL? { path.map { URL(fileURLWithPath: $0) } }
}
