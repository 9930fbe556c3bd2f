import Foundation
import LookaheadRuntime

/// Re-records a stroke as a digitizer running at another sample rate would have reported it, so a
/// learned model sees 60–240 Hz devices in training whatever rate the recordings had (issue 18).
///
/// What a real digitizer does, and so what this does:
/// - it samples the pen at (nearly) regular instants `t₀ + k/rate`, each off by a small timing
///   error (`jitter`, Gaussian standard deviation, clamped to ±0.4 of a period so the instants
///   stay in order);
/// - it reports each sample with a timestamp quantised to its clock tick (`tick`; the shared
///   datasets all have whole-millisecond timestamps, so a 240 Hz device reports steps of 4 and
///   5 ms, as Inkable does), while the position is the pen's at the true instant;
/// - it reports that position at its own resolution (`resolution`: a grid, in the network's length
///   unit, millimetres where the data knows its scale), as Inkable's UIKit points come in halves
///   (0.096 mm) and Henze 2017's in whole pixels; the interpolated path itself has none, and a
///   model trained on it never sees the step-to-step noise a real grid adds to short steps;
/// - it never reports a sample after the pen left the surface: no instant later than the stroke's
///   last recorded sample is made.
///
/// The path between recorded samples is a cubic Hermite curve whose tangents are the
/// time-weighted central differences (the non-uniform Catmull–Rom form; the end tangents are
/// one-sided). Up-sampling by straight segments would make every new sample pair lie on one
/// recorded segment, so two-point extrapolation would look better than on real high-rate data;
/// the cubic keeps the path smooth, and a stroke moving in a straight line at constant speed
/// resamples onto exactly that line (the tangents are then the constant velocity).
/// Pressure, altitude and azimuth are interpolated linearly where both neighbours have them (one
/// neighbour's value where only it has one); the azimuth along the shorter arc, so a pen whose
/// azimuth crosses 2π → 0 between two samples is not swung round through π in between.
public struct StrokeResampler: Sendable, Hashable, Codable {
  /// Samples per second, > 0.
  public var rate: Double
  /// Standard deviation of each sampling instant's timing error, seconds (≥ 0).
  public var jitter: Double
  /// Timestamp resolution, seconds (0 = exact timestamps).
  public var tick: Double
  /// Position resolution, in the network's length unit (millimetres where the data knows its
  /// scale; see `resample`'s `lengthScale`): each reported x and y is rounded to a multiple of it
  /// (0 = exact positions).
  public var resolution: Double
  /// A recorded interval longer than this is a pause in the reports (a touch screen reports
  /// nothing while the finger rests), not motion to interpolate: no instant inside it is made.
  public var maximumGap: Double

  public init(rate: Double, jitter: Double = 0, tick: Double = 0, resolution: Double = 0, maximumGap: Double = 0.05) {
    self.rate = rate
    self.jitter = jitter
    self.tick = tick
    self.resolution = resolution
    self.maximumGap = maximumGap
  }

  /// The stroke re-recorded at ``rate``, times relative to its first reported sample.
  ///
  /// - Parameters:
  ///   - samples: a cleaned stroke (times strictly increasing).
  ///   - lengthScale: the network's length unit per coordinate unit (``LookaheadRuntime/MLPPredictor/Parameters/lengthScale``),
  ///     which ``resolution`` is given in; 1 when the coordinates are that unit.
  ///   - generator: draws the sampling phase of the clock tick and the timing errors.
  ///   - startPhase: where the first sampling instant falls after the stroke's first recorded
  ///     sample, as a fraction of a period in [0, 1): 0 samples the touch-down itself, as a
  ///     digitizer whose scan happened to coincide with it; another value re-records the same
  ///     motion at another clock phase.
  /// - Returns: the stroke itself (re-timed to start at 0) when it has fewer than two samples.
  public func resample<C: Collection<PointerSample>>(
    _ samples: C, lengthScale: Double = 1, startPhase: Double = 0, using generator: inout SplitMix64
  ) -> [PointerSample] {
    let recorded = Array(samples)
    guard recorded.count >= 2, let first = recorded.first, let last = recorded.last, rate > 0 else {
      return recorded.map { var s = $0; s.time -= recorded.first?.time ?? 0; return s }
    }
    let period = 1 / rate
    // The grid in coordinate units; none for a non-positive or non-finite size.
    let grid = resolution / lengthScale
    let onGrid = grid > 0 && grid.isFinite
    // Where the stroke's start falls between two clock ticks.
    let clockPhase = tick > 0 ? generator.nextUnit() * tick : 0
    var result: [PointerSample] = []
    result.reserveCapacity(Int((last.time - first.time) * rate) + 2)
    var segment = 0
    for k in 0... {
      let nominal = first.time + (Double(k) + startPhase) * period
      // Even the latest a jittered instant can fall is inside the stroke; past that, nothing is.
      if nominal - 0.4 * period > last.time { break }
      var instant = nominal
      if k > 0, jitter > 0 {
        instant += max(-0.4 * period, min(0.4 * period, jitter * Self.gaussian(&generator)))
      }
      if instant > last.time { continue }
      while segment + 2 < recorded.count, recorded[segment + 1].time < instant { segment += 1 }
      let (a, b) = (recorded[segment].time, recorded[segment + 1].time)
      if b - a > maximumGap, instant > a, instant < b { continue }
      var sample = Self.interpolate(recorded, segment: segment, at: instant)
      sample.time = tick > 0 ? ((instant - first.time + clockPhase) / tick).rounded(.down) * tick : instant - first.time
      if onGrid {
        sample.x = (sample.x / grid).rounded() * grid
        sample.y = (sample.y / grid).rounded() * grid
      }
      if let previous = result.last, sample.time <= previous.time { continue }
      result.append(sample)
    }
    let start = result.first?.time ?? 0
    for i in result.indices { result[i].time -= start }
    return result
  }

  /// The point on the Hermite curve of `samples[segment] … samples[segment + 1]` at `time`.
  static func interpolate(_ samples: [PointerSample], segment j: Int, at time: Double) -> PointerSample {
    let a = samples[j], b = samples[j + 1]
    let dt = b.time - a.time
    let u = dt > 0 ? max(0, min(1, (time - a.time) / dt)) : 0
    let (ta, tb) = (tangent(samples, at: j), tangent(samples, at: j + 1))
    let u2 = u * u, u3 = u2 * u
    let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
    func mix(_ p: Double?, _ q: Double?) -> Double? {
      guard let p, let q else { return p ?? q }
      return p + u * (q - p)
    }
    return PointerSample(
      time: time,
      x: h00 * a.x + h10 * dt * ta.x + h01 * b.x + h11 * dt * tb.x,
      y: h00 * a.y + h10 * dt * ta.y + h01 * b.y + h11 * dt * tb.y,
      pressure: mix(a.pressure, b.pressure), altitude: mix(a.altitude, b.altitude),
      azimuth: interpolateAngle(a.azimuth, b.azimuth, u))
  }

  /// The angle a fraction `u` of the way from `p` to `q` (radians) along the shorter arc, kept in
  /// the range both are in — [0, 2π) (tablets) or [−π, π) — so the result reads like a recorded
  /// value; one of them where only it is known.
  static func interpolateAngle(_ p: Double?, _ q: Double?, _ u: Double) -> Double? {
    guard let p, let q else { return p ?? q }
    let turn = 2 * Double.pi
    let value = p + u * remainder(q - p, turn)
    let low = p >= 0 && q >= 0 ? 0 : -Double.pi
    return value < low ? value + turn : value >= low + turn ? value - turn : value
  }

  /// Velocity estimate at sample `i`: central difference over its neighbours, one-sided at the ends.
  static func tangent(_ samples: [PointerSample], at i: Int) -> (x: Double, y: Double) {
    let lo = max(0, i - 1), hi = min(samples.count - 1, i + 1)
    let dt = samples[hi].time - samples[lo].time
    guard dt > 0 else { return (0, 0) }
    return ((samples[hi].x - samples[lo].x) / dt, (samples[hi].y - samples[lo].y) / dt)
  }

  /// A standard normal draw (Box–Muller, one of the pair).
  static func gaussian(_ generator: inout SplitMix64) -> Double {
    let u1 = 1 - generator.nextUnit()  // in (0, 1]
    let u2 = generator.nextUnit()
    return (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * Double.pi * u2)
  }
}
