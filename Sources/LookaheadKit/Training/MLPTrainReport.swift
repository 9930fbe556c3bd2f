import Foundation
import LookaheadRuntime

/// What `lookahead train --family mlp` prints and records: the epochs, the held-out scores beside
/// linear extrapolation, the model and the provenance of the run.
public struct MLPTrainReport: Sendable, Codable {
  public var format = "lookahead-train-mlp-result"
  public var formatVersion = 1
  public var provenance: ResultProvenance
  public var horizonsMilliseconds: [Double]
  public var lengthUnit: String
  public var trainWriters: [String]
  public var validationWriters: [String]
  /// The writers the network was fitted on: ``trainWriters`` less the early-stopping ones, whose
  /// rows only chose the epoch. Absent in results written before it was recorded.
  public var fitWriters: [String]?
  public var testWriters: [String]
  public var trainingRows: Int
  public var validationRows: Int
  public var epochs: [MLPTrainer.Epoch]
  public var bestEpoch: Int
  public var linearValidationError: Double
  public var heldOut: [TrainRun.HorizonScore]
  public var configuration: PredictorConfiguration
  public var augmentation: String
  public var validationPerDataset: Bool
  public var augmentValidation: Bool
  /// `true` when the rows included targets past each stroke's end (``MLPTrainer/Options/strokeEndRows``);
  /// absent otherwise.
  public var strokeEndRows: Bool?
  /// `true` when the network reads the pen inputs (`--pen-inputs`); absent otherwise. The model
  /// in ``configuration`` says the same (its `penInputs`), so `export --from-train` carries it.
  public var penInputs: Bool?
  /// Set when the test strokes were re-recorded at another rate before scoring (a validation run).
  public var testResampledHz: Double?
  /// The grid the re-recorded test positions were reported on, mm where known (absent: exact).
  public var testResampledResolution: Double?
  /// Of an ensemble (`--ensemble N`), each member's seed, best epoch and epochs; absent for one
  /// network (``epochs`` and ``bestEpoch`` are then its own; for an ensemble, the first member's).
  public var members: [Member]?
  /// Of an ensemble: the validation error of the members' mean prediction (beside each member's).
  public var ensembleValidationError: Double?

  public struct Member: Sendable, Codable {
    public var seed: UInt64
    public var bestEpoch: Int
    public var epochs: [MLPTrainer.Epoch]
  }

  public init(outcome: MLPTrainRun.Outcome, options: MLPTrainer.Options, split: String, provenance: ResultProvenance) {
    var provenance = Self.provenance(provenance, options: options, split: split)
    provenance.trainWriters = outcome.trainWriters
    provenance.testWriters = outcome.testWriters
    self.provenance = provenance
    horizonsMilliseconds = options.horizons.map { $0 * 1000 }
    lengthUnit = outcome.lengthUnit
    trainWriters = outcome.trainWriters
    validationWriters = outcome.training.validationWriters
    fitWriters = outcome.training.fitWriters
    testWriters = outcome.testWriters
    trainingRows = outcome.training.trainingRows
    validationRows = outcome.training.validationRows
    epochs = outcome.training.epochs
    bestEpoch = outcome.training.bestEpoch
    linearValidationError = outcome.training.linearValidationError
    heldOut = outcome.heldOut
    configuration = outcome.configuration
    augmentation = options.augmentation.description
    validationPerDataset = options.validationPerDataset
    augmentValidation = options.augmentValidation
    strokeEndRows = options.strokeEndRows ? true : nil
    penInputs = options.penInputs ? true : nil
    testResampledHz = outcome.testResampler?.rate
    testResampledResolution = outcome.testResampler.flatMap { $0.resolution > 0 ? $0.resolution : nil }
    ensembleValidationError = outcome.training.ensembleValidationError
    let trained = outcome.training.members
    members = trained.isEmpty
      ? nil
      : trained.indices.map { Member(seed: options.seed &+ UInt64($0), bestEpoch: trained[$0].bestEpoch, epochs: trained[$0].epochs) }
  }

  public func jsonData() throws -> Data {
    try ResultJSON.encode(self)
  }

  /// How many writers the network was fitted on (all training writers in a result without ``fitWriters``).
  var fittedWriterCount: Int { (fitWriters ?? trainWriters).count }

  public var text: String {
    guard case .mlp(let p) = configuration.family else { return "" }
    var lines = [
      "MLP predictor: K = \(p.historyCount), hidden \(p.hiddenSizes) \(p.activation.rawValue), \(p.weights.count) weights"
        + (p.members.count > 1 ? " per network, \(p.members.count) networks" : "")
        + (p.readsPenInputs ? "; \(Self.penInputsLabel)" : "") + (p.normalizesSpeed ? "; \(Self.speedNormalizedLabel)" : "")
        + (p.readsSpeed ? "; \(Self.speedInputLabel)" : "")
        + (p.lateReportFraction.map { "; \(LateReportRetimingText.label($0))" } ?? "")
        + (p.averagesMirrorImage ? "; \(Self.mirrorAveragedLabel)" : "")
        + (provenance.settings[Self.trainingPrecisionKey] != nil ? "; trained in single precision" : ""),
      Self.augmentationLine(
        augmentation, perDataset: validationPerDataset, augmented: augmentValidation, strokeEndRows: strokeEndRows),
      "trained on \(trainingRows) rows of \(fittedWriterCount) \(fittedWriterCount == 1 ? "writer" : "writers"); early stopping on \(validationRows) rows of \(validationWriters.joined(separator: ", "))",
      "best epoch \(bestEpoch) of \(epochs.count): validation error \(String(format: "%.5g", epochs.first { $0.epoch == bestEpoch }?.validationError ?? .nan)) (linear \(String(format: "%.5g", linearValidationError)))",
    ]
    // Training starts at linear extrapolation, so a best epoch above it means the run went wrong
    // (a diverging learning rate, too few epochs): said, since the network is written all the same.
    let best = epochs.first { $0.epoch == bestEpoch }?.validationError ?? .nan
    if (members == nil ? best : ensembleValidationError ?? best) > linearValidationError {
      lines.append(
        "warning: no epoch beat linear extrapolation on the early-stopping rows (the network starts there); "
          + "this network is worse than linear: lower --learning-rate or train more epochs")
    }
    if let members {
      lines[lines.count - 1] = "ensemble of \(members.count) networks (the mean of their predictions), each early-stopped on the same writers:"
      for (m, member) in members.enumerated() {
        let best = member.epochs.first { $0.epoch == member.bestEpoch }?.validationError ?? .nan
        lines.append(String(
          format: "  member %d (seed %llu): best epoch %d of %d, validation error %.5g", m + 1, member.seed, member.bestEpoch,
          member.epochs.count, best))
      }
      if let ensembleValidationError {
        lines.append(String(
          format: "  their mean: validation error %.5g (linear %.5g)", ensembleValidationError, linearValidationError))
      }
    }
    lines += [
      "",
      HeldOutWritersLine.text(testWriters, never: "never trained or selected on", provenance: provenance)
        + (testResampledHz.map {
          " — re-recorded at \($0) Hz"
            + (testResampledResolution.map { " on a \(String(format: "%g", $0)) \(lengthUnit) grid" } ?? "")
            + " before scoring (validation run)"
        } ?? ""),
    ]
    lines += Self.heldOutTable(heldOut, lengthUnit: lengthUnit)
    return lines.joined(separator: "\n")
  }

  /// A training's provenance with its split, objective (the loss and horizons), horizon policy, the
  /// BLAS kernel its products ran on (``LinearAlgebraLibrary``) and, when on, the pen inputs and the
  /// weight average.
  static func provenance(_ provenance: ResultProvenance, options: MLPTrainer.Options, split: String) -> ResultProvenance {
    var provenance = provenance
    provenance.split = split
    provenance.objective = "Euclidean error" + (options.loss.overshootWeight > 0 ? " + \(options.loss.overshootWeight) × overshoot" : "")
      + (options.loss.relativeToHorizon == true ? ", each row weighed by c/h (relative to its horizon)" : "")
      + (options.strokeEndRows ? ", with stroke-end rows" : "")
      + ", horizons " + options.horizons.map { "\($0 * 1000)" }.joined(separator: ";") + " ms"
    provenance.horizonPolicy = "fixed:" + options.horizons.map { "\($0 * 1000)" }.joined(separator: ";")
    if options.penInputs { provenance.settings["mlp.penInputs"] = "true (pressure, altitude, azimuth)" }
    if options.mirrorAveraged { provenance.settings["mlp.mirrorAveraged"] = "true (each prediction averaged with its mirror image's)" }
    if options.speedNormalized { provenance.settings["mlp.speedNormalized"] = "true (velocity inputs divided by the window's mean speed)" }
    if options.speedInput { provenance.settings["mlp.speedInput"] = "true (the log of that speed an input)" }
    if let fraction = options.lateReportFraction {
      provenance.settings["mlp.lateReportFraction"] = LateReportRetimingText.setting(fraction)
    }
    if let decay = options.weightAverageDecay {
      provenance.settings["mlp.weightAverage"] = "\(decay) (the shipped weights: their moving average over Adam's steps, decay per step)"
    }
    if options.dropout > 0 {
      provenance.settings["mlp.dropout"] = "\(options.dropout) (probability a hidden value is zeroed in a fitting pass)"
    }
    provenance.settings[LinearAlgebraLibrary.provenanceKey] = LinearAlgebraLibrary.description
    if options.precision == .single {
      provenance.settings[trainingPrecisionKey] = "single (sgemm passes; the weights, Adam and every score in double)"
    }
    return provenance
  }

  /// The provenance setting of `--training-precision single` (absent for double, as before it existed).
  static let trainingPrecisionKey = "mlp.trainingPrecision"

  /// The text line saying how the rows were augmented and the early-stopping writers drawn.
  static func augmentationLine(_ augmentation: String, perDataset: Bool, augmented: Bool, strokeEndRows: Bool?) -> String {
    "augmentation \(augmentation)" + (perDataset ? "; early-stopping writers drawn per dataset" : "")
      + (augmented ? "; early-stopping rows augmented" : "")
      + (strokeEndRows == true ? "; stroke-end rows (targets past a stroke's end held at its last sample)" : "")
  }

  /// How the reports name the pen inputs (``MLPTrainer/Options/penInputs``).
  static let penInputsLabel = "pen inputs (pressure, altitude, azimuth)"

  /// How the reports name the mirror averaging (``MLPTrainer/Options/mirrorAveraged``).
  static let mirrorAveragedLabel = "mirror-averaged (each prediction the mean of the window's and its mirror image's)"

  /// How the reports name the speed normalisation (``MLPTrainer/Options/speedNormalized``).
  static let speedNormalizedLabel = "speed-normalised (velocity inputs divided by the window's mean speed)"

  /// How the reports name the speed input (``MLPTrainer/Options/speedInput``).
  static let speedInputLabel = "speed input (the log of that speed)"

  /// The held-out table: per horizon, the model's mean and p95 beside linear extrapolation's.
  static func heldOutTable(_ heldOut: [TrainRun.HorizonScore], lengthUnit: String) -> [String] {
    // Fixed decimals up to 1e5, then 4 significant digits: a diverged network's 3e143 mm filled a
    // line with 144 digits (found trying the CLI from outside).
    func cell(_ value: Double, _ width: Int, decimals: Int = 4, sign: String = "") -> String {
      let text = !value.isFinite || abs(value) < 1e5
        ? String(format: "%\(sign).\(decimals)f", value) : String(format: "%\(sign).4g", value)
      return String(repeating: " ", count: max(0, width - text.count)) + text
    }
    return ["horizon ms   issue points   mean \(lengthUnit)   p95 \(lengthUnit)   linear mean   linear p95   mean vs linear"]
      + heldOut.map { h in
        String(format: "%10.2f   %12d   ", h.horizonMilliseconds, h.issuePoints)
          + [cell(h.mean, 9), cell(h.p95, 8), cell(h.linearMean, 11), cell(h.linearP95, 10)].joined(separator: "   ")
          + "   " + cell(100 * (h.mean / h.linearMean - 1), 13, decimals: 1, sign: "+") + " %"
      }
  }
}
