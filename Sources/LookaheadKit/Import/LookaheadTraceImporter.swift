import Foundation

/// Reads Lookahead's own trace files through ``TraceFileReader``, so that `convert` and `inspect`
/// accept them like any source. Several files are concatenated under the first file's metadata,
/// their cleaning counts summed.
public struct LookaheadTraceImporter: TraceImporter {
  public init() {}
  public var format: TraceSourceFormat { .lookaheadTrace }

  public func metadata() -> TraceMetadata {
    TraceMetadata(source: "lookahead-trace", coordinateUnit: "unknown")
  }

  public func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
    let trace = try parse(data, file: file)
    report.merge(trace.metadata.cleaning)
    return trace.strokes
  }

  public func importTrace(files: [URL], options: ImportOptions) throws -> Trace {
    var result: Trace?
    for file in files {
      let trace = try parse(try DelimitedText.readData(file), file: file)
      if var merged = result {
        merged.strokes += trace.strokes
        merged.metadata.cleaning.merge(trace.metadata.cleaning)
        result = merged
      } else {
        result = trace
      }
    }
    return result ?? Trace(metadata: metadata(), strokes: [])
  }

  private func parse(_ data: Data, file: URL) throws -> Trace {
    guard let text = String(data: data, encoding: .utf8) else {
      throw TraceInputError(file: file.path, location: .file, problem: "is not UTF-8 text")
    }
    return try TraceFileReader.parse(text, file: file.path)
  }
}
