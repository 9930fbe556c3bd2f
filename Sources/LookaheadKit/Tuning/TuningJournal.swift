import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The append-only record of a tune: one JSON header line saying what is being tuned and how,
/// then one JSON line per finished trial, written as soon as the trial finishes (JSON Lines).
///
/// Nothing is lost when a run is killed: ``Tuner`` reads the journal back, checks that the header
/// matches the new run, replays the finished trials into the strategy and carries on. A last line
/// cut off mid-write is ignored (and reported).
///
/// One tune at a time: ``lock()`` takes an advisory `flock` on `<journal>.lock` for the whole
/// run, so a second tune on the same journal refuses at once (``Busy``) instead of interleaving
/// its trials. The lock file is left in place (removing it would race with the next locker).
///
/// Every line is plain JSON: an objective that is not finite (an infeasible trial) is written as
/// `null` with a `failure` note, which the strategy reads back as +∞ exactly as it saw it live;
/// a non-finite metric is written as the string `"inf"`, `"-inf"` or `"nan"`, which the reader
/// accepts.
public struct TuningJournal: Sendable {
  /// What a journal is about; a resumed run must match it exactly.
  public struct Header: Codable, Sendable, Hashable {
    public var format = "lookahead-tune-journal"
    /// 2: the header carries ``provenance``; 1 (read for export only): datasets in ``context``.
    public var version = 2
    /// Predictor catalog name being tuned.
    public var predictor: String
    public var space: SearchSpace
    /// Strategy name and its settings, e.g. `"nelder-mead budget=200 step=0.25"`.
    public var strategy: String
    public var seed: UInt64
    /// Objective name and settings.
    public var objective: String
    /// Anything else that fixes the result: split, search, writers, fixed values, profile.
    public var context: [String: String]
    /// What the tune reads and is for: datasets with checksums, unit, device, split and writers,
    /// objective, seed, fixed and searched values, command line (``ResultProvenance``). `lookahead
    /// export --from-tune` takes the model's unit, device and provenance from here.
    public var provenance: ResultProvenance?

    public init(
      predictor: String, space: SearchSpace, strategy: String, seed: UInt64, objective: String,
      context: [String: String] = [:], provenance: ResultProvenance? = nil
    ) {
      self.predictor = predictor
      self.space = space
      self.strategy = strategy
      self.seed = seed
      self.objective = objective
      self.context = context
      self.provenance = provenance
    }

    /// Whether a run with header `other` may resume this journal: everything equal but the
    /// command line and version (a resumed tune may write other output files).
    public func resumes(_ other: Header) -> Bool {
      var a = self, b = other
      a.provenance = a.provenance?.resumable
      b.provenance = b.provenance?.resumable(against: provenance)
      return a == b
    }
  }

  /// One finished trial.
  public struct Trial: Codable, Sendable, Hashable {
    public var index: Int
    /// The strategy's point in the unit cube.
    public var unit: [Double]
    /// Parameter values, in the order of the search space's dimensions.
    public var values: [Double]
    /// The objective (lower is better); `nil` when the trial failed.
    public var objective: Double?
    /// Metrics recorded beside the objective (for Pareto fronts and notebooks).
    public var metrics: [String: Double]
    /// Why the trial failed, if it did.
    public var failure: String?
    /// The objective's bounds the trial broke (it finished, but is not a candidate), if any.
    public var infeasible: String?

    public init(
      index: Int, unit: [Double], values: [Double], objective: Double?, metrics: [String: Double],
      failure: String? = nil, infeasible: String? = nil
    ) {
      self.index = index
      self.unit = unit
      self.values = values
      self.objective = objective
      self.metrics = metrics
      self.failure = failure
      self.infeasible = infeasible
    }
  }

  public struct Mismatch: Error, CustomStringConvertible {
    public var path: String
    public var detail: String
    public var description: String {
      "\(path): this journal belongs to a different tune (\(detail)); use another --journal path, or --restart-journal to start it afresh"
    }
  }

  /// Another tune holds the journal's lock.
  public struct Busy: Error, CustomStringConvertible {
    public var path: String
    public var description: String {
      "\(path) is in use by another tune (its lock \(path).lock is held by a running process); wait for that tune to "
        + "finish, or use another --journal path (the lock is released when that process ends, even if it is killed, so "
        + "there is nothing to delete)"
    }
  }

  /// The journal's advisory lock, held until this value is released; releasing it removes the
  /// lock file (`JOURNAL.lock`), so a finished tune leaves only its journal, and so does one
  /// stopped by Ctrl-C, `kill` or a closed terminal (``JournalLockSignalCleanup``). A run killed
  /// with SIGKILL leaves the file, but the kernel drops its `flock` with the process, so the next
  /// run takes it.
  public final class Lock: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String
    fileprivate init(descriptor: Int32, path: String) {
      self.descriptor = descriptor
      self.path = path
      JournalLockSignalCleanup.shared.hold(self, descriptor: descriptor, path: path)
    }
    deinit {
      // Removed while still held, and only if the path is still this file: a run waiting to lock
      // it then finds the path gone (or another file) and starts over on a fresh one.
      if TuningJournal.isSameFile(descriptor, path) { unlink(path) }
      JournalLockSignalCleanup.shared.release(self)
      close(descriptor)  // closing the last descriptor releases the flock
    }
  }

  /// True when `path` names the file open as `descriptor` (same device and inode).
  static func isSameFile(_ descriptor: Int32, _ path: String) -> Bool {
    var open = stat(), named = stat()
    guard fstat(descriptor, &open) == 0, stat(path, &named) == 0 else { return false }
    return open.st_dev == named.st_dev && open.st_ino == named.st_ino
  }

  /// Takes the journal's lock without waiting.
  ///
  /// The lock file is created if missing; a stale one (left by a killed run) holds no lock and is
  /// taken over. Since a run that ends removes the file, a lock taken on a file that was removed
  /// (or replaced) meanwhile is let go and taken again on the file the path names now.
  ///
  /// - Throws: ``Busy`` when another process (or another run in this one) holds it;
  ///   ``FileWriteError`` when the lock file cannot be created.
  public func lock() throws -> Lock {
    let lockPath = url.path + ".lock"
    for _ in 0..<100 {
      let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
      guard descriptor >= 0 else {
        throw FileWriteError(path: lockPath, reason: "cannot create the journal's lock file: \(String(cString: strerror(errno)))")
      }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let code = errno
        close(descriptor)
        if code == EWOULDBLOCK { throw Busy(path: url.path) }
        throw FileWriteError(path: lockPath, reason: "cannot lock the journal: \(String(cString: strerror(code)))")
      }
      if Self.isSameFile(descriptor, lockPath) { return Lock(descriptor: descriptor, path: lockPath) }
      close(descriptor)  // removed by the run that held it: lock the file the path names now
    }
    throw FileWriteError(path: lockPath, reason: "cannot lock the journal: its lock file keeps being removed and created")
  }

  public let url: URL
  public init(url: URL) { self.url = url }

  /// The journal's header and trials; `nil` if the file does not exist. `droppedPartialLine` is
  /// true when the last line was cut off by an interrupted write.
  public func read() throws -> (header: Header, trials: [Trial], droppedPartialLine: Bool)? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return try Self.parse(try Data(contentsOf: url), path: url.path)
  }

  /// A journal's header and trials from its bytes (``read()``'s reader, which resume, `export
  /// --from-tune` and `report` use); `path` names the file in errors.
  public static func parse(_ data: Data, path: String) throws -> (header: Header, trials: [Trial], droppedPartialLine: Bool) {
    let read = try parseWithLineNumbers(data, path: path)
    return (read.header, read.trials, read.droppedPartialLine)
  }

  /// ``parse(_:path:)``, with the line number in the file of each trial (for messages).
  static func parseWithLineNumbers(_ data: Data, path: String) throws
    -> (header: Header, trials: [Trial], trialLines: [Int], droppedPartialLine: Bool)
  {
    guard let text = String(data: data, encoding: .utf8) else {
      throw TraceInputError(file: path, location: .file, problem: "not UTF-8 text, so not a tuning journal")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var dropped = false
    if let last = lines.last, !last.isEmpty, !text.hasSuffix("\n") {
      lines.removeLast()
      dropped = true
    }
    // Blank lines are skipped; errors give a line's number in the file (1-based).
    let numbered = lines.enumerated().filter { !$0.element.isEmpty }.map { (number: $0.offset + 1, text: $0.element) }
    let decoder = Self.decoder()
    guard let first = numbered.first else {
      throw TraceInputError(file: path, location: .line(1), problem: "the journal has no header line")
    }
    let header: Header
    do { header = try decoder.decode(Header.self, from: Data(first.text.utf8)) } catch {
      throw TraceInputError(file: path, location: .line(first.number), problem: "not a tuning journal header (\(error))")
    }
    var trials: [Trial] = []
    for line in numbered.dropFirst() {
      do { trials.append(try decoder.decode(Trial.self, from: Data(line.text.utf8))) } catch {
        throw TraceInputError(file: path, location: .line(line.number), problem: "not a trial record (\(error))")
      }
    }
    return (header, trials, numbered.dropFirst().map(\.number), dropped)
  }

  /// Starts a new journal with `header`, replacing any (regular) file there.
  public func start(with header: Header) throws {
    try ResultFile.write(Data((try Self.line(header) + "\n").utf8), to: url, force: true)
  }

  /// Rewrites the journal as `header` + `trials` (used to drop a partial last line on resume).
  public func rewrite(header: Header, trials: [Trial]) throws {
    var text = try Self.line(header) + "\n"
    for trial in trials { text += try Self.line(trial) + "\n" }
    try ResultFile.write(Data(text.utf8), to: url, force: true)
  }

  /// Appends one finished trial and flushes it to disk.
  public func append(_ trial: Trial) throws {
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data((try Self.line(trial) + "\n").utf8))
    try handle.synchronize()
  }

  /// `value` as one journal line (without the newline): sorted keys, non-finite metrics as
  /// strings. `lookahead worker` hands its records out in this exact text.
  public static func line<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = nonFiniteNumbers.encoding
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// A decoder of journal lines (non-finite metrics spelled as ``line(_:)`` writes them).
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = nonFiniteNumbers.decoding
    return decoder
  }

  /// How a non-finite metric is spelled, the same both ways (the objective never needs it).
  private static let nonFiniteNumbers = (
    encoding: JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"),
    decoding: JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"))
}
