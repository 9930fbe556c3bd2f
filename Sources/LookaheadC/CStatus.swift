import CLookahead
import LookaheadRuntime

/// The status codes of `lookahead.h` for the runtime's typed errors, so a C caller can branch on
/// the reason while the message buffer carries the words.
extension lookahead_status {
  init(_ error: ModelFileError) {
    switch error {
    case .notAModelFile: self = LOOKAHEAD_ERROR_NOT_A_MODEL_FILE
    case .unsupportedVersion: self = LOOKAHEAD_ERROR_UNSUPPORTED_VERSION
    case .checksumMismatch: self = LOOKAHEAD_ERROR_CHECKSUM_MISMATCH
    case .malformed: self = LOOKAHEAD_ERROR_MALFORMED
    case .unknownPredictor: self = LOOKAHEAD_ERROR_UNKNOWN_PREDICTOR
    case .invalidParameter: self = LOOKAHEAD_ERROR_INVALID_PARAMETER
    case .unreadable: self = LOOKAHEAD_ERROR_UNREADABLE
    }
  }

  init(_ error: CoordinateScaleError) {
    switch error {
    case .invalidAppScale: self = LOOKAHEAD_ERROR_INVALID_SCALE
    case .unknownModelUnit: self = LOOKAHEAD_ERROR_UNKNOWN_MODEL_UNIT
    }
  }

  /// The status of a sample's outcome.
  @inline(__always)
  init(_ outcome: SampleOutcome) {
    switch outcome {
    case .taken: self = LOOKAHEAD_OK
    case .notFinite: self = LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE
    case .earlierThanNewest: self = LOOKAHEAD_ERROR_TIME_BACKWARDS
    case .outOfRange: self = LOOKAHEAD_ERROR_SAMPLE_OUT_OF_RANGE
    }
  }

  /// The code's name as written in `lookahead.h`; static storage, so C may keep the pointer.
  var name: StaticString {
    switch self {
    case LOOKAHEAD_OK: "LOOKAHEAD_OK"
    case LOOKAHEAD_NO_PREDICTION: "LOOKAHEAD_NO_PREDICTION"
    case LOOKAHEAD_ERROR_NULL_ARGUMENT: "LOOKAHEAD_ERROR_NULL_ARGUMENT"
    case LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE: "LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE"
    case LOOKAHEAD_ERROR_TIME_BACKWARDS: "LOOKAHEAD_ERROR_TIME_BACKWARDS"
    case LOOKAHEAD_ERROR_SAMPLE_OUT_OF_RANGE: "LOOKAHEAD_ERROR_SAMPLE_OUT_OF_RANGE"
    case LOOKAHEAD_ERROR_TIME_NOT_FINITE: "LOOKAHEAD_ERROR_TIME_NOT_FINITE"
    case LOOKAHEAD_ERROR_UNREADABLE: "LOOKAHEAD_ERROR_UNREADABLE"
    case LOOKAHEAD_ERROR_NOT_A_MODEL_FILE: "LOOKAHEAD_ERROR_NOT_A_MODEL_FILE"
    case LOOKAHEAD_ERROR_UNSUPPORTED_VERSION: "LOOKAHEAD_ERROR_UNSUPPORTED_VERSION"
    case LOOKAHEAD_ERROR_CHECKSUM_MISMATCH: "LOOKAHEAD_ERROR_CHECKSUM_MISMATCH"
    case LOOKAHEAD_ERROR_MALFORMED: "LOOKAHEAD_ERROR_MALFORMED"
    case LOOKAHEAD_ERROR_UNKNOWN_PREDICTOR: "LOOKAHEAD_ERROR_UNKNOWN_PREDICTOR"
    case LOOKAHEAD_ERROR_INVALID_PARAMETER: "LOOKAHEAD_ERROR_INVALID_PARAMETER"
    case LOOKAHEAD_ERROR_INVALID_SCALE: "LOOKAHEAD_ERROR_INVALID_SCALE"
    case LOOKAHEAD_ERROR_UNKNOWN_MODEL_UNIT: "LOOKAHEAD_ERROR_UNKNOWN_MODEL_UNIT"
    default: "LOOKAHEAD_UNKNOWN_STATUS"
    }
  }
}

/// `lookahead_status_name`: the name of a status code.
@_cdecl("lookahead_status_name")
public func lookaheadStatusName(_ status: lookahead_status) -> UnsafePointer<CChar> {
  UnsafeRawPointer(status.name.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// Writes `text` into a caller's message buffer as a NUL-terminated string, cut at a UTF-8
/// character boundary when it does not fit. A null buffer or a capacity of 0 writes nothing.
func writeMessage(_ text: String, to buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
  guard let buffer, capacity > 0 else { return }
  var length = 0  // whole scalars that fit beside the NUL
  for scalar in text.unicodeScalars {
    let width = UTF8.width(scalar)
    guard length + width <= capacity - 1 else { break }
    length += width
  }
  for (index, byte) in text.utf8.prefix(length).enumerated() { buffer[index] = CChar(bitPattern: byte) }
  buffer[length] = 0
}
