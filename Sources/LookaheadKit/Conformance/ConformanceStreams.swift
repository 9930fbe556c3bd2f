import Foundation
import LookaheadRuntime

/// The streams `lookahead export --vectors` writes for a model: a steady stroke and the awkward
/// cases an app's input really has (gaps, repeated times, a reversal, a stop, time going
/// backwards, non-finite numbers, a change of coordinate scale), plus optionally one replayed
/// trace, exactly as `lookahead predict` feeds it.
///
/// Motion is made in millimetres (a pen on paper: 20–300 mm/s) and converted into the model's
/// unit, so the streams exercise each model at speeds its parameters were tuned for; a model
/// whose unit has no known size is treated as millimetres.
public enum ConformanceStreams {
  /// Every synthetic stream for `model`.
  public static func standard(for model: LookaheadModel) -> [ConformanceStream] {
    let motion = Motion(model: model)
    var streams = [
      steady(motion), gaps(motion, model: model), duplicateTimes(motion), reversal(motion), stop(motion),
      timeBackwards(motion), nonFinite(motion),
    ]
    if let scaled = appScale(motion, model: model) { streams.append(scaled) }
    return streams
  }

  /// `trace` replayed through `replay` as `lookahead predict --model … TRACE` does it: a reset
  /// at each contact stroke, the samples each frame delivers, one prediction per frame at its
  /// target presentation time (so its answers are the `x,y,pressure` columns of that command's
  /// CSV, in row order).
  public static func replay(
    of trace: Trace, name: String, model: LookaheadModel, replay: Replay
  ) throws -> ConformanceStream {
    let scale = try ModelEvaluation.scale(for: model, trace: trace.metadata)
    var events: [ConformanceStream.Event] = []
    try ModelEvaluation.predictions(
      model, on: trace, replay: replay, observed: { events.append($0.map { .sample($0) } ?? .reset) },
      row: { events.append(.predict(presentationTime: $0.targetPresentationTime)) })
    let pointsPerMillimetre = scale.isIdentity ? 0 : 1 / (trace.metadata.millimetresPerUnit ?? 1)
    return ConformanceStream(
      name: name,
      about: "\(trace.metadata.source) replayed as `lookahead predict` does (profile \(replay.profile.name), seed \(replay.seed)): "
        + "one predict per frame, in the order of that command's CSV rows",
      pointsPerMillimetre: pointsPerMillimetre, events: events)
  }

  // MARK: - The streams

  static func steady(_ motion: Motion) -> ConformanceStream {
    var events: [ConformanceStream.Event] = [.reset]
    for index in 0..<90 { motion.feed(index, time: motion.time(index), into: &events) }
    return ConformanceStream(
      name: "steady", about: "a curved, accelerating stroke at the model's digitizer rate with pressure and tilt",
      events: events)
  }

  static func gaps(_ motion: Motion, model: LookaheadModel) -> ConformanceStream {
    let limit = model.configuration.stages.gapLimitSeconds
    let long = limit > 0 ? 3 * limit : 0.060
    var events: [ConformanceStream.Event] = [.reset]
    for index in 0..<90 {
      let shift = (index >= 30 ? 0.010 : 0) + (index >= 60 ? long : 0)
      motion.feed(index, time: motion.time(index) + shift, into: &events)
    }
    return ConformanceStream(
      name: "gap",
      about: "a 10 ms gap (under the gap limit) after 30 samples and a \(long * 1000) ms gap (over it) after 60",
      events: events)
  }

  static func duplicateTimes(_ motion: Motion) -> ConformanceStream {
    var events: [ConformanceStream.Event] = [.reset]
    for index in 0..<90 {
      motion.feed(index, time: motion.time(index), into: &events)
      guard index % 5 == 4 else { continue }
      var repeated = motion.sample(index, time: motion.time(index))
      if index % 10 == 9 { repeated.x += 0.5 / motion.millimetresPerUnit }  // a re-report that moved
      events.append(.sample(repeated))
      events.append(.predict(presentationTime: repeated.time + 0.016))
    }
    return ConformanceStream(
      name: "duplicate-times", about: "every fifth sample reported twice at the same time, every other repeat 0.5 mm moved",
      events: events)
  }

  static func reversal(_ motion: Motion) -> ConformanceStream {
    var events: [ConformanceStream.Event] = [.reset]
    for index in 0..<120 {
      let time = motion.time(index)
      let elapsed = time - motion.startTime
      // Back and forth along x, 40 mm either side at 2 Hz: the pen stops and turns at 125 and 375 ms.
      let x = 40 * sin(2 * Double.pi * 2 * elapsed) / motion.millimetresPerUnit
      events.append(.sample(PointerSample(time: time, x: x, y: 10 / motion.millimetresPerUnit, pressure: 0.5)))
      motion.frame(index, newest: time, into: &events)
    }
    return ConformanceStream(name: "reversal", about: "a pen moving back and forth: it stops and turns round twice", events: events)
  }

  static func stop(_ motion: Motion) -> ConformanceStream {
    var events: [ConformanceStream.Event] = [.reset]
    var x = 0.0
    var time = motion.startTime
    for index in 0..<100 {
      time = motion.time(index)
      let elapsed = time - motion.startTime
      // 150 mm/s for 150 ms, slowing evenly to rest by 250 ms, then still at the same place.
      let speed = elapsed < 0.15 ? 150 : max(0, 150 * (1 - (elapsed - 0.15) / 0.1))
      x += speed * motion.interval / motion.millimetresPerUnit
      events.append(.sample(PointerSample(time: time, x: x, y: 0, pressure: elapsed < 0.3 ? 0.4 : 0.1)))
      motion.frame(index, newest: time, into: &events)
    }
    events.append(.predict(presentationTime: time + 0.5))  // long after the pen stopped
    events.append(.reset)  // lift, then a new stroke elsewhere
    events.append(.predict(presentationTime: time + 0.6))
    for index in 0..<20 { motion.feed(index, time: time + 1 + Double(index) * motion.interval, into: &events) }
    return ConformanceStream(
      name: "stop", about: "a pen slowing to rest and held still, a prediction long after, a lift (reset) and a new stroke",
      events: events)
  }

  static func timeBackwards(_ motion: Motion) -> ConformanceStream {
    var events: [ConformanceStream.Event] = [.reset]
    for index in 0..<60 {
      motion.feed(index, time: motion.time(index), into: &events)
      switch index {
      case 20: events.append(.sample(motion.sample(index, time: motion.time(index) - 0.001)))
      case 30: events.append(.sample(motion.sample(index - 5, time: motion.time(index - 5))))
      case 40: events.append(.sample(motion.sample(index, time: motion.time(index).nextDown)))
      default: continue
      }
      events.append(.predict(presentationTime: motion.time(index) + 0.016))
    }
    return ConformanceStream(
      name: "time-backwards", about: "samples 1 ms, five samples and one ulp earlier than the newest (each ignored)",
      events: events)
  }

  static func nonFinite(_ motion: Motion) -> ConformanceStream {
    var events: [ConformanceStream.Event] = [
      .reset, .predict(presentationTime: motion.startTime),
      .path(presentationTime: motion.startTime, sampleIntervalSeconds: 0, capacity: 8),
    ]
    for index in 0..<40 {
      motion.feed(index, time: motion.time(index), into: &events)
      let time = motion.time(index)
      var sample = motion.sample(index, time: time)
      switch index {
      case 10: sample.time = .nan
      case 12: sample.x = .infinity
      case 14: sample.y = -.infinity
      case 16: sample.x = .nan
      case 18: sample.pressure = .nan; sample.altitude = .infinity
      case 20: sample.azimuth = -.infinity
      case 22: sample.x = 1e300; sample.y = -1e300
      case 24: sample.x = 5e-324; sample.y = -5e-324
      default: continue
      }
      events.append(.sample(sample))
      events += [
        .predict(presentationTime: .nan), .predict(presentationTime: .infinity), .predict(presentationTime: -.infinity),
        .predict(presentationTime: time - 0.01), .predict(presentationTime: time), .predict(presentationTime: time + 1e300),
        .path(presentationTime: .nan, sampleIntervalSeconds: 0, capacity: 8),
        .path(presentationTime: time + 0.02, sampleIntervalSeconds: .nan, capacity: 8),
        .path(presentationTime: time + 0.02, sampleIntervalSeconds: -0.004, capacity: 8),
        .path(presentationTime: time + 0.02, sampleIntervalSeconds: .infinity, capacity: 8),
      ]
    }
    return ConformanceStream(
      name: "non-finite",
      about: "NaN and infinite times, positions and pen properties; absurd and subnormal positions; "
        + "predictions for NaN, infinite, past and far-future times; paths with unusable intervals",
      events: events)
  }

  static func appScale(_ motion: Motion, model: LookaheadModel) -> ConformanceStream? {
    guard let millimetres = model.file.coordinates.millimetresPerUnit, millimetres > 0 else { return nil }
    let pointsPerMillimetre = 5.2  // UIKit points on an 11" iPad Pro
    let toApp = millimetres * pointsPerMillimetre
    var events: [ConformanceStream.Event] = [.reset]
    for index in 0..<60 {
      var sample = motion.sample(index, time: motion.time(index))
      sample.x *= toApp
      sample.y *= toApp
      events.append(.sample(sample))
      motion.frame(index, newest: sample.time, into: &events)
    }
    return ConformanceStream(
      name: "app-scale", about: "the steady stroke in an app's points at 5.2 points per millimetre",
      pointsPerMillimetre: pointsPerMillimetre, events: events)
  }

  // MARK: - Motion

  /// A pen on a 30 mm arc whose speed grows from 60 to about 240 mm/s, at the model's digitizer
  /// rate (240 Hz when unknown), on a clock that does not start at 0.
  struct Motion {
    let interval: Double
    let millimetresPerUnit: Double
    let startTime = 12.5

    init(model: LookaheadModel) {
      interval = 1 / (model.file.tunedFor.digitizerRateHz ?? 240)
      millimetresPerUnit = model.file.coordinates.millimetresPerUnit ?? 1
    }

    func time(_ index: Int) -> Double { startTime + Double(index) * interval }

    func sample(_ index: Int, time: Double) -> PointerSample {
      let elapsed = Double(index) * interval
      let angle = (2 * elapsed + 4 * elapsed * elapsed) * (1 + Double(index % 3) * 1e-3)  // a little jitter
      return PointerSample(
        time: time, x: (50 + 30 * cos(angle)) / millimetresPerUnit, y: (40 + 30 * sin(angle)) / millimetresPerUnit,
        pressure: 0.3 + 0.2 * sin(7 * elapsed), altitude: 0.9 + 0.1 * elapsed, azimuth: 1.2 - 0.2 * elapsed)
    }

    /// The sample and the frame after it.
    func feed(_ index: Int, time: Double, into events: inout [ConformanceStream.Event]) {
      events.append(.sample(sample(index, time: time)))
      frame(index, newest: time, into: &events)
    }

    /// What an app asks after sample `index`: a point every second sample at a horizon that
    /// cycles through 16.7, 25, 0 and 8 ms; a path every sixth (the model's rate, 8 slots; or
    /// 120 Hz, 4 slots; or 1 slot).
    func frame(_ index: Int, newest: Double, into events: inout [ConformanceStream.Event]) {
      if index % 2 == 1 {
        let horizons = [1.0 / 60, 0.025, 0, 0.008]
        events.append(.predict(presentationTime: newest + horizons[(index / 2) % horizons.count]))
      }
      if index % 6 == 5 {
        switch (index / 6) % 3 {
        case 0: events.append(.path(presentationTime: newest + 0.03, sampleIntervalSeconds: 0, capacity: 8))
        case 1: events.append(.path(presentationTime: newest + 0.03, sampleIntervalSeconds: 1.0 / 120, capacity: 4))
        default: events.append(.path(presentationTime: newest + 0.03, sampleIntervalSeconds: interval, capacity: 1))
        }
      }
    }
  }
}
