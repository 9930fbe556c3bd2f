import LookaheadRuntime

/// The parameters every exportable entry shares: ``PredictorStages`` (gap reset, pressure,
/// gates, 1€ pre- and post-filter) as catalog keys. Every one is off or neutral at its default
/// except the 20 ms gap reset.
enum StageParameterSpecs {
  static let all: [PredictorParameterSpec] = [
    .init("gap-limit", unit: "s", default: .number(0.020), domain: .real(0...10, scale: .linear),
          "a gap longer than this starts a new stroke (0 = never; Chromium uses 0.020)"),
    .init("pressure", unit: "", default: .choice("hold"), domain: .choice(PressurePolicy.allCases.map(\.rawValue)),
          "hold the last pressure, or extrapolate it linearly (clamped to 0…1)"),
    .init("horizon-cap", unit: "s", default: .number(0), domain: .real(0...1, scale: .linear),
          "never predict further ahead than this (0 = no cap; Chromium caps at 0.025)"),
    .init("speed-floor", unit: "units/s", default: .number(0), domain: .real(0...1e9, scale: .linear),
          "no prediction below this speed (0 = off)"),
    .init("turn-low", unit: "rad", default: .number(0), domain: .real(0...Double.pi, scale: .linear),
          "turn angle where the horizon starts to shrink"),
    .init("turn-high", unit: "rad", default: .number(0), domain: .real(0...Double.pi, scale: .linear),
          "turn angle where the horizon reaches 0 (0 = off)"),
    .init("jerk-low", unit: "units/s³", default: .number(0), domain: .real(0...1e15, scale: .linear),
          "jerk where the horizon starts to shrink"),
    .init("jerk-high", unit: "units/s³", default: .number(0), domain: .real(0...1e15, scale: .linear),
          "jerk where the horizon reaches 0 (0 = off)"),
    .init("direction-cutoff", unit: "", default: .number(0), domain: .flag,
          "no prediction pointing back against the latest movement (Chromium's direction cut-off)"),
    .init("stroke-end-ratio", unit: "", default: .number(0), domain: .real(0...1, scale: .linear),
          "no prediction while speed falls below this fraction of the stroke's peak (0 = off)"),
    .init("stop-factor", unit: "", default: .number(0), domain: .real(0...10, scale: .linear),
          "while decelerating, predict at most this fraction of the time to stop, v/a (0 = off; 0.5 lands linear where the pen stops)"),
    .init("prefilter-min-cutoff", unit: "Hz", default: .number(0), domain: .real(0...100, scale: .linear),
          "1€ pre-filter cutoff at rest (0 = no pre-filter); typical 0.5–5"),
    .init("prefilter-beta", unit: "Hz/(units/s)", default: .number(0.007), domain: .real(0...10, scale: .linear),
          "1€ pre-filter speed coefficient"),
    .init("prefilter-derivative-cutoff", unit: "Hz", default: .number(1), domain: .real(0.01...100, scale: .log),
          "1€ pre-filter cutoff of its speed estimate"),
    .init("postfilter-min-cutoff", unit: "Hz", default: .number(0), domain: .real(0...100, scale: .linear),
          "1€ post-filter cutoff at rest, on the predicted offset (0 = no post-filter)"),
    .init("postfilter-beta", unit: "Hz/(units/s)", default: .number(0.007), domain: .real(0...10, scale: .linear),
          "1€ post-filter speed coefficient"),
    .init("postfilter-derivative-cutoff", unit: "Hz", default: .number(1), domain: .real(0.01...100, scale: .log),
          "1€ post-filter cutoff of its speed estimate"),
    .init("postfilter-reference", unit: "s", default: .number(0.016), domain: .real(0.001...0.1, scale: .log),
          "horizon at which the post-filter watches the predicted offset"),
  ]

  static func stages(_ v: ParameterValues) -> PredictorStages {
    let gates = PredictionGateParameters(
      horizonCapSeconds: v.number("horizon-cap"), speedFloor: v.number("speed-floor"),
      turnAngleLow: v.number("turn-low"), turnAngleHigh: v.number("turn-high"),
      jerkLow: v.number("jerk-low"), jerkHigh: v.number("jerk-high"),
      directionCutOff: v.flag("direction-cutoff"), strokeEndSpeedRatio: v.number("stroke-end-ratio"),
      stoppingHorizonFactor: v.number("stop-factor"))
    func oneEuro(_ prefix: String) -> OneEuroParameters? {
      let cutoff = v.number("\(prefix)-min-cutoff")
      guard cutoff > 0 else { return nil }
      return OneEuroParameters(
        minCutoffHz: cutoff, beta: v.number("\(prefix)-beta"),
        derivativeCutoffHz: v.number("\(prefix)-derivative-cutoff"))
    }
    return PredictorStages(
      gapLimitSeconds: v.number("gap-limit"),
      pressure: v.choice("pressure", as: PressurePolicy.self, default: .hold),
      prefilter: oneEuro("prefilter"), postfilter: oneEuro("postfilter"),
      postfilterReferenceHorizonSeconds: v.number("postfilter-reference"), gates: gates)
  }
}
