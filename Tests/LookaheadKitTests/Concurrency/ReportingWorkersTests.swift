import Foundation
@testable import LookaheadKit
import Synchronization
import Testing

/// ``ReportingWorkers``: jobs on worker threads, every report handled on the calling thread.
@Suite("ReportingWorkers")
struct ReportingWorkersTests {
  struct Stop: Error, Equatable { var index: Int }

  /// What the handler saw, in order: "m<i>" for job i's progress line, "f<i>" for its end.
  static func label<Result>(_ report: ReportingWorkers.Report<Result>) -> String {
    switch report {
    case .message(let line): "m" + line
    case .finished(let index, _): "f\(index)"
    }
  }

  @Test("results come back in index order, each job's line before its end, all handled on the calling thread")
  func orderAndThread() throws {
    let caller = pthread_self()
    var seen: [String] = []
    // Later jobs finish sooner, so the finishing order differs from the index order.
    let results = try ReportingWorkers.run(count: 7, workers: 3, job: { index, post in
      post("\(index)")
      usleep(UInt32(1_000 * (7 - index)))
      return index * index
    }) { report in
      #expect(pthread_equal(pthread_self(), caller) != 0)
      seen.append(Self.label(report))
    }
    #expect(results == [0, 1, 4, 9, 16, 25, 36])
    #expect(seen.count == 14)
    for index in 0..<7 {
      let line = try #require(seen.firstIndex(of: "m\(index)"))
      let end = try #require(seen.firstIndex(of: "f\(index)"))
      #expect(line < end)
      #expect(seen.filter { $0 == "f\(index)" }.count == 1)
    }
  }

  @Test("with one worker the jobs run one after another in index order")
  func oneWorkerIsALoop() throws {
    var seen: [String] = []
    let results = try ReportingWorkers.run(count: 4, workers: 1, job: { index, post in
      post("\(index)")
      return "job \(index)"
    }) { seen.append(Self.label($0)) }
    #expect(results == ["job 0", "job 1", "job 2", "job 3"])
    #expect(seen == ["m0", "f0", "m1", "f1", "m2", "f2", "m3", "f3"])
    #expect(try ReportingWorkers.run(count: 0, workers: 2, job: { index, _ in index }) { _ in }.isEmpty)
  }

  @Test("a failing job stops the run: no later job starts, and its error is thrown")
  func failingJob() {
    let started = Atomic<Int>(0)
    var finished: [String] = []
    #expect(throws: Stop(index: 2)) {
      _ = try ReportingWorkers.run(count: 5, workers: 1, job: { index, _ in
        started.add(1, ordering: .relaxed)
        if index == 2 { throw Stop(index: 2) }
        return index
      }) { report in
        if case .finished = report { finished.append(Self.label(report)) }
      }
    }
    #expect(started.load(ordering: .relaxed) == 3)
    #expect(finished == ["f0", "f1"])
  }

  @Test("a failing handler stops the run: at most the running job ends, and its error is thrown")
  func failingHandler() {
    let started = Atomic<Int>(0)
    #expect(throws: Stop(index: 1)) {
      _ = try ReportingWorkers.run(count: 6, workers: 1, job: { index, _ in
        started.add(1, ordering: .relaxed)
        // Slow jobs, so that the handler has thrown long before the running one ends.
        usleep(100_000)
        return index
      }) { report in
        if case .finished(let index, _) = report, index == 1 { throw Stop(index: 1) }
      }
    }
    // Job 2 starts as soon as job 1 ends, while the handler sees job 1's end; nothing after it.
    #expect((2...3).contains(started.load(ordering: .relaxed)))
  }
}
