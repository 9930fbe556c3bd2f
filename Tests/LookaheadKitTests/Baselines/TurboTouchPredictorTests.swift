import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// A row of `strokes.csv` or of `strokesPredicted64GroundTruth.csv` (TurboTouch-Nancel2018
/// SOURCE.md: `When` in nanoseconds, `X`, `Y` in px, a DOWN/MOVE/UP type, CRLF line ends; the
/// reference file adds `predX`, `predY`). The official importer lives in `Import/`; this small
/// reader only serves the conformance test and fails loudly on anything unexpected.
struct TurboTouchRow {
  var nanoseconds: Int64
  var x: Double
  var y: Double
  var phase: StrokePhase
  var predictedX: Double?
  var predictedY: Double?

  struct Malformed: Error, CustomStringConvertible {
    var file: String
    var line: Int
    var problem: String
    var description: String { "\(file):\(line): \(problem)" }
  }

  static func read(_ url: URL, columns: Int) throws -> [TurboTouchRow] {
    let text = try String(contentsOf: url, encoding: .utf8)
    var rows: [TurboTouchRow] = []
    for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if offset == 0 || line.isEmpty { continue }
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let fail = { (problem: String) in Malformed(file: url.lastPathComponent, line: offset + 1, problem: problem) }
      guard fields.count == columns else { throw fail("expected \(columns) fields, found \(fields.count)") }
      guard let when = Int64(fields[0]) else { throw fail("When is not an integer") }
      guard let x = Double(fields[1]), let y = Double(fields[2]) else { throw fail("X or Y is not a number") }
      let phase: StrokePhase
      switch fields[3] {
      case "DOWN": phase = .down
      case "MOVE": phase = .move
      case "UP": phase = .up
      default: throw fail("unknown type '\(fields[3])'")
      }
      var row = TurboTouchRow(nanoseconds: when, x: x, y: y, phase: phase)
      if columns == 6 {
        guard let px = Double(fields[4]), let py = Double(fields[5]) else { throw fail("predX or predY is not a number") }
        row.predictedX = px
        row.predictedY = py
      }
      rows.append(row)
    }
    return rows
  }
}

@Suite("TurboTouch predictor (Nancel et al. 2018)")
struct TurboTouchPredictorTests {
  static let folder = "TurboTouch-Nancel2018"

  /// Inputs and reference rows, times in seconds since the first row (kept exact by subtracting
  /// in integer nanoseconds first).
  static func load() throws -> (input: [TurboTouchRow], reference: [TurboTouchRow]) {
    let input = try TurboTouchRow.read(SharedDatasets.require("\(folder)/strokes.csv"), columns: 4)
    let reference = try TurboTouchRow.read(
      SharedDatasets.require("\(folder)/strokesPredicted64GroundTruth.csv"), columns: 6)
    return (input, reference)
  }

  static func seconds(_ row: TurboTouchRow, origin: Int64) -> Double {
    Double(row.nanoseconds - origin) / 1e9
  }

  @Test("reproduces strokesPredicted64GroundTruth.csv: When, predX, predY within 0.01", .needsShared("TurboTouch-Nancel2018"))
  func referenceOutput() throws {
    let (input, reference) = try Self.load()
    #expect(input.count == 1041)
    #expect(reference.count == input.count)
    let origin = input[0].nanoseconds
    var predictor = TurboTouchPredictor.turbotouch64()
    var worst = 0.0
    var worstRow = -1
    for (index, (row, expected)) in zip(input, reference).enumerated() {
      #expect(row.nanoseconds == expected.nanoseconds, "row \(index) is out of step with the reference")
      let time = Self.seconds(row, origin: origin)
      predictor.observe(PointerSample(time: time, x: row.x, y: row.y), phase: row.phase)
      let point = try #require(predictor.lookaheadPoint)
      #expect(abs(point.time - (time + 0.064)) < 1e-12)
      let deviation = max(abs(point.x - expected.predictedX!), abs(point.y - expected.predictedY!))
      if deviation > worst {
        worst = deviation
        worstRow = index
      }
    }
    // The reference prints 6 significant digits (C++ ostream default), so about 0.005 px is
    // the best any port can show; the repository's test.py accepts 0.01.
    #expect(worst <= 0.01, "max deviation \(worst) px at data row \(worstRow + 1)")
    #expect(worst <= 0.0051, "max deviation \(worst) px at data row \(worstRow + 1) exceeds print rounding")
  }

  @Test("through the plain Predictor interface, a fresh predictor reproduces stroke 1 up to its UP row", .needsShared("TurboTouch-Nancel2018"))
  func firstStrokeThroughPredictorInterface() throws {
    let (input, reference) = try Self.load()
    let upIndex = try #require(input.firstIndex { $0.phase == .up })
    #expect(upIndex == 237)
    let origin = input[0].nanoseconds
    var predictor = TurboTouchPredictor.turbotouch64()
    for index in 0..<upIndex {
      let row = input[index]
      let time = Self.seconds(row, origin: origin)
      predictor.observe(PointerSample(time: time, x: row.x, y: row.y))
      let point = try #require(predictor.predict(at: time + 0.064))
      #expect(abs(point.x - reference[index].predictedX!) <= 0.01)
      #expect(abs(point.y - reference[index].predictedY!) <= 0.01)
    }
  }

  @Test("reset() returns to the freshly made state", .needsShared("TurboTouch-Nancel2018"))
  func resetIsFresh() throws {
    let (input, _) = try Self.load()
    let origin = input[0].nanoseconds
    var used = TurboTouchPredictor.turbotouch64()
    for row in input[240..<400] {
      used.observe(PointerSample(time: Self.seconds(row, origin: origin), x: row.x, y: row.y))
    }
    used.reset()
    var fresh = TurboTouchPredictor.turbotouch64()
    #expect(used.predict(at: 0) == nil)
    for row in input[0..<200] {
      let sample = PointerSample(time: Self.seconds(row, origin: origin), x: row.x, y: row.y)
      used.observe(sample)
      fresh.observe(sample)
      #expect(used.predict(at: sample.time + 0.02) == fresh.predict(at: sample.time + 0.02))
    }
  }

  @Test("horizon 0 is the newest sample, horizon L the algorithm's output, times before it nil", .needsShared("TurboTouch-Nancel2018"))
  func horizonScaling() throws {
    let (input, _) = try Self.load()
    let origin = input[0].nanoseconds
    var predictor = TurboTouchPredictor.turbotouch64()
    for row in input[0..<100] {
      let sample = PointerSample(time: Self.seconds(row, origin: origin), x: row.x, y: row.y, pressure: 0.5)
      predictor.observe(sample)
      let now = try #require(predictor.predict(at: sample.time))
      #expect(now.x == sample.x && now.y == sample.y && now.pressure == 0.5)
      let full = try #require(predictor.predict(at: sample.time + 0.064))
      let own = try #require(predictor.lookaheadPoint)
      #expect(abs(full.x - own.x) < 1e-9 && abs(full.y - own.y) < 1e-9)
      let half = try #require(predictor.predict(at: sample.time + 0.032))
      #expect(abs(half.x - (sample.x + own.x) / 2) < 1e-9)
      #expect(predictor.predict(at: sample.time - 0.001) == nil)
    }
  }

  @Test("without the reference quirks, a pointer at rest is never moved")
  func restingPointer() throws {
    var parameters = TurboTouchParameters.turbotouch64
    parameters.reproducesReferenceQuirks = false
    var predictor = try TurboTouchPredictor(parameters: parameters)
    for index in 0..<50 {
      let time = Double(index) / 120
      predictor.observe(PointerSample(time: time, x: 321.5, y: -40))
      let point = predictor.predict(at: time + 0.05)
      #expect(point?.x == 321.5 && point?.y == -40)
    }
  }

  @Test("with the reference quirks, the y axis starts from 0 and a pointer at rest drifts in y")
  func restingPointerWithQuirks() {
    // The y observer integrates up from 0 while x restarted at the first move; at rest the speed
    // gate soon closes, so the drift is small (0.031 px here), but it is not zero. On the moving
    // reference stroke the same transient gives predY 391.967 for a sample at y = 338 (row 5).
    var predictor = TurboTouchPredictor.turbotouch64()
    var largest = 0.0
    for index in 0..<10 {
      let time = Double(index) / 120
      predictor.observe(PointerSample(time: time, x: 321.5, y: 400))
      largest = max(largest, abs((predictor.lookaheadPoint?.y ?? 400) - 400))
      #expect(abs((predictor.lookaheadPoint?.x ?? 0) - 321.5) < 1e-9)
    }
    #expect(largest > 0.01 && largest < 0.1)
  }

  @Test("on a straight line at constant speed it predicts ahead, near but not exactly on the line")
  func straightLine() {
    // The differentiator is nonlinear (λ ≠ 0) and the axes start differently, so the prediction
    // leaves the line by a fraction of a pixel: TurboTouch cannot pass a 1e-9 on-the-line
    // invariant. At 1000 px/s, 120 Hz, a Python transcription of the same recurrences gives
    // 0.497 px off the line at most and a lead of 36.23 px (the true 64 ms lead is 64 px).
    var predictor = TurboTouchPredictor.turbotouch64()
    var worstOffLine = 0.0
    var leads: [Double] = []
    for index in 0..<240 {
      let time = Double(index) / 120
      let sample = PointerSample(time: time, x: 500 + 600 * time, y: 200 + 800 * time)
      predictor.observe(sample, phase: index == 0 ? .down : .move)
      guard index >= 60, let point = predictor.lookaheadPoint else { continue }
      worstOffLine = max(worstOffLine, abs(-(point.x - 500) * 0.8 + (point.y - 200) * 0.6))
      leads.append((point.x - sample.x) * 0.6 + (point.y - sample.y) * 0.8)
    }
    #expect(worstOffLine > 0.4 && worstOffLine < 0.6)
    #expect(leads.allSatisfy { abs($0 - 36.23) < 0.01 })
  }

  @Test("output is finite for finite input, however wild")
  func finiteOutput() {
    var generator = SeededGenerator(seed: 2018)
    var predictor = TurboTouchPredictor.turbotouch64()
    var time = 0.0
    for index in 0..<5000 {
      if index % 300 == 0 { predictor.reset() }
      time += Double.random(in: 0...0.05, using: &generator)
      let magnitude = [1.0, 1e3, 1e6][index % 3]
      let sample = PointerSample(
        time: time, x: Double.random(in: -magnitude...magnitude, using: &generator),
        y: Double.random(in: -magnitude...magnitude, using: &generator))
      predictor.observe(sample)
      let point = predictor.predict(at: time + 0.03)
      #expect(point != nil && point!.x.isFinite && point!.y.isFinite)
    }
  }

  @Test("parameters outside their ranges are refused with the parameter's name")
  func validation() {
    var bad = TurboTouchParameters.turbotouch64
    bad.integrationSubsteps = 0
    #expect(throws: BaselineParameterError(
      predictor: "turbotouch", parameter: "intsteps", value: 0, expected: "1 … 16")) {
      _ = try TurboTouchPredictor(parameters: bad)
    }
    bad = .turbotouch64
    bad.y.alpha = -.infinity
    do {
      _ = try TurboTouchPredictor(parameters: bad)
      Issue.record("expected an error")
    } catch {
      #expect(error.parameter == "alpha-y")
      #expect(error.description.contains("alpha-y"))
    }
    #expect((try? TurboTouchPredictor(parameters: .turbotouch64)) != nil)
  }
}

@Suite("Finite-time differentiator")
struct FiniteTimeDifferentiatorTests {
  // With a step small against 1/α the Euler discretisation behaves like the continuous observer,
  // which recovers the derivatives of a polynomial signal (in finite time when λ < 0). The
  // remaining error is the zero-order hold of the measurement (half a sampling period of lag).
  // Expected values are the analytic derivatives; the 1e-3 and 5 % bounds were checked with a
  // Python transcription of the same recurrence (3.2e-4 and 3.8 %).

  @Test("a linear observer (λ = 0) recovers the slope of a ramp", arguments: [-250.0, 3.0, 1800.0])
  func rampSlope(slope: Double) {
    var differentiator = FiniteTimeDifferentiator(alpha: 20, lambda: 0)
    let period = 0.001
    differentiator.restart(at: 0)
    for step in 1...3000 {
      differentiator.advance(toward: slope * Double(step) * period, period: period, substeps: 4)
    }
    #expect(abs(differentiator.velocity - slope) <= 1e-3 * abs(slope))
    #expect(abs(differentiator.acceleration) <= 1e-2 * abs(slope))
  }

  @Test("with λ < 0 it recovers the slope and the curvature of a parabola")
  func parabola() {
    var differentiator = FiniteTimeDifferentiator(alpha: 20, lambda: -0.0146)
    let period = 0.001
    let (v, a) = (0.02, 0.03)  // signal units per second, per second²
    differentiator.restart(at: 0)
    var time = 0.0
    for step in 1...3000 {
      time = Double(step) * period
      differentiator.advance(toward: v * time + a * time * time / 2, period: period, substeps: 4)
    }
    #expect(abs(differentiator.velocity - (v + a * time)) < 1e-3 * (v + a * time))
    #expect(abs(differentiator.acceleration - a) < 0.05 * a)
  }

  @Test("a constant signal has zero derivatives, exactly")
  func constant() {
    var differentiator = FiniteTimeDifferentiator(alpha: 113.5, lambda: -0.0146)
    differentiator.restart(at: 0.0321)
    for _ in 0..<100 { differentiator.advance(toward: 0.0321, period: 1.0 / 60, substeps: 2) }
    #expect(differentiator.value == 0.0321)
    #expect(differentiator.velocity == 0 && differentiator.acceleration == 0 && differentiator.jerk == 0)
  }
}
