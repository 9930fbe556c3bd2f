#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A model file loaded and checked, ready to make predictors: the entry point of the runtime
/// for an app (`Docs/Runtime.md`).
///
/// ```swift
/// let model = try LookaheadModel(contentsOf: url)
/// let scale = try model.scale(pointsPerMillimetre: 5.2)   // once
/// var predictor = model.makePredictor(scale: scale)       // per pointer
/// predictor.observe(sample)                               // per sample
/// let point = predictor.predict(forPresentationTime: link.targetTimestamp)
/// ```
public struct LookaheadModel: Sendable, Equatable {
  /// Everything the file says.
  public let file: ModelFile

  /// Loads a model file; throws a ``ModelFileError`` naming what is wrong (unreadable, not a
  /// model file, unknown version, bad checksum, malformed field with its JSON path, unknown
  /// predictor, out-of-range parameter).
  public init(contentsOf url: URL) throws(ModelFileError) {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw .unreadable(path: url.path, detail: Self.readFailure(error, path: url.path))
    }
    try self.init(bytes: data)
  }

  /// Why a file could not be read, in a few words. FoundationEssentials (all the runtime links)
  /// has no `localizedDescription`, so the common causes are named here and any other error is
  /// shown as thrown.
  /// Foundation refuses a device, pipe or socket (`/dev/zero`, a FIFO) as "no permission", which
  /// sent a user running as root after file modes: such a file is named as what it is.
  static func readFailure(_ error: any Error, path: String) -> String {
    if let cocoa = error as? CocoaError, cocoa.code == .fileReadNoPermission,
      let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType,
      type != .typeRegular, type != .typeDirectory
    {
      return "not a regular file (a device, pipe or socket); a model is read from a file"
    }
    return readFailure(error)
  }

  static func readFailure(_ error: any Error) -> String {
    guard let cocoa = error as? CocoaError else { return "\(error)" }
    switch cocoa.code {
    case .fileReadNoSuchFile, .fileNoSuchFile: return "the file doesn't exist"
    case .fileReadNoPermission: return "permission denied"
    default: break
    }
    if let posix = cocoa.underlying as? POSIXError, posix.code == .EISDIR { return "it is a directory" }
    return "\(error)"
  }

  /// Loads a model from the bytes of a model file (for example an app bundle resource).
  public init(bytes: Data) throws(ModelFileError) {
    file = try ModelFile.decode(fileData: bytes)
  }

  /// A model from an already decoded file (validated again).
  public init(file: ModelFile) throws(ModelFileError) {
    try file.validate()
    self.file = file
  }

  /// The predictor configuration the model builds.
  public var configuration: PredictorConfiguration { file.predictor.configuration }

  /// The scale for an app with `pointsPerMillimetre` points per millimetre; state it once and
  /// pass it to every ``makePredictor(scale:)``.
  public func scale(pointsPerMillimetre: Double) throws(CoordinateScaleError) -> CoordinateScale {
    try CoordinateScale(
      pointsPerMillimetre: pointsPerMillimetre,
      modelMillimetresPerUnit: file.coordinates.millimetresPerUnit ?? .nan)
  }

  /// A fresh predictor for one pointer (one finger or pen), in app coordinates with `scale`
  /// (default: the model's own unit). Make one per simultaneous pointer; ``PointerPredictor/reset()``
  /// it at each stroke start.
  public func makePredictor(scale: CoordinateScale = .identity) -> PointerPredictor {
    PointerPredictor(
      predictor: configuration.makePredictor(), scale: scale,
      defaultSampleIntervalSeconds: file.tunedFor.digitizerRateHz.map { 1 / $0 })
  }
}
