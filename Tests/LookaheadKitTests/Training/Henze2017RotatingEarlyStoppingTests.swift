import Foundation
@testable import LookaheadKit
import LookaheadRuntime
import Testing

/// `--henze-early-stopping rotating`: candidate c of a fold stops on the (c + 1)-th participant
/// after the held-out one and fits the rest (``Henze2017MLPComparison/EarlyStopping/rotating``).
@Suite("Henze 2017 MLP comparison: rotating early stopping")
struct Henze2017RotatingEarlyStoppingTests {
  /// The bundled data's first four participants, in file order, and their strokes.
  static func firstFourParticipants() throws -> (names: [String], strokes: [Stroke]) {
    let raw = try DatasetRegistry.load("Henze2017-MobileHCI", options: ImportOptions(raw: true))
    let four = Array(Henze2017MLPComparison.participants(rawStrokes: raw.strokes).prefix(4))
    return (four, raw.strokes.filter { four.contains($0.writer ?? "") })
  }

  static func tinyCandidates() -> [Henze2017MLPComparison.Candidate] {
    var options = Henze2017MLPComparison.defaultOptions()
    (options.hiddenSizes, options.epochs, options.patience) = ([3], 2, 1)
    return (1...3).map { Henze2017MLPComparison.Candidate(name: "c\($0)", options: options) }
  }

  /// Candidate 2 of the rotating fold that holds out a (participants a, b, c, d) stops on c and
  /// fits b and d. Swapping b's and c's files of each task makes c "the next participant" while the
  /// files of b and d keep their order, so the plain rule trains the same network on the same rows in the same
  /// order: the same early-stopping error and epoch, to the bit.
  @Test("each candidate stops on its own participant: the plain rule with that participant next trains the same network")
  func candidateStopsOnItsOwnParticipant() throws {
    let (names, strokes) = try Self.firstFourParticipants()
    let candidates = Self.tinyCandidates()
    let rotating = try #require(try Henze2017MLPComparison.trainFolds(
      rawStrokes: strokes, eventsAhead: [2], candidates: candidates, horizonRule: .targetTime, scoring: .meanOfCandidates,
      earlyStopping: .rotating, folds: [0]).first)
    #expect(rotating.validationParticipants == Array(names[1...3]))
    #expect(rotating.validationParticipant == names[1])
    // Every other participant fitted some candidate: the mean has no early-stopping error.
    #expect(rotating.meanValidationError == nil)
    #expect(rotating.setup.contains("scored=mean early-stopping=rotating;"))
    #expect(try rotating.jsonLine().contains("\"validationParticipants\":["))

    // The files (runs of one origin) in order, with b's and c's file of each task swapped.
    var files: [[Stroke]] = []
    for stroke in strokes {
      if files.last?.last?.origin == stroke.origin { files[files.count - 1].append(stroke) } else { files.append([stroke]) }
    }
    let swapped = [names[1]: names[2], names[2]: names[1]]
    let moved = files.flatMap { file -> [Stroke] in
      guard let other = swapped[file[0].writer ?? ""] else { return file }
      let task = file[0].origin?.prefix(5)
      return files.first { $0[0].writer == other && $0[0].origin?.prefix(5) == task } ?? []
    }
    #expect(moved.count == strokes.count)
    #expect(Henze2017MLPComparison.participants(rawStrokes: moved) == [names[0], names[2], names[1], names[3]])
    for (c, order) in [(0, strokes), (1, moved)] {
      let plain = try #require(try Henze2017MLPComparison.trainFolds(
        rawStrokes: order, eventsAhead: [2], candidates: [candidates[c]], horizonRule: .targetTime,
        scoring: .meanOfCandidates, folds: [0]).first)
      #expect(plain.validationParticipants == nil)
      #expect(plain.validationErrors == [rotating.validationErrors[c]], "candidate \(c + 1)")
      #expect(plain.bestEpochs == [rotating.bestEpochs[c]], "candidate \(c + 1)")
    }
    // The plain rule's fold differs: its candidates 2 and 3 stop on b.
    let next = try #require(try Henze2017MLPComparison.trainFolds(
      rawStrokes: strokes, eventsAhead: [2], candidates: candidates, horizonRule: .targetTime, scoring: .meanOfCandidates,
      folds: [0]).first)
    #expect(next.validationErrors[0] == rotating.validationErrors[0])
    #expect(next.validationErrors[1] != rotating.validationErrors[1])
    #expect(next.meanValidationError != nil && next.cells != rotating.cells)
    // The fold table lists each candidate's participant.
    let table = Henze2017MLPComparison.foldTable(
      Henze2017MLPComparison.combine([rotating], candidates: candidates.map(\.name), eventsAhead: [2]))
    #expect(table.contains(names[1...3].joined(separator: ",")), "\(table)")
  }

  @Test("rotating early stopping is refused for a choice among candidates")
  func refusedForChoice() throws {
    let (_, strokes) = try Self.firstFourParticipants()
    #expect(throws: MLPTrainer.Failure.self) {
      try Henze2017MLPComparison.trainFolds(
        rawStrokes: strokes, eventsAhead: [2], candidates: Self.tinyCandidates(), horizonRule: .targetTime,
        earlyStopping: .rotating, folds: [0])
    }
  }
}
