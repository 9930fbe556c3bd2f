import Foundation

#if canImport(Glibc)
  import Glibc

  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin

  private let systemWrite = Darwin.write
#endif

/// The one way the workbench writes a file: results, records, models, configurations, side
/// files, traces, reports.
///
/// - Nothing a user wrote is replaced unless asked (`CONVENTIONS.md`): an existing path needs
///   `force` (``OutputExistsError``).
/// - Only a regular file is ever replaced. A symbolic link, device node, FIFO, socket or folder
///   at the path is refused even with `force` (``FileWriteError``): writing through a link could
///   replace a file far from the output folder, renaming over it would silently break the link,
///   and "replacing" `/dev/null` or a FIFO is never what `--force` meant. Remove it or pick
///   another path.
/// - No partial file: the bytes go to a temporary file in the same folder (same file system, so
///   the rename is atomic), are flushed to disk with `fsync`, and only then renamed over the
///   path; the folder is synced too. A failure at any step removes the temporary file and leaves
///   the old file, or no file, as it was.
/// - A replaced file keeps its permission bits; a new one gets 0666 less the umask, as
///   `open(2)` would give it.
public enum ResultFile {
  /// Fails with ``OutputExistsError`` when `url` exists and `force` is false, and with
  /// ``FileWriteError`` when it exists and is not a regular file (whatever `force` says), or when
  /// nothing is there but the path ends in `/`: it names a folder, and the file was written
  /// without the slash (`datasets convert rec.csv out/` wrote a file called `out`).
  public static func checkWritable(_ url: URL, force: Bool) throws {
    var status = stat()
    guard lstat(url.path, &status) == 0 else {
      if url.hasDirectoryPath {
        throw FileWriteError(path: url.path + "/", reason: "the path ends in /, which names a folder; give a file name")
      }
      return  // nothing there yet
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw FileWriteError(path: url.path, reason: "it exists and is \(kindName(status.st_mode)), not a regular file; only a regular file is ever replaced")
    }
    if !force { throw OutputExistsError(path: url.path) }
  }

  /// Writes `text` (with a final newline) to `url`.
  public static func write(_ text: String, to url: URL, force: Bool) throws {
    try write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8), to: url, force: force)
  }

  /// Writes `data` to `url` exactly.
  public static func write(_ data: Data, to url: URL, force: Bool) throws {
    try write(to: url, force: force) { sink in try sink.write(data) }
  }

  /// Streams a file: `body` writes through the ``Sink`` (to the temporary file), and the file
  /// appears at `url` only once `body` has returned and everything is on disk. What `body`
  /// throws is rethrown, and the old file is left untouched.
  public static func write(to url: URL, force: Bool, _ body: (inout Sink) throws -> Void) throws {
    try checkWritable(url, force: force)
    let folder = url.deletingLastPathComponent().path
    var template = Array((folder + "/." + url.lastPathComponent + ".XXXXXX.tmp").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard descriptor >= 0 else { throw FileWriteError(path: url.path, errno: errno, step: "creating a temporary file beside it") }
    let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var sink = Sink(descriptor: descriptor, path: url.path)
    var renamed = false
    defer {
      if sink.descriptor >= 0 { close(sink.descriptor) }
      if !renamed { unlink(temporaryPath) }
    }
    var existing = stat()
    let mode = lstat(url.path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o666 & ~currentUmask()
    guard fchmod(descriptor, mode) == 0 else { throw FileWriteError(path: url.path, errno: errno, step: "setting permissions") }
    try body(&sink)
    guard fsync(descriptor) == 0 else { throw FileWriteError(path: url.path, errno: errno, step: "flushing to disk") }
    let closed = close(descriptor)
    sink.descriptor = -1
    guard closed == 0 else { throw FileWriteError(path: url.path, errno: errno, step: "closing") }
    // Checked again just before the rename: something may have appeared meanwhile.
    try checkWritable(url, force: force)
    guard rename(temporaryPath, url.path) == 0 else { throw FileWriteError(path: url.path, errno: errno, step: "renaming into place") }
    renamed = true
    let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
    if folderDescriptor >= 0 {
      _ = fsync(folderDescriptor)  // best effort: some file systems refuse to sync a folder
      close(folderDescriptor)
    }
  }

  /// Where ``write(to:force:_:)`` sends bytes: the temporary file.
  public struct Sink {
    fileprivate var descriptor: Int32
    fileprivate let path: String

    /// Writes all of `data`, retrying short writes and interrupts.
    public mutating func write(_ data: Data) throws {
      try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
        var offset = 0
        while offset < bytes.count {
          let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            throw FileWriteError(path: path, errno: errno, step: "writing")
          }
          offset += written
        }
      }
    }

    public mutating func write(_ text: String) throws { try write(Data(text.utf8)) }
  }

  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  private static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFLNK: "a symbolic link"
    case S_IFDIR: "a folder"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }
}

/// A file that could not be written: its path and why, in words a user can act on.
public struct FileWriteError: Error, CustomStringConvertible, Sendable {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  init(path: String, errno code: Int32, step: String) {
    self.init(path: path, reason: "\(step) failed: \(String(cString: strerror(code)))")
  }

  public var description: String { "cannot write \(path): \(reason)" }
}

extension EvaluationRun {
  /// Writes the per-prediction records of the first subject of every dataset to `url` as CSV
  /// (provenance lines, then `dataset, predictor, stroke, frame, callback_time_s,
  /// presentation_time_s, missed` and the ``PredictionOutcome`` columns), for notebooks. One
  /// core, frames in order; the file is streamed (through ``ResultFile``, so a failure leaves
  /// any old file whole), not held in memory.
  ///
  /// - Returns: the number of records written.
  @discardableResult
  public func writeRecords(to url: URL, force: Bool, provenance: ResultProvenance) throws -> Int {
    var count = 0
    try ResultFile.write(to: url, force: force) { sink in
      var buffer = (provenance.csvCommentLines + [
        "dataset,predictor,stroke,frame,callback_time_s,presentation_time_s,missed," + PredictionOutcome.csvHeader,
      ]).joined(separator: "\n") + "\n"
      let evaluator = Evaluator(
        replay: try Replay(profile: profile, seed: seed), metricSettings: metricSettings, parts: 1)
      for dataset in datasets {
        guard let subject = try subjects(for: dataset).first else { continue }
        if subject.kind == .recorded, EvaluationSubject.recordedDescription(of: dataset.trace) == nil { continue }
        let prefix = Scorecard.csvField(dataset.reference) + "," + Scorecard.csvField(subject.label) + ","
        _ = try evaluator.evaluate(dataset.trace, subject: subject) { record in
          buffer += prefix + "\(record.strokeIndex),\(record.frame.index),\(record.frame.callbackTime),"
            + "\(record.frame.presentationTime),\(record.frame.isMissed ? 1 : 0)," + record.outcome.csvRow + "\n"
          count += 1
          if buffer.utf8.count > 1 << 20 {
            try sink.write(buffer)
            buffer.removeAll(keepingCapacity: true)
          }
        }
      }
      try sink.write(buffer)
    }
    return count
  }
}
