import LookaheadRuntime

extension ModelEvaluation {
  /// A model that names the device it was made for but carries no definition of it
  /// (`$.tunedFor.deviceProfile` is optional) and names no preset: it cannot be replayed on its
  /// own device, and `evaluate --model` and `predict` used the default preset without a word
  /// (found trying the CLI from outside). Without `--profile` such a model is refused.
  public struct UndefinedDevice: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var deviceName: String

    /// Throws when `model` (at `path`) names a device that `profile`, its decoded device, is not.
    public static func check(_ model: LookaheadModel, path: String, profile: DeviceProfile?) throws {
      guard profile == nil else { return }
      throw UndefinedDevice(path: path, deviceName: model.file.tunedFor.deviceProfileName)
    }

    public var description: String {
      "\(path): $.tunedFor.deviceProfile: the model was made for device \"\(MessageText.bounded(deviceName))\", "
        + "which it does not carry and which is no preset (\(DeviceProfile.presets.map(\.name).joined(separator: ", "))); "
        + "give --profile with that device's profile file to replay it"
    }
  }
}
