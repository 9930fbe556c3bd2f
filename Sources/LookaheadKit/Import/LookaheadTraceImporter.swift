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
    let trace = try TraceFileReader.parse(data, file: file.path)
    report.merge(trace.metadata.cleaning)
    return trace.strokes
  }

  /// Files are read and parsed in parallel (on up to ``LoadingJobs/limit`` cores), then joined in the given order, so the result (and
  /// the error reported, the first failing file's) equals a sequential read.
  public func importTrace(files: [URL], options: ImportOptions) throws -> Trace {
    let results = ParallelResults<Trace>(count: files.count)
    LoadingJobs.forEach(files.count) { index in
      results.set(index, Result { try TraceFileReader.read(contentsOf: files[index]) })
    }
    var result: Trace?
    for file in results.values {
      let trace = try file.get()
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
}
