import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead report RESULT... [-o report.html] [--format html|md] [--force]`: one self-contained
/// HTML report (or Markdown with SVG figures beside it) from evaluate/compare/sweep JSON results,
/// tune journals and `evaluate --records` CSV files (Docs/Report.md).
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Write an HTML (or Markdown) report with figures from evaluate/compare/sweep/tune results.",
    discussion: """
      Inputs, recognised by content: the --json output of evaluate, compare or sweep; a tune \
      journal (JSON Lines); the CSV of evaluate --records (per-stroke small multiples). The HTML is \
      one file with inline SVG and CSS, no scripts and no network. --format md writes Markdown and \
      the figures as SVG files in a folder named after the output (report-figures/).
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case html, md
  }

  @Argument(help: "Result files: evaluate/compare/sweep --json, tune journals, evaluate --records CSV.")
  var results: [String] = []

  @OptionGroup var output: OutputOption<ReportFile>

  @Option(help: "html or md (default: from the output's extension, else html).")
  var format: Format?

  @OptionGroup var force: ForceOption

  @Option(help: "Report title.")
  var title = "Lookahead report"

  @Option(name: .customLong("digitizer-rate"), help: "Sample rate of the timing diagram's stroke, Hz (default: a sweep input's step, else 240).")
  var digitizerRateHz: Double?

  @Option(name: .customLong("max-strokes"), help: "Strokes drawn per records file.")
  var maximumStrokes = 12

  @OptionGroup var quiet: QuietOption

  func run() throws {
    try runCommand {
      guard !results.isEmpty else { throw ValidationError("give at least one result file") }
      guard maximumStrokes >= 1 else { throw ValidationError("--max-strokes must be at least 1") }
      if let digitizerRateHz, !(digitizerRateHz > 0 && digitizerRateHz.isFinite && digitizerRateHz <= 100_000) {
        throw ValidationError("--digitizer-rate must be a positive rate in Hz")
      }
      let chosen = format ?? (output.path.map { $0.lowercased().hasSuffix(".md") ? .md : .html } ?? .html)
      let outputPath = output.path ?? (chosen == .md ? "report.md" : "report.html")
      let outputURL = URL(fileURLWithPath: outputPath)
      for path in results {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw ValidationError("\(path): no such file") }
        if isFolder.boolValue { throw ValidationError("\(path): a folder; report reads result files, not folders") }
      }
      let inputURLs = results.map { URL(fileURLWithPath: $0) }
      // The same result twice doubled every row of its tables (found trying the CLI from outside).
      if let twice = Dictionary(grouping: inputURLs, by: { $0.standardizedFileURL.path }).first(where: { $0.value.count > 1 }) {
        throw ValidationError("\(twice.key) is given twice; each result is read once")
      }
      try DistinctFiles.check(output: "-o", outputURL, notAmong: inputURLs)
      try force.checkWritable(outputURL)
      let inputs = try results.map { try ReportInput.load(URL(fileURLWithPath: $0)) }
      var document = try ReportDocument(
        inputs: inputs, title: title, digitizerRateHz: digitizerRateHz, maximumStrokes: maximumStrokes)
      let commandLine = ResultProvenance(
        commandLine: CommandLine.arguments, command: "report", predictors: [], seed: 0, profile: nil,
        evaluationProtocol: "", datasets: []).commandLineText
      document.reportProvenance = [("command", commandLine), ("version", LookaheadVersion.string)]
        + (try results.map { ("input", try FileDigest.sha256Hex(fileAt: URL(fileURLWithPath: $0)) + "  " + $0) })
      switch chosen {
      case .html:
        try force.write(document.html, to: outputURL)
        if !quiet.isOn { print("wrote \(outputPath) (\(document.sections.count) sections)") }
      case .md:
        let stem = outputURL.deletingPathExtension().lastPathComponent
        let folder = stem + "-figures"
        let base = outputURL.deletingLastPathComponent()
        let (text, files) = document.markdown(figureDirectory: folder)
        for file in files { try DistinctFiles.check(output: "-o", base.appendingPathComponent(file.path), notAmong: inputURLs) }
        try force.checkWritable(files.map { base.appendingPathComponent($0.path) })
        try FileManager.default.createDirectory(at: base.appendingPathComponent(folder), withIntermediateDirectories: true)
        for file in files { try force.write(file.contents, to: base.appendingPathComponent(file.path)) }
        try force.write(text, to: outputURL)
        if !quiet.isOn { print("wrote \(outputPath) and \(files.count) figures in \(base.appendingPathComponent(folder).path)") }
        // Figures an earlier report wrote and this one does not reference are left, never removed:
        // nothing records which files in the folder the report wrote, and the user's own are kept.
        let written = Set(files.map { URL(fileURLWithPath: $0.path).lastPathComponent })
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent(folder).path)) ?? [])
          .filter { $0.hasSuffix(".svg") && !written.contains($0) }.sorted()
        if !others.isEmpty {
          FileHandle.standardError.write(Data((
            "note: \(folder)/ also holds \(others.joined(separator: ", ")), which this report does not reference; "
              + "left as they were (figures of an earlier report, or your own): remove them, or write the report to an empty folder\n").utf8))
        }
      }
    }
  }
}

/// `report -o`: the report.
enum ReportFile: OutputFileKind {
  static let help = "Output file (default report.html, or report.md with --format md)."
}
