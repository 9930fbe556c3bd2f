import Foundation
import LookaheadKit
import Testing

@Suite("Tuning: search space, strategies, journal and resume, Pareto front")
struct TuningTests {
  static let space = SearchSpace([
    .init(name: "lambda", lowerBound: 1e-6, upperBound: 1, scale: .log),
    .init(name: "gain", lowerBound: -2, upperBound: 2),
  ])

  /// Minimum 0 at λ = 1e-3, gain = 0.5 (worked out: both squared terms vanish there).
  static func objective(_ values: [Double]) -> Double {
    let a = log10(values[0]) + 3
    let b = values[1] - 0.5
    return a * a + b * b
  }

  @Test("log and linear dimensions map the unit interval as documented")
  func spaceMapping() {
    let lambda = Self.space.dimensions[0]
    #expect(abs(lambda.value(atUnit: 0.5) - 1e-3) < 1e-15)
    #expect(lambda.value(atUnit: -1) == 1e-6 && lambda.value(atUnit: 2) == 1)
    #expect(abs(lambda.unit(of: 1e-3) - 0.5) < 1e-12)
    let k = SearchSpace.Dimension(name: "k", lowerBound: 1, upperBound: 8, isInteger: true)
    #expect(k.value(atUnit: 0.5) == 5)  // 4.5 rounds away from zero
  }

  @Test("a grid visits every combination once, in lexicographic order")
  func grid() {
    var grid = GridSearch(dimensionCount: 2, pointsPerDimension: 3)
    var points: [[Double]] = []
    while let p = grid.next() { points.append(p) }
    #expect(points.count == 9)
    #expect(points[0] == [0, 0] && points[1] == [0, 0.5] && points[8] == [1, 1])
  }

  @Test("a Latin hypercube puts exactly one point in each stratum of each dimension, repeatably")
  func latinHypercube() {
    var a = LatinHypercubeSearch(dimensionCount: 3, count: 10, seed: 42)
    var b = LatinHypercubeSearch(dimensionCount: 3, count: 10, seed: 42)
    var points: [[Double]] = []
    while let p = a.next() { points.append(p); #expect(b.next() == p) }
    for d in 0..<3 {
      #expect(Set(points.map { Int($0[d] * 10) }) == Set(0..<10))
    }
  }

  @Test("Nelder–Mead finds the known optimum through a log-scaled space")
  func nelderMeadFindsOptimum() throws {
    var tuner = Tuner(
      header: .init(predictor: "synthetic", space: Self.space, strategy: "nelder-mead", seed: 0, objective: "bowl"),
      strategy: NelderMeadSearch(start: [0.2, 0.2], budget: 150), journal: nil)
    let trials = try tuner.run { Tuner<NelderMeadSearch>.Outcome(objective: Self.objective($0)) }
    let best = try #require(trials.min { ($0.objective ?? .infinity) < ($1.objective ?? .infinity) })
    #expect(abs(log10(best.values[0]) + 3) < 1e-3)
    #expect(abs(best.values[1] - 0.5) < 1e-3)
  }

  @Test("a killed tune resumed from its journal ends exactly like an uninterrupted one")
  func resumeEqualsUninterrupted() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-tune-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let header = TuningJournal.Header(predictor: "synthetic", space: Self.space, strategy: "nelder-mead budget=80", seed: 7, objective: "bowl")
    let evaluate = { (values: [Double]) in Tuner<NelderMeadSearch>.Outcome(objective: Self.objective(values), metrics: ["gain": values[1]]) }

    var whole = Tuner(header: header, strategy: NelderMeadSearch(start: [0.9, 0.1], budget: 80),
      journal: TuningJournal(url: directory.appendingPathComponent("whole.jsonl")))
    let uninterrupted = try whole.run(evaluate: evaluate)

    let path = directory.appendingPathComponent("killed.jsonl")
    var first = Tuner(header: header, strategy: NelderMeadSearch(start: [0.9, 0.1], budget: 80), journal: TuningJournal(url: path))
    _ = try first.run(maximumTrials: 33, evaluate: evaluate)
    // The kill came mid-write: half a trial line at the end.
    let handle = try FileHandle(forWritingTo: path)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"index\":33,\"unit\":[0.1".utf8))
    try handle.close()

    var second = Tuner(header: header, strategy: NelderMeadSearch(start: [0.9, 0.1], budget: 80), journal: TuningJournal(url: path))
    var resumedCount = -1
    let resumed = try second.run(evaluate: evaluate) { resumedCount = $0.resumed }
    #expect(resumedCount == 33)
    #expect(resumed == uninterrupted)
    let journaled = try #require(try TuningJournal(url: path).read())
    #expect(journaled.trials == uninterrupted && !journaled.droppedPartialLine)
  }

  /// The refusal names each field that differs with the journal's and this run's values (a
  /// context change said only "context differs").
  @Test("resuming with another seed or context is refused, naming the journal, the fields and both values")
  func mismatchRefused() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-mismatch-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: path) }
    let header = TuningJournal.Header(
      predictor: "p", space: Self.space, strategy: "lhs", seed: 1, objective: "bowl",
      context: ["profile": "pencil240-promotion120", "split": "none"])
    var tuner = Tuner(header: header, strategy: LatinHypercubeSearch(dimensionCount: 2, count: 5, seed: 1), journal: TuningJournal(url: path))
    _ = try tuner.run { Tuner<LatinHypercubeSearch>.Outcome(objective: Self.objective($0)) }
    var otherSeed = header
    otherSeed.seed = 2
    var otherContext = header
    otherContext.context = ["profile": "finger60-phone", "split": "none", "search": "all"]
    for (other, detail) in [
      (otherSeed, "seed: journal 1, this run 2"),
      (otherContext, #"context.profile: journal "pencil240-promotion120", this run "finger60-phone"; "#
        + #"context.search: journal none, this run "all""#),
    ] {
      var again = Tuner(header: other, strategy: LatinHypercubeSearch(dimensionCount: 2, count: 5, seed: 1), journal: TuningJournal(url: path))
      let error = #expect(throws: TuningJournal.Mismatch.self) {
        _ = try again.run { Tuner<LatinHypercubeSearch>.Outcome(objective: Self.objective($0)) }
      }
      #expect(error?.description == "\(path.path): this journal belongs to a different tune (\(detail)); use another "
        + "--journal path, or --restart-journal to start it afresh")
    }
  }

  /// A changed search space was named by a dimension's place (`space.dimensions[0].lowerBound`),
  /// which says nothing of the parameter and shifts for every dimension after one that is added
  /// or left out. A dimension is named by its parameter; one only one side searches, once.
  @Test("a changed search space is named by each dimension's parameter; a dimension one side lacks, once with its range")
  func spaceDifferenceNamesTheParameter() {
    let header = TuningJournal.Header(predictor: "p", space: Self.space, strategy: "lhs", seed: 1, objective: "bowl")
    var rescaled = header
    rescaled.space.dimensions[1].upperBound = 3
    #expect(header.differences(resumedBy: rescaled) == "space.dimensions[gain].upperBound: journal 2, this run 3")
    var fewer = header
    fewer.space.dimensions.removeFirst()
    #expect(
      header.differences(resumedBy: fewer)
        == #"space.dimensions[lambda]: journal {isInteger 0, lowerBound 1e-06, scale "log", upperBound 1}, this run none"#)
    #expect(fewer.differences(resumedBy: header).hasSuffix("journal none, this run {isInteger 0, lowerBound 1e-06, scale \"log\", upperBound 1}"))
  }

  /// An infeasible trial (objective +∞) used to be written as the string "inf", which the reader
  /// then rejected, so the journal could not be resumed. Now it is null with a failure note; a
  /// metric of +∞ round-trips as "inf"; and the resumed search is the uninterrupted one.
  @Test("an infinite objective round-trips through the journal and the tune resumes exactly")
  func infiniteObjectiveRoundTrips() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-inf-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let header = TuningJournal.Header(predictor: "p", space: Self.space, strategy: "grid", seed: 0, objective: "bowl")
    let evaluate = { (values: [Double]) in
      values[1] < 0
        ? Tuner<GridSearch>.Outcome(objective: .infinity, metrics: ["latency": .infinity])
        : Tuner<GridSearch>.Outcome(objective: Self.objective(values), metrics: ["latency": 1])
    }
    var whole = Tuner(header: header, strategy: GridSearch(dimensionCount: 2, pointsPerDimension: 3),
      journal: TuningJournal(url: directory.appendingPathComponent("whole.jsonl")))
    let uninterrupted = try whole.run(evaluate: evaluate)
    let infeasible = uninterrupted.filter { $0.values[1] < 0 }
    #expect(infeasible.count == 3)
    #expect(infeasible.allSatisfy { $0.objective == nil && $0.failure == "objective is not finite (inf)" && $0.metrics["latency"] == .infinity })

    let path = directory.appendingPathComponent("killed.jsonl")
    var first = Tuner(header: header, strategy: GridSearch(dimensionCount: 2, pointsPerDimension: 3), journal: TuningJournal(url: path))
    _ = try first.run(maximumTrials: 5, evaluate: evaluate)
    let read = try #require(try TuningJournal(url: path).read())
    #expect(read.trials == Array(uninterrupted.prefix(5)))
    var second = Tuner(header: header, strategy: GridSearch(dimensionCount: 2, pointsPerDimension: 3), journal: TuningJournal(url: path))
    #expect(try second.run(evaluate: evaluate) == uninterrupted)
  }

  /// Two tunes on one journal used to interleave their trials. The lock is per open file, so a
  /// second lock from this process stands in for a second process.
  @Test("a journal in use by another tune is refused with a clear message, and free again after")
  func journalIsLocked() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-lock-\(UUID().uuidString).jsonl")
    defer {
      try? FileManager.default.removeItem(at: path)
      try? FileManager.default.removeItem(atPath: path.path + ".lock")
    }
    let header = TuningJournal.Header(predictor: "p", space: Self.space, strategy: "grid", seed: 0, objective: "bowl")
    var held: TuningJournal.Lock? = try TuningJournal(url: path).lock()
    var tuner = Tuner(header: header, strategy: GridSearch(dimensionCount: 2, pointsPerDimension: 2), journal: TuningJournal(url: path))
    let error = #expect(throws: TuningJournal.Busy.self) {
      _ = try tuner.run { Tuner<GridSearch>.Outcome(objective: Self.objective($0)) }
    }
    #expect(error?.description.contains("in use by another tune") == true)
    #expect(!FileManager.default.fileExists(atPath: path.path))  // nothing was written
    withExtendedLifetime(held) {}
    held = nil
    var again = Tuner(header: header, strategy: GridSearch(dimensionCount: 2, pointsPerDimension: 2), journal: TuningJournal(url: path))
    #expect(try again.run { Tuner<GridSearch>.Outcome(objective: Self.objective($0)) }.count == 4)
    // The lock is released when the run returns, and its file removed.
    #expect(!FileManager.default.fileExists(atPath: path.path + ".lock"))
    _ = try TuningJournal(url: path).lock()
    #expect(!FileManager.default.fileExists(atPath: path.path + ".lock"))
  }

  /// A run that opened the lock file before its holder removed it can only lock the removed
  /// file; `lock()` checks that the path still names the file it locked, so the journal's lock
  /// is taken on a fresh file and stays exclusive.
  @Test("after its holder removes the lock file, the journal's lock is a fresh file and exclusive")
  func removedLockFileIsRelocked() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-lock-\(UUID().uuidString).jsonl")
    let lockPath = path.path + ".lock"
    defer { try? FileManager.default.removeItem(atPath: lockPath) }
    var first: TuningJournal.Lock? = try TuningJournal(url: path).lock()
    // A second run opened the file before the first removed it.
    let early = open(lockPath, O_RDWR)
    #expect(early >= 0)
    defer { close(early) }
    withExtendedLifetime(first) {}
    first = nil
    #expect(!FileManager.default.fileExists(atPath: lockPath))
    // The early descriptor can lock the removed file; the journal's own lock is on a new one.
    #expect(flock(early, LOCK_EX | LOCK_NB) == 0)
    let second = try TuningJournal(url: path).lock()
    #expect(FileManager.default.fileExists(atPath: lockPath))
    #expect(throws: TuningJournal.Busy.self) { try TuningJournal(url: path).lock() }
    withExtendedLifetime(second) {}
  }

  @Test("a failing trial is journaled as failed and the search goes on")
  func failedTrial() throws {
    struct Boom: Error {}
    var tuner = Tuner(
      header: .init(predictor: "p", space: Self.space, strategy: "grid", seed: 0, objective: "bowl"),
      strategy: GridSearch(dimensionCount: 2, pointsPerDimension: 2), journal: nil)
    let trials = try tuner.run { values in
      if values[1] < 0 { throw Boom() }
      return Tuner<GridSearch>.Outcome(objective: Self.objective(values))
    }
    #expect(trials.count == 4)
    #expect(trials.filter { $0.failure != nil }.count == 2)
  }

  @Test("the Pareto front keeps exactly the non-dominated trade-offs (worked by hand)")
  func pareto() {
    // (error, latency saved): B dominates D; E is dominated by C; A, B, C trade off.
    let errors: [Double] = [1.0, 2.0, 3.0, 2.5, 3.5]
    let saved: [Double] = [5.0, 8.0, 12.0, 7.0, 11.0]
    #expect(ParetoFront.indices(costs: errors, benefits: saved) == [0, 1, 2])
  }

  @Test("the front in three goals keeps exactly the non-dominated points (worked by hand)")
  func paretoInThreeGoals() {
    // (−latency saved, overshoot, jitter), all lower-is-better. 0 hides most; 1 overshoots least;
    // 2 jitters least; 3 is dominated by 0 (less saved, more overshoot, more jitter); 4 equals 1
    // (kept: neither is better); 5 has a NaN goal (left out); 6 trades 0 against 1 and 2.
    let points: [[Double]] = [
      [-20, 3, 1], [-10, 0.2, 0.8], [-5, 1, 0.1], [-18, 3.5, 1.2], [-10, 0.2, 0.8], [-30, .nan, 0], [-15, 1.5, 0.5],
    ]
    #expect(ParetoFront.indices(goals: points) == [0, 1, 2, 4, 6])
    // In two goals the n-goal front agrees with the two-goal one.
    let errors: [Double] = [1.0, 2.0, 3.0, 2.5, 3.5], saved: [Double] = [5.0, 8.0, 12.0, 7.0, 11.0]
    #expect(ParetoFront.indices(goals: zip(errors, saved).map { [$0, -$1] }) == [0, 1, 2])
  }
}
