import Dispatch
import Foundation

/// How many files a load reads at once: the `--jobs` of the command that asked for the data, or
/// every core when none was given.
///
/// A task-local value rather than a parameter because loading is reached from many places (the
/// registry, the evaluation's dataset references, the training's Henze import), each making its
/// own ``ImportOptions``; a command binds it once around its work (`LoadingJobs.$limit.withValue`)
/// and every load inside sees it. Task-local values bind in synchronous code too, for the calling
/// thread.
public enum LoadingJobs {
  /// Files read at once; `nil`: every core (``availableCoreCount``).
  @TaskLocal public static var limit: Int?

  /// Calls `body` once for each index in `0..<count`, on at most ``limit`` threads, each thread
  /// taking the next index when it is free (files differ in size); with a limit of 1, in order on
  /// the calling thread. `body` must be safe to call concurrently.
  static func forEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
    let workers = min(count, max(1, limit ?? availableCoreCount))
    guard workers > 1 else {
      for index in 0..<count { body(index) }
      return
    }
    let next = NextIndex()
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let index = next.take(below: count) { body(index) }
    }
  }

  /// The next index to hand out, under a lock.
  private final class NextIndex: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below count: Int) -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard value < count else { return nil }
      value += 1
      return value - 1
    }
  }
}
