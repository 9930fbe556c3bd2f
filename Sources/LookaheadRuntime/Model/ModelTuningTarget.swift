/// The device and the use a model was tuned for: the replay's device profile (how samples
/// arrived and when frames were presented) and the horizon policy. An app on a different device
/// can still use the model, but the workbench's scores describe this one.
public struct ModelTuningTarget: Codable, Sendable, Hashable {
  /// The device profile's name (`pencil240-promotion120`, …).
  public var deviceProfileName: String
  /// The whole device profile as the workbench wrote it (`Docs/Replay.md`), or nil.
  public var deviceProfile: ModelJSONValue?
  /// The digitizer rate of the training data, samples per second, if known: the spacing of a
  /// predicted path at "the device rate" by default.
  public var digitizerRateHz: Double?
  public var horizonPolicy: ModelHorizonPolicy

  public init(
    deviceProfileName: String, deviceProfile: ModelJSONValue? = nil, digitizerRateHz: Double? = nil,
    horizonPolicy: ModelHorizonPolicy = .presentationTime
  ) {
    self.deviceProfileName = deviceProfileName
    self.deviceProfile = deviceProfile
    self.digitizerRateHz = digitizerRateHz
    self.horizonPolicy = horizonPolicy
  }
}
