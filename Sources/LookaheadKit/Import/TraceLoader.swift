import Foundation

/// Loads a trace from a file or a folder, detecting the format unless one is named.
///
/// A folder becomes one ``Trace``: every data file under it (extensions `json`, `txt`, `csv`,
/// recursively, sorted by relative path), each stroke carrying its file name as `origin` and its
/// writer where the source names one. All files must be in one format. Known dataset folders
/// whose files need choosing (TurboTouch, Wacom) are better loaded through ``DatasetRegistry``,
/// which knows which files make each dataset.
public enum TraceLoader {
  /// File extensions a folder import looks at (lower-cased).
  public static let dataExtensions: Set<String> = ["json", "txt", "csv"]

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
    let chosen = try format ?? TraceFormatDetector.detect(url: first)
    if format == nil {
      for file in files.dropFirst() {
        let other = try TraceFormatDetector.detect(url: file)
        guard other == chosen else {
          throw TraceInputError(file: file.path, location: .file, field: "format",
            problem: "is \(other.rawValue) but \(first.lastPathComponent) is \(chosen.rawValue); a folder must hold one format (or name the dataset)")
        }
      }
    }
    return try chosen.importer.importTrace(files: files, options: options)
  }

  /// Data files under `directory`, recursively, sorted by their path relative to it.
  public static func dataFiles(in directory: URL) throws -> [URL] {
    // The enumerator does not descend into a folder given as a symbolic link (an installed
    // Datasets/ linking to a checkout's copy), so it lists the link's target; the files are then
    // named under `directory` as given, keeping their paths relative to it.
    let target = directory.resolvingSymlinksInPath()
    guard let enumerator = FileManager.default.enumerator(
      at: target, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else {
      throw TraceInputError(file: directory.path, location: .file, problem: "cannot be listed")
    }
    var files: [URL] = []
    for case let url as URL in enumerator where dataExtensions.contains(url.pathExtension.lowercased()) {
      if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
    }
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
