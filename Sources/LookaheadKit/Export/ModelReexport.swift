import Foundation
import LookaheadRuntime

/// `export --predictor FILE` where FILE records a run: an exported model, or the configuration
/// `tune --out` or `train -o` wrote beside its result. Its parameters are in that run's unit and
/// were chosen for its device, so they must not be relabelled by `--dataset` or the defaults.
///
/// Found trying the CLI from outside: `export --predictor mlp.json --dataset Inkable-ApplePencil`
/// (a network trained on Henze 2017, in px) wrote a model in pt that kept the px length scale, and
/// scored 2.62 mm where the model scored 2.16; without `--dataset` the model had unit `unknown`, the
/// default device and no provenance.
extension ModelExportJob {
  /// A configuration that `tune --out` or `train -o` wrote, whose run's result is beside it:
  /// export takes it with `--from-tune` or `--from-train`, which keep its unit, device and provenance.
  public struct RunConfigurationAsPredictor: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var result: String
    /// `tune` or `train`.
    public var kind: String
    public var description: String {
      "--predictor \(path): this is the configuration `\(kind)` wrote, and its run's unit, device and provenance "
        + "are in \(result) beside it; --predictor would label its parameters with --dataset's unit (or none) and "
        + "the default device without converting them. Export it with --from-\(kind) \(path)"
    }
  }

  /// Refuses a predictor file that is a run's configuration with the run's result beside it.
  static func refuseRunConfiguration(_ text: String) throws {
    let url = URL(fileURLWithPath: text)
    guard url.pathExtension == "json", FileManager.default.fileExists(atPath: url.path) else { return }
    for kind in ["tune", "train"] where !url.lastPathComponent.hasSuffix(".\(kind).json") {
      let beside = TuningDatasetLoader.resultURL(for: url, kind: kind)
      guard let data = try? Data(contentsOf: beside),
        ResultJSON.format(of: data)?.hasPrefix("lookahead-\(kind)") == true
      else { continue }
      throw RunConfigurationAsPredictor(path: url.path, result: beside.path, kind: kind)
    }
  }

  /// The exported model at `text`, when the predictor names one (nil for anything else).
  static func exportedModel(_ text: String) throws -> ModelFile? {
    let url = URL(fileURLWithPath: text)
    guard FileManager.default.fileExists(atPath: url.path), let data = try? Data(contentsOf: url),
      PredictorConfigurationFile.isModelFile(data)
    else { return nil }
    return try ModelEvaluation.loadModel(contentsOf: url).model.file
  }

  /// `model` written again as it is: its unit, device, horizon policy and provenance kept, the
  /// command line this one. The options that would relabel it are refused as for a run's result
  /// (``RecordedRunOverride``, ``RecordedDeviceOverride``, ``RecordedHorizonOverride``); each may
  /// restate what the model records.
  func reexported(_ model: ModelFile) throws -> ModelFile {
    let given = [
      ("--dataset", !datasets.isEmpty), ("--split", split != nil), ("--objective", objective != nil),
      ("--seed", seed != nil), ("--weights", learnedLinearWeights != nil),
    ].filter(\.1).map(\.0)
    if !given.isEmpty { throw RecordedRunOverride(options: given, unit: model.coordinates.unit) }
    let recordedDevice = try ModelExporter.deviceProfile(of: model)
    if let profile {
      let device = try DeviceProfile.resolve(profile)
      if device != recordedDevice, device.name != model.tunedFor.deviceProfileName || recordedDevice != nil {
        throw RecordedDeviceOverride(given: profile, givenName: device.name, recorded: model.tunedFor.deviceProfileName)
      }
    }
    var file = model
    let recordedPolicy: String =
      switch model.tunedFor.horizonPolicy.kind {
      case .presentationTime: "presentation-time"
      case .fixed: "fixed:\(formatNumber((model.tunedFor.horizonPolicy.horizonSeconds ?? 0) * 1000))"
      }
    file.tunedFor.horizonPolicy = try horizonPolicy(recorded: recordedPolicy)
    file.provenance.command = command
    file.provenance.lookaheadVersion = LookaheadVersion.string
    try file.validate()
    return file
  }
}
