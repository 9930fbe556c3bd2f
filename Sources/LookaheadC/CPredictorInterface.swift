import CLookahead
import LookaheadRuntime

// The per-pointer calls of `lookahead.h`: thin wrappers over ``PointerPredictor`` that turn null
// pointers and unusable input into status codes (a sample's through the runtime's own verdict,
// ``SampleOutcome``), and allocate nothing after `lookahead_predictor_create`. Each reaches the predictor through
// ``CPredictorState/access(_:_:)`` (in place, never a copy).

/// `lookahead_predictor_create`: a predictor for one pointer at the app's scale.
@_cdecl("lookahead_predictor_create")
public func lookaheadPredictorCreate(
  _ model: OpaquePointer?, _ pointsPerMillimetre: Double, _ outPredictor: UnsafeMutablePointer<OpaquePointer?>?,
  _ message: UnsafeMutablePointer<CChar>?, _ messageCapacity: Int
) -> lookahead_status {
  guard let model, let outPredictor else {
    outPredictor?.pointee = nil
    writeMessage("null argument: model and out_predictor must not be null", to: message, capacity: messageCapacity)
    return LOOKAHEAD_ERROR_NULL_ARGUMENT
  }
  outPredictor.pointee = nil
  let loaded = CModelHandle.model(model)
  let scale: CoordinateScale
  if pointsPerMillimetre == LOOKAHEAD_MODEL_UNIT {
    scale = .identity
  } else {
    do { scale = try loaded.pointee.scale(pointsPerMillimetre: pointsPerMillimetre) } catch {
      writeMessage(error.description, to: message, capacity: messageCapacity)
      return lookahead_status(error)
    }
  }
  outPredictor.pointee = CPredictorState.make(loaded.pointee.makePredictor(scale: scale))
  writeMessage("", to: message, capacity: messageCapacity)
  return LOOKAHEAD_OK
}

/// `lookahead_predictor_free`.
@_cdecl("lookahead_predictor_free")
public func lookaheadPredictorFree(_ predictor: OpaquePointer?) {
  guard let predictor else { return }
  CPredictorState.free(predictor)
}

/// `lookahead_predictor_reset`: forget the stroke (touch-down).
@_cdecl("lookahead_predictor_reset")
public func lookaheadPredictorReset(_ predictor: OpaquePointer?) -> lookahead_status {
  guard let predictor else { return LOOKAHEAD_ERROR_NULL_ARGUMENT }
  CPredictorState.access(predictor) { $0.predictor.reset() }
  return LOOKAHEAD_OK
}

/// `lookahead_predictor_observe`: the next sample. The runtime judges it once
/// (``PointerPredictor/take(_:)``) and its outcome is the status. Inlined into its C entry
/// point, as is `lookahead_predictor_predict`, so a call costs one frame, not two.
@inline(__always)
@_cdecl("lookahead_predictor_observe")
public func lookaheadPredictorObserve(
  _ predictor: OpaquePointer?, _ time: Double, _ x: Double, _ y: Double,
  _ pressure: Double, _ altitude: Double, _ azimuth: Double
) -> lookahead_status {
  guard let predictor else { return LOOKAHEAD_ERROR_NULL_ARGUMENT }
  let outcome = CPredictorState.access(predictor) { state in
    state.predictor.take(
      PointerSample(
        time: time, x: x, y: y, pressure: pressure.isNaN ? nil : pressure,
        altitude: altitude.isNaN ? nil : altitude, azimuth: azimuth.isNaN ? nil : azimuth))
  }
  return lookahead_status(outcome)
}

/// `lookahead_predictor_predict`: the point for a frame's presentation time.
@inline(__always)
@_cdecl("lookahead_predictor_predict")
public func lookaheadPredictorPredict(
  _ predictor: OpaquePointer?, _ presentationTime: Double, _ outPoint: UnsafeMutablePointer<lookahead_point>?
) -> lookahead_status {
  guard let predictor else { return LOOKAHEAD_ERROR_NULL_ARGUMENT }
  guard let outPoint else { return LOOKAHEAD_ERROR_NULL_ARGUMENT }
  guard presentationTime.isFinite else { return LOOKAHEAD_ERROR_TIME_NOT_FINITE }
  return CPredictorState.access(predictor) { state in
    // predict(at:), which predict(forPresentationTime:) is, inlined here (one call, the family's).
    guard let point = state.predictor.predict(at: presentationTime) else {
      return LOOKAHEAD_NO_PREDICTION
    }
    outPoint.pointee = lookahead_point(point)
    return LOOKAHEAD_OK
  }
}

/// `lookahead_predictor_predict_path`: the path to a frame's presentation time, through the
/// runtime's ``PointerPredictor/predictPath(toPresentationTime:sampleIntervalSeconds:into:)`` into
/// the predictor's scratch buffer, then copied out as C points.
@_cdecl("lookahead_predictor_predict_path")
public func lookaheadPredictorPredictPath(
  _ predictor: OpaquePointer?, _ presentationTime: Double, _ sampleInterval: Double,
  _ points: UnsafeMutablePointer<lookahead_point>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> lookahead_status {
  guard let predictor, let outCount, points != nil || capacity == 0 else { return LOOKAHEAD_ERROR_NULL_ARGUMENT }
  outCount.pointee = 0
  guard presentationTime.isFinite else { return LOOKAHEAD_ERROR_TIME_NOT_FINITE }
  guard let points, capacity > 0 else { return LOOKAHEAD_NO_PREDICTION }
  return CPredictorState.access(predictor) { state in
    let scratch = UnsafeMutableBufferPointer(
      rebasing: state.pathScratch[0..<min(capacity, CPredictorState.maxPathPoints)])
    let count = state.predictor.predictPath(
      toPresentationTime: presentationTime,
      sampleIntervalSeconds: sampleInterval == LOOKAHEAD_MODEL_SAMPLE_INTERVAL ? nil : sampleInterval,
      into: scratch)
    for index in 0..<count { points[index] = lookahead_point(scratch[index]) }
    outCount.pointee = count
    return count > 0 ? LOOKAHEAD_OK : LOOKAHEAD_NO_PREDICTION
  }
}
