import Foundation
import LookaheadRuntime

/// The learned linear predictor under the published protocol of Henze et al. 2017
/// (``Henze2017Protocol``), trained leave-one-participant-out, beside the paper's Table 1
/// (``ReferenceRows/henze2017``: hold, linear, their 2016 ensemble, MLP and LSTM).
///
/// For each look-ahead j ∈ {2, 4, 6} one model is trained per held-out participant on the
/// windows of the seven others (all three tasks), and scored on the held-out participant's
/// windows of each task; the errors are pooled per task over the eight folds, as the paper's
/// table pools participants. A window's 11 positions are fed, with their times, to a real
/// ``LookaheadRuntime/LearnedLinearPredictor``; the protocol gives no target time (the target
/// is j rows ahead), so the model is asked for the horizon j × the window's mean input interval,
/// which it knows causally. K and λ are fixed beforehand, not tuned on any participant: K = 10
/// (all input steps, as the paper's networks see) and λ = 1e-6 per row.
///
/// The neural rows were trained by the authors on unpublished data and scored on these files,
/// so they are not a like-for-like split; ours never sees the participant it scores.
public enum Henze2017Comparison {
  public struct Cell: Sendable, Hashable, Codable {
    public var task: String
    public var eventsAhead: Int
    public var windows: Int
    /// Our mean Euclidean error, px.
    public var meanError: Double
    /// The paper's Table 1 values for this column, px, by reference predictor id.
    public var published: [String: Double]
  }

  /// Windows of one file and its participant and task.
  struct File: Sendable {
    var participant: String
    var task: String
    var rows: [Henze2017Protocol.Row]
  }

  /// Files from the raw import (`ImportOptions(raw: true)`) of the Henze 2017 dataset.
  static func files(fromRawStrokes strokes: [Stroke]) -> [File] {
    var files: [File] = []
    var currentOrigin: String?? = .none
    for stroke in strokes {
      if files.isEmpty || currentOrigin != .some(stroke.origin) {
        let origin = stroke.origin ?? ""
        let task = ["Write", "Paint", "Fitts"].first { origin.hasPrefix($0) } ?? origin
        files.append(File(participant: stroke.writer ?? "unknown", task: task, rows: []))
        currentOrigin = .some(stroke.origin)
      }
      for sample in stroke.samples {
        files[files.count - 1].rows.append(
          .init(timeMilliseconds: sample.time * 1000, x: sample.x, y: sample.y, isMove: sample.phase == .move))
      }
    }
    return files
  }

  /// Runs the comparison on the raw strokes of the dataset.
  public static func run(
    rawStrokes: [Stroke], eventsAhead: [Int] = [2, 4, 6], historyCount: Int = 10, lambda: Double = 1e-6,
    rotateToMotion: Bool = true, parts: Int = availableCoreCount
  ) throws -> [Cell] {
    let files = files(fromRawStrokes: rawStrokes)
    var participants: [String] = []
    for file in files where !participants.contains(file.participant) { participants.append(file.participant) }
    var base = LearnedLinearPredictor.Parameters.constantVelocity(historyCount: historyCount, rotateToMotion: rotateToMotion)
    base.maximumGapSeconds = .infinity  // a window is one unbroken run of moves
    let parameters = base
    let featureCount = LearnedLinearFeatures.featureCount(historyCount: historyCount)
    var cells: [Cell] = []
    for j in eventsAhead {
      let windowProtocol = Henze2017Protocol(eventsAhead: j)
      // Normal equations per file, in parallel, then per participant.
      let perFile = parallelChunks(count: files.count, parts: parts) { range -> [NormalEquations] in
        range.map { f in
          var equations = NormalEquations(featureCount: featureCount, targetCount: 2)
          var features: [Double] = [], targets: [Double] = []
          var row = [Double](repeating: 0, count: featureCount)
          var predictor = LearnedLinearPredictor(parameters: parameters)
          windowProtocol.forEachWindow(in: files[f].rows) { window in
            guard let (newest, horizon) = feed(window, to: &predictor, eventsAhead: j) else { return }
            let rotation = row.withUnsafeMutableBufferPointer { predictor.writeFeatures(horizon: horizon, into: $0) }
            guard let rotation else { return }
            let target = LearnedLinearFeatures.target(
              from: newest, to: (newest.x + window.targetDX, newest.y + window.targetDY), horizon: horizon,
              rotation: rotation)
            for value in row { features.append(value * horizon) }
            targets.append(target.x * horizon)
            targets.append(target.y * horizon)
          }
          equations.accumulate(features: features, targets: targets)
          return equations
        }
      }.flatMap { $0 }
      var total = NormalEquations(featureCount: featureCount, targetCount: 2)
      for equations in perFile { total += equations }
      var sums: [String: (sum: Double, count: Int)] = [:]
      for participant in participants {
        var own = NormalEquations(featureCount: featureCount, targetCount: 2)
        for (f, file) in files.enumerated() where file.participant == participant { own += perFile[f] }
        var solved = parameters
        solved.weights = try (total - own).solve(lambda: lambda)
        let fitted = solved
        let heldOut = files.indices.filter { files[$0].participant == participant }
        let scored = parallelChunks(count: heldOut.count, parts: parts) { range -> [(String, Double, Int)] in
          range.map { position in
            let file = files[heldOut[position]]
            var predictor = LearnedLinearPredictor(parameters: fitted)
            let score = windowProtocol.score(files: [file.rows]) { window in
              guard let (newest, horizon) = feed(window, to: &predictor, eventsAhead: j),
                let p = predictor.predict(at: newest.time + horizon)
              else { return (0, 0) }
              return (p.x - newest.x, p.y - newest.y)
            }
            return (file.task, score.meanError * Double(score.windows), score.windows)
          }
        }
        for (task, sum, count) in scored.flatMap({ $0 }) {
          sums[task, default: (0, 0)].sum += sum
          sums[task, default: (0, 0)].count += count
        }
      }
      for task in ["Write", "Paint", "Fitts"] {
        guard let (sum, count) = sums[task], count > 0 else { continue }
        var published: [String: Double] = [:]
        for row in ReferenceRows.henze2017 where row.subset == task && row.samplesAhead == j {
          if let mean = row.native?.mean { published[row.predictor.id] = mean }
        }
        cells.append(Cell(task: task, eventsAhead: j, windows: count, meanError: sum / Double(count), published: published))
      }
    }
    return cells
  }

  /// The time a model is asked to predict for: the protocol names its target by a count of rows,
  /// not by a time.
  public enum HorizonRule: String, Sendable, CaseIterable {
    /// j × the window's mean input interval: known from the 10 input steps alone.
    case meanInterval = "mean-interval"
    /// The target row's own time (``Henze2017Protocol/Window/targetDtMilliseconds``), which the
    /// published networks were given (the MLP as an input, the LSTM through time inputs shifted
    /// by j, in the repository's notebooks) and which an app knows as the time it predicts for.
    case targetTime = "target-time"

    /// The window timing this rule asks at (``Henze2017Protocol/Window/horizonSeconds(eventsAhead:newestTime:timing:)``).
    public var timing: Henze2017Protocol.EventTiming {
      switch self {
      case .meanInterval: .meanInterval
      case .targetTime: .targetTime
      }
    }
  }

  /// Feeds a window's 11 positions (from 0, in seconds) to a reset predictor
  /// (``Henze2017Protocol/Window/feed(to:)``); returns the newest sample and the horizon under
  /// `rule`, or nil for a degenerate window.
  package static func feed<P: Predictor>(
    _ window: Henze2017Protocol.Window, to predictor: inout P, eventsAhead j: Int,
    rule: HorizonRule = .meanInterval
  ) -> (PointerSample, Double)? {
    let newest = window.feed(to: &predictor)
    guard newest.time > 0 else { return nil }
    let horizon = window.horizonSeconds(eventsAhead: j, newestTime: newest.time, timing: rule.timing)
    guard horizon > 0 else { return nil }
    return (newest, horizon)
  }

  /// The cells as JSON (`train --henze2017 --json`): one object per task and look-ahead, in
  /// table order, keys sorted.
  public static func jsonData(_ cells: [Cell]) throws -> Data {
    try ResultJSON.encode(cells)
  }

  /// The paper's Table 1 columns, in its order, as (header, reference predictor id).
  static let publishedColumns: [(header: String, id: String)] = [
    ("hold", "hold"), ("linear", "linear"), ("ensemble", ReferencePredictor.henze2016Ensemble.id),
    ("MLP", ReferencePredictor.henze2017MLP.id), ("LSTM", ReferencePredictor.henze2017LSTM.id),
  ]

  /// The comparison as a text table (px, lower is better) under a one-line caption, laid out by
  /// ``TextTable/renderInBlocks(_:width:)`` so that it fits `width` columns (a long `label` moves
  /// the paper's columns to a second block rather than overflow).
  public static func table(_ cells: [Cell], label: String = "learned linear", width: Int = 100) -> String {
    var lines = [["task", "j", "windows", "\(label) (LOPO)"] + publishedColumns.map(\.header)]
    for c in cells {
      lines.append(
        [c.task, String(c.eventsAhead), String(c.windows), String(format: "%.2f", c.meanError)]
          + publishedColumns.map { column in c.published[column.id].map { String(format: "%.1f", $0) } ?? "-" })
    }
    return "Mean error, px (lower is better); \(publishedColumns.map(\.header).joined(separator: ", ")): "
      + "Henze et al. 2017, Table 1.\n" + TextTable.renderInBlocks(lines, width: width)
  }
}
