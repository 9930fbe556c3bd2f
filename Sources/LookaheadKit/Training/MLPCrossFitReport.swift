import Foundation
import LookaheadRuntime

/// What `lookahead train --family mlp` with a cross-fitted split prints and records
/// (``MLPCrossFitRun``): each fold's network in brief, the pooled held-out scores beside linear
/// extrapolation, the options and the provenance. No model: each fold has its own.
public struct MLPCrossFitReport: Sendable, Codable {
  public var format = "lookahead-train-mlp-crossfit-result"
  public var formatVersion = 1
  public var provenance: ResultProvenance
  public var horizonsMilliseconds: [Double]
  public var lengthUnit: String
  public var historyCount: Int
  public var hiddenSizes: [Int]
  public var activation: String
  public var augmentation: String
  public var validationPerDataset: Bool
  public var augmentValidation: Bool
  /// `true` when the networks read the pen inputs (`--pen-inputs`); absent otherwise.
  public var penInputs: Bool?
  /// `true` when the rows included targets past each stroke's end (`--stroke-end-rows`); absent otherwise.
  public var strokeEndRows: Bool?
  /// `true` when each fold's model averaged every prediction with its mirror image's
  /// (`--mirror-average`); absent otherwise.
  public var mirrorAveraged: Bool?
  /// `true` when each fold's model was speed-normalised (`--speed-normalized`); absent otherwise.
  public var speedNormalized: Bool?
  /// `true` with the speed input (`--speed-input`); absent otherwise.
  public var speedInput: Bool?
  /// The late-report threshold (`--retime-late-reports`); absent without it.
  public var lateReportFraction: Double?
  public var folds: [MLPCrossFitRun.Fold]
  public var heldOut: [TrainRun.HorizonScore]

  public init(outcome: MLPCrossFitRun.Outcome, options: MLPTrainer.Options, split: String, provenance: ResultProvenance) {
    var provenance = MLPTrainReport.provenance(provenance, options: options, split: split)
    provenance.crossFittedWriters = outcome.folds.flatMap(\.testWriters)
    self.provenance = provenance
    horizonsMilliseconds = options.horizons.map { $0 * 1000 }
    lengthUnit = outcome.lengthUnit
    historyCount = options.historyCount
    hiddenSizes = options.hiddenSizes
    activation = options.activation.rawValue
    augmentation = options.augmentation.description
    validationPerDataset = options.validationPerDataset
    augmentValidation = options.augmentValidation
    penInputs = options.penInputs ? true : nil
    strokeEndRows = options.strokeEndRows ? true : nil
    mirrorAveraged = options.mirrorAveraged ? true : nil
    speedNormalized = options.speedNormalized ? true : nil
    speedInput = options.speedInput ? true : nil
    lateReportFraction = options.lateReportFraction
    folds = outcome.folds
    heldOut = outcome.heldOut
  }

  public func jsonData() throws -> Data {
    try ResultJSON.encode(self)
  }

  public var text: String {
    let members = folds.compactMap(\.members).max() ?? 1
    let perFold = members > 1 ? "an ensemble of \(members) networks per fold (their mean scored)" : "one network per fold"
    var lines = [
      "MLP predictor, cross-fitted (\(provenance.split ?? "")): K = \(historyCount), hidden \(hiddenSizes) \(activation), "
        + (penInputs == true ? "\(MLPTrainReport.penInputsLabel), " : "")
        + (speedNormalized == true ? "\(MLPTrainReport.speedNormalizedLabel), " : "")
        + (speedInput == true ? "\(MLPTrainReport.speedInputLabel), " : "")
        + (lateReportFraction.map { "\(LateReportRetimingText.label($0)), " } ?? "")
        + (mirrorAveraged == true ? "\(MLPTrainReport.mirrorAveragedLabel), " : "") + "\(perFold), none shipped",
      MLPTrainReport.augmentationLine(
        augmentation, perDataset: validationPerDataset, augmented: augmentValidation, strokeEndRows: strokeEndRows),
    ]
    var foldLines = [
      ["fold", "held out", "early stopping on", "training rows", members > 1 ? "first network's best epoch" : "best epoch"]
        + (members > 1 ? ["their mean: validation error"] : [])
    ]
    for (index, fold) in folds.enumerated() {
      foldLines.append([
        "\(index + 1)", fold.testWriters.joined(separator: ","), fold.validationWriters.joined(separator: ","),
        "\(fold.trainingRows)", "\(fold.bestEpoch) of \(fold.epochs)",
      ] + (members > 1 ? [fold.ensembleValidationError.map { String(format: "%.5g", $0) } ?? "—"] : []))
    }
    lines.append(TextTable.render(foldLines, rightAligned: [0, 3, 4, 5]))
    lines += ["", "every writer scored once, by the fold that held it out (errors pooled):"]
    lines += MLPTrainReport.heldOutTable(heldOut, lengthUnit: lengthUnit)
    return lines.joined(separator: "\n")
  }
}
