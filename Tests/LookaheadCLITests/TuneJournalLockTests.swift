import Foundation
import LookaheadKit
import Testing

/// A finished tune left `JOURNAL.lock` beside its journal (`k.jsonl.lock`). Now the run removes
/// it as it lets go; a lock file a killed run left (its `flock` gone with the process) does not
/// stop a resume, and a lock another run holds is refused naming the lock file and what to do.
@Suite("tune's journal lock file")
struct TuneJournalLockTests {
  static func tune(journal: URL) throws -> DatasetsCommandTests.Result {
    try DatasetsCommandTests.run(
      ["tune", "--predictor", "linear", "--params", "horizon-cap=0.005..0.03", "--strategy", "lhs", "--trials", "3",
       "--seed", "1", "--journal", journal.path, "--test", "Henze2017-MobileHCI:Fitts", "--quiet", "Inkable-ApplePencil"])
  }

  @Test("removed when the tune ends; a stale one is taken over; a held one is refused, naming it")
  func lockFile() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("k.jsonl")
    let lockPath = journal.path + ".lock"
    let first = try Self.tune(journal: journal)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(FileManager.default.fileExists(atPath: journal.path))
    #expect(!FileManager.default.fileExists(atPath: lockPath), "the finished tune left its lock file")

    // What a killed run leaves: the file, with no process holding a lock on it.
    let text = try String(contentsOf: journal, encoding: .utf8)
    try Data((text.split(separator: "\n").prefix(2).joined(separator: "\n") + "\n").utf8).write(to: journal)
    #expect(FileManager.default.createFile(atPath: lockPath, contents: Data()))
    let resumed = try Self.tune(journal: journal)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stdout == first.stdout)
    #expect(!FileManager.default.fileExists(atPath: lockPath))

    // Held by another run (this process stands in for it): refused, the lock file kept for it.
    var held: TuningJournal.Lock? = try TuningJournal(url: journal).lock()
    let refused = try Self.tune(journal: journal)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("\(journal.path) is in use by another tune (its lock \(lockPath) is held by a running process)"),
      "\(refused.stderr)")
    #expect(refused.stderr.contains("wait for that tune to finish, or use another --journal path"))
    #expect(FileManager.default.fileExists(atPath: lockPath), "the refused run removed another run's lock file")
    withExtendedLifetime(held) {}
    held = nil
    #expect(!FileManager.default.fileExists(atPath: lockPath), "released, the lock file goes")
    let after = try Self.tune(journal: journal)
    #expect(after.status == 0, "\(after.stderr)")
  }

  /// `tune … --journal k.jsonl … &`, then `kill -TERM` (or Ctrl-C) mid-search, left
  /// `k.jsonl.lock` behind: the default action of the signal skipped the release.
  @Test("a tune stopped by SIGTERM removes its lock file and still dies of the signal")
  func stoppedBySignal() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("k.jsonl")
    let lockPath = journal.path + ".lock"
    let process = Process()
    process.executableURL = try DatasetsCommandTests.executable()
    process.currentDirectoryURL = dir
    // Far more trials than it can score before the signal: it is stopped mid-search.
    process.arguments = [
      "tune", "--predictor", "kalman", "--trials", "100000", "--split", "holdout=0.25,seed=1", "--journal", journal.path,
      "--quiet", "Henze2017-MobileHCI",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    // The journal's first line is written after the lock is taken and the signals with it, so a
    // signal sent then cannot fall between the lock file's creation and its cleanup's start.
    func journalStarted() -> Bool {
      ((try? FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int) ?? 0) > 0
    }
    while !(FileManager.default.fileExists(atPath: lockPath) && journalStarted()), process.isRunning, Date() < deadline {
      usleep(20_000)
    }
    try #require(FileManager.default.fileExists(atPath: lockPath), "the tune never took its lock")
    try #require(journalStarted(), "the tune never wrote its journal")
    process.terminate()  // SIGTERM
    // The child inherits this thread's signal mask, in which SIGTERM may be blocked: a tune that
    // does not act on it would run on, so it is waited for with a deadline, then killed.
    let stopDeadline = Date().addingTimeInterval(30)
    while process.isRunning, Date() < stopDeadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGTERM)
    #expect(!FileManager.default.fileExists(atPath: lockPath), "the stopped tune left its lock file")
    #expect(FileManager.default.fileExists(atPath: journal.path), "the journal goes nowhere: it is resumed from")
  }
}
