/// Why a model file was refused. Every case says what to do about it.
public enum ModelFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The first line is not `lookahead-model VERSION crc32=XXXXXXXX`.
  case notAModelFile
  case unsupportedVersion(found: Int, supported: Int)
  case checksumMismatch(expected: UInt32, actual: UInt32)
  /// The body is not the expected JSON; `path` is the JSON path of the problem.
  case malformed(path: String, detail: String)
  case unknownPredictor(String)
  /// A parameter is outside its documented range (`field` names it).
  case invalidParameter(field: String, detail: String)
  case unreadable(path: String, detail: String)

  public var description: String {
    switch self {
    case .notAModelFile:
      "not a Lookahead model file: the first line must be 'lookahead-model VERSION crc32=XXXXXXXX'"
    case .unsupportedVersion(let found, let supported):
      "model file version \(found) is not supported by this runtime (it reads versions 1 to \(supported)); export the model again"
    case .checksumMismatch(let expected, let actual):
      "model file is damaged: its checksum is \(String(actual, radix: 16)) but the header says \(String(expected, radix: 16))"
    case .malformed(let path, let detail): "model file is malformed at \(path): \(detail)"
    case .unknownPredictor(let name): "model file names predictor '\(name)', which this runtime does not know"
    case .invalidParameter(let field, let detail): "model file parameter '\(field)': \(detail)"
    case .unreadable(let path, let detail): "cannot read model file \(path): \(detail)"
    }
  }
}
