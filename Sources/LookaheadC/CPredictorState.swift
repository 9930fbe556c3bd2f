import CLookahead
import LookaheadRuntime

/// What a `lookahead_predictor` handle points at: one pointer's ``PointerPredictor`` and the
/// scratch buffer `lookahead_predictor_predict_path` fills before converting to C points, both
/// allocated once at creation so that no call afterwards allocates.
///
/// Held through an `UnsafeMutablePointer` rather than a class so that a call mutates the
/// predictor in place without a dynamic exclusivity check (the C path costs what the Swift path
/// costs; `Benchmarks/`).
struct CPredictorState {
  var predictor: PointerPredictor
  let pathScratch: UnsafeMutableBufferPointer<PredictedPoint>

  /// `LOOKAHEAD_MAX_PATH_POINTS`.
  static let maxPathPoints = Int(LOOKAHEAD_MAX_PATH_POINTS)

  static func make(_ predictor: PointerPredictor) -> OpaquePointer {
    let scratch = UnsafeMutableBufferPointer<PredictedPoint>.allocate(capacity: maxPathPoints)
    scratch.initialize(repeating: PredictedPoint(time: 0, x: 0, y: 0))
    let state = UnsafeMutablePointer<CPredictorState>.allocate(capacity: 1)
    state.initialize(to: CPredictorState(predictor: predictor, pathScratch: scratch))
    return OpaquePointer(state)
  }

  /// Runs `body` on the handle's state in place. Through `inout` the compiler may call even a
  /// non-mutating method (`predict`) on the stored predictor directly; read straight through an
  /// `UnsafeMutablePointer` it copies the predictor first (retaining and releasing its
  /// existential box), which made the C path 260 instructions a sample dearer than the Swift
  /// path instead of 113 (callgrind, `Docs/Runtime.md`, Cost).
  @inline(__always)
  static func access<Result>(_ handle: OpaquePointer, _ body: (inout CPredictorState) -> Result) -> Result {
    body(&UnsafeMutablePointer<CPredictorState>(handle).pointee)
  }

  static func free(_ handle: OpaquePointer) {
    let state = UnsafeMutablePointer<CPredictorState>(handle)
    state.pointee.pathScratch.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }
}

extension lookahead_point {
  /// A runtime prediction as a C point: unknown pen properties become NaN (`LOOKAHEAD_UNKNOWN`).
  @inline(__always)
  init(_ point: PredictedPoint) {
    self.init(
      time: point.time, x: point.x, y: point.y, pressure: point.pressure ?? .nan,
      altitude: point.altitude ?? .nan, azimuth: point.azimuth ?? .nan)
  }
}
