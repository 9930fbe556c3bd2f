import Foundation
@testable import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --henze2017 --family mlp --ensemble-candidates`: each fold scores the mean of all the
/// candidates it trained (``Henze2017MLPComparison/Scoring/meanOfCandidates``), with no choice.
@Suite("Henze 2017 MLP comparison: the mean of the candidates")
struct Henze2017MLPEnsembleTests {
  /// One file of a straight stroke along x: a move every 16 ms, 2 px each (125 px/s).
  static func straightFile() -> Henze2017Comparison.File {
    var rows = [Henze2017Protocol.Row(timeMilliseconds: 0, x: 10, y: 50, isMove: false)]
    for k in 1...40 { rows.append(.init(timeMilliseconds: 16 * Double(k), x: 10 + 2 * Double(k), y: 50, isMove: true)) }
    rows.append(.init(timeMilliseconds: 16 * 41, x: 0, y: 0, isMove: false))
    return .init(participant: "p", task: "Write", rows: rows)
  }

  /// On a straight constant-speed stroke (125 px/s) a zero network is two-point linear
  /// extrapolation; a network whose along-motion output is the constant 1, × outputScale 100, adds
  /// 100 px/s along the motion; their mean adds 50 px/s. Every prediction lies on the line ahead
  /// of the truth, so each error is the distance along x, worked out by hand per window:
  ///
  /// - j = 2: 28 whole windows (h = 32 ms, truth 4 px): errors 0, 3.2, 1.6 px (linear, ahead,
  ///   mean); one window cut by the stroke's end (the target repeats the last row: truth 2 px,
  ///   h still 32 ms): 2, 5.2, 3.6. Means over 29: 2/29, 94.8/29, 48.4/29.
  /// - j = 4: 26 whole windows (h = 64 ms): 0, 6.4, 3.2; three cut ones with truth 6, 4, 2 px and
  ///   h = 64 ms (linear says 8): 2, 4, 6 / 8.4, 10.4, 12.4 / 5.2, 7.2, 9.2. Means over 29:
  ///   12/29, 197.6/29, 104.8/29.
  @Test("the mean of two known networks scores the hand-computed error on a straight stroke")
  func meanOfTwoKnownNetworks() throws {
    let linear = MLPPredictor.Parameters.linearStart(historyCount: 10, hiddenSizes: [3])
    var ahead = linear
    let outputBiases = ahead.weights.count - 2
    ahead.weights[outputBiases] = 1
    ahead.outputScale = 100
    let ensemble = try MLPPredictor.Parameters.ensemble([linear, ahead])
    let files = [Self.straightFile()]
    func meanErrors(_ model: MLPPredictor.Parameters) -> [Int: Double] {
      let cells = Henze2017MLPComparison.score(model, files: [0], of: files, eventsAhead: [2, 4], rule: .targetTime, parts: 1)
      #expect(cells.map(\.count) == [29, 29])
      return Dictionary(uniqueKeysWithValues: cells.map { ($0.j, $0.sum / Double($0.count)) })
    }
    let (linearErrors, aheadErrors, meanErrors) = (meanErrors(linear), meanErrors(ahead), meanErrors(ensemble))
    let expected: [Int: (linear: Double, ahead: Double, mean: Double)] = [
      2: (2 / 29, 94.8 / 29, 48.4 / 29), 4: (12 / 29, 197.6 / 29, 104.8 / 29),
    ]
    for (j, hand) in expected {
      #expect(abs(linearErrors[j]! - hand.linear) < 1e-9, "j = \(j)")
      #expect(abs(aheadErrors[j]! - hand.ahead) < 1e-9, "j = \(j)")
      #expect(abs(meanErrors[j]! - hand.mean) < 1e-9, "j = \(j)")
    }
  }

  /// The raw strokes of the bundled Henze 2017 data's first three participants: enough for one
  /// fold (fit, early stop, held out).
  static func firstThreeParticipants() throws -> [Stroke] {
    let raw = try DatasetRegistry.load("Henze2017-MobileHCI", options: ImportOptions(raw: true))
    let three = Array(Henze2017MLPComparison.participants(rawStrokes: raw.strokes).prefix(3))
    return raw.strokes.filter { three.contains($0.writer ?? "") }
  }

  /// One candidate: its ensemble is the candidate itself, so the fold scores the same cells and
  /// the mean's early-stopping error is the candidate's; the fold line says the mean was scored,
  /// and its setup differs (fold lines of the two cannot mix).
  @Test("an ensemble of one candidate gives that candidate's table")
  func ensembleOfOneCandidate() throws {
    let strokes = try Self.firstThreeParticipants()
    var options = Henze2017MLPComparison.defaultOptions()
    (options.hiddenSizes, options.epochs, options.patience) = ([3], 1, 1)
    let candidate = [Henze2017MLPComparison.Candidate(name: "as given", options: options)]
    let chosen = try Henze2017MLPComparison.trainFolds(
      rawStrokes: strokes, eventsAhead: [2], candidates: candidate, horizonRule: .targetTime, folds: [0])
    let mean = try Henze2017MLPComparison.trainFolds(
      rawStrokes: strokes, eventsAhead: [2], candidates: candidate, horizonRule: .targetTime, scoring: .meanOfCandidates,
      folds: [0])
    #expect(chosen.count == 1 && mean.count == 1)
    #expect(!chosen[0].cells.isEmpty)
    #expect(chosen[0].cells == mean[0].cells)
    #expect(chosen[0].scoredMean == nil && mean[0].scoredMean == true)
    #expect(chosen[0].setup != mean[0].setup && mean[0].setup.contains("scored=mean"))
    let line = try mean[0].jsonLine()
    #expect(line.contains("\"scoredMean\":true"))
    #expect(!(try chosen[0].jsonLine()).contains("scoredMean"))
    // The mean of one network is that network: its early-stopping error, to the bit.
    #expect(mean[0].meanValidationError == mean[0].validationErrors[0])
    #expect(chosen[0].meanValidationError == nil)
    #expect(line.contains("\"meanValidationError\":"))
    #expect(!(try chosen[0].jsonLine()).contains("meanValidationError"))
    let table = Henze2017MLPComparison.foldTable(
      Henze2017MLPComparison.combine(mean, candidates: ["as given"], eventsAhead: [2]))
    #expect(table.contains("mean of all 1"))
    #expect(table.contains("  c1 = as given"))
    let header = try #require(table.split(separator: "\n").first { $0.hasPrefix("held out") })
    #expect(header.split(separator: " ", omittingEmptySubsequences: true).suffix(2) == ["mean", "c1"])
    let error = String(format: "%.4f", mean[0].validationErrors[0])
    let meanCell = String(repeating: " ", count: max(0, "their mean".count - error.count)) + error
    #expect(table.hasSuffix("mean of all 1  \(meanCell)  \(error) (\(mean[0].bestEpochs[0]))"), "\(table)")
  }

  /// `--mirror-average`: the same networks (epochs, early-stopping choice of weights), scored with
  /// the stage, so other cells; the setup says so, and fold lines without it do not combine.
  @Test("a mirror-averaged fold trains the same networks, scores other cells, and has its own setup")
  func mirrorAveragedFold() throws {
    let strokes = try Self.firstThreeParticipants()
    var options = Henze2017MLPComparison.defaultOptions()
    (options.hiddenSizes, options.epochs, options.patience) = ([6], 2, 1)
    var mirrored = options
    mirrored.mirrorAveraged = true
    func fold(_ options: MLPTrainer.Options) throws -> Henze2017MLPFoldResult {
      try #require(try Henze2017MLPComparison.trainFolds(
        rawStrokes: strokes, eventsAhead: [2, 4], candidates: [.init(name: "as given", options: options)],
        horizonRule: .targetTime, scoring: .meanOfCandidates, folds: [0]).first)
    }
    let (plain, averaged) = (try fold(options), try fold(mirrored))
    #expect(plain.bestEpochs == averaged.bestEpochs)
    #expect(plain.cells.map(\.windows) == averaged.cells.map(\.windows))
    #expect(plain.cells.map(\.sum) != averaged.cells.map(\.sum))
    #expect(plain.validationErrors != averaged.validationErrors)
    #expect(averaged.setup.contains("scored=mean mirror-averaged;") && !plain.setup.contains("mirror"))
    let lines = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: lines) }
    try Data((try plain.jsonLine() + "\n").utf8).write(to: lines)
    #expect(throws: (any Error).self) { try Henze2017MLPFoldResult.read(contentsOf: lines, setup: averaged.setup, requested: nil) }
  }

  /// `--candidate-hidden`: the fixed list once per shape, in order, each named with its shape.
  @Test("candidates per hidden shape: the fixed list repeated per shape, names carry the shape")
  func candidatesPerShape() {
    var base = Henze2017MLPComparison.defaultOptions()
    base.learningRateDecay = 1
    let plain = Henze2017MLPComparison.candidates(base: base)
    let shaped = Henze2017MLPComparison.candidates(base: base, hiddenShapes: [[64, 64], [64, 64, 64]])
    #expect(plain.map(\.name) == ["as given", "lr decay 0.9 + reflect", "lr decay 0.9 + reflect + balanced"])
    #expect(shaped.map(\.name) == plain.map { $0.name + " 64x64" } + plain.map { $0.name + " 64x64x64" })
    #expect(shaped.map(\.options.hiddenSizes) == Array(repeating: [64, 64], count: 3) + Array(repeating: [64, 64, 64], count: 3))
    #expect(shaped.map(\.reflect) == plain.map(\.reflect) + plain.map(\.reflect))
    #expect(shaped.map(\.balanceTasks) == plain.map(\.balanceTasks) + plain.map(\.balanceTasks))
    #expect(shaped.map(\.options.learningRateDecay) == [1, 0.9, 0.9, 1, 0.9, 0.9])
  }
}
