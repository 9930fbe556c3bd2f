import Foundation
import LookaheadRuntime

/// What `lookahead train` prints and records: the cross-validation table, the chosen K and λ,
/// the held-out scores beside linear extrapolation, and the provenance of the run.
public struct TrainReport: Sendable, Codable {
  public var format = "lookahead-train-result"
  /// 2: ``provenance`` is the shared ``ResultProvenance``.
  public var formatVersion = 2
  public var provenance: ResultProvenance
  public var horizonsMilliseconds: [Double]
  public var split: String
  public var rotateToMotion: Bool
  /// The late-report threshold (`--retime-late-reports`); absent without it.
  public var lateReportFraction: Double?
  public var lengthUnit: String
  public var trainWriters: [String]
  public var testWriters: [String]
  public var crossValidation: [TrainRun.CrossValidationRow]
  public var chosen: TrainRun.CrossValidationRow
  public var folds: [TrainRun.CrossValidationRow]
  public var heldOut: [TrainRun.HorizonScore]
  public var parameters: LearnedLinearPredictor.Parameters
  /// The model as it ships and as it was scored: the parameters inside their stages.
  public var configuration: PredictorConfiguration

  public init(outcome: TrainRun.Outcome, request: TrainRun.Request, provenance: ResultProvenance) {
    var provenance = provenance
    provenance.split = request.split?.description ?? "none (separate test data)"
    provenance.trainWriters = outcome.trainWriters
    provenance.testWriters = outcome.crossFittedWriters.isEmpty ? outcome.testWriters : nil
    provenance.crossFittedWriters = outcome.crossFittedWriters.isEmpty ? nil : outcome.crossFittedWriters
    provenance.settings[LinearAlgebraLibrary.provenanceKey] = LinearAlgebraLibrary.description
    provenance.objective = "ridge least squares, horizons " + request.horizons.map { "\($0 * 1000)" }.joined(separator: ";") + " ms"
    provenance.searched = ["history-count", "lambda"]
    provenance.horizonPolicy = "fixed:" + request.horizons.map { "\($0 * 1000)" }.joined(separator: ";")
    if let fraction = request.lateReportFraction {
      provenance.settings["learnedLinear.lateReportFraction"] = LateReportRetimingText.setting(fraction)
    }
    self.provenance = provenance
    horizonsMilliseconds = request.horizons.map { $0 * 1000 }
    split = request.split?.description ?? "none (separate test data)"
    rotateToMotion = request.rotateToMotion
    lateReportFraction = request.lateReportFraction
    lengthUnit = outcome.lengthUnit
    trainWriters = outcome.trainWriters
    testWriters = outcome.testWriters
    crossValidation = outcome.crossValidation
    chosen = outcome.chosen
    folds = outcome.folds
    heldOut = outcome.heldOut
    parameters = outcome.parameters
    configuration = outcome.configuration
  }

  public func jsonData() throws -> Data {
    try ResultJSON.encode(self)
  }

  /// The model's configuration file: a ``PredictorConfiguration`` of family `learnedLinear` as
  /// JSON (`{"family": "learnedLinear", "parameters": {…}, "stages": {…}}`), which
  /// ``PredictorConfigurationFile/read(_:)``, `lookahead export` and the catalog's
  /// ``PredictorCatalog/withLearnedLinearWeights(contentsOf:)`` read.
  public static func modelJSON(_ configuration: PredictorConfiguration) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(configuration)
  }

  /// What the K × λ table was cross-validated over. With one training writer there is no writer
  /// to leave out: ``TrainRun/crossValidationGroups(_:)`` folds that writer's strokes instead,
  /// which the heading must say, since those folds share a hand and score better than new writers.
  var crossValidationHeading: String {
    guard trainWriters.count < 2 else {
      return "leave-one-writer-out cross-validation on \(trainWriters.count) training writers (mean error, trace units):"
    }
    guard !trainWriters.isEmpty else {
      return "cross-validation over \(TrainRun.singleWriterFolds) interleaved folds of the training strokes, "
        + "which record no writer (mean error, trace units):"
    }
    return "cross-validation over \(TrainRun.singleWriterFolds) interleaved folds of the one training writer's strokes, "
      + "\(WriterListText.joined(trainWriters)) (no writer to leave out; mean error, trace units):"
  }

  public var text: String {
    var lines: [String] = []
    lines.append(
      "learned linear predictor, split \(split), rotate to motion \(rotateToMotion)"
        + (lateReportFraction.map { ", \(LateReportRetimingText.label($0))" } ?? ""))
    lines.append(crossValidationHeading)
    lines.append("   K   lambda      mean error   predictions")
    for row in crossValidation {
      let mark = row.historyCount == chosen.historyCount && row.lambda == chosen.lambda ? " *" : ""
      lines.append(String(format: "%4d   %-9.0e   %10.5g   %11d", row.historyCount, row.lambda, row.meanError, row.predictionCount) + mark)
    }
    lines.append("chosen: K = \(chosen.historyCount), lambda = \(chosen.lambda)")
    for (i, fold) in folds.enumerated() {
      lines.append("  fold \(i + 1) chose K = \(fold.historyCount), lambda = \(fold.lambda)")
    }
    lines.append("")
    if let crossFitted = provenance.crossFittedWriters {
      lines.append(
        "cross-fitted writers (each scored by the model its fold fitted without it; the model above was "
          + "fitted on all of them): \(WriterListText.joined(crossFitted))")
    } else {
      lines.append(HeldOutWritersLine.text(testWriters, never: "never trained on", provenance: provenance))
    }
    lines.append("horizon ms   issue points   mean \(lengthUnit)   p95 \(lengthUnit)   linear mean   linear p95")
    for h in heldOut {
      lines.append(
        String(format: "%10.2f   %12d   %9.4f   %8.4f   %11.4f   %10.4f", h.horizonMilliseconds, h.issuePoints, h.mean, h.p95, h.linearMean, h.linearP95))
    }
    return lines.joined(separator: "\n")
  }
}
