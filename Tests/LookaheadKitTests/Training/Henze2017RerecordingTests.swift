import Foundation
@testable import LookaheadKit
import LookaheadRuntime
import Testing

/// `Henze2017Rerecording` (a file's strokes re-recorded at another clock phase) and the balanced
/// repeats it makes (`--henze-balance-repeats rerecorded`).
@Suite("Henze 2017 files re-recorded at another clock phase")
struct Henze2017RerecordingTests {
  /// Two strokes moving at a constant 2 px/ms along x, reported every 17 or 18 ms as the tablet
  /// does (the second after a 300 ms lift).
  static func twoLines() -> [Henze2017Protocol.Row] {
    var rows: [Henze2017Protocol.Row] = []
    for start in [1_000.0, 2_000.0] {
      let times = (0..<20).map { start + (Double($0) * 17.5).rounded(.down) }
      for (k, time) in times.enumerated() {
        rows.append(.init(timeMilliseconds: time, x: 100 + 2 * (time - start), y: 50, isMove: k != 0 && k != times.count - 1))
      }
    }
    return rows
  }

  /// On a line at constant speed the resampler's curve is the line itself, and its instants are
  /// 17.5 ms apart: every step is 35 px, reported with whole-ms times 17 or 18 ms apart.
  @Test("a constant-speed line re-records to steps of exactly 35 px every 17 or 18 ms, each stroke where it was")
  func constantSpeedLine() throws {
    let rows = Self.twoLines()
    let rerecorded = Henze2017Rerecording.rerecord(rows, seed: 7)
    let strokes = Henze2017Rerecording.strokes(of: rerecorded)
    #expect(strokes.count == 2)
    for (stroke, start) in zip(strokes, [1_000.0, 2_000.0]) {
      #expect(stroke.count >= 18)
      #expect(stroke.first?.timeMilliseconds == start)
      #expect(stroke.first?.isMove == false && stroke.last?.isMove == false)
      let inner = stroke.dropFirst().dropLast()
      #expect(inner.filter(\.isMove).count == inner.count)
      // The first instant is a fraction of a period after the touch-down, on the line.
      let offset = try #require(stroke.first).x - 100
      #expect(offset >= 0 && offset < 35)
      for (a, b) in zip(stroke, stroke.dropFirst()) {
        #expect(abs(b.x - a.x - 35) < 1e-9, "\(a) → \(b)")
        #expect(b.y == 50)
        #expect([17.0, 18.0].contains(b.timeMilliseconds - a.timeMilliseconds), "\(a) → \(b)")
        #expect(b.timeMilliseconds.rounded() == b.timeMilliseconds)
      }
    }
  }

  /// Replayed F^u times as fast (u uniform in [−1, 1]), a constant-speed line still re-records to
  /// equal steps, now of 35 px times that stroke's speed factor, between 35 / F and 35 F.
  @Test("with a speed spread, each stroke's steps are 35 px times one factor between 1/F and F")
  func speedSpread() throws {
    var factors: [Double] = []
    for seed in 0..<4 as Range<UInt64> {
      let rerecorded = Henze2017Rerecording.rerecord(Self.twoLines(), seed: seed, speedSpread: 1.25)
      for stroke in Henze2017Rerecording.strokes(of: rerecorded) {
        let steps = zip(stroke, stroke.dropFirst()).map { $1.x - $0.x }
        let factor = try #require(steps.first) / 35
        #expect(factor >= 0.8 - 1e-12 && factor <= 1.25 + 1e-12)
        #expect(steps.allSatisfy { abs($0 - 35 * factor) < 1e-9 }, "\(steps)")
        factors.append(factor)
      }
    }
    #expect(Set(factors).count == factors.count)
    #expect(Henze2017Rerecording.rerecord(Self.twoLines(), seed: 5, speedSpread: 1) == Henze2017Rerecording.rerecord(Self.twoLines(), seed: 5))
  }

  @Test("the same seed re-records the same rows; other seeds sample the strokes at other phases")
  func seedChoosesThePhase() {
    let rows = Self.twoLines()
    #expect(Henze2017Rerecording.rerecord(rows, seed: 3) == Henze2017Rerecording.rerecord(rows, seed: 3))
    let firstPositions = Set((0..<8).map { Henze2017Rerecording.rerecord(rows, seed: UInt64($0))[0].x })
    #expect(firstPositions.count == 8)
  }

  /// The tablet sometimes writes two rows in one millisecond: they are one report, the later
  /// position; and a down with no moves after it stays as it was.
  @Test("rows in one millisecond are one report (the later position); a lone down stays a stroke of its own")
  func sameMillisecondAndLoneDown() {
    let stroke: [Henze2017Protocol.Row] = [
      .init(timeMilliseconds: 10, x: 0, y: 0, isMove: false),
      .init(timeMilliseconds: 27, x: 5, y: 0, isMove: true),
      .init(timeMilliseconds: 27, x: 6, y: 1, isMove: true),
      .init(timeMilliseconds: 45, x: 9, y: 1, isMove: false),
    ]
    let reports = Henze2017Rerecording.reports(of: stroke)
    #expect(reports.map(\.time) == [0, 0.017, 0.035])
    #expect(reports[1].x == 6 && reports[1].y == 1)
    let lone = Henze2017Protocol.Row(timeMilliseconds: 1, x: 3, y: 3, isMove: false)
    #expect(Henze2017Rerecording.strokes(of: [lone] + stroke) == [[lone], stroke])
  }

  @Test("the resampler's start phase moves the first instant by that fraction of a period")
  func resamplerStartPhase() {
    let line = (0..<10).map { PointerSample(time: Double($0) * 0.01, x: 3 * Double($0), y: 0) }
    var generator = SplitMix64(seed: 1)
    let resampled = StrokeResampler(rate: 50).resample(line, startPhase: 0.25, using: &generator)
    // 50 Hz: instants 5, 25, 45, 65, 85 ms after the first sample; x = 300 px/s × the instant.
    #expect(resampled.count == 5)
    for (k, sample) in resampled.enumerated() {
      #expect(abs(sample.x - 300 * (0.005 + 0.02 * Double(k))) < 1e-9)
      #expect(abs(sample.time - 0.02 * Double(k)) < 1e-12)
    }
  }

  /// Only the balanced candidate's repeats change: the candidate that does not balance fits the
  /// same rows in the same order either way, so its early stopping is the same to the bit.
  @Test("re-recorded repeats change the balanced candidate only, and the setup names them")
  func onlyBalancedRepeatsChange() throws {
    let (_, strokes) = try Henze2017RotatingEarlyStoppingTests.firstFourParticipants()
    var candidates = Array(Henze2017RotatingEarlyStoppingTests.tinyCandidates().prefix(2))
    candidates[1].balanceTasks = true
    func fold(_ repeats: Henze2017MLPComparison.BalanceRepeats) throws -> Henze2017MLPFoldResult {
      try #require(try Henze2017MLPComparison.trainFolds(
        rawStrokes: strokes, eventsAhead: [2], candidates: candidates, horizonRule: .targetTime,
        scoring: .meanOfCandidates, balanceRepeats: repeats, folds: [0]).first)
    }
    let copies = try fold(.copies), rerecorded = try fold(.rerecorded())
    #expect(copies.validationErrors[0] == rerecorded.validationErrors[0])
    #expect(copies.validationErrors[1] != rerecorded.validationErrors[1])
    #expect(rerecorded.setup.contains("scored=mean balance-repeats=rerecorded;"), "\(rerecorded.setup)")
    #expect(Henze2017MLPComparison.setup(
      candidates: candidates, eventsAhead: [2], horizonRule: .targetTime, scoring: .meanOfCandidates,
      balanceRepeats: .rerecorded(speedSpread: 1.25)).contains("scored=mean balance-repeats=rerecorded speed-spread=1.25;"))
    #expect(!copies.setup.contains("balance-repeats"))
  }

  /// The repeats `fitRows` makes never outnumber the re-recordings made for them.
  @Test("the most repeats per file cover every fold's balancing")
  func mostRepeatsCoverEveryFold() throws {
    let (names, strokes) = try Henze2017RotatingEarlyStoppingTests.firstFourParticipants()
    let files = Henze2017Comparison.files(fromRawStrokes: strokes)
    let counts = files.map { $0.rows.count }
    let most = Henze2017MLPComparison.mostRepeats(of: files, rowCounts: counts, participants: names)
    // Write has the most rows: never repeated; Fitts the fewest: repeated the most.
    for (f, file) in files.enumerated() where file.task == "Write" { #expect(most[f] == 1) }
    let fitts = files.indices.filter { files[$0].task == "Fitts" }.map { most[$0] }
    let paint = files.indices.filter { files[$0].task == "Paint" }.map { most[$0] }
    #expect(fitts.min()! > paint.max()!, "Fitts \(fitts), Paint \(paint)")
    #expect(Henze2017MLPComparison.balancedRepeats(mostRows: 90, ownRows: 10) == 9)
    #expect(Henze2017MLPComparison.balancedRepeats(mostRows: 10, ownRows: 90) == 1)
  }
}
