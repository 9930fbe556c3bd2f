import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead datasets convert IN OUT`: writes any importable input as a Lookahead trace file.
struct DatasetsConvertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert", abstract: "Convert a dataset, file or folder to the trace format (Docs/TraceFormat.md).")

  @Argument(help: ArgumentHelp("Dataset name, NAME:SUBSET, or a file or folder path.", valueName: "input"))
  var input: String

  @Argument(help: ArgumentHelp("Trace file to write (conventionally *.lktrace.csv).", valueName: "output"))
  var output: String

  @OptionGroup var location: DatasetLocationOptions
  @OptionGroup var choice: ImportChoiceOptions

  @OptionGroup var force: ForceOption

  func run() throws {
    try runCommand {
      // `--force` replaces what an earlier run left, never a file this run reads: the recording
      // itself or its mapping were replaced by their own conversion.
      try DistinctFiles.check(
        output: "<output>", URL(fileURLWithPath: output),
        notAmong: try DatasetRegistry.filesRead(by: input, dataDirectory: location.dataDirectoryURL))
      let trace = try TraceConversion.convert(
        input, to: URL(fileURLWithPath: output), format: try choice.sourceFormat(),
        dataDirectory: location.dataDirectoryURL, options: choice.importOptions(), overwrite: force.replacesExisting,
        commandLine: CommandLine.arguments.dropFirst().joined(separator: " "))
      print("wrote \(output): \(trace.strokes.count) strokes, \(trace.sampleCount) samples")
    }
  }
}
