import Foundation
import Testing

@testable import LookaheadKit

/// Loading follows `--jobs` (``LoadingJobs``): one job reads the files one after another on the
/// calling thread, in order; more jobs never run more files at once than asked.
@Suite("Loading follows --jobs")
struct LoadingJobsTests {
  /// What ran, on which thread, and how many at once at most.
  final class Record: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var order: [Int] = []
    private(set) var threads: Set<ObjectIdentifier> = []
    private var running = 0
    private(set) var mostAtOnce = 0

    func start(_ index: Int) {
      lock.lock()
      defer { lock.unlock() }
      order.append(index)
      threads.insert(ObjectIdentifier(Thread.current))
      running += 1
      mostAtOnce = max(mostAtOnce, running)
    }

    func end() {
      lock.lock()
      running -= 1
      lock.unlock()
    }
  }

  static func run(limit: Int?, count: Int) -> Record {
    let record = Record()
    LoadingJobs.$limit.withValue(limit) {
      LoadingJobs.forEach(count) { index in
        record.start(index)
        usleep(2_000)  // long enough for other threads to start, if any were allowed
        record.end()
      }
    }
    return record
  }

  @Test("one job: every file in order, on the calling thread")
  func serial() {
    let record = Self.run(limit: 1, count: 12)
    #expect(record.order == Array(0..<12))
    #expect(record.mostAtOnce == 1)
    #expect(record.threads == [ObjectIdentifier(Thread.current)])
  }

  @Test("n jobs: every file exactly once, never more than n at once", arguments: [2, 3])
  func bounded(limit: Int) {
    let record = Self.run(limit: limit, count: 24)
    #expect(record.order.sorted() == Array(0..<24))
    #expect(record.mostAtOnce <= limit)
  }

  /// An importer that notes the thread each file is parsed on.
  struct ThreadNotingImporter: TraceImporter {
    let record: Record
    var format: TraceSourceFormat { .henze2017 }
    func metadata() -> TraceMetadata { TraceMetadata(source: "test", coordinateUnit: "px") }
    func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
      record.start(Int(file.lastPathComponent) ?? -1)
      defer { record.end() }
      usleep(2_000)
      return []
    }
  }

  /// An importer's folder load under `--jobs 1` parses its files in order on the one thread.
  @Test("an import under one job reads its files one at a time, in order")
  func importerSerial() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loading-jobs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try (0..<8).map { index -> URL in
      let url = folder.appendingPathComponent("\(index)")
      try Data("x".utf8).write(to: url)
      return url
    }
    let record = Record()
    _ = try LoadingJobs.$limit.withValue(1) { try ThreadNotingImporter(record: record).importTrace(files: files, options: ImportOptions()) }
    #expect(record.order == Array(0..<8))
    #expect(record.mostAtOnce == 1)
    #expect(record.threads.count == 1)
  }
}
