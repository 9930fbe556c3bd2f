import ArgumentParser
import Foundation
import LookaheadKit
import LookaheadRuntime

/// The options of `lookahead train --family mlp` (Docs/Tuning.md, "Training an MLP").
struct MLPTrainOptions: ParsableArguments {
  @Option(name: .customLong("mlp-history"), help: "MLP: recent time steps the network reads, 1…16 (default 8; with --henze2017 10, its windows' input steps, and at most 10).")
  var history: Int?

  @Option(help: "MLP: hidden layer widths, comma-separated, 1…4 layers of 1…256 (default 32,32; 64,64 with --henze2017).")
  var hidden: String?

  @Option(help: "MLP: hidden activation, relu or tanh.")
  var activation: String = "relu"

  @Option(help: "MLP: most epochs (early stopping usually ends sooner).")
  var epochs: Int = 40

  @Option(help: "MLP: epochs without a better validation error before stopping.")
  var patience: Int = 6

  @Option(name: .customLong("batch-size"), help: "MLP: rows per Adam step.")
  var batchSize: Int = 256

  @Option(name: .customLong("learning-rate"), help: "MLP: Adam step size.")
  var learningRate: Double = 2e-3

  @Option(name: .customLong("learning-rate-decay"), help: "MLP: multiplies the learning rate after every epoch, 0 < d ≤ 1 (1 = constant).")
  var learningRateDecay: Double = 1

  @Option(name: .customLong("weight-average"), help: "MLP: early-stop on and ship an exponential moving average of the weights over Adam's steps (Polyak averaging) with this decay per step, 0 < d < 1 (about 1/(1 − d) steps averaged; e.g. 0.999); off by default.")
  var weightAverage: Double?

  @Option(name: .customLong("weight-decay"), help: "MLP: decoupled weight decay per step, fraction of the learning rate.")
  var weightDecay: Double = 1e-4

  @Option(name: .customLong("dropout"), help: "MLP: probability that a hidden value is zeroed in each fitting pass (inverted dropout; ReLU only; training only, the shipped network never drops), 0 ≤ p < 1; 0 is off.")
  var dropout: Double = 0

  @Option(name: .customLong("overshoot-weight"), help: "MLP: extra loss per unit of overshoot along the motion, 0 = Euclidean loss.")
  var overshootWeight: Double = 0

  @Flag(name: .customLong("relative-horizon-loss"), help: "MLP: weigh each training row's loss by the inverse of its horizon (normalised to a mean weight of 1), so short horizons count their errors relative to their size instead of being drowned out by the long ones (off by default; training only).")
  var relativeHorizonLoss = false

  @Flag(name: .customLong("pen-inputs"), help: "MLP: the network also reads the pen's pressure, altitude and azimuth where the trace has them (8 more inputs, each group with a known flag; off by default).")
  var penInputs = false

  @Flag(name: .customLong("mirror-average"), help: "MLP: ship the model with each prediction averaged with its mirror image's (the window mirrored across the motion, its prediction mirrored back): exactly symmetric, one more forward pass per prediction; the networks are trained as without it (off by default; model format version 3).")
  var mirrorAverage = false

  @Flag(name: .customLong("speed-normalized"), help: "MLP: divide the network's velocity inputs by the window's mean speed and multiply its correction by it, so a stroke made larger at the same tempo gets exactly the larger prediction, at speeds training never saw (off by default; model format version 4).")
  var speedNormalized = false

  @Flag(name: .customLong("speed-input"), help: "MLP with --speed-normalized: the log of the window's mean speed as one more network input, so the network can still tell slow strokes from fast ones (off by default).")
  var speedInput = false

  @Option(name: .customLong("training-precision"), help: "MLP: the number type of the batched training passes, double (dgemm) or single (sgemm: about twice the matrix throughput, other rounding, so other networks; the weights, Adam and every score stay double).")
  var trainingPrecision: String = "double"

  @Option(help: "MLP: augmentation, e.g. reflect,speed=0.8;1.25,scale=0.8;1.25,decimate=2.")
  var augment: String = "none"

  @Flag(name: .customLong("validation-per-dataset"), help: "MLP: draw the early-stopping writers from each dataset separately.")
  var validationPerDataset = false

  @Flag(name: .customLong("augment-validation"), help: "MLP: apply --augment to the early-stopping writers' strokes too.")
  var augmentValidation = false

  @Flag(name: .customLong("stroke-end-rows"), help: "MLP: also train on targets past each stroke's last sample, held there (where the ink ends), so the network sees stroke ends.")
  var strokeEndRows = false

  @Option(name: .customLong("resample-test"), help: "MLP: score on the test strokes re-recorded at this rate, Hz (1 ms ticks, 0.25 ms jitter), to validate rate carry-over on training data.")
  var resampleTest: Double?

  @Option(name: .customLong("resample-test-resolution"), help: "MLP with --resample-test: report the re-recorded test positions on a grid of this size, mm where the data knows its scale (0.096 is Inkable's half UIKit point; default 0, exact).")
  var resampleTestResolution: Double?

  @Option(help: "MLP: seed of the validation writers, initial weights and batch order.")
  var seed: UInt64 = 1

  @Option(help: "MLP: checkpoint file, written after every epoch; an existing one of the same run is resumed (with --ensemble, members 2… use FILE.member2, …).")
  var checkpoint: String?

  @Option(help: "MLP: train this many networks, 1…8, with seeds --seed, --seed + 1, …, each early-stopped on the same writers, and ship their mean as one model.")
  var ensemble: Int = 1

  @Flag(help: "MLP with --henze2017: per fold, train the fixed candidate list (as given; learning-rate decay 0.9 with reflected windows; that with the tasks balanced) and score the one best on the fold's early-stopping participant.")
  var select = false

  @Flag(name: .customLong("ensemble-candidates"), help: "MLP with --henze2017: per fold, train the same fixed candidate list as --select and score the mean of all candidates' predictions (an ensemble; nothing is chosen).")
  var ensembleCandidates = false

  @Option(name: .customLong("candidate-hidden"), help: "MLP with --henze2017 --select or --ensemble-candidates: train the fixed candidate list once per hidden-layer shape, shapes separated by semicolons, e.g. \"64,64;64,64,64\" (default: the one shape of --hidden).")
  var candidateHidden: String?

  /// ``candidateHidden`` as hidden-layer shapes (`nil` when not given).
  func candidateHiddenShapes() throws -> [[Int]]? {
    guard let candidateHidden else { return nil }
    let shapes = try candidateHidden.split(separator: ";", omittingEmptySubsequences: false).map {
      try Self.hiddenSizes(String($0), option: "--candidate-hidden")
    }
    guard Set(shapes).count == shapes.count else {
      throw ValidationError("--candidate-hidden names a shape twice: \"\(candidateHidden)\"")
    }
    return shapes
  }

  /// Hidden-layer widths from `1…4` comma-separated numbers `1…256`.
  static func hiddenSizes(_ text: String, option: String) throws -> [Int] {
    let sizes = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard (1...4).contains(sizes.count), sizes.allSatisfy({ $0.map { (1...256).contains($0) } ?? false }) else {
      throw ValidationError("\(option) must be 1…4 comma-separated widths 1…256, got \"\(text)\"")
    }
    return sizes.compactMap { $0 }
  }

  @Option(name: .customLong("henze-horizon"), help: "MLP with --henze2017: the time the network predicts for: mean-interval (j × the window's mean input step, from the inputs alone) or target-time (the target row's time, as the published networks were given).")
  var henzeHorizon: String = "mean-interval"

  @Option(name: .customLong("henze-early-stopping"), help: "MLP with --henze2017 --ensemble-candidates: next (every candidate stops on the participant after the held-out one) or rotating (candidate c stops on the c-th participant after it, so each fits a different six and their mean has learned from all seven others).")
  var henzeEarlyStopping: String = "next"

  @Option(name: .customLong("henze-stopping-weights"), help: "MLP with --henze2017: how early stopping weighs its participant's windows: windows (each alike, the plain mean error, which Write and the longest look-ahead dominate) or cells (each task × look-ahead cell alike, relative to constant-velocity extrapolation's error on it, as the table's geometric mean weighs them).")
  var henzeStoppingWeights: String = "windows"

  @Option(name: .customLong("henze-balance-repeats"), help: "MLP with --henze2017 and a balanced candidate (--select, --ensemble-candidates): what its repeats of a task's fitting rows are: copies (the same rows again) or rerecorded (each repeat the fitting participants' strokes re-recorded at another clock phase of the tablet's 17.5 ms reports, so the same movements give new windows). Early stopping and scoring read the files as recorded.")
  var henzeBalanceRepeats: String = "copies"

  @Option(name: .customLong("henze-rerecord-speed"), help: "MLP with --henze-balance-repeats rerecorded: replay each re-recorded stroke at a speed drawn log-uniformly between 1/F and F times its own (F from 1 to 4; 1, the default, keeps every stroke's speed), as participants' movement times differ.")
  var henzeRerecordSpeed: Double?

  @Option(name: .customLong("henze-task-weight-power"), help: "MLP with --henze2017: the candidates that do not balance the tasks by repeating rows weigh each task's fitting rows in the loss by (the largest task's row count / its own)^P, P from 0 to 1: 0 weighs every window alike (Write's outweigh Fitts's about nine to one), 1 every task alike; no rows or time are added.")
  var henzeTaskWeightPower: Double = 0

  @Option(name: .customLong("henze-leave-out"), help: "MLP with --henze2017: leave this participant (1-based, file order) out of everything — fitting, early stopping and scoring — and number the folds over the rest: for validating a configuration on folds that never see the participant another fold scores.")
  var henzeLeaveOut: Int?

  @Option(name: .customLong("henze-folds"), help: "MLP with --henze2017: only these held-out participants, 1-based, comma-separated (quick iteration; default all).")
  var henzeFolds: String?

  @Option(name: .customLong("henze-extra-fit"), help: "MLP with --henze2017: also fit every fold on this dataset (repeatable; NAME or NAME:SUBSET with a millimetre scale), re-recorded as the tablet reports (every 17.5 ms, whole-ms times, in its pixels); never used for early stopping or scoring.")
  var henzeExtraFit: [String] = []

  @Option(name: .customLong("henze-pixels-per-mm"), help: "MLP with --henze-extra-fit: the tablet's pixels per millimetre the extra data is converted at (default 12.7: 323 ppi, a Nexus 7 (2013), as the dataset's SOURCE.md guesses).")
  var henzePixelsPerMillimetre: Double?

  /// The tablet's pixel pitch `--henze-extra-fit` converts at: as given, or 323 ppi.
  var henzePitch: Double { henzePixelsPerMillimetre ?? 12.7 }

  /// ``henzeFolds`` as 0-based fold indices.
  func henzeFoldIndices() throws -> [Int]? {
    guard let henzeFolds else { return nil }
    let folds = henzeFolds.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard !folds.isEmpty, folds.allSatisfy({ ($0 ?? 0) >= 1 }) else {
      throw ValidationError("--henze-folds must be comma-separated participant numbers from 1, got \"\(henzeFolds)\"")
    }
    return folds.map { $0! - 1 }
  }

  /// - Parameter defaults: history and hidden widths when not given (a plain training's, or the
  ///   Henze 2017 comparison's, fixed before any run).
  func trainerOptions(
    horizons: [Double], stages: PredictorStages, defaults: MLPTrainer.Options? = nil
  ) throws -> MLPTrainer.Options {
    var options = MLPTrainer.Options(horizons: horizons)
    let history = self.history ?? defaults?.historyCount ?? options.historyCount
    let hidden = self.hidden ?? (defaults ?? options).hiddenSizes.map(String.init).joined(separator: ",")
    guard (1...16).contains(history) else { throw ValidationError("--mlp-history must be 1…16") }
    let sizes = try Self.hiddenSizes(hidden, option: "--hidden")
    guard let activation = MLPPredictor.Activation(rawValue: activation) else {
      throw ValidationError("--activation must be relu or tanh, got \"\(activation)\"")
    }
    guard epochs >= 1, patience >= 1, batchSize >= 1 else { throw ValidationError("--epochs, --patience and --batch-size must be at least 1") }
    guard learningRate > 0, learningRate.isFinite, weightDecay >= 0, weightDecay.isFinite,
      overshootWeight >= 0, overshootWeight.isFinite
    else { throw ValidationError("--learning-rate must be positive; --weight-decay and --overshoot-weight not negative") }
    guard learningRateDecay > 0, learningRateDecay <= 1 else {
      throw ValidationError("--learning-rate-decay must be above 0 and at most 1, got \(learningRateDecay)")
    }
    if let weightAverage {
      guard weightAverage > 0, weightAverage < 1 else {
        throw ValidationError("--weight-average must be above 0 and below 1, got \(weightAverage)")
      }
    }
    guard dropout >= 0, dropout < 1 else { throw ValidationError("--dropout must be 0 or more and below 1, got \(dropout)") }
    guard dropout == 0 || activation == .relu else { throw ValidationError("--dropout needs --activation relu") }
    do { options.augmentation = try StrokeAugmentation(parsing: augment) } catch { throw ValidationError(error.description) }
    options.historyCount = history
    options.hiddenSizes = sizes
    options.activation = activation
    options.penInputs = penInputs
    options.mirrorAveraged = mirrorAverage
    options.speedNormalized = speedNormalized
    guard !speedInput || speedNormalized else { throw ValidationError("--speed-input needs --speed-normalized") }
    options.speedInput = speedInput
    options.epochs = epochs
    options.patience = patience
    options.batchSize = batchSize
    options.learningRate = learningRate
    options.learningRateDecay = learningRateDecay
    options.weightDecay = weightDecay
    options.weightAverageDecay = weightAverage
    options.dropout = dropout
    options.loss = MLPLoss(overshootWeight: overshootWeight, relativeToHorizon: relativeHorizonLoss)
    options.seed = seed
    options.stages = stages
    options.validationPerDataset = validationPerDataset
    options.augmentValidation = augmentValidation
    options.strokeEndRows = strokeEndRows
    guard let precision = MLPTrainer.Options.Precision(rawValue: trainingPrecision) else {
      throw ValidationError("--training-precision must be double or single, got \"\(trainingPrecision)\"")
    }
    options.precision = precision
    return options
  }

  /// The `--resample-test` resampler: the augmentation's digitizer timing (1 ms ticks, 0.25 ms
  /// jitter), positions on `--resample-test-resolution`'s grid when given.
  func testResampler() throws -> StrokeResampler? {
    guard let rate = resampleTest else {
      if resampleTestResolution != nil { throw ValidationError("--resample-test-resolution needs --resample-test") }
      return nil
    }
    guard rate >= 10, rate <= 2000 else { throw ValidationError("--resample-test must be 10…2000 Hz") }
    let resolution = resampleTestResolution ?? 0
    guard resolution >= 0, resolution <= 10 else {
      throw ValidationError("--resample-test-resolution must be 0…10 mm, got \(resolution)")
    }
    let timing = StrokeAugmentation()
    return StrokeResampler(rate: rate, jitter: timing.resampleJitter, tick: timing.resampleTick, resolution: resolution)
  }

  /// A progress line per epoch on stderr: epoch, training loss, validation error, ETA; with
  /// `--ensemble`, led by the member (`member 2/3  epoch …`), which `member` sets; none when
  /// `quiet` (train's `--quiet`).
  func progressPrinter(member: EnsembleMemberLabel? = nil, quiet: Bool) -> (MLPTrainer.Epoch, Int) -> Void {
    guard !quiet else { return { _, _ in } }
    let started = StartedMembers()
    return { epoch, remaining in
      // A member whose first reported epoch is not the first resumed from its checkpoint: say so,
      // as a resumed tune journal is announced, rather than leave the jump in epochs unexplained.
      let index = member?.member ?? 0
      if started.insert(index), epoch.epoch > 1, let checkpoint {
        let file = MLPTrainer.memberCheckpoint(URL(fileURLWithPath: checkpoint), member: index).path
        let line = (member?.prefix ?? "") + "resumed from \(file): \(epoch.epoch - 1) of at most \(epochs) epochs were done\n"
        FileHandle.standardError.write(Data(line.utf8))
      }
      let eta = Int((epoch.seconds * Double(remaining)).rounded())
      let line = (member?.prefix ?? "") + String(
        format: "epoch %3d  loss %.5g  validation error %.5g  (%.1f s/epoch, at most %d s left)\n", epoch.epoch, epoch.trainingLoss, epoch.validationError, epoch.seconds, eta)
      FileHandle.standardError.write(Data(line.utf8))
    }
  }

  /// `--ensemble` between 1 and the runtime's most networks.
  func ensembleMembers() throws -> Int {
    guard (1...MLPPredictor.Parameters.maximumMemberCount).contains(ensemble) else {
      throw ValidationError("--ensemble must be 1…\(MLPPredictor.Parameters.maximumMemberCount) networks, got \(ensemble)")
    }
    return ensemble
  }
}

/// The ensemble members whose first epoch the progress printer has seen.
final class StartedMembers {
  private var members = Set<Int>()
  /// Whether `member` is seen for the first time (it is remembered).
  func insert(_ member: Int) -> Bool { members.insert(member).inserted }
}

/// Which member of `--ensemble` is training, for the progress lines.
final class EnsembleMemberLabel {
  var member = 0
  let count: Int
  init(count: Int) { self.count = count }
  var prefix: String { "member \(member + 1)/\(count)  " }
}
