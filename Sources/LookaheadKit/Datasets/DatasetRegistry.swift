import Foundation

/// Knows the seven recorded datasets by name, where they live, which files make them and how to
/// load them into one ``Trace``.
///
/// A dataset is looked for first in the project's bundled `Datasets/NAME` (found wherever the
/// CLI runs from: ``BundledDatasetSearch``), then in `<data-dir>/NAME`, where the data directory
/// defaults to `../shared/datasets` beside the repository (`LOOKAHEAD_SHARED_DATASETS` overrides
/// it). The repository is found by walking up from the current directory and from the running
/// executable to a folder with `Package.swift`.
///
/// References: a dataset name (`Henze2017-MobileHCI`, case-insensitive), `NAME:SUBSET`
/// (`SVC2004-Task2:test`), or a path to a file or folder; any of them may end in `:writer=ID,…`
/// to keep only those writers (``WriterSelection``). A folder named like a dataset is loaded
/// as that dataset (its files chosen by the registry); any other folder or file goes through
/// ``TraceLoader``.
public enum DatasetRegistry {
  /// Every dataset the registry knows, in the order `datasets list` shows them.
  public static let datasets: [DatasetDescriptor] = [
    DatasetDescriptor(
      name: "Inkable-ApplePencil", format: .inkableJSON, redistributable: true, licence: "MIT",
      summary: "Apple Pencil on iPad, 240 Hz, force updates and UIKit predicted touches (5 strokes)",
      includes: { $0.lowercased().hasSuffix(".json") }, subsets: []),
    DatasetDescriptor(
      name: "Henze2017-MobileHCI", format: .henze2017, redistributable: true, licence: "Apache-2.0",
      summary: "finger touch on Android, ~60 Hz, 8 participants × Fitts/Paint/Write (2,801 strokes)",
      includes: { $0.contains("Tasks-participant") && $0.hasSuffix(".txt") },
      subsets: ["Fitts", "Paint", "Write"].map { task in
        DatasetDescriptor.Subset(name: task, summary: "\(task)Tasks files of all 8 participants") {
          ($0.split(separator: "/").last ?? "").hasPrefix("\(task)Tasks-participant") && $0.hasSuffix(".txt")
        }
      }),
    DatasetDescriptor(
      name: "TurboTouch-Nancel2018", format: .turboTouchStrokes, redistributable: false,
      licence: "Inria research-only",
      summary: "finger touch, ~125 Hz, with TurboTouch's 64 ms reference predictions (3 strokes)",
      includes: { $0 == "strokes.csv" || $0 == "strokesPredicted64GroundTruth.csv" },
      subsets: [
        DatasetDescriptor.Subset(name: "optitrack", summary: "optimization/OptitrackData/data.csv, 56 strokes at ~60 Hz") {
          $0 == "optimization/OptitrackData/data.csv"
        }
      ]),
    DatasetDescriptor(
      name: "SVC2004-Task2", format: .svc2004, redistributable: false,
      licence: "research use with citation",
      summary: "Wacom Intuos signatures, 100 Hz, pressure and tilt (U1–U32 here)",
      includes: { $0.uppercased().hasSuffix(".TXT") && svcUserSession($0) != nil },
      subsets: [
        DatasetDescriptor.Subset(name: "test", summary: "genuine S1–S20 of the test writers U29–U32 (anchor protocol)") {
          guard let (user, session) = svcUserSession($0) else { return false }
          return (29...32).contains(user) && (1...20).contains(session)
        },
        DatasetDescriptor.Subset(name: "train", summary: "genuine and forged S1–S40 of U1–U28") {
          guard let (user, _) = svcUserSession($0) else { return false }
          return (1...28).contains(user)
        },
        DatasetDescriptor.Subset(name: "genuine", summary: "genuine S1–S20 of every writer") {
          guard let (_, session) = svcUserSession($0) else { return false }
          return (1...20).contains(session)
        },
      ]),
    DatasetDescriptor(
      name: "WacomMSP13-HandwritingSpeed", format: .wacomMSP13, redistributable: false,
      licence: "none stated (internal research only)",
      summary: "Wacom MobileStudio Pro 13, ~187 Hz, pressure, tilt and hover (full captures only)",
      includes: isWacomCapture,
      subsets: ["ID0001", "ID0002"].map { writer in
        DatasetDescriptor.Subset(name: writer, summary: "the full capture of writer \(writer)") {
          isWacomCapture($0) && $0.split(separator: "/").contains { $0.hasPrefix(writer + "-") }
        }
      }),
  ]

  /// Whether a relative path is a full-session Wacom capture (`…/capture_01_<ts>.csv`).
  @Sendable static func isWacomCapture(_ path: String) -> Bool {
    (path.split(separator: "/").last ?? "").hasPrefix("capture_01_") && path.hasSuffix(".csv")
  }

  /// `(user, session)` from a path ending in `U<u>S<s>.TXT`.
  static func svcUserSession(_ path: String) -> (Int, Int)? {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard name.uppercased().hasSuffix(".TXT"), name.first == "U" else { return nil }
    let body = name.dropFirst().dropLast(4)
    let parts = body.split(separator: "S")
    guard parts.count == 2, let user = Int(parts[0]), let session = Int(parts[1]) else { return nil }
    return (user, session)
  }

  /// The descriptor called `name` (case-insensitive).
  public static func descriptor(named name: String) -> DatasetDescriptor? {
    datasets.first { $0.name.lowercased() == name.lowercased() }
  }

  /// A dataset found on disk.
  public struct Location: Sendable {
    public var descriptor: DatasetDescriptor
    public var folder: URL
    /// Whether it is the project's bundled copy (`Datasets/`) rather than the shared one.
    public var isBundled: Bool
  }

  /// Repository roots to search from: the folders holding a `Package.swift` above the current
  /// directory and above the executable (up to 8 levels), nearest first.
  public static func repositoryRoots() -> [URL] {
    var starts = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    if let executable = Bundle.main.executableURL { starts.append(executable.deletingLastPathComponent()) }
    var roots: [URL] = []
    for start in starts {
      var url = start.standardizedFileURL
      // Every enclosing package, nearest first: from the nested Benchmarks/ package the
      // repository is the second one.
      for _ in 0..<8 {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
          !roots.contains(url)
        {
          roots.append(url)
        }
        let parent = url.deletingLastPathComponent()
        if parent.path == url.path { break }
        url = parent
      }
    }
    return roots
  }

  /// Folders that may hold `Datasets/`-style bundled copies, in search order
  /// (``BundledDatasetSearch``).
  public static func bundledDirectories() -> [URL] { BundledDatasetSearch.directories() }

  /// The shared data directory: `dataDirectory` if given, else `LOOKAHEAD_SHARED_DATASETS`, else
  /// `../shared/datasets` beside the repository (or beside the current directory).
  public static func sharedDirectories(dataDirectory: URL? = nil) -> [URL] {
    if let dataDirectory { return [dataDirectory] }
    if let override = ProcessInfo.processInfo.environment["LOOKAHEAD_SHARED_DATASETS"], !override.isEmpty {
      return [URL(fileURLWithPath: override)]
    }
    var result = repositoryRoots().map {
      $0.deletingLastPathComponent().appendingPathComponent("shared/datasets")
    }
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .deletingLastPathComponent().appendingPathComponent("shared/datasets")
    if !result.contains(cwd) { result.append(cwd) }
    return result
  }

  /// Where the dataset `name` is: bundled first, then the shared data directory.
  public static func locate(_ name: String, dataDirectory: URL? = nil) -> Location? {
    guard let descriptor = descriptor(named: name) else { return nil }
    for (directories, bundled) in [(bundledDirectories(), true), (sharedDirectories(dataDirectory: dataDirectory), false)] {
      for directory in directories {
        let folder = directory.appendingPathComponent(descriptor.name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue {
          return Location(descriptor: descriptor, folder: folder, isBundled: bundled)
        }
      }
    }
    return nil
  }

  /// Every dataset that can be found: the bundled copy and, separately, the shared one where
  /// both exist.
  public static func available(dataDirectory: URL? = nil) -> [Location] {
    var result: [Location] = []
    for descriptor in datasets {
      for (directories, bundled) in [(bundledDirectories(), true), (sharedDirectories(dataDirectory: dataDirectory), false)] {
        for directory in directories {
          let folder = directory.appendingPathComponent(descriptor.name)
          var isDirectory: ObjCBool = false
          if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue {
            result.append(Location(descriptor: descriptor, folder: folder, isBundled: bundled))
            break
          }
        }
      }
    }
    return result
  }

  /// A reference resolved to a dataset (and subset) or to a plain path with the import settings
  /// typed after it or found in its sidecar mapping file (``SettingsReference``).
  public enum Resolved: Sendable {
    case dataset(Location, subset: String?)
    case path(URL, settings: ImportSettings)
  }

  /// Resolves a name, `NAME:SUBSET` or path; fails saying where it looked.
  public static func resolve(_ reference: String, dataDirectory: URL? = nil) throws -> Resolved {
    let parts = reference.split(separator: ":", maxSplits: 1).map(String.init)
    if let name = parts.first, let descriptor = descriptor(named: name) {
      guard let location = locate(name, dataDirectory: dataDirectory) else {
        let looked = (bundledDirectories() + sharedDirectories(dataDirectory: dataDirectory)).map(\.path)
        let hint = descriptor.redistributable
          ? "set \(BundledDatasetSearch.environmentVariable) to a folder holding it, such as the repository's Datasets/"
          : "use --data-dir"
        throw DatasetReferenceError(reference: reference,
          problem: "dataset not found; looked in " + looked.joined(separator: ", ") + " (\(hint))")
      }
      return .dataset(location, subset: parts.count > 1 ? parts[1] : nil)
    }
    if let (folder, subset) = datasetFolderWithSubset(reference) {
      return .dataset(folder, subset: subset)
    }
    guard let (url, settings) = try SettingsReference.split(reference) else {
      throw DatasetReferenceError(reference: reference,
        problem: "is neither a dataset name (" + datasets.map(\.name).joined(separator: ", ")
          + ") nor an existing file or folder (optionally followed by :key=value,… import settings)")
    }
    var isDirectory: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
    if settings.isEmpty, isDirectory.boolValue, let descriptor = descriptor(named: url.resolvingSymlinksInPath().lastPathComponent)
      ?? descriptor(named: url.standardizedFileURL.lastPathComponent)
    {
      return .dataset(Location(descriptor: descriptor, folder: url, isBundled: false), subset: nil)
    }
    return .path(url, settings: settings)
  }

  /// `FOLDER:SUBSET` where FOLDER is an existing folder named like a dataset (or a link to one):
  /// that dataset at that folder, with the subset; nil otherwise.
  static func datasetFolderWithSubset(_ reference: String) -> (Location, String)? {
    var searchStart = reference.startIndex
    while let colon = reference[searchStart...].firstIndex(of: ":") {
      let path = String(reference[..<colon])
      let subset = String(reference[reference.index(after: colon)...])
      searchStart = reference.index(after: colon)
      var isDirectory: ObjCBool = false
      guard !path.isEmpty, !subset.isEmpty, !subset.contains("="),
        FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
      else { continue }
      let url = URL(fileURLWithPath: path)
      guard let descriptor = descriptor(named: url.resolvingSymlinksInPath().lastPathComponent)
        ?? descriptor(named: url.standardizedFileURL.lastPathComponent)
      else { return nil }
      return (Location(descriptor: descriptor, folder: url, isBundled: false), subset)
    }
    return nil
  }

  /// Whether `argument` is a dataset reference (a known name, `NAME:SUBSET`, an existing path or
  /// a path with import settings), for commands that mix datasets and predictors positionally.
  public static func isDatasetReference(_ argument: String) -> Bool {
    let name = String(argument.split(separator: ":", maxSplits: 1).first ?? "")
    if descriptor(named: name) != nil { return true }
    do { return try SettingsReference.split(argument) != nil } catch {
      return true  // a path with bad settings: loading it reports what is wrong
    }
  }

  /// The files a reference reads, sorted by relative path.
  public static func files(of reference: String, dataDirectory: URL? = nil) throws -> [URL] {
    switch try resolve(WriterSelection.base(of: reference), dataDirectory: dataDirectory) {
    case .dataset(let location, let subset):
      return try location.descriptor.files(in: location.folder, subset: subset)
    case .path(let url, _):
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      return isDirectory.boolValue ? try TraceLoader.dataFiles(in: url) : [url]
    }
  }

  /// Every file loading `reference` reads: its data files (``files(of:dataDirectory:)``) and the
  /// mapping files its import settings came from (a sidecar `PATH.mapping`, or `mapping=FILE`),
  /// so that a command can refuse to write over one of them.
  public static func filesRead(by reference: String, dataDirectory: URL? = nil) throws -> [URL] {
    try files(of: reference, dataDirectory: dataDirectory) + mappingFiles(of: reference, dataDirectory: dataDirectory)
  }

  /// The mapping file a reference's import settings were read from (a sidecar `PATH.mapping`, or
  /// `mapping=FILE`), as the reference names it; none for a dataset or a file read without one.
  public static func mappingFiles(of reference: String, dataDirectory: URL? = nil) throws -> [URL] {
    let base = WriterSelection.base(of: reference)
    guard case .path = try resolve(base, dataDirectory: dataDirectory) else { return [] }
    return try SettingsReference.mappingFile(of: base).map { [$0] } ?? []
  }

  /// SHA-256 of each mapping file a reference reads (``mappingFiles(of:dataDirectory:)``), by its
  /// path as the reference names it, for a result's provenance: the mapping decides which column is
  /// time, x or pressure and in which unit, so a changed mapping changes every number while the
  /// data file's checksum stays the same. Empty for a dataset and a file read without a mapping.
  public static func mappingChecksums(
    of reference: String, dataDirectory: URL? = nil
  ) throws -> [(path: String, sha256: String)] {
    try mappingFiles(of: reference, dataDirectory: dataDirectory).map { url in
      (url.relativePath, try FileDigest.sha256Hex(fileAt: url))
    }
  }

  /// Loads a dataset, subset, file or folder into one trace. `format` overrides detection for
  /// paths; datasets always use their own format.
  public static func load(
    _ reference: String, dataDirectory: URL? = nil, format: TraceSourceFormat? = nil,
    options: ImportOptions = ImportOptions()
  ) throws -> Trace {
    if let selection = WriterSelection(reference: reference) {
      var trace = try load(selection.base, dataDirectory: dataDirectory, format: format, options: options)
      try selection.apply(to: &trace, reference: reference)
      return trace
    }
    switch try resolve(reference, dataDirectory: dataDirectory) {
    case .path(let url, let settings):
      var options = options
      if !settings.isEmpty { options.settings = settings.merging(options.settings) }
      return try TraceLoader.load(url: url, format: format, options: options)
    case .dataset(let location, let subset):
      let descriptor = location.descriptor
      let files = try descriptor.files(in: location.folder, subset: subset)
      var trace: Trace
      if descriptor.name == "TurboTouch-Nancel2018", subset == nil {
        guard let strokes = files.first(where: { $0.lastPathComponent == "strokes.csv" }),
          let predicted = files.first(where: { $0.lastPathComponent == "strokesPredicted64GroundTruth.csv" })
        else {
          throw DatasetReferenceError(reference: reference,
            problem: "needs strokes.csv and strokesPredicted64GroundTruth.csv in \(location.folder.path)")
        }
        trace = try TurboTouchImporter.importWithReferencePredictions(strokes: strokes, predictions: predicted, options: options)
      } else if descriptor.name == "TurboTouch-Nancel2018" {
        trace = try TurboTouchImporter(variant: .optitrack).importTrace(files: files, options: options)
      } else {
        trace = try descriptor.format.importer.importTrace(files: files, options: options)
      }
      try TraceLoader.checkSampleIntervals(trace, format: descriptor.format, options: options, file: location.folder.path)
      if let subset { trace.metadata.notes["subset"] = subset }
      trace.metadata.notes["files"] = "\(files.count) from \(location.isBundled ? "bundled" : "shared") \(location.folder.path)"
      return trace
    }
  }

  /// SHA-256 of every file a reference reads, as `(path relative to the dataset folder or the folder given, digest)`,
  /// in the `MANIFEST.sha256` layout, for the provenance of result files. A reference that is one
  /// file (`rec.json`, `rec.csv:t=time:ms,…`, `rec.json:writer=…`) records that file as the
  /// reference names it (`Docs/Examples/rec.json`), which ``ResultProvenance/Dataset/location(of:)``
  /// shows as it is; it recorded the file's name, shown as `Docs/Examples/rec.json/rec.json`.
  public static func checksums(of reference: String, dataDirectory: URL? = nil) throws -> [(path: String, sha256: String)] {
    let files = try files(of: reference, dataDirectory: dataDirectory)
    var base: String?
    var singleFile: String?
    switch try resolve(WriterSelection.base(of: reference), dataDirectory: dataDirectory) {
    case .dataset(let location, _):
      base = location.folder.standardizedFileURL.path + "/"
    case .path(let url, _):
      if files.count == 1, files[0].standardizedFileURL.path == url.standardizedFileURL.path {
        singleFile = url.relativePath
      } else {
        // A folder: each file by its path inside it, as a dataset's are. Its name alone made
        // `a/rec.json` and `b/rec.json` of a nested folder two entries named `rec.json`.
        base = url.standardizedFileURL.path + "/"
      }
    }
    return try files.map { url in
      let path = url.standardizedFileURL.path
      let relative = singleFile
        ?? base.flatMap { path.hasPrefix($0) ? String(path.dropFirst($0.count)) : nil } ?? url.lastPathComponent
      return (relative, try FileDigest.sha256Hex(fileAt: url))
    }
  }
}
