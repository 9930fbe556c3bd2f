import Dispatch
import Foundation

/// Removes the journal lock files this process holds when it is stopped by Ctrl-C (SIGINT),
/// `kill` (SIGTERM) or a closed terminal (SIGHUP), then lets the signal end the process as it
/// would have (killed by that signal: exit status 128 + its number in a shell).
///
/// A lock file goes when its ``TuningJournal/Lock`` is released, which a signal's default action
/// skips, so a tune interrupted with Ctrl-C or `kill` left `k.jsonl.lock` (and `k.jsonl.foldN.lock`)
/// behind: harmless, since the kernel drops the `flock` with the process and the next run takes the
/// file over, but it reads as a lock still held. SIGKILL cannot be caught and still leaves it.
///
/// Only while a lock is held, and only for a signal whose action is still the default: a tune
/// started in the background by a script (SIGINT ignored) or under `nohup` (SIGHUP ignored) keeps
/// ignoring it. The signals are taken through `DispatchSource`, so the cleanup runs on a queue,
/// not inside a signal handler, and may lock and `stat`; the signal is then raised again with its
/// default action.
///
/// The one process-wide state of the journal: signal dispositions belong to the process.
final class JournalLockSignalCleanup: @unchecked Sendable {
  static let shared = JournalLockSignalCleanup()

  /// The signals that stop a tune and can be caught.
  static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  private let mutex = NSLock()
  /// The locks held, by the identity of their ``TuningJournal/Lock``.
  private var held: [ObjectIdentifier: (descriptor: Int32, path: String)] = [:]
  /// The sources of the signals taken over while locks are held.
  private var sources: [(signal: Int32, source: any DispatchSourceSignal)] = []
  /// Where the sources' handlers run: a serial queue of its own, which gets a thread even when a
  /// search's workers (``ReportingWorkers``, long blocks on the global queue) hold every thread the
  /// global queue gives out, one per core. On the global queue a SIGTERM to a busy tune waited for a
  /// worker to finish, that is for the whole search.
  private let queue = DispatchQueue(label: "lookahead.journal-lock-signals")

  /// Records a lock taken on `path` (open as `descriptor`), taking over the stop signals if it is
  /// the first.
  func hold(_ lock: AnyObject, descriptor: Int32, path: String) {
    mutex.withLock {
      if held.isEmpty { takeOverSignals() }
      held[ObjectIdentifier(lock)] = (descriptor, path)
    }
  }

  /// Forgets a released lock (its file already removed), giving the signals back after the last.
  func release(_ lock: AnyObject) {
    mutex.withLock {
      held[ObjectIdentifier(lock)] = nil
      if held.isEmpty { giveBackSignals() }
    }
  }

  private func takeOverSignals() {
    for stop in Self.stopSignals {
      let previous = signal(stop, SIG_IGN)  // ignored at the process level; the source still sees it
      guard previous == nil else {  // not the default (SIG_DFL is null): leave it as it was
        signal(stop, previous)
        continue
      }
      let source = DispatchSource.makeSignalSource(signal: stop, queue: queue)
      source.setEventHandler { [unowned self] in self.stop(by: stop) }
      source.resume()
      sources.append((stop, source))
    }
  }

  private func giveBackSignals() {
    for (stop, source) in sources {
      signal(stop, SIG_DFL)
      source.cancel()
    }
    sources = []
  }

  /// Removes every held lock file that is still the one locked, then ends the process with
  /// `stop`. The mutex stays taken, so no lock is taken or released meanwhile.
  ///
  /// The signal is raised on this thread, unblocked here: a process started with it blocked (a
  /// child inherits its parent thread's mask, and libdispatch's threads block signals) would
  /// otherwise keep running without its lock file, since the source still sees a blocked signal.
  private func stop(by stop: Int32) {
    mutex.lock()
    for (descriptor, path) in held.values where TuningJournal.isSameFile(descriptor, path) { unlink(path) }
    signal(stop, SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, stop)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(stop)
  }
}
