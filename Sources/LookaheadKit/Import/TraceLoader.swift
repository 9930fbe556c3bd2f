import Foundation

/// Loads a trace from a file or a folder, detecting the format unless one is named.
///
/// A folder becomes one ``Trace``: every data file under it (extensions `json`, `txt`, `csv`, `tsv`, `log`,
/// recursively, sorted by relative path), each stroke carrying its file name as `origin` and its
/// writer where the source names one. All files must be in one format. Known dataset folders
/// whose files need choosing (TurboTouch, Wacom) are better loaded through ``DatasetRegistry``,
/// which knows which files make each dataset.
public enum TraceLoader {
  /// File extensions a folder import looks at (lower-cased).
  public static let dataExtensions: Set<String> = ["json", "txt", "csv", "tsv", "log"]

  public static func load(url: URL, format: TraceSourceFormat? = nil, options: ImportOptions = ImportOptions()) throws -> Trace {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw TraceInputError(file: url.path, location: .file, problem: "does not exist")
    }
    let files = isDirectory.boolValue ? try dataFiles(in: url) : [url]
    return try load(files: files, format: format, options: options, origin: url)
  }

  /// One trace from `files` (in the given order), all of one format.
  public static func load(files: [URL], format: TraceSourceFormat? = nil, options: ImportOptions = ImportOptions(), origin: URL? = nil) throws -> Trace {
    guard let first = files.first else {
      throw TraceInputError(file: origin?.path ?? "(no files)", location: .file,
        problem: "holds no data files (looked for \(dataExtensions.sorted().joined(separator: ", ")))")
    }
    let chosen = try format ?? TraceFormatDetector.detect(url: first, settings: options.settings)
    if format == nil {
      for file in files.dropFirst() {
        let other = try TraceFormatDetector.detect(url: file, settings: options.settings)
        guard other == chosen else {
          throw TraceInputError(file: file.path, location: .file, field: "format",
            problem: "is \(other.rawValue) but \(first.lastPathComponent) is \(chosen.rawValue); a folder must hold one format (or name the dataset)")
        }
      }
    }
    let trace = try chosen.importer(for: options.settings).importTrace(files: files, options: options)
    try checkSampleIntervals(trace, format: chosen, options: options, file: (origin ?? first).path)
    return trace
  }

  /// ``SampleIntervalCheck`` with the fix that fits the format: a mapped file's time unit is
  /// declared in its mapping; any other format states its unit, so a failure there means the file
  /// is not what it claims to be.
  public static func checkSampleIntervals(_ trace: Trace, format: TraceSourceFormat, options: ImportOptions, file: String) throws {
    switch format {
    case .delimitedText:
      let time = try ColumnMapping(settings: options.settings).time
      try SampleIntervalCheck.check(trace, file: file, declaredSecondsPerTick: time.secondsPerTick) {
        "declare t=\(time.column):\($0) in the mapping"
      }
    case .lookaheadTrace:
      try SampleIntervalCheck.check(trace, file: file) { "the t column must be seconds; convert it from \($0)" }
    default:
      try SampleIntervalCheck.check(trace, file: file) { _ in
        "the file does not keep the time unit of the \(format.rawValue) format (pass --format if it was misdetected)"
      }
    }
  }

  /// Data files under `directory`, recursively, sorted by their path relative to it.
  public static func dataFiles(in directory: URL) throws -> [URL] {
    // Symbolic links are followed, the folder's own included (a dataset linked into a data
    // folder, an installed Datasets/ linking to a checkout's copy) and those inside it, each
    // real folder visited once so that a link cycle ends. Files are named under `directory` as
    // given, keeping their paths relative to it.
    let target = directory.resolvingSymlinksInPath()
    var files: [URL] = []
    var visited: Set<String> = []
    func walk(_ folder: URL) throws {
      guard visited.insert(folder.resolvingSymlinksInPath().path).inserted else { return }
      let entries: [URL]
      do {
        entries = try FileManager.default.contentsOfDirectory(
          at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
      } catch {
        throw TraceInputError(file: folder.path, location: .file, problem: "cannot be listed")
      }
      for entry in entries {
        var isDirectory: ObjCBool = false
        // fileExists follows links: a link to a folder is walked, a link to a file read.
        guard FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory) else { continue }
        if isDirectory.boolValue {
          try walk(entry)
        } else if dataExtensions.contains(entry.pathExtension.lowercased()) {
          files.append(entry)
        }
      }
    }
    try walk(target)
    // Relative paths computed once: standardizing a URL inside the comparator dominated the
    // import of the 1,280 SVC2004 files.
    let base = target.standardizedFileURL.path
    let renamed = target.standardizedFileURL != directory.standardizedFileURL
    return files.map { url -> (String, URL) in
      let path = url.standardizedFileURL.path
      guard path.hasPrefix(base) else { return (path, url) }
      let relative = String(path.dropFirst(base.count))
      return (relative, renamed ? directory.appendingPathComponent(String(relative.drop { $0 == "/" })) : url)
    }
    .sorted { $0.0 < $1.0 }
    .map(\.1)
  }
}
