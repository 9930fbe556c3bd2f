import Foundation
import LookaheadRuntime

/// Builds and writes model files (`Docs/ModelFormat.md`): the workbench side of export. The
/// runtime's ``ModelFile`` is the format; this adds what only the workbench knows (the catalog's
/// parameter units, the device profile as JSON, dataset checksums).
public enum ModelExporter {
  /// The model file for `predictor` (an exportable catalog predictor).
  ///
  /// - Parameters:
  ///   - entry: the catalog entry it came from, for the parameter units (nil: no parameter list).
  ///   - coordinates: the unit the parameters assume (the tuning data's).
  ///   - profile: the device profile it was tuned for.
  public static func modelFile(
    predictor: CatalogPredictor, entry: PredictorCatalogEntry?, coordinates: ModelCoordinates,
    profile: DeviceProfile, digitizerRateHz: Double?, horizonPolicy: ModelHorizonPolicy = .presentationTime,
    provenance: ModelProvenance
  ) throws -> ModelFile {
    guard let configuration = predictor.configuration else { throw NotExportable(name: predictor.name) }
    let parameters = predictor.values.map { item -> ModelPredictorDescription.Parameter in
      let value: ModelJSONValue
      switch item.value {
      case .number(let v): value = .number(v)
      case .choice(let s): value = .string(s)
      }
      return .init(name: item.name, value: value, unit: entry?.parameter(named: item.name)?.unit ?? "")
    }
    let profileJSON = try JSONDecoder().decode(ModelJSONValue.self, from: profile.jsonData())
    let file = ModelFile(
      predictor: ModelPredictorDescription(
        catalogName: predictor.name, configuration: configuration, parameters: parameters),
      coordinates: coordinates,
      tunedFor: ModelTuningTarget(
        deviceProfileName: profile.name, deviceProfile: profileJSON, digitizerRateHz: digitizerRateHz,
        horizonPolicy: horizonPolicy),
      provenance: provenance)
    try file.validate()
    return file
  }

  /// The model file for a bare configuration (a trained model read from JSON).
  public static func modelFile(
    configuration: PredictorConfiguration, coordinates: ModelCoordinates, profile: DeviceProfile,
    digitizerRateHz: Double?, horizonPolicy: ModelHorizonPolicy = .presentationTime, provenance: ModelProvenance
  ) throws -> ModelFile {
    try modelFile(
      predictor: CatalogPredictor(name: configuration.family.name, values: [], configuration: configuration),
      entry: nil, coordinates: coordinates, profile: profile, digitizerRateHz: digitizerRateHz,
      horizonPolicy: horizonPolicy, provenance: provenance)
  }

  /// The coordinates of a trace's data (a trace naming no unit, `# coordinate_unit:` left empty,
  /// is `unknown`, as the model format says; the loader refuses an empty one).
  public static func coordinates(of metadata: TraceMetadata) -> ModelCoordinates {
    coordinates(unit: metadata.coordinateUnit, millimetresPerUnit: metadata.millimetresPerUnit)
  }

  /// The coordinates of data in `unit` (`unknown` for an empty name).
  static func coordinates(unit: String, millimetresPerUnit: Double?) -> ModelCoordinates {
    ModelCoordinates(unit: unit.isEmpty ? "unknown" : unit, millimetresPerUnit: millimetresPerUnit)
  }

  /// Writes `file` to `url` through ``ResultFile`` (an existing file needs `force`).
  public static func write(_ file: ModelFile, to url: URL, force: Bool) throws {
    try ResultFile.write(try file.fileData(), to: url, force: force)
  }

  /// The device profile a model was tuned for, decoded back from its file and validated; when
  /// the file does not carry one (the field is optional), the preset it names, if it names one
  /// (such a model was replayed through the default preset without a word); else nil. Errors name
  /// `path` (the model file) and the field.
  public static func deviceProfile(of file: ModelFile, path: String = "model file") throws -> DeviceProfile? {
    guard let json = file.tunedFor.deviceProfile else { return DeviceProfile.preset(named: file.tunedFor.deviceProfileName) }
    let data = try JSONEncoder().encode(json)
    return try DeviceProfile.decode(data, file: "\(path) $.tunedFor.deviceProfile")
  }

  /// A workbench-only predictor (a research-only baseline, recorded platform predictions).
  public struct NotExportable: Error, CustomStringConvertible {
    public var name: String
    public var description: String {
      "predictor \(name) is workbench-only and cannot be exported (see `lookahead predictors list`)"
    }
  }
}
