import LookaheadRuntime
import Testing

/// Only a jerk state has a jerk: in a velocity or acceleration state the filtered jerk stays
/// exactly 0, so the jerk confidence (1 − ramp(|jerk|)) multiplies every horizon by exactly 1.
/// `KalmanParameters.inertFields(in:)` says so, and a default tune leaves the ramp out there
/// (it spent two of eight dimensions on it); these tests check that the ramp truly changes no
/// prediction to the bit outside a jerk state, and that it does change them in one.
@Suite("Kalman jerk confidence: inert outside a jerk state")
struct KalmanJerkConfidenceInertTests {
  /// A stroke with a large, changing jerk (x = 1000·t³ plus a wobble), uneven 4/5 ms steps and a
  /// small deterministic noise, so every derivative of the state is busy.
  static let stroke: [PointerSample] = {
    var samples: [PointerSample] = []
    var t = 0.0
    var noise: UInt64 = 12345
    for k in 0..<120 {
      noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let e = Double(noise >> 11) / Double(1 << 53) - 0.5
      let x = 1000 * t * t * t + 3 * e
      let y = 40 * (20 * t).squareRoot() * (1 + 0.1 * Double(k % 7))
      samples.append(PointerSample(time: 0.5 + t, x: x, y: y, pressure: 0.5 + 0.3 * t))
      t += k % 2 == 0 ? 0.004 : 0.005
    }
    return samples
  }()

  /// Every prediction of `parameters` over the stroke, 0, 8, 17 and 33 ms after each sample, as
  /// the bit patterns of its time, position and pressure (nil where it declines).
  static func predictions(_ parameters: KalmanParameters) -> [[UInt64]?] {
    var predictor = KalmanPredictor(parameters: parameters)
    var out: [[UInt64]?] = []
    for sample in stroke {
      predictor.observe(sample)
      for h in [0, 0.008, 0.017, 0.033] {
        out.append(predictor.predict(at: sample.time + h).map { p in
          [p.time, p.x, p.y, p.pressure ?? .nan].map(\.bitPattern)
        })
      }
    }
    return out
  }

  static let ramps: [(low: Double, high: Double)] = [(0, 0), (1e-6, 1e-5), (0, 1e-9), (0.2, 1), (0.001, 0.01), (5, 1e12)]

  static var settings: [KalmanParameters] {
    var all: [KalmanParameters] = []
    for state in KalmanStateModel.allCases {
      for timeStep in KalmanTimeStep.allCases {
        for extrapolation in KalmanExtrapolation.allCases {
          for pressureFilter in [false, true] {
            all.append(KalmanParameters(
              stateModel: state, timeStep: timeStep, extrapolation: extrapolation, pressureFilter: pressureFilter))
          }
        }
      }
    }
    return all
  }

  @Test("outside a jerk state every jerk confidence ramp gives the same predictions to the bit; in one they differ")
  func inertOutsideJerkState() throws {
    var jerkSettingsChanged = 0
    for base in Self.settings {
      var outcomes: [[[UInt64]?]] = []
      for ramp in Self.ramps {
        var parameters = base
        (parameters.jerkConfidenceLow, parameters.jerkConfidenceHigh) = (ramp.low, ramp.high)
        try parameters.validate()
        outcomes.append(Self.predictions(parameters))
      }
      #expect(outcomes[0].contains { $0 != nil }, "\(base)")
      let same = outcomes.allSatisfy { $0 == outcomes[0] }
      if base.stateModel == .jerk {
        if !same { jerkSettingsChanged += 1 }
      } else {
        #expect(same, "\(base.stateModel), \(base.timeStep), \(base.extrapolation)")
      }
    }
    // The ramps act on every jerk-state setting: the check above can tell a ramp that acts.
    #expect(jerkSettingsChanged == Self.settings.filter { $0.stateModel == .jerk }.count)
  }

  @Test("the field table names the jerk confidence inert exactly outside a jerk state")
  func inertFieldsFollowTheState() {
    for state in KalmanStateModel.allCases {
      var parameters = KalmanParameters.chromium
      parameters.stateModel = state
      let inert = KalmanParameters.inertFields(in: parameters)
      #expect(inert == (state == .jerk ? [] : ["jerkConfidenceLow", "jerkConfidenceHigh"]), "\(state)")
      #expect(inert.allSatisfy { KalmanParameters.field($0) != nil })
    }
  }
}
