import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead bench readers`: issue 21's per-reader speed figures (ReaderBenchmark), in a release
/// build.
struct BenchReadersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "readers",
    abstract: "Measure each reader (trace files, every shared dataset's importer) in MB/s and rows/s against a bare read of the same files.",
    discussion: """
      Build with -c release first. One core, thread CPU time, the fastest of --repetitions passes. \
      The trace reader is measured on the shared datasets converted to trace files in a temporary \
      folder (removed afterwards), the Android getevent importer and the delimited-text importer \
      on Henze 2017 (else the first dataset given) written as a getevent log and as a CSV read \
      through a column mapping, since no shared dataset is either.
      """)

  @OptionGroup var measurement: BenchReadersMeasurement

  func run() throws { try measurement.run() }
}

/// The options and the measurement of `bench readers`, apart from the command so that its former
/// name (``FormerBenchReadersCommand``) runs the very same.
struct BenchReadersMeasurement: ParsableArguments {
  @Option(help: "Passes over each reader's files; the fastest counts.")
  var repetitions: Int = 5

  @Option(help: "Datasets whose importers to measure and whose trace files make the trace reader's input (all five shared datasets unless given).")
  var dataset: [String] = [
    "Inkable-ApplePencil", "TurboTouch-Nancel2018", "Henze2017-MobileHCI", "SVC2004-Task2", "WacomMSP13-HandwritingSpeed",
  ]

  @OptionGroup var location: DatasetLocationOptions

  func run() throws {
    guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1") }
    try runCommand {
      let dataDirectory = location.dataDirectoryURL
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-bench-readers-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      var readers: [ReaderBenchmark.Reader] = []
      var traceFiles: [URL] = []
      for name in dataset {
        guard let descriptor = DatasetRegistry.descriptor(named: name) else {
          throw ValidationError("'\(name)' is not a dataset name")
        }
        let files = try DatasetRegistry.files(of: name, dataDirectory: dataDirectory)
        let importer = descriptor.format.importer
        readers.append(.importer("\(name) importer (\(descriptor.format.rawValue))", files: files) { file in
          // TurboTouch's reference predictions are read by the importer's variant for them.
          guard name == "TurboTouch-Nancel2018" else { return importer }
          return TurboTouchImporter(variant: file.lastPathComponent == "strokesPredicted64GroundTruth.csv" ? .predicted : .strokes)
        })
        let traceFile = folder.appendingPathComponent("\(name).lktrace.csv")
        try TraceFileWriter.write(try DatasetRegistry.load(name, dataDirectory: dataDirectory), to: traceFile, overwrite: false)
        traceFiles.append(traceFile)
      }
      readers.insert(.traceFiles("trace files (the \(traceFiles.count) datasets converted)", files: traceFiles), at: 0)
      if let first = dataset.contains("Henze2017-MobileHCI") ? "Henze2017-MobileHCI" : dataset.first {
        let log = folder.appendingPathComponent("\(first).getevent.txt")
        let strokes = try DatasetRegistry.load(first, dataDirectory: dataDirectory).strokes
        try GeteventLogWriter.log(of: strokes).write(to: log)
        readers.append(.importer("Android getevent importer (\(first) written as a log)", files: [log]) { _ in AndroidGeteventImporter() })
        // A researcher's own CSV (Docs/BringYourOwnData.md): the same strokes through a column mapping.
        let csv = folder.appendingPathComponent("\(first).csv")
        try Self.delimitedText(of: strokes).write(to: csv)
        let mapping = try ColumnMapping(
          settings: ImportSettings.parse("t=time_ms:ms,x,y,stroke", file: csv.path, lineNumbers: false), file: csv.path)
        readers.append(.importer("delimited-text importer (\(first) written as CSV: \(Self.csvColumns))", files: [csv]) { _ in
          DelimitedTextImporter(mapping: mapping)
        })
      }
      print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.hostName); one core, thread CPU time, fastest of \(repetitions)")
      print("reader | files | MB | rows | read + parse: MB/s, rows/s | bare read: MB/s | ratio")
      for reader in readers {
        let figures = try ReaderBenchmark.measure(reader, repetitions: repetitions)
        print(String(
          format: "%@ | %d | %.2f | %d | %.1f MB/s, %.2f M rows/s | %.0f MB/s | %.1f×",
          figures.reader, figures.files, Double(figures.bytes) / 1e6, figures.rows, figures.megabytesPerSecond,
          figures.rowsPerSecond / 1e6, figures.bareReadMegabytesPerSecond, figures.readAndParseSeconds / figures.bareReadSeconds))
      }
    }
  }

  /// The columns of the CSV the delimited-text importer is measured on.
  static let csvColumns = "time_ms,x,y,stroke"

  /// `strokes` as a CSV of ``csvColumns`` (time in ms, as a recorder's log would have it).
  static func delimitedText(of strokes: [Stroke]) -> Data {
    var text = csvColumns + "\n"
    for (index, stroke) in strokes.enumerated() {
      for sample in stroke.samples {
        text += "\(sample.time * 1000),\(sample.x),\(sample.y),\(index)\n"
      }
    }
    return Data(text.utf8)
  }
}
