import LookaheadRuntime

extension TuningData {
  /// The same strokes re-recorded by `resampler` (each stroke's cleaned samples, its own seeded
  /// timing noise: the seed and the stroke's index), as new tuning data: what the held-out
  /// writers would have given on a device at another rate. Used to validate rate augmentation
  /// on training datasets (`train --family mlp --resample-test HZ`), never to make test data. The
  /// resampler's position resolution is in millimetres where a stroke's scale is known.
  public func resampled(with resampler: StrokeResampler, seed: UInt64) throws -> TuningData {
    var strokesPerTrace = [[Stroke]](repeating: [], count: traces.count)
    for index in strokes.indices {
      var generator = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(index))
      let samples = resampler.resample(cleaned(index), lengthScale: scales[index], using: &generator)
      let original = strokes[index]
      let traceSamples = samples.enumerated().map { offset, s in
        TraceSample(
          time: s.time, x: s.x, y: s.y, pressure: s.pressure, altitude: s.altitude, azimuth: s.azimuth,
          phase: offset == 0 ? .down : offset == samples.count - 1 ? .up : .move)
      }
      strokesPerTrace[traceIndices[index]].append(
        Stroke(writer: original.writer, origin: original.origin, samples: traceSamples, pointerType: original.pointerType))
    }
    return try TuningData(traces: traces.indices.map { Trace(metadata: traces[$0].metadata, strokes: strokesPerTrace[$0]) })
  }
}
