import Foundation

/// One leave-one-participant-out fold of ``Henze2017MLPComparison``, trained and scored on its
/// own: what the table needs from it (the summed error and window count per task and j on the
/// held-out participant) and what the fold table shows (each candidate's early-stopping error).
///
/// Folds are independent — the same rows, the same seed, a network of their own — so they can
/// run in separate processes or on separate machines (`train --henze2017 --family mlp
/// --henze-fold-lines`, `lookahead-ray-folds`, Docs/Distributed.md). ``combine(_:candidates:eventsAhead:)``
/// then adds them up in fold order, which is the order the in-process run adds them in, so the
/// table is the in-process one to the bit. A fold travels as one JSON line; Swift writes each
/// Double in its shortest round-trip form, so nothing is lost on the way.
public struct Henze2017MLPFoldResult: Sendable, Hashable, Codable {
  /// The held-out participant's number, 1-based in file order (as `--henze-folds` counts).
  public var fold: Int
  /// Every participant, in file order: the folds of one table agree on it.
  public var participants: [String]
  /// What the fold was trained with (``Henze2017MLPComparison/setup(candidates:eventsAhead:horizonRule:scoring:)``):
  /// folds of one table agree on it.
  public var setup: String
  public var candidates: [String]
  public var heldOut: String
  public var validationParticipant: String
  /// With rotating early stopping (``Henze2017MLPComparison/EarlyStopping/rotating``): each
  /// candidate's early-stopping participant; absent when all stopped on ``validationParticipant``.
  public var validationParticipants: [String]?
  public var validationErrors: [Double]
  public var bestEpochs: [Int]
  /// The candidate with the lowest early-stopping error (the one scored unless ``scoredMean``).
  public var chosen: Int
  /// `true` when the fold scored the mean of all candidates (``Henze2017MLPComparison/Scoring/meanOfCandidates``);
  /// absent (`nil`) when it scored ``chosen``, so such lines read as they did before ensembles.
  public var scoredMean: Bool?
  /// With ``scoredMean``: the candidates' mean's error on the early-stopping participant (the
  /// geometric mean of its nine cells, px, as ``validationErrors``); absent otherwise.
  public var meanValidationError: Double?
  /// The scored network's (or ensemble's) summed error (px) and window count per task and j, in
  /// scoring order.
  public var cells: [CellSum]
  /// The BLAS build and kernel the fold trained on (``LinearAlgebraLibrary/description``): folds
  /// trained under other kernels are other networks. Absent in lines written before it was recorded.
  public var linearAlgebra: String? = nil

  public struct CellSum: Sendable, Hashable, Codable {
    public var task: String
    public var eventsAhead: Int
    public var sum: Double
    public var windows: Int
  }

  /// The fold's record as the fold table shows it.
  public var record: Henze2017MLPComparison.Fold {
    .init(
      heldOut: heldOut, validationParticipant: validationParticipant, validationParticipants: validationParticipants,
      validationErrors: validationErrors,
      bestEpochs: bestEpochs, chosen: chosen, scoredMean: scoredMean ?? false, meanValidationError: meanValidationError)
  }

  /// The fold as one JSON line (no newline), keys sorted.
  public func jsonLine() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = Self.nonFinite
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  static let nonFinite = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(
    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")

  /// A fold-lines file that cannot make the table asked for; names the file, and the line when one is at fault.
  public struct Invalid: Error, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var field: String?
    public var detail: String
    public var description: String {
      var place = path
      if let line { place += ":\(line)" }
      if let field { place += ", field \(field)" }
      return "\(place): \(detail)"
    }
  }

  /// The folds of a fold-lines file (one ``Henze2017MLPFoldResult`` per line, blank lines
  /// skipped) that make the table of `setup`: the folds `requested` (1-based, in that order), or
  /// every participant's in file order. Each line must name the same participants and setup;
  /// a fold may appear more than once only with the same result (a fold trained twice).
  public static func read(
    contentsOf url: URL, setup: String, requested: [Int]?
  ) throws -> [Henze2017MLPFoldResult] {
    let path = url.path
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    let decoder = ResultJSON.decoder()
    var byFold: [Int: Henze2017MLPFoldResult] = [:]
    var participants: [String]?
    var linearAlgebra: (kernel: String, line: Int)?
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = offset + 1
      guard !line.allSatisfy(\.isWhitespace) else { continue }
      let fold: Henze2017MLPFoldResult
      do {
        fold = try decoder.decode(Henze2017MLPFoldResult.self, from: Data(line.utf8))
      } catch let DecodingError.keyNotFound(key, _) {
        throw Invalid(path: path, line: number, field: key.stringValue, detail: "missing")
      } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
        throw Invalid(
          path: path, line: number, field: context.codingPath.map(\.stringValue).joined(separator: "."),
          detail: context.debugDescription)
      } catch {
        throw Invalid(path: path, line: number, field: nil, detail: "not a fold line (a JSON object per line, as --henze-fold-lines writes)")
      }
      guard fold.setup == setup else {
        throw Invalid(
          path: path, line: number, field: "setup",
          detail: "fold \(fold.fold) was trained with other options (\(fold.setup)) than these (\(setup)); give the options the folds were trained with")
      }
      if let participants, participants != fold.participants {
        throw Invalid(path: path, line: number, field: "participants", detail: "other participants than the lines before: another dataset")
      }
      participants = fold.participants
      // A table is one training's: the same seed and options give the same bits only under one
      // BLAS kernel (``LinearAlgebraLibrary``), so lines of two kernels would make a table that no
      // machine trains. Lines written before the kernel was recorded say nothing and pass.
      if let kernel = fold.linearAlgebra {
        if let first = linearAlgebra, first.kernel != kernel {
          throw Invalid(
            path: path, line: number, field: "linearAlgebra",
            detail: "fold \(fold.fold) was trained on \(kernel), but line \(first.line) on \(first.kernel); train every fold under one kernel (OPENBLAS_CORETYPE names it on every machine)")
        }
        if linearAlgebra == nil { linearAlgebra = (kernel, number) }
      }
      guard fold.participants.indices.contains(fold.fold - 1), fold.participants[fold.fold - 1] == fold.heldOut else {
        throw Invalid(path: path, line: number, field: "fold", detail: "fold \(fold.fold) does not hold out \(fold.heldOut)")
      }
      guard fold.candidates.count == fold.validationErrors.count, fold.candidates.count == fold.bestEpochs.count,
        fold.candidates.indices.contains(fold.chosen)
      else {
        throw Invalid(path: path, line: number, field: "chosen", detail: "not one error, epoch and choice per candidate")
      }
      if let earlier = byFold[fold.fold], earlier != fold {
        throw Invalid(path: path, line: number, field: "fold", detail: "fold \(fold.fold) appears before with another result")
      }
      byFold[fold.fold] = fold
    }
    guard let participants else { throw Invalid(path: path, line: nil, field: nil, detail: "no fold lines") }
    let wanted = requested ?? Array(1...participants.count)
    return try wanted.map { number in
      guard let fold = byFold[number] else {
        throw Invalid(path: path, line: nil, field: nil, detail: "fold \(number) is missing (the file has folds \(byFold.keys.sorted().map(String.init).joined(separator: ",")))")
      }
      return fold
    }
  }
}

extension Henze2017MLPComparison {
  /// The table of `folds`, adding their cells up in the order given (the in-process run's fold order).
  ///
  /// - Parameter candidates: the candidates' names (the folds' own, when there is a fold).
  public static func combine(
    _ folds: [Henze2017MLPFoldResult], candidates: [String], eventsAhead: [Int] = [2, 4, 6]
  ) -> Outcome {
    var sums: [String: [Int: (sum: Double, count: Int)]] = [:]
    for fold in folds {
      for cell in fold.cells {
        sums[cell.task, default: [:]][cell.eventsAhead, default: (0, 0)].sum += cell.sum
        sums[cell.task, default: [:]][cell.eventsAhead, default: (0, 0)].count += cell.windows
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
    return Outcome(cells: cells, folds: folds.map(\.record), candidates: folds.first?.candidates ?? candidates)
  }

  /// Everything a fold's result depends on besides the data, as text: fold lines of one table
  /// must agree on it. (`parts`, the cores used, changes nothing: rows and scores are joined in
  /// file order.)
  public static func setup(
    candidates: [Candidate], eventsAhead: [Int], horizonRule: Henze2017Comparison.HorizonRule,
    scoring: Scoring = .bestOnEarlyStopping, earlyStopping: EarlyStopping = .next,
    stoppingWeights: StoppingWeights = .windows, balanceRepeats: BalanceRepeats = .copies, extraFit: String? = nil
  ) -> String {
    let each = candidates.map { candidate in
      "\(candidate.name): \(candidate.options.fingerprint) epochs=\(candidate.options.epochs) patience=\(candidate.options.patience)"
        + (candidate.reflect ? " reflect" : "") + (candidate.balanceTasks ? " balanced" : "")
        + (candidate.taskWeightPower == 0 ? "" : " task-weight-power=\(candidate.taskWeightPower)")
    }
    // The choice's setup reads as before ensembles, so its fold lines still combine.
    let scored = scoring == .meanOfCandidates ? " scored=mean" : ""
    // Written only when rotating, so earlier fold lines still combine.
    let stopping = (earlyStopping == .rotating ? " early-stopping=rotating" : "")
      + (stoppingWeights == .cells ? " stopping-weights=cells" : "")
      + balanceRepeats.setupWords
    // Mirror averaging changes the scores, not the training (so not the fingerprint); written
    // only when on, so earlier fold lines still combine.
    let mirrored = candidates.contains { $0.options.mirrorAveraged } ? " mirror-averaged" : ""
    // Written only with extra fitting data (``Henze2017ExtraFitData/description``).
    let extra = extraFit.map { " " + $0 } ?? ""
    return "j=\(eventsAhead.map(String.init).joined(separator: ",")) horizon=\(horizonRule.rawValue)\(scored)\(stopping)\(mirrored)\(extra); "
      + each.joined(separator: "; ")
  }
}
