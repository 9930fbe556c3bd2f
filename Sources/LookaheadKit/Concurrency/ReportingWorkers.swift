import Dispatch
import Foundation

/// Runs independent jobs on a few worker threads while the **calling thread** handles what they
/// report — their progress lines and their results, one at a time, in the order they arrive.
///
/// This is for long jobs whose caller prints as they go (the folds of a cross-validation): the
/// jobs share nothing, so their results do not depend on how many run at once, and the caller's
/// handler needs no locking because it never runs on a worker. With one worker the jobs run one
/// after another in index order, as a plain loop would (on a worker thread, so that the calling
/// thread still hands on each progress line as it comes).
public enum ReportingWorkers {
  /// What a job reports to the calling thread.
  public enum Report<Result> {
    /// A progress line from the job with this index.
    case message(String)
    /// The job with this index (into `0..<count`) has finished.
    case finished(index: Int, Result)
  }

  /// Runs `job(0) … job(count − 1)` on at most `workers` threads, each taking the next index when
  /// it is free, and calls `handle` on the calling thread for every report.
  ///
  /// When a job or `handle` throws, no further job starts; the jobs already running finish (their
  /// reports are dropped) and the first error is rethrown.
  ///
  /// - Returns: the results in index order (not in the order they finished).
  public static func run<Result: Sendable>(
    count: Int, workers: Int,
    job: @escaping @Sendable (_ index: Int, _ post: @escaping @Sendable (String) -> Void) throws -> Result,
    handle: (Report<Result>) throws -> Void
  ) throws -> [Result] {
    let threads = min(count, max(1, workers))
    guard count > 0 else { return [] }
    let mailbox = Mailbox<Result>(count: count)
    for _ in 0..<threads {
      DispatchQueue.global().async {
        while let index = mailbox.nextIndex() {
          do {
            let result = try job(index) { mailbox.post(.message($0)) }
            mailbox.post(.finished(index: index, result))
          } catch {
            mailbox.stopHandingOut()
            mailbox.post(.failed(error))
          }
        }
        mailbox.post(.workerEnded)
      }
    }
    var results = [Result?](repeating: nil, count: count)
    var firstError: (any Error)?
    var endedWorkers = 0
    while endedWorkers < threads {
      switch mailbox.waitForEntry() {
      case .workerEnded: endedWorkers += 1
      case .failed(let error):
        if firstError == nil { firstError = error }
        mailbox.stopHandingOut()
      case .message(let line):
        guard firstError == nil else { continue }
        do { try handle(.message(line)) } catch {
          firstError = error
          mailbox.stopHandingOut()
        }
      case .finished(let index, let result):
        guard firstError == nil else { continue }
        do {
          try handle(.finished(index: index, result))
          results[index] = result
        } catch {
          firstError = error
          mailbox.stopHandingOut()
        }
      }
    }
    if let firstError { throw firstError }
    return results.map { $0! }
  }

  /// The jobs' shared state: the next index to hand out and the entries posted for the calling
  /// thread, both under one lock; a semaphore counts the entries not yet taken.
  private final class Mailbox<Result: Sendable>: @unchecked Sendable {
    enum Entry {
      case message(String)
      case finished(index: Int, Result)
      case failed(any Error)
      case workerEnded
    }

    private let count: Int
    private var next = 0
    private var stopped = false
    private var entries: [Entry] = []
    private let lock = NSLock()
    private let posted = DispatchSemaphore(value: 0)

    init(count: Int) { self.count = count }

    func nextIndex() -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard !stopped, next < count else { return nil }
      next += 1
      return next - 1
    }

    func stopHandingOut() {
      lock.lock()
      stopped = true
      lock.unlock()
    }

    func post(_ entry: Entry) {
      lock.lock()
      entries.append(entry)
      lock.unlock()
      posted.signal()
    }

    /// Blocks until an entry is posted, then takes the oldest. (Every entry is appended before
    /// its signal, so after a wait there is always one to take.)
    func waitForEntry() -> Entry {
      posted.wait()
      lock.lock()
      defer { lock.unlock() }
      return entries.removeFirst()
    }
  }
}
