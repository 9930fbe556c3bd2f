import Foundation

/// The 1€ post-filter that TurboTouch applies to its output: it smooths the *length* of the
/// prediction vector (predicted point minus newest sample), then smooths x and y of the point so
/// obtained.
///
/// Sources: G. Casiez, N. Roussel, D. Vogel, "1€ Filter: A Simple Speed-based Low-pass Filter for
/// Noisy Input in Interactive Systems", CHI 2012 (the filter); the vector variant and its details
/// follow the TurboTouch reference implementation, `LokiResearch/TurboTouchPredictor`,
/// `cpp/lag/input/processing/OneEuroVectorProcessor.cpp` and `cpp/lag/utils/OneEuroFilter.cpp`,
/// restated here:
/// - the sampling rate is re-estimated from every pair of distinct timestamps, and that estimate
///   (with the last timestamp) survives a reset, which only forgets the smoothed values;
/// - the first value after a reset passes through unchanged;
/// - the derivative is taken from the previous *raw* value;
/// - a zero-length prediction vector bypasses the filter entirely (its state does not advance).
public struct TurboTouchPostFilter: Sendable, Hashable {
  /// 1€ settings shared by the three channels.
  public struct Settings: Sendable, Hashable {
    /// Minimum cutoff frequency, Hz (1€'s `fcmin`); range 0.01…100. TurboTouch64 uses 16.
    public var minimumCutoff: Double
    /// Speed coefficient β, cutoff Hz per (unit/s); 0 turns the filter into a fixed low-pass.
    public var beta: Double
    /// Cutoff of the derivative's own low-pass, Hz; range 0.01…100, 1 by default.
    public var derivativeCutoff: Double
    /// Sampling rate assumed until two timestamps are seen, Hz.
    public var initialFrequency: Double

    public init(minimumCutoff: Double, beta: Double, derivativeCutoff: Double = 1, initialFrequency: Double) {
      self.minimumCutoff = minimumCutoff
      self.beta = beta
      self.derivativeCutoff = derivativeCutoff
      self.initialFrequency = initialFrequency
    }
  }

  /// One scalar 1€ filter with the reference implementation's conventions (see the type's doc).
  struct Channel: Sendable, Hashable {
    let settings: Settings
    var frequency: Double
    var lastTime: Double?
    var hasValue = false
    var lastRaw = 0.0
    var lastSmoothed = 0.0
    var hasDerivative = false
    var lastSmoothedDerivative = 0.0

    init(settings: Settings) {
      self.settings = settings
      frequency = settings.initialFrequency
    }

    /// Forgets the smoothed values, keeps the rate estimate.
    mutating func reset() {
      hasValue = false
      hasDerivative = false
    }

    /// Smoothing factor of a first-order low-pass with cutoff `cutoff` Hz at the current rate.
    private func smoothingFactor(cutoff: Double) -> Double {
      let samplePeriod = 1 / frequency
      let timeConstant = 1 / (2 * Double.pi * cutoff)
      return 1 / (1 + timeConstant / samplePeriod)
    }

    mutating func filter(_ value: Double, at time: Double) -> Double {
      if let lastTime, time != lastTime, time > lastTime {
        frequency = 1 / (time - lastTime)
      }
      lastTime = time
      let derivative = hasValue ? (value - lastRaw) * frequency : value
      let smoothedDerivative: Double
      if hasDerivative {
        let a = smoothingFactor(cutoff: settings.derivativeCutoff)
        smoothedDerivative = a * derivative + (1 - a) * lastSmoothedDerivative
      } else {
        smoothedDerivative = derivative
        hasDerivative = true
      }
      lastSmoothedDerivative = smoothedDerivative
      let cutoff = settings.minimumCutoff + settings.beta * abs(smoothedDerivative)
      let smoothed: Double
      if hasValue {
        let a = smoothingFactor(cutoff: cutoff)
        smoothed = a * value + (1 - a) * lastSmoothed
      } else {
        smoothed = value
        hasValue = true
      }
      lastRaw = value
      lastSmoothed = smoothed
      return smoothed
    }
  }

  public let settings: Settings
  private var length: Channel
  private var x: Channel
  private var y: Channel

  public init(settings: Settings) {
    self.settings = settings
    length = Channel(settings: settings)
    x = Channel(settings: settings)
    y = Channel(settings: settings)
  }

  /// Forgets the smoothed values (called at contact start and end), keeps the rate estimate.
  public mutating func reset() {
    length.reset()
    x.reset()
    y.reset()
  }

  /// Filters the predicted point `(predictedX, predictedY)` made at `time` from the newest sample
  /// `(sampleX, sampleY)`.
  public mutating func process(
    predictedX: Double, predictedY: Double, sampleX: Double, sampleY: Double, time: Double
  ) -> (x: Double, y: Double) {
    let dx = predictedX - sampleX
    let dy = predictedY - sampleY
    let norm = (dx * dx + dy * dy).squareRoot()
    guard norm != 0, norm.isFinite else { return (predictedX, predictedY) }
    let filteredNorm = length.filter(norm, at: time)
    let shortenedX = sampleX + dx / norm * filteredNorm
    let shortenedY = sampleY + dy / norm * filteredNorm
    return (x.filter(shortenedX, at: time), y.filter(shortenedY, at: time))
  }
}
