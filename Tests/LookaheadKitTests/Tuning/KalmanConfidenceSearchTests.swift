import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// A default kalman tune searched the confidence ramps over their declared ranges (speed
/// 0…1e9 units/s, jerk 0…1e12 units/time-unit³) linearly, so nearly every trial's ramp lay far
/// above any real speed or jerk: every horizon was cut to 0 and every trial scored the same.
/// The default search ranges (``KalmanParameters``' doc comments) are checked here against the
/// filtered speed and jerk the predictor itself measures on the bundled traces, under the two
/// time conventions (Chromium's milliseconds with a jerk state, AndroidX's per-report steps).
@Suite("Kalman confidence ramps: a default tune searches where real speeds and jerks lie")
struct KalmanConfidenceSearchTests {
  /// Filtered speed (units/s) and |jerk| (units/time-unit³) at every sample after warm-up.
  static func measured(_ dataset: String, _ parameters: KalmanParameters) throws -> (speed: [Double], jerk: [Double]) {
    let data = try TuningData(traces: [DatasetRegistry.load(dataset)])
    var speed: [Double] = []
    var jerk: [Double] = []
    for s in data.strokes.indices {
      let samples = Array(data.cleaned(s))
      var predictor = KalmanPredictor(parameters: parameters)
      var intervals = 0.0, count = 0
      for (i, sample) in samples.enumerated() {
        predictor.observe(sample)
        // The per-report unit as the predictor takes it: the mean of the first 20 intervals.
        if i > 0, count < 20 { intervals += sample.time - samples[i - 1].time; count += 1 }
        guard i >= parameters.warmUpSamples else { continue }
        let unit = parameters.timeStep == .perSample ? intervals / Double(count) : parameters.timeUnitSeconds
        let (x, y) = predictor.state
        speed.append((x[1] * x[1] + y[1] * y[1]).squareRoot() / unit)
        jerk.append((x[3] * x[3] + y[3] * y[3]).squareRoot())
      }
    }
    return (speed.sorted(), jerk.sorted())
  }

  static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int(fraction * Double(sorted.count)))]
  }

  static func searched(_ key: String) throws -> ClosedRange<Double> {
    let spec = try #require(try PredictorCatalog.exported.entry(named: "kalman").parameter(named: key))
    guard case .real(let range, .log)? = spec.defaultSearch else {
      Issue.record("\(key) has no log default search: \(String(describing: spec.defaultSearch))")
      return 0...0
    }
    return range
  }

  static var chromiumJerk: KalmanParameters {
    var parameters = KalmanParameters.chromium
    parameters.stateModel = .jerk
    return parameters
  }

  /// A high end below the 1st percentile is the ramp practically off; one above the 90th cuts
  /// nearly every horizon. The range must hold both, and the low end must reach below the high
  /// end's lowest value (so a ramp searched in order always has room).
  @Test(
    "each ramp's default search spans the measured values, 1st to 90th percentile",
    arguments: [
      ("Inkable-ApplePencil", "chromium, jerk state (ms)"), ("Inkable-ApplePencil", "androidx (per report)"),
      ("Henze2017-MobileHCI", "chromium, jerk state (ms)"), ("Henze2017-MobileHCI", "androidx (per report)"),
    ])
  func coversMeasuredValues(dataset: String, convention: String) throws {
    let parameters = convention.hasPrefix("androidx") ? KalmanParameters.androidx : Self.chromiumJerk
    let (speed, jerk) = try Self.measured(dataset, parameters)
    #expect(speed.count > 500)
    for (name, values) in [("speed", speed), ("jerk", jerk)] {
      let low = try Self.searched("\(name)-confidence-low")
      let high = try Self.searched("\(name)-confidence-high")
      let p1 = Self.percentile(values, 0.01), p90 = Self.percentile(values, 0.9)
      #expect(high.lowerBound < p1 && p90 < high.upperBound, "\(name): \(high) against p1 \(p1), p90 \(p90)")
      #expect(low.lowerBound < high.lowerBound && low.upperBound == high.upperBound, "\(name): \(low), \(high)")
    }
  }

  /// A bare name in --params searched the declared range (0…1e9 units/s, linearly), where every
  /// trial cut every horizon; it now searches as the default search does. A range given is
  /// searched as given, anywhere in the declared range.
  @Test("the default kalman search is log over those ranges, as is a bare name in --params; a range given keeps to the declared range")
  func defaultSearchAndParams() throws {
    let entry = try PredictorCatalog.exported.entry(named: "kalman")
    let keys = ["jerk-confidence-low", "jerk-confidence-high", "speed-confidence-low", "speed-confidence-high"]
    for parameters in [nil, keys] {
      let space = try CatalogSearchSpace(entry: entry, parameters: parameters, fixed: ["state": .choice("jerk")]).space
      for key in keys {
        let dimension = try #require(space.dimensions.first { $0.name == key })
        let searched = try Self.searched(key)
        #expect(dimension.scale == .log && dimension.lowerBound...dimension.upperBound == searched, "\(dimension)")
      }
    }
    let named = try CatalogSearchSpace(entry: entry, parameters: ["speed-confidence-high", "jerk-confidence-low=0..10"]).space
    #expect(named.dimensions.map { [$0.lowerBound, $0.upperBound] } == [[1, 1e4], [0, 10]])
    #expect(named.dimensions.map(\.scale) == [.log, .linear])
    let given = try CatalogSearchSpace(entry: entry, parameters: ["speed-confidence-high=0..1e9"]).space
    #expect(given.dimensions.map { [$0.lowerBound, $0.upperBound] } == [[0, 1e9]] && given.dimensions[0].scale == .linear)
  }
}
