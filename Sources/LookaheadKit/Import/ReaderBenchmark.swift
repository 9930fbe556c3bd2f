import Foundation

/// Issue 21's per-reader speed figures, measured by `lookahead bench readers` in a release build:
/// for each reader (the trace file reader and each shared dataset's importer) its MB/s and rows/s
/// on one core, beside the bare read of the very same files' bytes in the same run.
///
/// Why a command rather than package-benchmark (`Benchmarks/`): that package's release build did
/// not finish on the shared 2-core machine; this one is the workbench's own release build, and
/// what it times is the code a load runs (``DataFileReader/read(_:)`` then the parse).
///
/// Times are the CPU time of the measuring thread (`CLOCK_THREAD_CPUTIME_ID`), so other work on a
/// loaded machine stretches them less than wall time, and every figure is the fastest of
/// `repetitions` passes. The provenance digests are remembered after the first pass
/// (``FileDigestCache``), as when a process reads the same files again; the first pass of a
/// process also hashes.
public enum ReaderBenchmark {
  /// One reader's figures.
  public struct Figures: Sendable {
    public var reader: String
    public var files: Int
    public var bytes: Int
    /// Samples the reader produced: a row of the source, as loaded.
    public var rows: Int
    /// Thread CPU seconds to read the bytes only (`Data(contentsOf:)`), and to read and parse.
    public var bareReadSeconds: Double
    public var readAndParseSeconds: Double

    public var megabytesPerSecond: Double { Double(bytes) / 1e6 / readAndParseSeconds }
    public var rowsPerSecond: Double { Double(rows) / readAndParseSeconds }
    public var bareReadMegabytesPerSecond: Double { Double(bytes) / 1e6 / bareReadSeconds }
  }

  /// A reader to measure: its files and how one file's bytes become samples.
  public struct Reader: Sendable {
    public var name: String
    public var files: [URL]
    /// Parses one file's bytes (already read) and returns the samples it holds.
    public var parse: @Sendable (Data, URL) throws -> Int

    public init(name: String, files: [URL], parse: @escaping @Sendable (Data, URL) throws -> Int) {
      self.name = name
      self.files = files
      self.parse = parse
    }

    /// An importer, one file at a time, as a folder import runs it; `importer` chooses it for a
    /// file (TurboTouch reads its reference predictions with another variant).
    public static func importer(
      _ name: String, files: [URL], options: ImportOptions = ImportOptions(),
      _ importer: @escaping @Sendable (URL) -> any TraceImporter
    ) -> Reader {
      Reader(name: name, files: files) { data, url in
        var report = CleaningReport()
        return try importer(url).strokes(in: data, file: url, options: options, report: &report).reduce(0) { $0 + $1.samples.count }
      }
    }

    /// The trace file reader.
    public static func traceFiles(_ name: String, files: [URL]) -> Reader {
      Reader(name: name, files: files) { data, url in
        try TraceFileReader.parse(data, file: url.path).sampleCount
      }
    }
  }

  /// Measures `reader` on the calling thread.
  public static func measure(_ reader: Reader, repetitions: Int) throws -> Figures {
    var bare = Double.infinity, parsed = Double.infinity
    var bytes = 0, rows = 0
    for _ in 0..<max(1, repetitions) {
      var readBytes = 0
      bare = min(bare, try threadCPUSeconds {
        for file in reader.files { readBytes += try Data(contentsOf: file).count }
      })
      var parsedRows = 0
      parsed = min(parsed, try threadCPUSeconds {
        for file in reader.files { parsedRows += try reader.parse(try DataFileReader.read(file), file) }
      })
      bytes = readBytes
      rows = parsedRows
    }
    return Figures(reader: reader.name, files: reader.files.count, bytes: bytes, rows: rows,
      bareReadSeconds: bare, readAndParseSeconds: parsed)
  }

  /// CPU time of the calling thread while `body` runs, seconds.
  static func threadCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
      var t = timespec()
      guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0 else { return .nan }
      return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
    let start = now()
    try body()
    return now() - start
  }
}
