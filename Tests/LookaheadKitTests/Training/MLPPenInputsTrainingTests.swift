import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// Training rows with the MLP's pen inputs (`train --pen-inputs`): they come from the runtime's
/// features, and the augmentations carry pressure and tilt through.
@Suite("MLP pen inputs in training")
struct MLPPenInputsTrainingTests {
  /// One writer's arcs at 120 Hz with pressure rising and the azimuth turning past 2π → 0 (a
  /// tablet's [0, 2π) range), so the rows see pressure, altitude and azimuth on every sample.
  static func penArcs(writers: Int = 1) throws -> TuningData {
    let strokes = (0..<writers).flatMap { w in
      (0..<3).map { s in
        Stroke(writer: "w\(w)", samples: (0..<40).map { i in
          let t = Double(i) / 120
          let azimuth = (6.0 + 2 * t + Double(s)).truncatingRemainder(dividingBy: 2 * Double.pi)
          return TraceSample(
            time: t, x: 40 * cos(3 * t + Double(s)), y: 40 * sin(3 * t + Double(s)), pressure: 0.3 + 0.5 * t,
            altitude: 0.8 + 0.1 * t, azimuth: azimuth)
        })
      }
    }
    return try TuningData(traces: [
      Trace(metadata: TraceMetadata(source: "pen arcs", coordinateUnit: "u", millimetresPerUnit: 0.1), strokes: strokes)
    ])
  }

  static func rows(_ augmentation: String) throws -> (rows: MLPTrainingRows, penStart: Int) {
    var options = MLPTrainer.Options(horizons: [0.01, 0.02])
    options.historyCount = 3
    options.penInputs = true
    let shape = MLPTrainer(options: options).shape
    #expect(shape.inputCount == 16 + 8)
    let rows = MLPTrainingRows.make(
      data: try penArcs(), strokes: [0], shape: shape, stages: options.stages, horizons: options.horizons,
      augmentation: try StrokeAugmentation(parsing: augmentation), parts: 1)
    return (rows, 16)
  }

  @Test("every row of a pen trace, resampled variants included, has pressure, altitude and azimuth known")
  func resampledRowsKeepPen() throws {
    let (rows, pen) = try Self.rows("resample=240;60")
    #expect(rows.count > 100)
    for r in 0..<rows.count {
      let row = rows.inputs[(r * rows.inputCount)..<((r + 1) * rows.inputCount)]
      #expect(row[row.startIndex + pen] == 1 && row[row.startIndex + pen + 3] == 1 && row[row.startIndex + pen + 5] == 1)
      let pressure = row[row.startIndex + pen + 1]
      #expect(pressure >= 0.3 && pressure <= 0.3 + 0.5 * 40 / 120 + 1e-12)
      // cos² + sin² of the relative azimuth is 1.
      let (c, s) = (row[row.startIndex + pen + 6], row[row.startIndex + pen + 7])
      #expect(abs(c * c + s * s - 1) < 1e-9)
    }
  }

  /// Mirroring a stroke mirrors the pen's lean relative to the motion: the same cos, the opposite
  /// sin, the same pressure and altitude.
  @Test("a reflected variant's rows mirror the azimuth with the stroke")
  func reflectedAzimuth() throws {
    let (rows, pen) = try Self.rows("reflect")
    let half = rows.count / 2
    #expect(rows.count == 2 * half && half > 10)
    for r in 0..<half {
      let a = r * rows.inputCount + pen, b = (r + half) * rows.inputCount + pen
      for offset in [0, 1, 2, 3, 4, 5, 6] { #expect(abs(rows.inputs[a + offset] - rows.inputs[b + offset]) < 1e-9) }
      #expect(abs(rows.inputs[a + 7] + rows.inputs[b + 7]) < 1e-9)
    }
  }

  /// Before the fix, 6.2 and 0.1 rad (0.18 rad apart across 2π → 0) were interpolated linearly,
  /// through π, so a resampled pen pointed the opposite way between the two samples.
  @Test("resampling interpolates the azimuth along the shorter arc, keeping the [0, 2π) range")
  func azimuthAcrossZero() throws {
    let recorded = (0..<6).map { i in
      PointerSample(time: Double(i) * 0.01, x: Double(i), y: 0, azimuth: i % 2 == 0 ? 6.2 : 0.1)
    }
    var generator = SplitMix64(seed: 3)
    let resampled = StrokeResampler(rate: 1000, jitter: 0, tick: 0).resample(recorded, using: &generator)
    #expect(resampled.count > 40)
    for sample in resampled {
      let azimuth = try #require(sample.azimuth)
      #expect(azimuth >= 0 && azimuth < 2 * Double.pi)
      #expect(cos(azimuth) > cos(0.19), "\(sample.time): \(azimuth)")
    }
  }
}
