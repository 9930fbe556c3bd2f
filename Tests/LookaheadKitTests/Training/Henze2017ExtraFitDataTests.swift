import Foundation
@testable import LookaheadKit
import LookaheadRuntime
import Testing

/// `train --henze2017 --family mlp --henze-extra-fit`: other datasets re-recorded as the Henze
/// tablet reports them (``Henze2017ExtraFitData``), added to every fold's fitting rows alone.
@Suite("Henze 2017 MLP comparison: extra fitting data")
struct Henze2017ExtraFitDataTests {
  /// A straight stroke along x at 100 units/s, a sample every 4 ms for 0.4 s, in a trace whose unit
  /// is half a millimetre.
  static func straightTrace(millimetresPerUnit: Double? = 0.5) -> Trace {
    let samples = (0...100).map { (k: Int) -> TraceSample in
      let phase: StrokePhase = k == 0 ? .down : k == 100 ? .up : .move
      let t = 0.004 * Double(k)
      return TraceSample(time: t, x: 100 * t, y: 3, phase: phase)
    }
    return Trace(
      metadata: TraceMetadata(source: "line", coordinateUnit: "u", millimetresPerUnit: millimetresPerUnit),
      strokes: [Stroke(writer: "w", samples: samples)])
  }

  /// The sampling instants are 17.5 ms apart exactly (no jitter), so on a constant-velocity line
  /// every step is 100 units/s × 17.5 ms × 0.5 mm/unit × 12.7 px/mm = 11.1125 px; the reported
  /// times are whole milliseconds, 17 or 18 ms apart.
  @Test("a straight stroke is re-recorded every 17.5 ms in whole ms, in the tablet's pixels")
  func straightStrokeKnownAnswer() throws {
    let extra = try Henze2017ExtraFitData(
      data: try TuningData(traces: [Self.straightTrace()]), names: ["line"], pixelsPerMillimetre: 12.7, seed: 3)
    let stroke = try #require(extra.strokes.first)
    #expect(extra.strokes.count == 1)
    #expect(stroke.writer == "extra:line:w" && stroke.origin == "extra:line")
    let samples = stroke.samples
    // 0.4 s of motion: 22 or 23 instants (the clock's phase decides), never one after the end.
    #expect((22...23).contains(samples.count))
    #expect(samples.first?.phase == .down && samples.last?.phase == .up)
    #expect(samples.dropFirst().dropLast().allSatisfy { $0.phase == .move })
    for (a, b) in zip(samples, samples.dropFirst()) {
      #expect(abs(b.x - a.x - 11.1125) < 1e-9)
      #expect(abs(b.y - 3 * 0.5 * 12.7) < 1e-9)
      let step = (b.time - a.time) * 1000
      #expect(abs(step - step.rounded()) < 1e-6 && [17, 18].contains(step.rounded()), "step \(step) ms")
    }
    #expect(extra.description == "extra=line@12.7px/mm,seed=3")
    #expect(extra.description == Henze2017ExtraFitData.description(names: ["line"], pixelsPerMillimetre: 12.7, seed: 3))
  }

  @Test("data without a millimetre scale, and a pitch that is not positive, are refused")
  func refusals() throws {
    let unscaled = try TuningData(traces: [Self.straightTrace(millimetresPerUnit: nil)])
    #expect(throws: Henze2017ExtraFitData.Failure.self) {
      try Henze2017ExtraFitData(data: unscaled, names: ["line"], pixelsPerMillimetre: 12.7, seed: 1)
    }
    let scaled = try TuningData(traces: [Self.straightTrace()])
    for pitch in [0, -1, Double.nan, .infinity] {
      #expect(throws: Henze2017ExtraFitData.Failure.self) {
        try Henze2017ExtraFitData(data: scaled, names: ["line"], pixelsPerMillimetre: pitch, seed: 1)
      }
    }
  }

  /// The extra windows go into the fitting rows and nowhere else: the fold fits on exactly the
  /// extra stroke's windows more (reflected too with `reflect`), its early-stopping and held-out
  /// participants' cells count the same windows, and its setup names the extra data.
  @Test("a fold fits on the extra windows too, and scores exactly the protocol's windows")
  func foldFitsOnExtraWindowsOnly() throws {
    let strokes = try Henze2017MLPEnsembleTests.firstThreeParticipants()
    let extra = try Henze2017ExtraFitData(
      data: try TuningData(traces: [Self.straightTrace()]), names: ["line"], pixelsPerMillimetre: 12.7, seed: 1)
    var options = Henze2017MLPComparison.defaultOptions()
    (options.hiddenSizes, options.epochs, options.patience) = ([3], 1, 1)
    let candidate = [Henze2017MLPComparison.Candidate(name: "as given", options: options)]
    func fold(_ extraFit: Henze2017ExtraFitData?) throws -> (result: Henze2017MLPFoldResult, fitRows: Int) {
      var lines: [String] = []
      let results = try Henze2017MLPComparison.trainFolds(
        rawStrokes: strokes, eventsAhead: [2], candidates: candidate, horizonRule: .targetTime, extraFit: extraFit,
        folds: [0], progress: { lines.append($0) })
      let line = try #require(lines.first { $0.contains(" rows,") })
      let count = try #require(line.split(separator: ": ").last?.split(separator: " ").first.flatMap { Int($0) })
      return (try #require(results.first), count)
    }
    let (plain, with) = (try fold(nil), try fold(extra))
    // The extra stroke's own windows at j = 2, as every file's are made.
    var shape = MLPTrainer(options: options).shape
    shape.maximumGapSeconds = 10
    let extraWindows = Henze2017MLPComparison.rows(
      of: Henze2017Comparison.files(fromRawStrokes: extra.strokes)[0].rows, parameters: shape, eventsAhead: [2],
      rule: .targetTime, reflect: false
    ).count
    #expect(extraWindows > 0)
    #expect(with.fitRows == plain.fitRows + extraWindows)
    #expect(with.result.cells.map(\.windows) == plain.result.cells.map(\.windows))
    #expect(with.result.setup == plain.result.setup.replacingOccurrences(of: ";", with: " extra=line@12.7px/mm,seed=1;", options: [], range: plain.result.setup.range(of: ";")))
  }
}
