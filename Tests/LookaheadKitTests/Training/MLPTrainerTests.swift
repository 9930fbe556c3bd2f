import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@Suite("MLP trainer: gradients, training, determinism, checkpoint")
struct MLPTrainerTests {
  /// Constant-speed circular arcs (radius 20–60 units, 4–10 rad/s, either sense) of five writers
  /// at 120 Hz, 1 unit = 0.1 mm: linear extrapolation cuts every corner by a known amount, a
  /// model that learns curvature does not. `scale` multiplies every coordinate (the same arcs made
  /// larger at the same tempo).
  static func arcs(scale: Double = 1) throws -> TuningData {
    var strokes: [Stroke] = []
    var rng = SeededGenerator(seed: 11)
    for w in 0..<5 {
      for _ in 0..<8 {
        let radius = Double.random(in: 20...60, using: &rng)
        let omega = Double.random(in: 4...10, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
        let phase = Double.random(in: 0...(2 * Double.pi), using: &rng)
        let samples = (0..<40).map { i -> TraceSample in
          let t = Double(i) / 120
          return TraceSample(time: t, x: scale * radius * cos(phase + omega * t), y: scale * radius * sin(phase + omega * t))
        }
        strokes.append(Stroke(writer: "w\(w)", samples: samples))
      }
    }
    return try TuningData(traces: [
      Trace(metadata: TraceMetadata(source: "arcs", coordinateUnit: "u", millimetresPerUnit: 0.1), strokes: strokes)
    ])
  }

  /// - Parameter epochs: the most epochs, and the patience (so early stopping never ends a run sooner).
  static func options(epochs: Int = 12) -> MLPTrainer.Options {
    var options = MLPTrainer.Options(horizons: [1.0 / 120, 1.0 / 60, 1.0 / 30])
    options.historyCount = 3
    options.hiddenSizes = [16, 16]
    options.epochs = epochs
    options.patience = epochs
    options.batchSize = 64
    options.learningRate = 3e-3
    options.parts = 2
    return options
  }

  @Test("the batched gradient equals central finite differences", arguments: [
    (MLPPredictor.Activation.tanh, 0.0, false), (.tanh, 0.7, false), (.relu, 0.0, false), (.relu, 0.7, false),
    (.relu, 0.7, true),
  ])
  func gradientCheck(activation: MLPPredictor.Activation, overshootWeight: Double, relativeToHorizon: Bool) throws {
    let network = MLPNetwork(layerSizes: [5, 4, 3, 2], activation: activation)
    var rng = SeededGenerator(seed: 3)
    let weights = (0..<network.weightCount).map { _ in Double.random(in: -0.8...0.8, using: &rng) }
    let raw = Self.randomRows(inputCount: 5, count: 7, using: &rng)
    let loss = MLPLoss(overshootWeight: overshootWeight, relativeToHorizon: relativeToHorizon)
    let (worst, analytic) = Self.worstRelativeGradientError(at: weights) { w, gradient in
      MLPTrainer.testObjective(network: network, weights: w, rows: raw, outputScale: 1.7, loss: loss, gradient: &gradient)
    }
    #expect(worst < 1e-5, "worst relative gradient error \(worst)")
    #expect(analytic.contains { $0 != 0 })
  }

  /// A training of `options` on `data` stopped after two epochs (patience 4, so by the epoch
  /// limit), its checkpoint written, then resumed from that checkpoint with `options` to the end.
  static func interruptedAndResumed(_ options: MLPTrainer.Options, data: TuningData) throws -> MLPTrainer.Result {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lookahead-mlp-resume-\(UInt64.random(in: 0...UInt64.max)).json")
    defer { try? FileManager.default.removeItem(at: url) }
    var interrupted = options
    interrupted.epochs = 2
    interrupted.patience = 4
    _ = try MLPTrainer(options: interrupted).train(data: data, checkpoint: url)
    return try MLPTrainer(options: options).train(data: data, checkpoint: url)
  }

  /// `count` rows of `inputCount` inputs in −2…2, targets in −3…3 and horizons of 5–30 ms, drawn
  /// row by row in that order: the gradient checks' batches.
  static func randomRows(inputCount: Int, count: Int, using rng: inout SeededGenerator) -> MLPTrainingRows {
    var rows = MLPTrainingRows(inputCount: inputCount)
    for _ in 0..<count {
      rows.inputs += (0..<inputCount).map { _ in Double.random(in: -2...2, using: &rng) }
      rows.targets += [Double.random(in: -3...3, using: &rng), Double.random(in: -3...3, using: &rng)]
      rows.horizons.append(Double.random(in: 0.005...0.03, using: &rng))
    }
    return rows
  }

  /// The gradient `objective` computes at `weights` (`analytic`), and its worst relative difference
  /// from central finite differences of the objective's value (step 1e-6) over every weight.
  static func worstRelativeGradientError(
    at weights: [Double], objective: ([Double], inout [Double]) -> Double
  ) -> (worst: Double, analytic: [Double]) {
    var analytic = [Double](repeating: 0, count: weights.count)
    _ = objective(weights, &analytic)
    var scratch = analytic
    let step = 1e-6
    var worst = 0.0
    for i in weights.indices {
      var plus = weights, minus = weights
      plus[i] += step
      minus[i] -= step
      let numeric = (objective(plus, &scratch) - objective(minus, &scratch)) / (2 * step)
      worst = max(worst, abs(numeric - analytic[i]) / max(1e-3, abs(numeric) + abs(analytic[i])))
    }
    return (worst, analytic)
  }

  /// `--relative-horizon-loss`, by hand: rows of scales 1, 2 and 4 weigh c/h with c = 3 / (1 +
  /// 1/2 + 1/4) = 12/7, so 12/7, 6/7 and 3/7 (mean 1). A zero network predicts constant velocity;
  /// with targets 1/h (each row's error 1 length unit, along the motion) the plain objective is
  /// 1 and the weighed one the mean of the weights, also 1; with errors 1, 2 and 4 units instead,
  /// plain (1 + 2 + 4)/3 = 7/3 and weighed (12/7 + 12/7 + 12/7)/3 = 12/7.
  @Test func relativeToHorizonWeighsRowsByTheirScale() throws {
    let loss = MLPLoss(relativeToHorizon: true)
    let scale = try #require(loss.horizonWeightScale([1, 2, 4]))
    #expect(abs(scale - 12.0 / 7) < 1e-12)
    #expect(MLPLoss().horizonWeightScale([1, 2, 4]) == nil)
    let network = MLPNetwork(layerSizes: [1, 2, 2], activation: .relu)
    let zero = [Double](repeating: 0, count: network.weightCount)
    func objective(_ loss: MLPLoss, errors: [Double]) -> Double {
      var rows = MLPTrainingRows(inputCount: 1)
      for (h, e) in zip([1.0, 2, 4], errors) {
        rows.inputs.append(0)  // the newest speed along the motion: constant velocity predicts no move
        rows.targets += [e / h, 0]
        rows.horizons.append(h)
      }
      var gradient = zero
      return MLPTrainer.testObjective(network: network, weights: zero, rows: rows, outputScale: 1, loss: loss, gradient: &gradient)
    }
    #expect(abs(objective(MLPLoss(), errors: [1, 1, 1]) - 1) < 1e-12)
    #expect(abs(objective(loss, errors: [1, 1, 1]) - 1) < 1e-12)
    #expect(abs(objective(MLPLoss(), errors: [1, 2, 4]) - 7.0 / 3) < 1e-12)
    #expect(abs(objective(loss, errors: [1, 2, 4]) - 12.0 / 7) < 1e-12)
  }

  @Test("training on circular arcs ends far below linear extrapolation, on writers it never saw")
  func learnsArcs() throws {
    let data = try Self.arcs()
    let outcome = try MLPTrainRun.run(
      Self.options(), split: .explicit(train: ["w0", "w1", "w2", "w3"], validation: [], test: ["w4"]), data: data)
    let training = outcome.training
    #expect(training.epochs.count == 12)
    let best = try #require(training.epochs.first { $0.epoch == training.bestEpoch })
    #expect(best.validationError < 0.3 * training.linearValidationError)
    #expect(training.epochs.last!.trainingLoss < training.epochs.first!.trainingLoss)
    #expect(outcome.testWriters == ["w4"] && !outcome.trainWriters.contains("w4"))
    for score in outcome.heldOut {
      #expect(score.issuePoints > 0)
      #expect(score.mean < 0.5 * score.linearMean, "\(score.horizonMilliseconds) ms: \(score.mean) vs linear \(score.linearMean)")
    }
    // The model file round-trips and predicts as the scored configuration.
    let decoded = try JSONDecoder().decode(PredictorConfiguration.self, from: try TrainReport.modelJSON(outcome.configuration))
    #expect(decoded == outcome.configuration)
    try decoded.validate()
  }

  @Test("the same seed gives the same weights; a run resumed from its checkpoint ends as an uninterrupted one")
  func determinismAndResume() throws {
    let data = try Self.arcs()
    var options = Self.options()
    options.epochs = 4
    let first = try MLPTrainer(options: options).train(data: data)
    options.parts = 1
    let second = try MLPTrainer(options: options).train(data: data)
    #expect(first.parameters == second.parameters)
    options.seed = 2
    #expect(try MLPTrainer(options: options).train(data: data).parameters != first.parameters)

    options.seed = 1
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lookahead-mlp-checkpoint-\(UInt64.random(in: 0...UInt64.max)).json")
    defer { try? FileManager.default.removeItem(at: url) }
    options.epochs = 2
    let interrupted = try MLPTrainer(options: options).train(data: data, checkpoint: url)
    #expect(interrupted.epochs.count == 2)
    options.epochs = 4
    var resumedEpochs: [Int] = []
    let resumed = try MLPTrainer(options: options).train(data: data, checkpoint: url) { epoch, _ in
      resumedEpochs.append(epoch.epoch)
    }
    #expect(resumedEpochs == [3, 4])
    #expect(resumed.parameters == first.parameters)
    #expect(resumed.epochs == first.epochs.map { var e = $0; e.seconds = resumed.epochs[$0.epoch - 1].seconds; return e })
    // A checkpoint of another run is refused, naming the file.
    options.learningRate = 1e-3
    #expect { try MLPTrainer(options: options).train(data: data, checkpoint: url) } throws: { error in
      "\(error)".contains(url.path)
    }
  }

  /// Resuming another run's checkpoint names only the settings that differ, with both values; it
  /// printed both whole fingerprints (every option and horizon, twice) to be compared by eye.
  /// `hidden=[16, 16]` holds a space inside its brackets; the activation and the flags are bare.
  @Test("a checkpoint of another run is refused naming only what differs, with both values")
  func checkpointMismatchNamesTheDifference() throws {
    let data = try Self.arcs()
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lookahead-mlp-mismatch-\(UInt64.random(in: 0...UInt64.max)).json")
    defer { try? FileManager.default.removeItem(at: url) }
    var options = Self.options(epochs: 1)
    _ = try MLPTrainer(options: options).train(data: data, checkpoint: url)
    func refusal() -> String? {
      do {
        _ = try MLPTrainer(options: options).train(data: data, checkpoint: url)
        return nil
      } catch { return "\(error)" }
    }
    options.learningRate /= 2
    options.seed += 1
    #expect(refusal() == "\(url.path): the checkpoint is of another run (lr: checkpoint 0.003, this run 0.0015; seed: "
      + "checkpoint 1, this run 2). Remove it or pick another --checkpoint")
    options = Self.options(epochs: 1)
    options.hiddenSizes = [16, 8]
    options.activation = .tanh
    options.penInputs = true
    options.learningRateDecay = 0.9
    #expect(refusal() == "\(url.path): the checkpoint is of another run (hidden: checkpoint [16, 16], this run [16, 8]; "
      + "activation: checkpoint relu, this run tanh; lrDecay: checkpoint none, this run 0.9; pen-inputs: checkpoint "
      + "off, this run on). Remove it or pick another --checkpoint")
    // The same options resume (the fingerprint's text is unchanged).
    options = Self.options(epochs: 2)
    #expect(try MLPTrainer(options: options).train(data: data, checkpoint: url).epochs.count == 2)
  }

  /// A `--checkpoint` that is no checkpoint was refused by Foundation's "The data isn't in the
  /// correct format", naming no file; now by the file and what is wrong with it. Nothing is written.
  @Test("a file that is not a checkpoint is refused naming it and what is wrong", arguments: [
    ("", "is empty"), ("time,x,y\n0,1,2\n", "not valid JSON"), ("{\"a\": 1}", "at $.format: missing field"),
    ("{\"format\": \"lookahead-mlp-checkpoint\", \"fingerprint\"", "not valid JSON"),
  ])
  func notACheckpoint(contents: String, problem: String) throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lookahead-not-checkpoint-\(UInt64.random(in: 0...UInt64.max)).ck")
    defer { try? FileManager.default.removeItem(at: url) }
    try contents.write(to: url, atomically: true, encoding: .utf8)
    #expect { try MLPTrainer(options: Self.options(epochs: 1)).train(data: try Self.arcs(), checkpoint: url) } throws: {
      "\($0)" == "\(url.path): \(problem), so it is not a checkpoint of train --family mlp. Remove it or pick another --checkpoint"
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == contents)
    let folder = FileManager.default.temporaryDirectory
    #expect { try MLPTrainer(options: Self.options(epochs: 1)).train(data: try Self.arcs(), checkpoint: folder) } throws: {
      "\($0)".hasSuffix(": is a folder, so it is not a checkpoint of train --family mlp. Remove it or pick another --checkpoint")
    }
  }

  /// Row weights and early-stopping weights change the loss and the chosen epoch without changing
  /// a row count, so they are part of the fingerprint: a run with other weights does not resume
  /// this one's state, and the same weights do.
  @Test("a checkpoint of rows weighed otherwise is refused; the same weights resume")
  func checkpointHoldsTheRowWeights() throws {
    let data = try Self.arcs()
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lookahead-mlp-weights-\(UInt64.random(in: 0...UInt64.max)).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let trainer = MLPTrainer(options: Self.options(epochs: 1))
    let rows = try trainer.trainingRows(data)
    // The fit rows twice, the first copy weighing twice the second: the same count three ways.
    func twice(_ first: Double?, _ second: Double?) -> MLPTrainingRows {
      var joined = MLPTrainingRows(inputCount: rows.fit.inputCount)
      joined.append(rows.fit, weight: first)
      joined.append(rows.fit, weight: second)
      return joined
    }
    let fit = twice(2, 1)
    let even = [Double](repeating: 1, count: rows.validation.count)
    _ = try trainer.train(fitRows: fit, validationRows: rows.validation, validationWeights: even, checkpoint: url)
    func refusal(_ fit: MLPTrainingRows, _ stopping: [Double]?) -> String? {
      do {
        _ = try trainer.train(fitRows: fit, validationRows: rows.validation, validationWeights: stopping, checkpoint: url)
        return nil
      } catch { return "\(error)" }
    }
    let refused = try #require(refusal(twice(1, 2), even))
    #expect(refused.contains("row-weights: checkpoint "), "\(refused)")
    #expect(!refused.contains("stopping-weights"), "\(refused)")
    let unweighed = try #require(refusal(twice(nil, nil), even))
    #expect(unweighed.contains("row-weights: checkpoint ") && unweighed.contains(", this run none"), "\(unweighed)")
    var tilted = even
    tilted[0] = 5
    let stopping = try #require(refusal(fit, tilted))
    #expect(stopping.contains("stopping-weights: checkpoint ") && !stopping.contains("row-weights"), "\(stopping)")
    #expect(try #require(refusal(fit, nil)).contains("stopping-weights: checkpoint "))
    #expect(refusal(fit, even) == nil)
  }

  @Test("augmentation: parsing, and the variants it makes")
  func augmentation() throws {
    let augmentation = try StrokeAugmentation(parsing: "reflect,speed=0.5;2,decimate=2")
    #expect(augmentation.multiplicity == 8)
    #expect(augmentation.description == "reflect,speed=0.5;2.0,decimate=2")
    let samples = (0..<5).map { PointerSample(time: Double($0) * 0.01, x: Double($0), y: 1) }
    let variants = augmentation.variants(of: samples[...])
    #expect(variants.count == 8)
    #expect(variants[0] == samples)
    #expect(variants[1].map(\.time) == samples.map { $0.time / 0.5 })
    #expect(variants[3].map(\.x) == [0, 2, 4])
    #expect(variants[4].map(\.y) == [-1, -1, -1, -1, -1])
    #expect(throws: StrokeAugmentation.Invalid.self) { try StrokeAugmentation(parsing: "rotate") }
    #expect(throws: StrokeAugmentation.Invalid.self) { try StrokeAugmentation(parsing: "speed=9") }
    #expect(try StrokeAugmentation(parsing: "none") == .none)
    // Scaled in space, time kept; after the speed variants, before the decimated ones.
    let scaled = try StrokeAugmentation(parsing: "speed=2,scale=0.5;3,decimate=2")
    #expect(scaled.multiplicity == 5)
    #expect(scaled.description == "speed=2.0,scale=0.5;3.0,decimate=2")
    let scaledVariants = scaled.variants(of: samples[...])
    #expect(scaledVariants[2].map(\.x) == [0, 0.5, 1, 1.5, 2] && scaledVariants[2].map(\.y) == [0.5, 0.5, 0.5, 0.5, 0.5])
    #expect(scaledVariants[3].map(\.x) == [0, 3, 6, 9, 12] && scaledVariants[3].map(\.time) == samples.map(\.time))
    #expect(scaledVariants[4].map(\.x) == [0, 2, 4])
    #expect(throws: StrokeAugmentation.Invalid.self) { try StrokeAugmentation(parsing: "scale=0.1") }
  }
}

@Suite("MLP training rows: the anchor protocol's issue points, asked for the network's inputs")
struct MLPTrainingRowsTests {
  /// One writer's straight stroke at constant velocity: 40 samples at 120 Hz, 5 units (0.5 mm)
  /// a sample in direction (0.6, 0.8), so 60 mm/s. Every row's target is that velocity in the
  /// motion frame, (60, 0) mm/s, whatever the horizon.
  static func line() throws -> TuningData {
    let samples = (0..<40).map { i in TraceSample(time: Double(i) / 120, x: 3 * Double(i), y: 4 * Double(i)) }
    return try TuningData(traces: [
      Trace(
        metadata: TraceMetadata(source: "line", coordinateUnit: "u", millimetresPerUnit: 0.1),
        strokes: [Stroke(writer: "w", samples: samples)])
    ])
  }

  /// Issue points from sample 4 (0-based) on; a horizon's rows stop where its target passes the
  /// last sample (1/120 s: samples 4…38, 35 rows; 1/60 s: 4…37, 34 rows); a zero horizon gives
  /// none. Rows come in sample order, horizons within a sample.
  @Test func rowsOfAConstantVelocityLine() throws {
    let shape = MLPPredictor.Parameters.linearStart(historyCount: 3, hiddenSizes: [4])
    let rows = MLPTrainingRows.make(
      data: try Self.line(), shape: shape, stages: PredictorStages(), horizons: [1.0 / 120, 0, 1.0 / 60], parts: 1)
    #expect(rows.count == 35 + 34)
    #expect(rows.inputs.count == rows.count * shape.inputCount)
    // The model's horizon is the target's time minus the newest sample's, h to rounding.
    let expected: [Double] = [1.0 / 120, 1.0 / 60, 1.0 / 120, 1.0 / 60]
    #expect(zip(rows.horizons.prefix(4), expected).allSatisfy { abs($0 - $1) < 1e-12 })
    #expect(abs((rows.horizons.last ?? 0) - 1.0 / 120) < 1e-12)
    for r in 0..<rows.count {
      #expect(abs(rows.targets[2 * r] - 60) < 1e-9 && abs(rows.targets[2 * r + 1]) < 1e-9, "row \(r)")
    }
  }

  /// With stroke-end rows, the targets past the last sample are rows too, held there: samples
  /// 4…39 for both horizons (36 + 36). The new ones are sample 39 at 1/120 s and samples 38 and 39
  /// at 1/60 s; from sample 38, 1/60 s ahead, the pen is one step on at the end (0.5 mm in 1/60 s:
  /// 30 mm/s along the motion); from sample 39 it is where it stops (0). Every other row is as before.
  @Test func strokeEndRowsHoldTheLastSample() throws {
    let shape = MLPPredictor.Parameters.linearStart(historyCount: 3, hiddenSizes: [4])
    let rows = MLPTrainingRows.make(
      data: try Self.line(), shape: shape, stages: PredictorStages(), horizons: [1.0 / 120, 1.0 / 60],
      strokeEndRows: true, parts: 1)
    #expect(rows.count == 36 + 36)
    let along = stride(from: 0, to: rows.targets.count, by: 2).map { rows.targets[$0] }
    let across = stride(from: 1, to: rows.targets.count, by: 2).map { rows.targets[$0] }
    #expect(along.dropLast(3).allSatisfy { abs($0 - 60) < 1e-9 })
    #expect(zip(along.suffix(3), [30.0, 0, 0]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(along.suffix(4))")
    #expect(across.allSatisfy { abs($0) < 1e-9 })
    let plain = MLPTrainingRows.make(
      data: try Self.line(), shape: shape, stages: PredictorStages(), horizons: [1.0 / 120, 1.0 / 60], parts: 1)
    #expect(plain.count == 35 + 34)
    // The rows they share come first, the same inputs (sample order; sample 38's 1/60 s row is new).
    #expect(Array(rows.inputs.prefix(plain.inputs.count)) == plain.inputs)
  }
}
