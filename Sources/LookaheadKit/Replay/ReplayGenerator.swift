/// The replay's seeded random source: SplitMix64 (Steele, Lea & Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014), so a replay is repeatable from its seed.
///
/// Each stroke gets its own stream, derived from the replay seed and the stroke's index, so a
/// stroke replays the same whether alone or inside its trace, and strokes can run in parallel.
struct ReplayGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64, stream: Int) {
    // Mix the stream index through one SplitMix step so that neighbouring streams decorrelate.
    var mixer = ReplayGenerator(state: seed ^ (UInt64(truncatingIfNeeded: stream) &* 0xD1B5_4A32_D192_ED03))
    state = mixer.next()
  }

  private init(state: UInt64) { self.state = state }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in `0 ..< 1`, from the top 53 bits.
  mutating func nextUnit() -> Double {
    Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
  }
}
