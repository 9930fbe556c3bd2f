import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

@Suite("Stroke resampler: rate augmentation with digitizer timing")
struct StrokeResamplerTests {
  /// A straight line at constant velocity (200, 50) units/s from (3, −1), sampled at about 100 Hz
  /// with irregular steps (9, 10 and 11 ms), times in seconds from 0.
  static func line(count: Int = 30) -> [PointerSample] {
    var time = 0.0
    return (0..<count).map { i in
      defer { time += [0.009, 0.010, 0.011][i % 3] }
      return PointerSample(time: time, x: 3 + 200 * time, y: -1 + 50 * time)
    }
  }

  @Test("a straight line at constant speed resamples onto the same line, at the same speed")
  func straightLine() {
    let recorded = Self.line()
    for rate in [240.0, 120.0, 60.0] {
      var generator = SplitMix64(seed: 7)
      // Exact timestamps: every sample is the line's point at its own time.
      let exact = StrokeResampler(rate: rate, jitter: 0.0004, tick: 0).resample(recorded, using: &generator)
      #expect(exact.count > 10)
      for s in exact {
        #expect(abs(s.x - (3 + 200 * s.time)) < 1e-9)
        #expect(abs(s.y - (-1 + 50 * s.time)) < 1e-9)
      }
      // Quantised timestamps: positions stay on the line (the pen's true place at the true instant).
      let ticked = StrokeResampler(rate: rate, jitter: 0.0004, tick: 0.001).resample(recorded, using: &generator)
      for s in ticked {
        #expect(abs((s.y + 1) - (s.x - 3) * 50 / 200) < 1e-9)
      }
    }
  }

  @Test("timestamps come at the target rate: 240 Hz on a 1 ms clock gives steps of 4 and 5 ms averaging 1/240 s")
  func timestampsAtTargetRate() {
    let recorded = Self.line(count: 200)  // about 2 s
    var generator = SplitMix64(seed: 3)
    let resampled = StrokeResampler(rate: 240, jitter: 0, tick: 0.001).resample(recorded, using: &generator)
    #expect(resampled.first?.time == 0)
    let steps = zip(resampled.dropFirst(), resampled).map { ($0.time - $1.time) * 1000 }
    #expect(steps.allSatisfy { abs($0 - 4) < 1e-9 || abs($0 - 5) < 1e-9 })
    let mean = steps.reduce(0, +) / Double(steps.count)
    #expect(abs(mean - 1000.0 / 240) < 0.01)
    // Down to 60 Hz with timing jitter: steps of 16–17 ms ± the jitter, never out of order.
    let slow = StrokeResampler(rate: 60, jitter: 0.0005, tick: 0.001).resample(recorded, using: &generator)
    let slowSteps = zip(slow.dropFirst(), slow).map { ($0.time - $1.time) * 1000 }
    #expect(slowSteps.allSatisfy { $0 >= 12 && $0 <= 21 })
    let slowMean = slowSteps.reduce(0, +) / Double(slowSteps.count)
    #expect(abs(slowMean - 1000.0 / 60) < 0.1)
  }

  @Test("no sample is invented past the stroke's end, and none inside a long pause")
  func nothingPastTheEnd() {
    // A quarter circle, radius 10, over 0.1 s, then a 200 ms pause, then 0.05 s more.
    var recorded = (0...10).map { i -> PointerSample in
      let t = Double(i) * 0.01
      return PointerSample(time: t, x: 10 * cos(Double.pi / 2 * t / 0.1), y: 10 * sin(Double.pi / 2 * t / 0.1))
    }
    recorded += (0...5).map { i in PointerSample(time: 0.3 + Double(i) * 0.01, x: -Double(i), y: 10) }
    for seed in UInt64(0)..<20 {
      var generator = SplitMix64(seed: seed)
      let resampled = StrokeResampler(rate: 240, jitter: 0.0004, tick: 0).resample(recorded, using: &generator)
      #expect(resampled.allSatisfy { $0.time <= 0.35 })
      #expect(!resampled.contains { $0.time > 0.1 && $0.time < 0.3 })
      #expect(zip(resampled.dropFirst(), resampled).allSatisfy { $0.time > $1.time })
    }
  }

  @Test("the same seed gives the same variants; the augmentation parses and describes resampling")
  func augmentationVariants() throws {
    let augmentation = try StrokeAugmentation(parsing: "reflect,resample=240;120,jitter=0.5,tick=1")
    #expect(augmentation.multiplicity == 6)
    #expect(augmentation.resampleJitter == 0.0005)
    #expect(augmentation.resampleTick == 0.001)
    #expect(augmentation.description == "reflect,resample=240.0;120.0,jitter=0.5,tick=1")
    #expect(try StrokeAugmentation(parsing: augmentation.description) == augmentation)
    let recorded = Self.line()
    let a = augmentation.variants(of: recorded[...], seed: 4)
    let b = augmentation.variants(of: recorded[...], seed: 4)
    let c = augmentation.variants(of: recorded[...], seed: 5)
    #expect(a == b)
    #expect(a[1] != c[1])
    #expect(a[0] == recorded)
    #expect(a[1].count > a[2].count)  // 240 Hz has about twice the samples of 120 Hz
    #expect(a[4].map(\.y) == a[1].map { -$0.y })  // the mirrored 240 Hz variant
    #expect(throws: StrokeAugmentation.Invalid.self) { try StrokeAugmentation(parsing: "resample=5") }
    #expect(throws: StrokeAugmentation.Invalid.self) { try StrokeAugmentation(parsing: "resample=240-60") }
    // A range: one variant per stroke, its rate drawn from the range (from the step lengths here).
    let ranged = try StrokeAugmentation(parsing: "resample=60-240,jitter=0,tick=0")
    #expect(ranged.description == "resample=60.0-240.0,jitter=0,tick=0")
    var rates: [Double] = []
    for seed in UInt64(0)..<40 {
      let variant = ranged.variants(of: Self.line()[...], seed: seed)[1]
      rates.append(1 / (variant[1].time - variant[0].time))
    }
    #expect(rates.allSatisfy { $0 >= 60 - 1e-6 && $0 <= 240 + 1e-6 })
    #expect(rates.contains { $0 < 100 } && rates.contains { $0 > 160 })
    #expect(throws: StrokeAugmentation.Invalid.self) { try StrokeAugmentation(parsing: "jitter=-1") }
  }

  /// `fast=1.5`: the line replayed 1.5 times faster, (300, 75) units/s, then re-recorded at each
  /// resample rate: at exactly that rate (no jitter, exact times) and on the faster line; the
  /// other variants are the ones the augmentation without `fast` makes, to the bit.
  @Test("fast=F: each stroke replayed F times faster, re-recorded at each resample rate; the other variants unchanged")
  func fasterStrokesAtTheResampleRates() throws {
    let fast = try StrokeAugmentation(parsing: "resample=240;120,fast=1.5,jitter=0,tick=0")
    let plain = try StrokeAugmentation(parsing: "resample=240;120,jitter=0,tick=0")
    #expect(fast.multiplicity == 5 && fast.fastFactors == [1.5])
    #expect(fast.description == "resample=240.0;120.0,fast=1.5,jitter=0,tick=0")
    #expect(try StrokeAugmentation(parsing: fast.description) == fast)
    let recorded = Self.line()
    let variants = fast.variants(of: recorded[...], seed: 9)
    let without = plain.variants(of: recorded[...], seed: 9)
    #expect(variants.count == 5)
    // Order: the stroke, then per rate its re-recording and then the faster one's.
    #expect([variants[0], variants[1], variants[3]] == without)
    for (index, rate) in [(2, 240.0), (4, 120.0)] {
      let faster = variants[index]
      #expect(faster.count > 5)
      for (a, b) in zip(faster, faster.dropFirst()) { #expect(abs((b.time - a.time) - 1 / rate) < 1e-12) }
      for s in faster {
        #expect(abs(s.x - (3 + 300 * s.time)) < 1e-9)
        #expect(abs(s.y - (-1 + 75 * s.time)) < 1e-9)
      }
      // It lasts 1/1.5 of the recording: no instant past the faster stroke's end.
      #expect(faster.last!.time <= recorded.last!.time / 1.5 + 1e-12)
    }
    #expect(throws: StrokeAugmentation.Invalid.self) { try StrokeAugmentation(parsing: "fast=1.5") }
    #expect(throws: StrokeAugmentation.Invalid.self) { try StrokeAugmentation(parsing: "resample=240,fast=9") }
  }

  @Test("a position resolution puts every re-recorded point on its grid, in millimetres, and moves it by at most half a cell")
  func positionGrid() throws {
    let recorded = Self.line(count: 60)
    // 0.1 mm per unit: a 0.25 mm grid is 2.5 units.
    for lengthScale in [1.0, 0.1] {
      var exactGenerator = SplitMix64(seed: 11)
      var gridGenerator = SplitMix64(seed: 11)
      let exact = StrokeResampler(rate: 240, jitter: 0.0004, tick: 0.001).resample(recorded, lengthScale: lengthScale, using: &exactGenerator)
      let gridded = StrokeResampler(rate: 240, jitter: 0.0004, tick: 0.001, resolution: 0.25)
        .resample(recorded, lengthScale: lengthScale, using: &gridGenerator)
      let cell = 0.25 / lengthScale
      // Same instants and timestamps (the grid draws nothing from the generator).
      #expect(gridded.map(\.time) == exact.map(\.time))
      for (g, e) in zip(gridded, exact) {
        for (value, truth) in [(g.x, e.x), (g.y, e.y)] {
          let cells = value / cell
          #expect(abs(cells - cells.rounded()) < 1e-9)
          #expect(abs(value - truth) <= cell / 2 + 1e-12)
        }
      }
      // The grid is coarse against 240 Hz steps of the line's y (0.21 units): some steps repeat a value.
      #expect(zip(gridded.dropFirst(), gridded).contains { $0.y == $1.y })
    }
    // Parsed, described and checked as an augmentation; re-recorded tuning data uses each stroke's scale.
    let augmentation = try StrokeAugmentation(parsing: "resample=240,resolution=0.096")
    #expect(augmentation.resampleResolution == 0.096)
    #expect(augmentation.description == "resample=240.0,jitter=0.25,tick=1,resolution=0.096")
    #expect(try StrokeAugmentation(parsing: augmentation.description) == augmentation)
    #expect(try StrokeAugmentation(parsing: "resample=240").description == "resample=240.0,jitter=0.25,tick=1")
    #expect(throws: StrokeAugmentation.Invalid.self) { try StrokeAugmentation(parsing: "resolution=0.1") }
    #expect(throws: StrokeAugmentation.Invalid.self) { try StrokeAugmentation(parsing: "resample=240,resolution=-1") }
    let variant = augmentation.variants(of: recorded[...], seed: 2, lengthScale: 0.1)[1]
    #expect(variant.allSatisfy { abs($0.x / 0.96 - ($0.x / 0.96).rounded()) < 1e-9 })
    let data = try TuningData(traces: [
      Trace(
        metadata: TraceMetadata(source: "lines", coordinateUnit: "u", millimetresPerUnit: 0.1),
        strokes: [Stroke(writer: "w", samples: recorded.map { TraceSample(time: $0.time, x: $0.x, y: $0.y) })])
    ])
    let resampled = try data.resampled(with: StrokeResampler(rate: 240, tick: 0.001, resolution: 0.5), seed: 1)
    #expect(resampled.cleaned(0).allSatisfy { abs($0.y / 5 - ($0.y / 5).rounded()) < 1e-9 })
  }

  @Test("re-recorded tuning data keeps every stroke's writer and dataset, at the new rate")
  func resampledTuningData() throws {
    let strokes = (0..<3).map { w in
      Stroke(writer: "w\(w)", samples: Self.line().map { TraceSample(time: 5 + $0.time, x: $0.x, y: $0.y) })
    }
    let data = try TuningData(traces: [
      Trace(metadata: TraceMetadata(source: "lines", coordinateUnit: "u", millimetresPerUnit: 0.1), strokes: strokes)
    ])
    let resampled = try data.resampled(with: StrokeResampler(rate: 240, tick: 0.001), seed: 1)
    #expect(resampled.writers == ["w0", "w1", "w2"])
    #expect(resampled.inMillimetres)
    for index in resampled.strokes.indices {
      let samples = resampled.cleaned(index)
      #expect(samples.first?.time == 0)
      #expect(samples.count > 2 * data.cleaned(index).count)
    }
  }

  @Test("early-stopping writers drawn per dataset come from every dataset with two or more writers")
  func validationPerDataset() throws {
    func trace(_ name: String, writers: Int) -> Trace {
      let strokes = (0..<writers).flatMap { w in
        (0..<2).map { _ in
          Stroke(writer: "\(name)\(w)", samples: Self.line().map { TraceSample(time: $0.time, x: $0.x, y: $0.y) })
        }
      }
      return Trace(metadata: TraceMetadata(source: name, coordinateUnit: "u", millimetresPerUnit: 0.1), strokes: strokes)
    }
    let data = try TuningData(traces: [trace("big", writers: 10), trace("small", writers: 5), trace("one", writers: 1)])
    var options = MLPTrainer.Options(horizons: [0.01])
    options.historyCount = 2
    options.hiddenSizes = [4]
    options.epochs = 1
    options.parts = 1
    options.validationPerDataset = true
    let result = try MLPTrainer(options: options).train(data: data)
    let big = result.validationWriters.filter { $0.hasPrefix("big:") }
    let small = result.validationWriters.filter { $0.hasPrefix("small:") }
    #expect(big.count == 2)
    #expect(small.count == 1)
    #expect(!result.validationWriters.contains { $0.hasPrefix("one:") })
    options.validationPerDataset = false
    let pooled = try MLPTrainer(options: options).train(data: data)
    #expect(pooled.validationWriters.count == 3)  // a fifth of 16 writers, from the pool
  }
  @Test("an up-sampled variant weighs as its recording: 60 Hz strokes re-recorded at 240 Hz add about as many rows, not four times as many")
  func upSampledRowsAreStrided() throws {
    let strokes = (0..<4).map { w in
      Stroke(writer: "w\(w)", samples: (0..<60).map { i in
        let t = Double(i) / 60
        return TraceSample(time: t, x: 40 * cos(3 * t), y: 40 * sin(3 * t))
      })
    }
    let data = try TuningData(traces: [
      Trace(metadata: TraceMetadata(source: "arcs", coordinateUnit: "u", millimetresPerUnit: 0.1), strokes: strokes)
    ])
    var options = MLPTrainer.Options(horizons: [0.01, 0.02])
    options.historyCount = 3
    let shape = MLPTrainer(options: options).shape
    let plain = MLPTrainingRows.make(
      data: data, shape: shape, stages: options.stages, horizons: options.horizons, parts: 1)
    let augmented = MLPTrainingRows.make(
      data: data, shape: shape, stages: options.stages, horizons: options.horizons,
      augmentation: try StrokeAugmentation(parsing: "resample=240"), parts: 1)
    let ratio = Double(augmented.count) / Double(plain.count)
    #expect(ratio > 1.8 && ratio < 2.3, "rows \(plain.count) → \(augmented.count)")
  }
}
