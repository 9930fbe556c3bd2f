/// Inverted dropout on the hidden layers' outputs during the fitting passes (Srivastava et al.,
/// "Dropout: a simple way to prevent neural networks from overfitting", JMLR 15, 2014): each
/// hidden value is zeroed with probability ``rate`` and the others are divided by 1 − rate, so a
/// layer's expected output is unchanged and the shipped network (which never drops) needs no
/// rescaling. The published LSTM of Henze et al. 2017 was trained with dropout.
///
/// Seeded per batch, so a training is the same for a given seed. Only for ReLU layers: the backward
/// pass recovers the mask from the stored activations (a dropped value is 0, as an inactive one).
struct HiddenDropout: Sendable {
  /// Probability that a hidden value is zeroed, 0 ≤ rate < 1.
  let rate: Double
  private var generator: SplitMix64
  /// A draw below this drops its value: `rate · 2⁶⁴`.
  private let threshold: UInt64

  init(rate: Double, seed: UInt64) {
    precondition(rate >= 0 && rate < 1, "a dropout rate is 0 or more and below 1")
    self.rate = rate
    generator = SplitMix64(seed: seed)
    threshold = rate == 0 ? 0 : UInt64(min(rate * 0x1p64, 0x1p64 - 0x1p11))
  }

  /// What a kept value is multiplied by, 1 / (1 − rate).
  var keptScale: Double { 1 / (1 - rate) }

  /// Zeroes each of the `count` values with probability ``rate`` and scales the rest by
  /// ``keptScale``.
  mutating func apply<Scalar: MLPTrainingScalar>(_ values: UnsafeMutablePointer<Scalar>, count: Int) {
    let scale = Scalar(keptScale)
    for i in 0..<count {
      values[i] = generator.next() < threshold ? 0 : values[i] * scale
    }
  }
}
