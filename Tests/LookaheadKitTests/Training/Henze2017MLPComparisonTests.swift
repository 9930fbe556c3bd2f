import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

@Suite("Henze 2017 MLP comparison: horizon rules, reflected rows, candidates; MLP learning-rate decay")
struct Henze2017MLPComparisonTests {
  /// One file: down, then 30 moves along a curve with uneven steps (16, 17, 18 ms, …), then up.
  static func curvedFile() -> [Henze2017Protocol.Row] {
    var rows = [Henze2017Protocol.Row(timeMilliseconds: 0, x: 100, y: 200, isMove: false)]
    var t = 0.0
    for k in 0..<30 {
      t += 16 + Double(k % 3)
      let angle = 0.07 * Double(k)
      rows.append(.init(timeMilliseconds: t, x: 100 + 80 * sin(angle) + Double(k), y: 200 + 50 * (1 - cos(angle)), isMove: true))
    }
    rows.append(.init(timeMilliseconds: t + 17, x: 0, y: 0, isMove: false))
    return rows
  }

  @Test("the horizon is j × the mean input step, or the target row's own time")
  func horizonRules() throws {
    var windows: [Henze2017Protocol.Window] = []
    Henze2017Protocol(eventsAhead: 4).forEachWindow(in: Self.curvedFile()) { windows.append($0) }
    let window = try #require(windows.first)
    var predictor = LinearPredictor()
    let inputTime = window.inputs.reduce(0) { $0 + $1.dtMilliseconds / 1000 }  // summed as feed sums it
    let mean = try #require(Henze2017Comparison.feed(window, to: &predictor, eventsAhead: 4, rule: .meanInterval))
    let target = try #require(Henze2017Comparison.feed(window, to: &predictor, eventsAhead: 4, rule: .targetTime))
    #expect(mean.1 == 4 * inputTime / 10)
    #expect(target.1 == window.targetDtMilliseconds / 1000)
    // Steps cycle 16, 17, 18 ms: the four after the 11th row are not four mean steps.
    #expect(abs(target.1 - mean.1) > 1e-4)
    #expect(mean.0.time == inputTime && target.0.time == inputTime)
  }

  /// Per horizon rule, the curved file's rows as recorded and as `reflect` and `scale` make
  /// them, the same windows (count and horizons) in both. The inputs, 51 of them, are
  /// [v₁…v₁₀ (x, y), v₁h…v₁₀h (x, y), ln dt × 10, h].
  static func recordedAndVariantRows(reflect: Bool, scale: Double = 1) -> [(plain: MLPTrainingRows, variant: MLPTrainingRows)] {
    let parameters = MLPPredictor.Parameters.linearStart(historyCount: 10, hiddenSizes: [4])
    return Henze2017Comparison.HorizonRule.allCases.map { rule in
      let plain = Henze2017MLPComparison.rows(of: curvedFile(), parameters: parameters, eventsAhead: [2, 6], rule: rule, reflect: false)
      let variant = Henze2017MLPComparison.rows(
        of: curvedFile(), parameters: parameters, eventsAhead: [2, 6], rule: rule, reflect: reflect, scale: scale)
      #expect(plain.count > 10 && plain.count == variant.count)
      #expect(plain.horizons == variant.horizons)
      return (plain, variant)
    }
  }

  @Test("a reflected window's rows mirror the recorded ones across the motion, exactly")
  func reflectedRows() throws {
    for (plain, mirrored) in Self.recordedAndVariantRows(reflect: true) {
      let width = plain.inputCount
      var curved = false
      for r in 0..<plain.count {
        for i in 0..<width {
          let a = plain.inputs[r * width + i], b = mirrored.inputs[r * width + i]
          let isCrossMotion = i < 40 && i % 2 == 1
          #expect(b == (isCrossMotion ? -a : a), "row \(r) input \(i)")
          if isCrossMotion && a != 0 { curved = true }
        }
        #expect(mirrored.targets[2 * r] == plain.targets[2 * r])
        #expect(mirrored.targets[2 * r + 1] == -plain.targets[2 * r + 1])
      }
      #expect(curved, "the file bends, so cross-motion inputs are not all zero")
    }
  }

  @Test("a scaled window's rows: velocities and targets times the factor, times and horizons kept, exactly")
  func scaledRows() throws {
    // A factor of 2 scales every binary floating-point number exactly, so equality is exact.
    for (plain, doubled) in Self.recordedAndVariantRows(reflect: false, scale: 2) {
      let width = plain.inputCount
      for r in 0..<plain.count {
        for i in 0..<width {
          let a = plain.inputs[r * width + i], b = doubled.inputs[r * width + i]
          #expect(b == (i < 40 ? 2 * a : a), "row \(r) input \(i)")
        }
        #expect(doubled.targets[2 * r] == 2 * plain.targets[2 * r])
        #expect(doubled.targets[2 * r + 1] == 2 * plain.targets[2 * r + 1])
      }
    }
  }

  @Test("a candidate's windows: as recorded, then each --augment scale, then all of them mirrored when it reflects")
  func windowVariants() throws {
    var options = Henze2017MLPComparison.defaultOptions()
    options.augmentation = try StrokeAugmentation(parsing: "scale=0.8;1.25")
    let list = Henze2017MLPComparison.candidates(base: options)
    typealias Variant = Henze2017MLPComparison.WindowVariant
    let scaled = [Variant(reflect: false, scale: 1), Variant(reflect: false, scale: 0.8), Variant(reflect: false, scale: 1.25)]
    #expect(list[0].windowVariants == scaled)
    #expect(list[1].windowVariants == scaled + scaled.map { Variant(reflect: true, scale: $0.scale) })
    // Without scales a candidate fits as before: as recorded, then mirrored.
    let plain = Henze2017MLPComparison.candidates(base: Henze2017MLPComparison.defaultOptions())
    #expect(plain[1].windowVariants == [.recorded, Variant(reflect: true, scale: 1)])
  }

  @Test("the candidate list: as given, decaying with reflected windows, and that balanced")
  func candidates() {
    var base = Henze2017MLPComparison.defaultOptions()
    let list = Henze2017MLPComparison.candidates(base: base)
    #expect(list.map(\.options.learningRateDecay) == [1, 0.9, 0.9])
    #expect(list.map(\.reflect) == [false, true, true])
    #expect(list.map(\.balanceTasks) == [false, false, true])
    base.learningRateDecay = 0.8  // a decay given is kept
    #expect(Henze2017MLPComparison.candidates(base: base).map(\.options.learningRateDecay) == [0.8, 0.8, 0.8])
  }

  @Test("learning-rate decay: epoch e steps at rate · decay^(e−1); no decay keeps old checkpoints' fingerprint")
  func learningRateDecay() {
    var options = MLPTrainer.Options(horizons: [0.016])
    options.learningRate = 2e-3
    let constant = options.fingerprint
    #expect(options.learningRate(epoch: 5) == 2e-3)
    #expect(!constant.contains("lrDecay"))
    options.learningRateDecay = 0.5
    #expect(options.learningRate(epoch: 1) == 2e-3)
    #expect(options.learningRate(epoch: 3) == 5e-4)
    #expect(options.fingerprint == constant + " lrDecay=0.5")
  }
}
