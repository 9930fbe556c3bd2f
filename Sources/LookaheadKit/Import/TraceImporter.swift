import Foundation

/// Reads one recorded-trace source format into ``Trace``s.
///
/// One conforming type per source, each following its dataset's `SOURCE.md` and the stroke rules
/// of `../shared/design/ANCHOR-PROTOCOL.md` §2. Importers never trap on bad input: every problem
/// is a ``TraceInputError`` naming the file, line (or JSON path) and field, and every row they
/// leave out is counted in the trace's ``CleaningReport``.
public protocol TraceImporter: Sendable {
  /// The format this importer reads.
  var format: TraceSourceFormat { get }

  /// What a trace of this source is (source, device, units, licence); cleaning left empty.
  func metadata() -> TraceMetadata

  /// The strokes of one file, in file order, counting what was cleaned into `report`.
  func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke]

  /// One trace from several files of this format, their strokes concatenated in the given order.
  func importTrace(files: [URL], options: ImportOptions) throws -> Trace
}

extension TraceImporter {
  /// Files are read and parsed in parallel (the 1,280 SVC2004 files dominate an import of the
  /// shared datasets) on up to ``LoadingJobs/limit`` cores, then joined in the given order, so the
  /// result equals a sequential import; the first failing file in that order is the error reported.
  public func importTrace(files: [URL], options: ImportOptions) throws -> Trace {
    try importEachFile(files, options: options)
  }

  /// The default ``importTrace(files:options:)``, callable by importers that adjust its result.
  public func importEachFile(_ files: [URL], options: ImportOptions) throws -> Trace {
    var metadata = metadata()
    let results = ParallelResults<(strokes: [Stroke], report: CleaningReport)>(count: files.count)
    LoadingJobs.forEach(files.count) { index in
      results.set(index, Result {
        var report = CleaningReport()
        let data = try DelimitedText.readData(files[index])
        let strokes = try self.strokes(in: data, file: files[index], options: options, report: &report)
        return (strokes, report)
      })
    }
    var report = CleaningReport()
    var strokes: [Stroke] = []
    for result in results.values {
      let file = try result.get()
      strokes += file.strokes
      report.merge(file.report)
    }
    metadata.cleaning = report
    if options.raw { metadata.notes["import"] = "raw: cleaning rules R1–R3 not applied" }
    return Trace(metadata: metadata, strokes: strokes)
  }

  /// One trace from bytes already in memory; `file` names them in errors and `origin`.
  public func importTrace(data: Data, file: URL, options: ImportOptions = ImportOptions()) throws -> Trace {
    var metadata = metadata()
    var report = CleaningReport()
    let strokes = try self.strokes(in: data, file: file, options: options, report: &report)
    metadata.cleaning = report
    if options.raw { metadata.notes["import"] = "raw: cleaning rules R1–R3 not applied" }
    return Trace(metadata: metadata, strokes: strokes)
  }

  /// One trace from one file.
  public func importTrace(file: URL, options: ImportOptions = ImportOptions()) throws -> Trace {
    try importTrace(files: [file], options: options)
  }
}

/// One result slot per parallel task, written under a lock.
final class ParallelResults<Value>: @unchecked Sendable {
  private var slots: [Result<Value, Error>?]
  private let lock = NSLock()

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Result<Value, Error>) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  /// Every slot, in order (all are set once ``LoadingJobs/forEach(_:_:)`` has returned).
  var values: [Result<Value, Error>] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0 ?? .failure(CancellationError()) }
  }
}

/// The last path component, used as a stroke's `origin`.
func fileName(_ url: URL) -> String { url.lastPathComponent }
