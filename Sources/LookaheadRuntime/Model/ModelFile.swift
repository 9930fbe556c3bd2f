#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON body of a model file (`Docs/ModelFormat.md`): what predicts, in which coordinate
/// unit, for which device and horizon policy, and where it came from. ``ModelFileEnvelope`` puts
/// the format line and the CRC-32 around it.
///
/// ``decode(body:)`` checks, in this order, so each failure gets the most useful message: the
/// JSON is well formed; `format` and `version` are this runtime's; the predictor family is known;
/// every field has its type; every parameter is in range (``PredictorConfiguration/validate()``)
/// and the coordinate and horizon numbers are usable.
public struct ModelFile: Codable, Sendable, Equatable {
  /// Always ``ModelFileEnvelope/formatName``.
  public var format: String
  /// The format version: ``requiredVersion(for:)`` of the predictor when written (1; 2 for an
  /// MLP ensemble; 3 for a mirror-averaged MLP; 4 for a speed-normalised MLP); any of ``ModelFileEnvelope/readableVersions`` when read.
  public var version: Int
  public var predictor: ModelPredictorDescription
  public var coordinates: ModelCoordinates
  public var tunedFor: ModelTuningTarget
  public var provenance: ModelProvenance

  public init(
    predictor: ModelPredictorDescription, coordinates: ModelCoordinates, tunedFor: ModelTuningTarget,
    provenance: ModelProvenance
  ) {
    format = ModelFileEnvelope.formatName
    version = Self.requiredVersion(for: predictor)
    self.predictor = predictor
    self.coordinates = coordinates
    self.tunedFor = tunedFor
    self.provenance = provenance
  }

  /// The whole file: header line plus the JSON body (keys sorted, so equal models give equal
  /// bytes).
  public func fileData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var body = try encoder.encode(self)
    body.append(UInt8(ascii: "\n"))
    return ModelFileEnvelope.wrap(body: body, version: version)
  }

  /// The lowest format version that holds `predictor` (1 for everything the list below does not
  /// name), from ``versionRequirement(for:)``.
  public static func requiredVersion(for predictor: ModelPredictorDescription) -> Int {
    versionRequirement(for: predictor).version
  }

  /// The lowest format version that holds `predictor`, and what a reader of an older version
  /// would get wrong (for the error that refuses such a file), decided once for both: 6 for a
  /// learned linear model that re-times late reports, 5 for an MLP that does, 4 for a
  /// speed-normalised MLP, 3 for a mirror-averaged one, 2 for an MLP ensemble, 1 (no reason) for
  /// everything else. The first that applies wins.
  static func versionRequirement(for predictor: ModelPredictorDescription) -> (version: Int, reason: String) {
    switch predictor.configuration.family {
    case .learnedLinear(let parameters) where parameters.lateReportFraction != nil:
      return (6, "a learned linear model that re-times late reports (lateReportFraction) needs version 6: an older reader would read velocities its weights were not fitted on")
    case .mlp(let parameters):
      if parameters.lateReportFraction != nil {
        return (5, "an MLP that re-times late reports (lateReportFraction) needs version 5: an older reader would feed its networks velocities they were not trained on")
      }
      if parameters.normalizesSpeed {
        return (4, "a speed-normalised MLP (speedNormalized) needs version 4: an older reader would feed its networks inputs they were not trained on")
      }
      if parameters.averagesMirrorImage {
        return (3, "a mirror-averaged MLP (mirrorAveraged) needs version 3: an older reader would predict without the mirror image")
      }
      if !(parameters.additionalMembers ?? []).isEmpty {
        return (2, "an MLP ensemble (additionalMembers) needs version 2: a version-1 reader would predict with its first network alone")
      }
      return (1, "")
    default:
      return (1, "")
    }
  }

  /// Reads a whole model file (header, checksum, body); the header's version must be the body's.
  public static func decode(fileData data: Data) throws(ModelFileError) -> ModelFile {
    let (body, headerVersion) = try ModelFileEnvelope.unwrapWithVersion(data)
    let file = try decode(body: body)
    guard file.version == headerVersion else {
      throw .malformed(path: "$.version", detail: "\(file.version), but the header says version \(headerVersion)")
    }
    return file
  }

  /// Decodes and validates a model file's JSON body.
  public static func decode(body: Data) throws(ModelFileError) -> ModelFile {
    let decoder = JSONDecoder()
    let probe: Probe
    do { probe = try decoder.decode(Probe.self, from: body) } catch {
      if let deep = JSONNesting.problem(in: body) { throw .malformed(path: "$", detail: deep) }
      throw Self.describe(error, body: body)
    }
    guard probe.format == ModelFileEnvelope.formatName else {
      throw .malformed(path: "$.format", detail: "expected \"\(ModelFileEnvelope.formatName)\"")
    }
    guard ModelFileEnvelope.readableVersions.contains(probe.version) else {
      throw .unsupportedVersion(found: probe.version, supported: ModelFileEnvelope.version)
    }
    guard PredictorFamily.names.contains(probe.predictor.configuration.family) else {
      throw .unknownPredictor(probe.predictor.configuration.family)
    }
    let file: ModelFile
    do { file = try decoder.decode(ModelFile.self, from: body) } catch { throw Self.describe(error, body: body) }
    try file.validate()
    return file
  }

  /// Throws naming the first field that is out of range, or a version too low for the predictor.
  public func validate() throws(ModelFileError) {
    let (needed, reason) = Self.versionRequirement(for: predictor)
    guard version >= needed else {
      throw .malformed(
        path: "$.version",
        detail: "\(version), but \(reason)")
    }
    do throws(PredictorParameterError) { try predictor.configuration.validate() } catch {
      throw .invalidParameter(
        field: "$.predictor.configuration (\(error.parameter))", detail: "\(error.value): \(error.problem)")
    }
    // Bounded, not only positive: 1e-320 mm loaded, then every app scale multiplied by it was zero
    // and the app's valid scale was blamed, naming no file (found trying the CLI from outside).
    if let mm = coordinates.millimetresPerUnit, !(mm >= 1e-6 && mm <= 1e6) {
      throw .invalidParameter(
        field: "$.coordinates.millimetresPerUnit",
        detail: "\(mm): expected a size from 1e-6 mm (a nanometre) to 1e6 mm (a kilometre) per unit")
    }
    if coordinates.unit.isEmpty {
      throw .invalidParameter(
        field: "$.coordinates.unit", detail: "empty: expected the unit's name (\"unknown\" when the data did not say)")
    }
    if coordinates.unit == "mm", let mm = coordinates.millimetresPerUnit, mm != 1 {
      throw .invalidParameter(
        field: "$.coordinates.millimetresPerUnit", detail: "\(mm), but the unit is \"mm\": expected 1 (or no millimetresPerUnit)")
    }
    if case .object(let profile) = tunedFor.deviceProfile, case .string(let name) = profile["name"],
      name != tunedFor.deviceProfileName
    {
      throw .invalidParameter(
        field: "$.tunedFor.deviceProfileName",
        detail: "\"\(tunedFor.deviceProfileName)\", but the embedded profile ($.tunedFor.deviceProfile.name) is \"\(name)\": expected the same name")
    }
    if let rate = tunedFor.digitizerRateHz, !(rate.isFinite && rate > 0) {
      throw .invalidParameter(field: "$.tunedFor.digitizerRateHz", detail: "\(rate): expected a finite number above 0")
    }
    switch tunedFor.horizonPolicy.kind {
    case .presentationTime: break
    case .fixed:
      let h = tunedFor.horizonPolicy.horizonSeconds ?? .nan
      guard h.isFinite, h > 0, h <= 1 else {
        throw .invalidParameter(
          field: "$.tunedFor.horizonPolicy.horizonSeconds", detail: "\(h): expected seconds in (0, 1] for a fixed horizon")
      }
    }
  }

  /// The first fields, read before anything else so that a wrong format, version or family
  /// gets its own error rather than a type error further in.
  private struct Probe: Decodable {
    struct Predictor: Decodable {
      struct Configuration: Decodable { var family: String }
      var configuration: Configuration
    }
    var format: String
    var version: Int
    var predictor: Predictor
  }

  /// The names each string-valued choice of a model file takes, by the Swift type name that the
  /// standard library's decoder puts in its message.
  static let choiceValues: [String: [String]] = {
    func names<T: CaseIterable & RawRepresentable>(_: T.Type) -> (String, [String]) where T.RawValue == String {
      ("\(T.self)", T.allCases.map(\.rawValue))
    }
    let horizonKinds: [ModelHorizonPolicy.Kind] = [.presentationTime, .fixed]  // not CaseIterable (public API)
    return Dictionary(
      uniqueKeysWithValues: [
        names(KalmanStateModel.self), names(KalmanTimeStep.self), names(KalmanExtrapolation.self),
        names(PredictionOrigin.self), names(PressurePolicy.self), names(MLPPredictor.Activation.self),
        ("\(ModelHorizonPolicy.Kind.self)", horizonKinds.map(\.rawValue)),
      ])
  }()

  /// The standard library's "Cannot initialize Kind from invalid String value x", which names a
  /// Swift type the file's reader never sees, in the file's terms: the value and the valid ones.
  static func unknownChoice(_ message: String) -> String? {
    for (type, valid) in choiceValues {
      let lead = "Cannot initialize \(type) from invalid String value "
      guard message.hasPrefix(lead) else { continue }
      let value = message.dropFirst(lead.count)
      return "\"\(value)\" is not a valid value; expected one of " + valid.map { "\"\($0)\"" }.joined(separator: ", ")
    }
    return nil
  }

  /// ``describe(_:)`` for an error decoding `body`. Foundation's decoder on Linux reports a number
  /// that does not fit its field (2.5 or -5 where a whole number from 0 is expected) as the whole
  /// document's "not valid JSON", with no path; a valid document is not called invalid.
  static func describe(_ error: any Error, body: Data) -> ModelFileError {
    if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty,
      (try? JSONDecoder().decode(ModelJSONValue.self, from: body)) != nil
    {
      return .malformed(
        path: "$",
        detail: "valid JSON, but a number does not fit the field it is in: a whole number is expected where the file "
          + "has a fraction, a negative number or one too large (the JSON decoder does not say which field)")
    }
    return describe(error)
  }

  /// A decoding error as a ``ModelFileError/malformed(path:detail:)`` with its JSON path.
  public static func describe(_ error: any Error) -> ModelFileError {
    let path = JSONPath.text(of:)
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      return .malformed(path: path(context.codingPath + [key]), detail: "missing field")
    case DecodingError.typeMismatch(let type, let context):
      return .malformed(path: path(context.codingPath), detail: "expected \(type)")
    case DecodingError.valueNotFound(let type, let context):
      return .malformed(path: path(context.codingPath), detail: "expected \(type), found null")
    case DecodingError.dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return .malformed(path: "$", detail: "not valid JSON")
      }
      if let detail = unknownChoice(context.debugDescription) {
        return .malformed(path: path(context.codingPath), detail: detail)
      }
      return .malformed(path: path(context.codingPath), detail: context.debugDescription)
    default:
      return .malformed(path: "$", detail: "\(error)")
    }
  }
}
