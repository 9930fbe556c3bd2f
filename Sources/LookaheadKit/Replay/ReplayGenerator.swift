/// The replay's seeded random source: the workbench's SplitMix64 (``SplitMix64``), one stream
/// per stroke, so a replay is repeatable from its seed.
///
/// Each stroke gets its own stream, derived from the replay seed and the stroke's index, so a
/// stroke replays the same whether alone or inside its trace, and strokes can run in parallel.
struct ReplayGenerator: RandomNumberGenerator, Sendable {
  private var core: SplitMix64

  init(seed: UInt64, stream: Int) {
    // Mix the stream index through one SplitMix step so that neighbouring streams decorrelate.
    var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: stream) &* 0xD1B5_4A32_D192_ED03))
    core = SplitMix64(seed: mixer.next())
  }

  mutating func next() -> UInt64 { core.next() }

  /// Uniform in `0 ..< 1`, from the top 53 bits.
  mutating func nextUnit() -> Double {
    Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
  }
}
