import Foundation
import LookaheadRuntime

/// The MLP predictor under the published protocol of Henze et al. 2017 (``Henze2017Protocol``),
/// trained leave-one-participant-out, beside the paper's Table 1, as
/// ``Henze2017Comparison`` does for the learned linear model.
///
/// One network per held-out participant, for all three look-aheads j ∈ {2, 4, 6} at once (the
/// horizon, j × the window's mean input interval, is an input): fitted on the windows of six
/// participants (all three tasks) and early-stopped on a seventh — the participant after the
/// held-out one in file order, fixed beforehand — then scored on the held-out participant's
/// windows of each task. The eighth participant's windows never touch the fold's model.
public enum Henze2017MLPComparison {
  /// The network's options (its history is at most the window's 10 input steps).
  public static func defaultOptions() -> MLPTrainer.Options {
    var options = MLPTrainer.Options(horizons: [])
    options.historyCount = 10
    options.hiddenSizes = [64, 64]
    return options
  }

  public static func run(
    rawStrokes: [Stroke], eventsAhead: [Int] = [2, 4, 6], options: MLPTrainer.Options = defaultOptions(),
    progress: (String) -> Void = { _ in }
  ) throws -> [Henze2017Comparison.Cell] {
    let files = Henze2017Comparison.files(fromRawStrokes: rawStrokes)
    var participants: [String] = []
    for file in files where !participants.contains(file.participant) { participants.append(file.participant) }
    guard participants.count >= 3 else {
      throw MLPTrainer.Failure(description: "leave-one-participant-out with early stopping needs 3 participants, found \(participants.count)")
    }
    var shape = MLPTrainer(options: options).shape
    shape.maximumGapSeconds = 10  // a window is one unbroken run of moves
    let parameters = shape
    // Rows per file, all look-aheads pooled.
    let perFile = parallelChunks(count: files.count, parts: options.parts) { range -> [MLPTrainingRows] in
      range.map { f in
        var rows = MLPTrainingRows(inputCount: parameters.inputCount)
        var predictor = MLPPredictor(parameters: parameters)
        var inputs = [Double](repeating: 0, count: parameters.inputCount)
        for j in eventsAhead {
          Henze2017Protocol(eventsAhead: j).forEachWindow(in: files[f].rows) { window in
            guard let (newest, horizon) = Henze2017Comparison.feed(window, to: &predictor, eventsAhead: j) else { return }
            let rotation = inputs.withUnsafeMutableBufferPointer { predictor.writeFeatures(horizon: horizon, into: $0) }
            guard let rotation else { return }
            let target = MLPFeatures.target(
              from: newest, to: (newest.x + window.targetDX, newest.y + window.targetDY), horizon: horizon,
              rotation: rotation, lengthScale: 1)
            rows.inputs += inputs
            rows.targets += [target.x, target.y]
            rows.horizons.append(horizon)
          }
        }
        return rows
      }
    }.flatMap { $0 }
    var sums: [String: [Int: (sum: Double, count: Int)]] = [:]
    for (p, participant) in participants.enumerated() {
      let validationParticipant = participants[(p + 1) % participants.count]
      var fit = MLPTrainingRows(inputCount: parameters.inputCount)
      var validation = MLPTrainingRows(inputCount: parameters.inputCount)
      for (f, file) in files.enumerated() where file.participant != participant {
        if file.participant == validationParticipant { validation.append(perFile[f]) } else { fit.append(perFile[f]) }
      }
      let started = Date()
      var result = try MLPTrainer(options: options).train(fitRows: fit, validationRows: validation)
      result.parameters.maximumGapSeconds = 10
      let fitted = result.parameters
      progress(String(
        format: "fold %d/%d (%@ held out, %@ for early stopping): %d rows, best epoch %d of %d, %.0f s",
        p + 1, participants.count, participant, validationParticipant, fit.count, result.bestEpoch, result.epochs.count,
        Date().timeIntervalSince(started)))
      let heldOut = files.indices.filter { files[$0].participant == participant }
      let scored = parallelChunks(count: heldOut.count, parts: options.parts) { range -> [(String, Int, Double, Int)] in
        range.flatMap { position -> [(String, Int, Double, Int)] in
          let file = files[heldOut[position]]
          var predictor = MLPPredictor(parameters: fitted)
          return eventsAhead.map { j in
            let score = Henze2017Protocol(eventsAhead: j).score(files: [file.rows]) { window in
              guard let (newest, horizon) = Henze2017Comparison.feed(window, to: &predictor, eventsAhead: j),
                let p = predictor.predict(at: newest.time + horizon)
              else { return (0, 0) }
              return (p.x - newest.x, p.y - newest.y)
            }
            return (file.task, j, score.meanError * Double(score.windows), score.windows)
          }
        }
      }
      for (task, j, sum, count) in scored.flatMap({ $0 }) {
        sums[task, default: [:]][j, default: (0, 0)].sum += sum
        sums[task, default: [:]][j, default: (0, 0)].count += count
      }
    }
    var cells: [Henze2017Comparison.Cell] = []
    for j in eventsAhead {
      for task in ["Write", "Paint", "Fitts"] {
        guard let (sum, count) = sums[task]?[j], count > 0 else { continue }
        var published: [String: Double] = [:]
        for row in ReferenceRows.henze2017 where row.subset == task && row.samplesAhead == j {
          if let mean = row.native?.mean { published[row.predictor.id] = mean }
        }
        cells.append(.init(task: task, eventsAhead: j, windows: count, meanError: sum / Double(count), published: published))
      }
    }
    return cells
  }
}
