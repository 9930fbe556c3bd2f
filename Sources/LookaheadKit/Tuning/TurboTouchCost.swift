import Foundation

/// The normalised cost TurboTouch's optimiser minimises, restated for Lookahead's per-sample
/// protocol (Nancel, Aranovskiy, Ajaj, Casiez, Vogel & Roussel, "Next-Point Prediction for
/// Direct Touch Using Finite-Time Derivative Estimation", UIST 2018; the optimiser in
/// `LokiResearch/TurboTouchPredictor`, `optimization/Utils/tct_ComputeCosts.m` and
/// `tct_ComputeWeightedCost.m`, read, not copied):
///
/// - J1: mean error (their L1 norm over the optimisation points divided by their count);
/// - J2: maximum error (their ∞-norm);
/// - J3: high-frequency jitter: the energy of the error signal above a cutoff frequency (6 Hz
///   in their `process_A.m`). They take it from an FFT of the uniformly resampled error; our
///   samples are not uniform, so we take the same quantity in the time domain: the RMS of the
///   error minus its Gaussian low-pass (σ = 1/(2π·cutoff), whose response is e^(−½) at the
///   cutoff), per stroke, pooled over all issue points (Parseval: the RMS of a high-passed
///   signal is the norm of its high-frequency spectrum);
/// - cost = w1·J1/J1₀ + w2·J2/J2₀ + w3·clamp((J3 − low)/(high − low), 0, 1), where J1₀ and J2₀
///   are the costs of no prediction (hold), so that 2 + … means "as bad as not predicting",
///   and low/high are the jitter bounds (0.09 and 0.15 in their `process_A.m`, unit not stated
///   there; we read them as millimetres).
///
/// The original works per axis on one horizon; we use the Euclidean error at one horizon.
public enum TurboTouchCost {
  public struct Settings: Sendable, Hashable {
    /// The prediction horizon, seconds (their L0; their configs use 16–64 ms).
    public var horizonSeconds = 1.0 / 30
    public var meanWeight = 1.0
    public var maxWeight = 1.0
    public var jitterWeight = 1.0
    /// Jitter is the error energy above this frequency, Hz.
    public var cutoffHz = 6.0
    public var jitterLowMillimetres = 0.09
    public var jitterHighMillimetres = 0.15
    public init() {}
  }

  /// J1, J2, J3 of one error series.
  public struct Components: Sendable, Hashable {
    public var mean: Double
    public var maximum: Double
    public var jitter: Double
    public init(mean: Double, maximum: Double, jitter: Double) {
      self.mean = mean
      self.maximum = maximum
      self.jitter = jitter
    }
  }

  /// One issue point: its time (seconds) and the error vector (prediction − truth).
  public struct ErrorPoint: Sendable, Hashable {
    public var time: Double
    public var dx: Double
    public var dy: Double
    public init(time: Double, dx: Double, dy: Double) {
      self.time = time
      self.dx = dx
      self.dy = dy
    }
  }

  /// The three components over strokes' error series (each stroke's points in time order).
  public static func components(_ strokes: [[ErrorPoint]], cutoffHz: Double) -> Components {
    var sum = 0.0, maximum = 0.0, jitterSquares = 0.0, count = 0
    let sigma = 1 / (2 * Double.pi * cutoffHz)
    let reach = 3 * sigma
    for points in strokes {
      var start = 0
      for p in points {
        let e = (p.dx * p.dx + p.dy * p.dy).squareRoot()
        sum += e
        maximum = max(maximum, e)
        count += 1
        while points[start].time < p.time - reach { start += 1 }
        var weight = 0.0, lowX = 0.0, lowY = 0.0
        var j = start
        while j < points.count, points[j].time <= p.time + reach {
          let u = (points[j].time - p.time) / sigma
          let w = exp(-0.5 * u * u)
          weight += w
          lowX += w * points[j].dx
          lowY += w * points[j].dy
          j += 1
        }
        let hx = p.dx - lowX / weight
        let hy = p.dy - lowY / weight
        jitterSquares += hx * hx + hy * hy
      }
    }
    guard count > 0 else { return Components(mean: 0, maximum: 0, jitter: 0) }
    return Components(mean: sum / Double(count), maximum: maximum, jitter: (jitterSquares / Double(count)).squareRoot())
  }

  /// The weighted cost of `predicted` relative to `hold` (no prediction), in mm.
  public static func cost(_ predicted: Components, hold: Components, settings: Settings) -> Double {
    let j1 = hold.mean > 0 ? predicted.mean / hold.mean : predicted.mean
    let j2 = hold.maximum > 0 ? predicted.maximum / hold.maximum : predicted.maximum
    let j3 = min(max(
      (predicted.jitter - settings.jitterLowMillimetres) / (settings.jitterHighMillimetres - settings.jitterLowMillimetres),
      0), 1)
    return settings.meanWeight * j1 + settings.maxWeight * j2 + settings.jitterWeight * j3
  }
}
