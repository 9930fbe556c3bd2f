/// The predictor of one pointer in an app: the model's predictor behind the app's coordinate
/// scale, with the per-frame questions an app asks.
///
/// It is itself a ``Predictor`` (app coordinates in and out), so the workbench scores it with the
/// same replay as any other predictor; with ``CoordinateScale/identity`` it predicts bit-for-bit
/// what ``PredictorConfiguration/makePredictor()`` does.
///
/// Input it cannot use is dropped, never trusted: a sample with a non-finite time or position, or
/// one earlier than the newest, is ignored; non-finite pressure or angles count as unknown; a gap
/// longer than the model's gap limit starts afresh. A position finite in app units can overflow
/// in model units (1e308 points at 0.1 model units a point is fine, at 10 it is not), so
/// finiteness is checked again after each conversion: such a sample is dropped, and a prediction
/// that overflows on its way back to app units is nil (a non-finite pressure or angle is left
/// out of it). Output is finite or nil, for every input and every ``CoordinateScale``.
/// `Docs/Runtime.md` lists the behaviour case by case.
public struct PointerPredictor: Predictor {
  @usableFromInline var predictor: any Predictor
  /// The app's coordinate scale.
  public let scale: CoordinateScale
  /// Spacing of a predicted path when the caller gives none: the training data's sample
  /// interval, seconds, if known.
  public let defaultSampleIntervalSeconds: Double?
  /// Time of the newest sample taken, seconds; nil before the first one.
  public var newestSampleTime: Double? { newestTime }
  /// ``newestSampleTime``'s storage, set by ``take(_:)`` (inlinable, so not private).
  @usableFromInline var newestTime: Double?

  init(predictor: any Predictor, scale: CoordinateScale, defaultSampleIntervalSeconds: Double?) {
    self.predictor = predictor
    self.scale = scale
    self.defaultSampleIntervalSeconds = defaultSampleIntervalSeconds
  }

  /// Forgets the stroke; call at each touch-down.
  public mutating func reset() {
    predictor.reset()
    newestTime = nil
  }

  /// Takes the next sample of the stroke, in app coordinates (coalesced samples one by one, in
  /// time order).
  public mutating func observe(_ sample: PointerSample) {
    take(sample)
  }

  /// ``observe(_:)``, saying whether the sample was taken and if not, why. Inlinable so that the
  /// C interface's `lookahead_predictor_observe`, which needs the answer, makes one call per
  /// sample (the family's), as a Swift caller of ``observe(_:)`` does (`Docs/Runtime.md`, Cost).
  @inlinable @inline(__always) @discardableResult
  public mutating func take(_ sample: PointerSample) -> SampleOutcome {
    guard sample.time.isFinite, sample.x.isFinite, sample.y.isFinite else { return .notFinite }
    if let newest = newestTime, sample.time < newest { return .earlierThanNewest }
    // In model units the app's sample goes through untouched (no converted copy for the family
    // to read back).
    if scale.isIdentity {
      newestTime = sample.time
      predictor.observe(sample)
    } else {
      let scaled = scale.toModel(sample)
      guard scaled.x.isFinite, scaled.y.isFinite else { return .outOfRange }
      newestTime = sample.time
      predictor.observe(scaled)
    }
    return .taken
  }

  /// The pointer at `time` (seconds, the samples' clock), in app coordinates, or nil while
  /// warming up or when a gate declines. Inlinable, as ``take(_:)`` is, for the C interface.
  @inlinable @inline(__always)
  public func predict(at time: Double) -> PredictedPoint? {
    guard let point = predictor.predict(at: time) else { return nil }
    var app = scale.toApp(point)
    guard app.time.isFinite, app.x.isFinite, app.y.isFinite else { return nil }
    if let pressure = app.pressure, !pressure.isFinite { app.pressure = nil }
    if let altitude = app.altitude, !altitude.isFinite { app.altitude = nil }
    if let azimuth = app.azimuth, !azimuth.isFinite { app.azimuth = nil }
    return app
  }

  /// The prediction to draw in a frame that will be presented at `presentationTime` (the
  /// display link's target timestamp, on the samples' clock). The horizon is
  /// ``horizon(forPresentationTime:)``; a time at or before the newest sample gives the newest
  /// sample (horizon 0).
  public func predict(forPresentationTime presentationTime: Double) -> PredictedPoint? {
    predict(at: presentationTime)
  }

  /// How far ahead a frame presented at `presentationTime` asks the predictor to look: that time
  /// minus the newest sample's, seconds (never negative); nil before the first sample, and for
  /// a time so far off that the difference is not finite.
  public func horizon(forPresentationTime presentationTime: Double) -> Double? {
    guard let newest = newestSampleTime, presentationTime.isFinite else { return nil }
    let horizon = presentationTime - newest
    return horizon.isFinite ? max(0, horizon) : nil
  }

  /// The predicted path from the newest sample to `presentationTime` at the device rate: points
  /// at newest + Δ, newest + 2Δ, … strictly before `presentationTime`, then one at
  /// `presentationTime` itself, as many as fit in `buffer` (the last slot is kept for the
  /// presentation-time point). Stops early where the predictor declines. Allocates nothing.
  ///
  /// - Parameters:
  ///   - sampleIntervalSeconds: Δ, seconds (the digitizer's period, 1/240 for an Apple Pencil);
  ///     nil uses ``defaultSampleIntervalSeconds``; if that is nil too, or Δ is not a positive
  ///     finite number, only the presentation-time point is written.
  /// - Returns: how many points were written.
  public func predictPath(
    toPresentationTime presentationTime: Double, sampleIntervalSeconds: Double? = nil,
    into buffer: UnsafeMutableBufferPointer<PredictedPoint>
  ) -> Int {
    guard buffer.count > 0, let newest = newestSampleTime, presentationTime.isFinite else { return 0 }
    var written = 0
    if let interval = sampleIntervalSeconds ?? defaultSampleIntervalSeconds, interval > 0, interval.isFinite {
      var step = 1.0
      while written < buffer.count - 1 {
        let time = newest + step * interval
        guard time < presentationTime else { break }
        guard let point = predict(at: time) else { return written }
        buffer[written] = point
        written += 1
        step += 1
      }
    }
    guard let last = predict(at: presentationTime) else { return written }
    buffer[written] = last
    return written + 1
  }
}
